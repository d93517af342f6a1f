/**
 * Fault injection on the Google path: the import service over GoogleBackend (the real googleapis
 * clients and google-auth-library) talking HTTP to the Docs/Drive emulator, with faults injected by
 * the emulator (429/5xx bursts, latency) and by a proxy in front of it (a connection dropped after
 * the write landed, an answer slower than the client's timeout, another writer between our read
 * and our write, a token expiring or rejected mid-call). Each fault is one named test; each checks
 * the document text and the emulator's call log: an edit lands exactly once or not at all.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Client } from 'google-auth-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileCredentialStore, resolveAuth } from '../../src/auth/index.js';
import { GoogleBackend } from '../../src/docs/backends/google.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { type CallRecord, type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { DocsApiError, GdocError, RateLimitedError, RevisionConflictError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { REFRESH_TOKEN, REFRESHED_ACCESS_TOKEN, startFakeOAuthServer } from '../auth/fake-oauth-server.js';
import { instantClock } from '../google/fake-api.js';
import { type FaultProxy, type ProxyAction, type ProxyRequest, startFaultProxy } from './fault-proxy.js';

const REAL = fileURLToPath(new URL('../fixtures/real/', import.meta.url));
const GOLDEN = 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json';
const FORMATTING = 'h.ryalwp7mpmhm';
const LINKS = 'h.vfzix7fdzbxd';
const TOKEN = 'good-token';
const OLD_TOKEN = 'ya29.old-token-EVIDENCE';

let dir: string;
let emulator: RunningEmulator;
let proxy: FaultProxy | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-evidence-faults-'));
  await writeFile(join(dir, 'golden.json'), await readFile(join(REAL, GOLDEN)), { mode: 0o644 });
  emulator = await startEmulator({
    storeDir: dir,
    acceptedTokens: [TOKEN, OLD_TOKEN, REFRESHED_ACCESS_TOKEN],
  });
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

function google(options: { root?: string; timeoutMs?: number; maxRetries?: number } = {}) {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: TOKEN });
  const clock = instantClock();
  const backend = new GoogleBackend({
    auth,
    config: {
      apiRoot: options.root ?? emulator.url,
      maxRetries: options.maxRetries ?? 5,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
    clock,
    random: () => 0,
  });
  return { backend, clock };
}

async function withProxy(rule: (r: ProxyRequest) => ProxyAction | undefined): Promise<string> {
  proxy = await startFaultProxy(emulator.url, rule);
  return proxy.url;
}

/** The document as stored now, read directly (not through any fault). */
async function stored(): Promise<Document> {
  return await google().backend.get('golden');
}

