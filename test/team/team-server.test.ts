/**
 * The team server end to end, as a person and their MCP client see it: a real MCP client signs in
 * on one instance (dynamic registration, PKCE, resource indicator, the consent page, Google sign-in
 * in the emulator) and calls tools on another with the same token; each person sees and edits only
 * their own documents; tokens are bound to their client and audience and die on revocation; rate
 * limits hold across instances; a restart loses no sign-in. On PostgreSQL with two instances, and
 * on PGlite with one.
 */
import { randomBytes } from 'node:crypto';
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
  CLIENT_REDIRECT,
  connectWithToken,
  type Emulated,
  type MemoryOAuthProvider,
  signIn,
  startInstance,
  startUsersEmulator,
  TEAM_KEY,
  UserAgent,
} from './harness.js';

interface Setup {
  name: string;
  /** Opens a connection to the run's database (PGlite: only while no other one is open). */
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

function documentIds(result: Awaited<ReturnType<Client['callTool']>>): string[] {
  return (result.structuredContent as { documents: { document_id: string }[] }).documents
    .map((d) => d.document_id)
    .sort();
}

async function ping(mcpUrl: string, token: string): Promise<number> {
  const answer = await fetch(mcpUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  await answer.body?.cancel();
  return answer.status;
}

async function tokenRequest(
  issuer: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${issuer}/token`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe.each([postgresSetup, pgliteSetup])('team server (%#)', (makeSetup) => {
  const setup = makeSetup();
  let google: Emulated;
  let dbOne: Database;
  let one: RunningTeamServer;
  let two: RunningTeamServer;
  let alice: { client: Client; oauth: MemoryOAuthProvider };
  let bob: { client: Client; oauth: MemoryOAuthProvider };
  /** Where a client reaches instance 2's /mcp (instance 1's when there is one instance). */
  let twoMcp: string;

  beforeAll(async () => {
    google = await startUsersEmulator();
    dbOne = await setup.open();
    one = await startInstance(dbOne, google.emulator);
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
    expect(documentIds(result)).toEqual(['poem', 'single']);
  });

  it('hands out our tokens, never Google’s, and keeps Google’s refresh token sealed', async () => {
    expect(alice.oauth.accessToken).not.toMatch(/^ya29\./);
    expect(alice.oauth.refreshToken).not.toMatch(/^1\/\//);
    const rows = await dbOne.query<{ sealed_refresh_token: Uint8Array }>(
      'select sealed_refresh_token from google_accounts',
    );
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(Buffer.from(row.sealed_refresh_token).toString('latin1')).not.toContain('1//');
    const stored = await dbOne.query<{ payload: unknown }>('select payload from oidc_payloads');
    expect(JSON.stringify(stored)).not.toContain(alice.oauth.accessToken);
    expect(JSON.stringify(stored)).not.toContain(alice.oauth.refreshToken);
  });

  it('tells an unauthenticated client where to sign in (RFC 9728, RFC 8414)', async () => {
    const answer = await fetch(one.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    const challenge = answer.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] as string;
    const prm = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(prm).toMatchObject({ resource: one.mcpUrl, authorization_servers: [one.url] });
    const as = (await (await fetch(`${one.url}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(as).toMatchObject({
      issuer: one.url,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
    expect(as.registration_endpoint).toBeTruthy();
    expect(as.revocation_endpoint).toBeTruthy();
  });

  it('keeps each person to their own documents', async () => {
    const bobList = await bob.client.callTool({ name: 'list_documents', arguments: {} });
    expect(documentIds(bobList)).toEqual(['lists', 'single']);

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
    const accounts = await dbOne.query<{ account_id: string }>(
      'select account_id from google_accounts where email = $1',
      [ALICE],
    );
    const rows = await new AuditLog(dbOne).forAccount(accounts[0]!.account_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: ALICE,
      clientId: alice.oauth.clientId,
      tool: 'import_tab',
      documentId: 'single',
      revisionBefore: revision_id,
    });
    expect(rows[0]!.tabId).toBeTruthy();
    expect(rows[0]!.revisionAfter).toBe((imported.structuredContent as { revision_id: string }).revision_id);
    expect(rows[0]!.requestCount).toBeGreaterThan(0);
  });

  it('records the tool and the section of a section write', async () => {
    const outline = await bob.client.callTool({ name: 'get_hierarchy', arguments: { document_id: 'lists' } });
    const { headings } = outline.structuredContent as { headings: { anchor_id: string }[] };
    const anchor = headings[0]?.anchor_id ?? '';
    const exported = await bob.client.callTool({
      name: 'export_section',
      arguments: { document_id: 'lists', anchor_id: anchor },
    });
    const { content, base } = exported.structuredContent as { content: string; base: string };
    const imported = await bob.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'lists', anchor_id: anchor, content: `${content}\nA line from Bob.\n`, base },
    });
    expect(imported.isError).toBeFalsy();
    const rows = await dbOne.query<{ tool: string; section: string; email: string }>(
      "select tool, section, email from audit_log where document_id = 'lists'",
    );
    expect(rows).toEqual([{ tool: 'import_section', section: anchor, email: BOB }]);
  });

  it('binds a refresh token to its client, and rotates it', async () => {
    // Bob's client cannot spend Alice's refresh token.
    const stolen = await tokenRequest(one.url, {
      grant_type: 'refresh_token',
      refresh_token: alice.oauth.refreshToken,
      client_id: bob.oauth.clientId,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');

    // A second sign-in of Bob (its own grant) refreshes once; the spent token is then refused.
    const spare = await signIn(one.mcpUrl, BOB, 'spare client');
    await spare.client.close();
    const refreshed = await tokenRequest(two.url === one.url ? one.localUrl : two.localUrl, {
      grant_type: 'refresh_token',
      refresh_token: spare.oauth.refreshToken,
      client_id: spare.oauth.clientId,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(spare.oauth.refreshToken);
    const replay = await tokenRequest(one.url, {
      grant_type: 'refresh_token',
      refresh_token: spare.oauth.refreshToken,
      client_id: spare.oauth.clientId,
    });
    expect(replay.body.error).toBe('invalid_grant');
    expect(await ping(one.mcpUrl, String(refreshed.body.access_token))).toBe(401);
  });

  it('asks for consent for every new client, also in a browser already signed in', async () => {
    const first = await signIn(one.mcpUrl, ALICE, 'First App');
    const googlePages = () => first.agent.pages.filter((p) => p.url.includes('/o/oauth2/')).length;
    expect(googlePages()).toBe(1);
    const second = await signIn(one.mcpUrl, ALICE, 'Second App', first.agent);
    await first.client.close();
    await second.client.close();
    const consents = first.agent.pages.filter((p) => p.url.includes('/interaction/')).map((p) => p.html);
    expect(consents).toHaveLength(2);
    expect(consents[1]).toContain('Second App');
    // The browser's session spared the second trip to Google, not the consent.
    expect(googlePages()).toBe(1);
  });

  it('sends codes only to the exact redirect URI the client registered', async () => {
    for (const redirect of [
      `${CLIENT_REDIRECT}/x`,
      `${CLIENT_REDIRECT}?x=1`,
      'http://127.0.0.1:2/callback',
    ]) {
      const url = new URL(alice.oauth.authorizationUrl as URL);
      url.searchParams.set('redirect_uri', redirect);
      const answer = await new UserAgent().request(url.href);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(await answer.text()).toMatch(/redirect_uri/);
    }
  });

  it('issues tokens for this server only, and refuses a token minted for another audience', async () => {
    const agent = new UserAgent();
    const url = new URL(alice.oauth.authorizationUrl as URL);
    url.searchParams.set('resource', 'https://elsewhere.example/mcp');
    const back = await agent.run(url.href, CLIENT_REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_target');

    // An instance whose public URL (and so resource) differs shares the database but not the audience.
    if (!setup.twoInstances) return;
    const other = await startInstance(await setup.open(), google.emulator, {
      publicUrl: 'http://127.0.0.1:9',
    });
    expect(await ping(`${other.localUrl}/mcp`, alice.oauth.accessToken)).toBe(401);
    expect(await ping(twoMcp, alice.oauth.accessToken)).toBe(200);
    await other.close();
  });

  it('holds one rate limit per person across instances', async () => {
    if (!setup.twoInstances) return;
    const limit = { capacity: 6, perSecond: 0.001 };
    const x = await startInstance(await setup.open(), google.emulator, {
      publicUrl: one.url,
      rateLimit: limit,
    });
    const y = await startInstance(await setup.open(), google.emulator, {
      publicUrl: one.url,
      rateLimit: limit,
    });
    const statuses = await Promise.all(
      Array.from({ length: 14 }, (_, i) => ping(`${(i % 2 ? x : y).localUrl}/mcp`, bob.oauth.accessToken)),
    );
    await x.close();
    await y.close();
    expect(statuses.filter((s) => s === 429)).toHaveLength(14 - 6);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
  });

  it('refuses a token after it is revoked, and lets no other client revoke it', async () => {
    expect(await ping(twoMcp, bob.oauth.accessToken)).not.toBe(401);
    await fetch(`${one.url}/token/revocation`, {
      method: 'POST',
      body: new URLSearchParams({ token: bob.oauth.accessToken, client_id: alice.oauth.clientId }),
    });
    expect(await ping(twoMcp, bob.oauth.accessToken)).not.toBe(401);
    const revoked = await fetch(`${one.url}/token/revocation`, {
      method: 'POST',
      body: new URLSearchParams({ token: bob.oauth.accessToken, client_id: bob.oauth.clientId }),
    });
    expect(revoked.status).toBe(200);
    expect(await ping(one.mcpUrl, bob.oauth.accessToken)).toBe(401);
    expect(await ping(twoMcp, bob.oauth.accessToken)).toBe(401);
  });

  it('loses no sign-in on restart, even with a new key in front', async () => {
    const issuer = one.url;
    await one.close();
    if (two !== one) await two.close();
    dbOne = await setup.open();
    const rotated = `k2:${randomBytes(32).toString('base64')},${TEAM_KEY}`;
    one = await startInstance(dbOne, google.emulator, { publicUrl: issuer, key: rotated });
    two = one;
    const keys = await dbOne.query<{ key_id: string }>('select distinct key_id from google_accounts');
    expect(keys).toEqual([{ key_id: 'k2' }]);
    const again = await connectWithToken(`${one.localUrl}/mcp`, alice.oauth.accessToken);
    const result = await again.callTool({ name: 'list_documents', arguments: {} });
    await again.close();
    expect(documentIds(result)).toEqual(['poem', 'single']);
  });
});