async function section(anchor: string): Promise<string> {
  return exportSection(await stored(), undefined, anchor).content;
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

/** The API calls the emulator answered, as `operation status`, control calls left out. */
function wire(calls: CallRecord[] = emulator.calls()): string[] {
  return calls.filter((c) => c.operation).map((c) => `${c.operation} ${c.status}`);
}

const MARK = 'landed once ✅ 東京';

async function editedFormatting(): Promise<string> {
  const current = await section(FORMATTING);
  expect(current).toContain('in it.');
  return current.replace('in it.', `in it, ${MARK}.`);
}

async function importFormatting(backend: GoogleBackend, content: string, base?: string) {
  return await importSectionService(
    backend,
    { document_id: 'golden', anchor_id: FORMATTING },
    content,
    base ? { base } : {},
  );
}

describe('faults over the emulator', () => {
  it('429 burst on the read of an import: waited out, the edit lands once', async () => {
    const content = await editedFormatting();
    emulator.clearCalls();
    emulator.setFaults({ failFirst: 3, status: 429, on: 'get' });
    const { backend, clock } = google();
    await importFormatting(backend, content);
    expect(wire()).toEqual(['get 429', 'get 429', 'get 429', 'get 200', 'batchUpdate 200']);
    expect(clock.sleeps).toEqual([1000, 1000, 1000]); // Retry-After: 1, honoured each time
    expect(count(await section(FORMATTING), MARK)).toBe(1);
  });

  it('5xx burst on reads and on the guarded write (503, 500, 502): the edit lands once', async () => {
    const content = await editedFormatting();
    emulator.clearCalls();
    emulator.setFaults([
      { failFirst: 2, status: 503, on: 'get' },
      { failFirst: 1, status: 500, on: 'batchUpdate' },
      { failFirst: 1, status: 502, on: 'batchUpdate' },
    ]);
    const { backend } = google();
    const result = await importFormatting(backend, content);
    expect(result.success).toBe(true);
    expect(wire()).toEqual([
      'get 503',
      'get 503',
      'get 200',
      'batchUpdate 500',
      'batchUpdate 502',
      'batchUpdate 200',
    ]);
    expect(count(await section(FORMATTING), MARK)).toBe(1);
  });

  it('a 429 burst on the write longer than the retries: RateLimitedError, nothing written', async () => {
    const content = await editedFormatting();
    const before = await stored();
    emulator.clearCalls();
    emulator.setFaults({ failFirst: 100, status: 429, on: 'batchUpdate' });
    const error = await importFormatting(google({ maxRetries: 2 }).backend, content).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(1);
    expect(wire().filter((w) => w.startsWith('batchUpdate'))).toEqual(Array(3).fill('batchUpdate 429'));
    expect((await stored()).revisionId).toBe(before.revisionId);
    expect(count(await section(FORMATTING), MARK)).toBe(0);
  });

  it('latency on every call: still one get and one guarded batchUpdate, the edit lands once', async () => {
    const content = await editedFormatting();
    await emulator.close();
    emulator = await startEmulator({ storeDir: dir, latencyMs: 120 });
    const { backend } = google();
    await importFormatting(backend, content);
    expect(wire()).toEqual(['get 200', 'batchUpdate 200']);
    expect(count(await section(FORMATTING), MARK)).toBe(1);
  });

  it('an answer slower than the client timeout after the write landed: recognised, applied once', async () => {
    const content = await editedFormatting();
    const root = await withProxy((r) =>
      r.op === 'batchUpdate' && r.nth === 1 ? { delayMs: 1500 } : undefined,
    );
    emulator.clearCalls();
    const result = await importFormatting(google({ root, timeoutMs: 500 }).backend, content);
    expect(result.success).toBe(true);
    // The first write landed; its retry met the moved revision; a re-read confirmed it landed.
    expect(wire()).toEqual(['get 200', 'batchUpdate 200', 'batchUpdate 400', 'get 200']);
    expect(count(await section(FORMATTING), MARK)).toBe(1);
  });

  it('a dropped connection after a guarded write: the edit lands once and is reported once', async () => {
    const content = await editedFormatting();
    const root = await withProxy((r) =>
      r.op === 'batchUpdate' && r.nth === 1 ? { dropAfterUpstream: true } : undefined,
    );
    emulator.clearCalls();
    const result = await importFormatting(google({ root }).backend, content);
    expect(result.success).toBe(true);
    expect(proxy?.seen.filter((s) => s.dropped).map((s) => [s.op, s.upstreamStatus])).toEqual([
      ['batchUpdate', 200],
    ]);
    expect(wire()).toEqual(['get 200', 'batchUpdate 200', 'batchUpdate 400', 'get 200']);
    const writes = emulator.calls().filter((c) => c.operation === 'batchUpdate' && c.status === 200);
    expect(writes).toHaveLength(1);
    expect(count(await section(FORMATTING), MARK)).toBe(1);
    expect(result.revision_id).toBe((await stored()).revisionId);
  });

  it('a dropped connection after an unguarded write: not repeated, a typed error, applied once', async () => {
    const doc = await stored();
    const root = await withProxy((r) => (r.op === 'batchUpdate' ? { dropAfterUpstream: true } : undefined));
    emulator.clearCalls();
    const tabId = doc.tabs?.[0]?.tabProperties?.tabId ?? '';
    const error = await google({ root })
      .backend.batchUpdate('golden', {
        requests: [{ insertText: { text: `${MARK}\n`, location: { index: 1, tabId } } }],
      })
      .catch((e: unknown) => e);
    // Without requiredRevisionId a repeat could apply twice: the failure goes to the caller.
    expect(error).toBeInstanceOf(GdocError);
    expect(error).toBeInstanceOf(DocsApiError);
    expect(wire()).toEqual(['batchUpdate 200']);
    const text = JSON.stringify((await stored()).tabs?.[0]?.documentTab?.body);
    expect(count(text, MARK)).toBe(1);
  });

  it('a stale revision (another section edited between our read and our write): re-planned, both kept', async () => {
    const content = await editedFormatting();
    const other = (await section(LINKS)).replace('for more info.', 'for more info (other writer).');
    const root = await withProxy((r) =>
      r.op === 'batchUpdate' && r.nth === 1
        ? {
            before: async () => {
              await importSectionService(
                google().backend,
                { document_id: 'golden', anchor_id: LINKS },
                other,
              );
            },
          }
        : undefined,
    );
    const result = await importFormatting(google({ root }).backend, content);
    expect(result.success).toBe(true);
    expect(count(await section(FORMATTING), MARK)).toBe(1);
    expect(await section(LINKS)).toBe(other);
    // Ours: refused once at the stale revision, then sent again after a fresh read and plan.
    const ours = proxy!.seen.filter((s) => s.op === 'batchUpdate').map((s) => s.upstreamStatus);
    expect(ours).toEqual([400, 200]);
  });

  it('a stale revision on the same section, with base: RevisionConflictError with the current content', async () => {
    const exported = await section(FORMATTING);
    const base = (
      await (
        await import('../../src/docs/service/export.js')
      ).exportSectionService(google().backend, {
        document_id: 'golden',
        anchor_id: FORMATTING,
      })
    ).base;
    const theirs = exported.replace('combined.', 'combined (their edit).');
    const root = await withProxy((r) =>
      r.op === 'batchUpdate' && r.nth === 1
        ? {
            before: async () => {
              await importFormatting(google().backend, theirs);
            },
          }
        : undefined,
    );
    const error = await importFormatting(
      google({ root }).backend,
      exported.replace('in it.', `in it, ${MARK}.`),
      base,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionConflictError);
    expect((error as RevisionConflictError).currentContent).toBe(theirs);
    expect(await section(FORMATTING)).toBe(theirs);
    expect(proxy!.seen.filter((s) => s.op === 'batchUpdate').map((s) => s.upstreamStatus)).toEqual([400]);
  });
});

describe('tokens that expire mid-call', () => {
  let home: string;
  let oauth: Awaited<ReturnType<typeof startFakeOAuthServer>>;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'gdoc-evidence-home-'));
    oauth = await startFakeOAuthServer();
  });
  afterEach(async () => {
    await oauth.close();
    await rm(home, { recursive: true, force: true });
  });

  async function storedLogin(expiry: number | undefined) {
    const env = { HOME: home, GDOC_CONFIG_DIR: join(home, 'gdoc'), GDOC_OAUTH_TOKEN_URL: oauth.tokenUrl };
    await new FileCredentialStore(join(home, 'gdoc', 'credentials.json')).save({
      type: 'authorized_user',
      client_id: 'id.apps.example',
      client_secret: 'client-secret',
      refresh_token: REFRESH_TOKEN,
      access_token: OLD_TOKEN,
      ...(expiry !== undefined ? { expiry_date: expiry } : {}),
    });
    return await resolveAuth(env);
  }

  function over(auth: Awaited<ReturnType<typeof resolveAuth>>, root: string): GoogleBackend {
    return new GoogleBackend({
      auth: auth.client,
      config: { apiRoot: root },
      clock: instantClock(),
      random: () => 0,
    });
  }

  it('a token expiring between the read and the write is refreshed before the write', async () => {
    const content = await editedFormatting();
    const auth = await storedLogin(Date.now() + 3_600_000);
    const client = auth.client as OAuth2Client;
    const root = await withProxy((r) =>
      r.op === 'get' && r.nth === 1
        ? {
            // Time passes after the read: the token is now past its expiry, and the API refuses it.
            after: () => {
              client.credentials = { ...client.credentials, expiry_date: Date.now() - 1000 };
              emulator.setAcceptedTokens([REFRESHED_ACCESS_TOKEN]);
            },
          }
        : undefined,
    );
    emulator.clearCalls();
    await importFormatting(over(auth, root), content);
    expect(oauth.tokenRequests.map((t) => t.grant_type)).toEqual(['refresh_token']);
    expect(wire()).toEqual(['get 200', 'batchUpdate 200']);
    emulator.setAcceptedTokens(undefined);
    expect(count(await section(FORMATTING), MARK)).toBe(1);
    await auth.flush();
  });

  // With no expiry known, the client cannot tell the token is stale until the API says so; with
  // an expiry an hour away, it believes the token good while the API has revoked it.
  it.each([
    ['a token rejected mid-call (401 on the write, no expiry known)', undefined],
    ['a token revoked before its known expiry', 3_600_000],
  ])('%s is refreshed on the 401 and the write lands once', async (_name, expiresIn) => {
    const content = await editedFormatting();
    const auth = await storedLogin(expiresIn === undefined ? undefined : Date.now() + expiresIn);
    const root = await withProxy((r) =>
      r.op === 'batchUpdate' && r.nth === 1
        ? { before: () => emulator.setAcceptedTokens([REFRESHED_ACCESS_TOKEN]) }
        : undefined,
    );
    emulator.clearCalls();
    await importFormatting(over(auth, root), content);
    expect(oauth.tokenRequests.map((t) => t.grant_type)).toEqual(['refresh_token']);
    expect(wire()).toEqual(['get 200', 'batchUpdate 401', 'batchUpdate 200']);
    emulator.setAcceptedTokens(undefined);
    expect(count(await section(FORMATTING), MARK)).toBe(1);
    await auth.flush();
  });
});

describe('concurrent writers over the emulator', () => {
  it('parallel imports of different sections: every reported success is in the document, no error is silent', async () => {
    const doc = await stored();
    // Sections that do not contain one another (a parent section's import carries its subsections).
    const anchors = [FORMATTING, LINKS, 'h.2m649omvt5gk'];
    const edits = anchors.map((a, i) => {
      const content = exportSection(doc, undefined, a).content;
      // A marker at the end of the section's first body paragraph.
      return {
        anchor: a,
        marker: `writer-${i}-✅`,
        content: content.replace(/\n\n([^\n]+)\n/, `\n\n$1 writer-${i}-✅\n`),
      };
    });
    for (const e of edits) expect(e.content).toContain(e.marker);
    const outcomes = await Promise.allSettled(
      edits.map((e) =>
        importSectionService(google().backend, { document_id: 'golden', anchor_id: e.anchor }, e.content),
      ),
    );
    const after = await stored();
    outcomes.forEach((o, i) => {
      const { anchor, marker } = edits[i]!;
      const text = exportSection(after, undefined, anchor).content;
      if (o.status === 'fulfilled') {
        expect(count(text, marker), `${anchor} reported success`).toBe(1);
      } else {
        // Only a typed conflict after the retries, and then the edit is not there.
        expect(o.reason, String(o.reason)).toBeInstanceOf(RevisionConflictError);
        expect(count(text, marker)).toBe(0);
      }
    });
    // The guard did its job: at least one writer had to retry, yet most landed.
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
  });
});
