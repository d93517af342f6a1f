/**
 * GoogleBackend against the loopback Docs/Drive emulator over real HTTP: the googleapis clients,
 * auth headers, retries, the guarded write and the error mapping, end to end. Also the whole
 * "log in once" path: an expired stored token is refreshed, persisted and accepted.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileCredentialStore } from '../../src/auth/index.js';
import { createGoogleBackend, GoogleBackend } from '../../src/docs/backends/google.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import {
  AuthRequiredError,
  DocumentNotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  RevisionConflictError,
  ValidationError,
} from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { REFRESH_TOKEN, REFRESHED_ACCESS_TOKEN, startFakeOAuthServer } from '../auth/fake-oauth-server.js';
import { instantClock } from './fake-api.js';

const REAL = fileURLToPath(new URL('../fixtures/real/', import.meta.url));
const FIXTURES = {
  poem: 'cedricdelpoux__gatsby-source-google-docs__poem.json',
  lists: 'cedricdelpoux__gatsby-source-google-docs__lists.json',
  multi: 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
};

let dir: string;
let emulator: RunningEmulator;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-google-emu-'));
  await mkdir(join(dir, 'store'));
  // Writable copies (the fixtures are read-only, and the store honours that as can_edit=false).
  for (const [name, file] of Object.entries(FIXTURES)) {
    await writeFile(join(dir, 'store', `${name}.json`), await readFile(join(REAL, file)), { mode: 0o644 });
  }
  emulator = await startEmulator({
    storeDir: join(dir, 'store'),
    acceptedTokens: ['good-token', REFRESHED_ACCESS_TOKEN],
  });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.setFaults(undefined);
  emulator.clearCalls();
});

function backend(options: { token?: string; maxRetries?: number; log?: (line: string) => void } = {}) {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: options.token ?? 'good-token' });
  const clock = instantClock();
  return {
    clock,
    backend: new GoogleBackend({
      auth,
      config: { apiRoot: emulator.url, maxRetries: options.maxRetries ?? 5 },
      clock,
      random: () => 0,
      ...(options.log ? { log: options.log } : {}),
    }),
  };
}

function bodyText(doc: Document): string {
  const tab = doc.tabs?.[0]?.documentTab;
  return (tab?.body?.content ?? [])
    .flatMap((el) => el.paragraph?.elements ?? [])
    .map((e) => e.textRun?.content ?? '')
    .join('');
}

function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe('GoogleBackend over the emulator', () => {
  it('reads the tabs shape with suggestions inline, in one call', async () => {
    const { backend: b } = backend();
    const doc = await b.get('multi');
    expect(doc.documentId).toBe('multi');
    expect(doc.tabs?.length).toBeGreaterThan(1);
    expect(doc.body).toBeUndefined();
    const calls = emulator.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'GET',
      operation: 'get',
      status: 200,
      query: { includeTabsContent: 'true', suggestionsViewMode: 'SUGGESTIONS_INLINE' },
    });
  });

  it('lists documents newest first, paging and counting, and reads metadata', async () => {
    const { backend: b } = backend();
    const all = await b.list(undefined, 10);
    expect(all.documents.map((d) => d.document_id).sort()).toEqual(
      expect.arrayContaining(['lists', 'multi', 'poem']),
    );
    expect(all.total_count).toBe(all.documents.length);
    const times = all.documents.map((d) => d.last_modified);
    expect([...times].sort().reverse()).toEqual(times);

    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: 'good-token' });
    const onePerPage = new GoogleBackend({ auth, config: { apiRoot: emulator.url }, listPageSize: 1 });
    emulator.clearCalls();
    const firstTwo = await onePerPage.list(undefined, 2);
    expect(firstTwo.documents.map((d) => d.document_id)).toEqual(
      all.documents.slice(0, 2).map((d) => d.document_id),
    );
    expect(firstTwo.total_count).toBe(all.total_count);
    expect(emulator.calls().map((c) => c.query.pageToken !== undefined)).toEqual(
      all.documents.map((_, i) => i > 0),
    );

    const meta = await b.metadata('poem');
    expect(meta.document_id).toBe('poem');
    expect(meta.title).toBe(all.documents.find((d) => d.document_id === 'poem')?.title);
    expect(typeof meta.can_edit).toBe('boolean');
    expect(typeof meta.can_comment).toBe('boolean');
    expect(meta.last_modified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('escapes the name query: quotes and backslashes match literally, nothing injects', async () => {
    const { backend: b } = backend();
    const created = await b.create("Bob's \\ notes");
    const hit = await b.list("Bob's \\", 10);
    expect(hit.documents.map((d) => d.document_id)).toEqual([created.documentId]);
    const injection = await b.list("x' or name contains '", 10);
    expect(injection.documents).toEqual([]);
    expect(injection.total_count).toBe(0);
  });

  it('makes a guarded edit land exactly once through 429, 429 and 503', async () => {
    const before = await backend().backend.get('poem');
    const marker = 'Inserted once ✅ 東京\n';
    emulator.setFaults({ failFirst: 2, status: 429, on: 'batchUpdate' });
    emulator.clearCalls();
    let retries = 0;
    const { backend: b, clock } = backend({
      log: () => {
        // After the two 429s, the next attempt meets a 503 instead.
        if (++retries === 2) emulator.setFaults({ failFirst: 1, status: 503, on: 'batchUpdate' });
      },
    });
    const tabId = before.tabs?.[0]?.tabProperties?.tabId ?? undefined;
    const response = await b.batchUpdate('poem', {
      requests: [{ insertText: { text: marker, location: { index: 1, ...(tabId ? { tabId } : {}) } } }],
      writeControl: { requiredRevisionId: before.revisionId ?? '' },
    });
    expect(response.writeControl?.requiredRevisionId).toBeTruthy();
    expect(response.writeControl?.requiredRevisionId).not.toBe(before.revisionId);
    const writes = emulator.calls().filter((c) => c.operation === 'batchUpdate');
    expect(writes.map((c) => c.status)).toEqual([429, 429, 503, 200]);
    // Retry-After: 1 on the 429s, then backoff 2^2 s (jitter 0) before the third retry.
    expect(clock.sleeps).toEqual([1000, 1000, 4000]);
    const after = await b.get('poem');
    expect(countOf(bodyText(after), 'Inserted once')).toBe(1);
    expect(after.revisionId).toBe(response.writeControl?.requiredRevisionId);
  });

  it('an import-shaped exchange is one get and one guarded batchUpdate', async () => {
    const { backend: b } = backend();
    const doc = await b.get('lists');
    await b.batchUpdate('lists', {
      requests: [
        {
          insertText: { text: 'x', location: { index: 1, tabId: doc.tabs?.[0]?.tabProperties?.tabId ?? '' } },
        },
      ],
      writeControl: { requiredRevisionId: doc.revisionId ?? '' },
    });
    expect(emulator.calls().map((c) => [c.operation, c.status])).toEqual([
      ['get', 200],
      ['batchUpdate', 200],
    ]);
    expect(emulator.calls()[1]?.body).toMatchObject({ writeControl: { requiredRevisionId: doc.revisionId } });
  });

  it('a stale revision is a RevisionConflictError and changes nothing', async () => {
    const { backend: b } = backend();
    const before = await b.get('lists');
    const error = await b
      .batchUpdate('lists', {
        requests: [{ insertText: { text: 'never', location: { index: 1 } } }],
        writeControl: { requiredRevisionId: 'some-old-revision' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionConflictError);
    expect((await b.get('lists')).revisionId).toBe(before.revisionId);
  });

  it('an invalid request is a ValidationError with Google message', async () => {
    const { backend: b } = backend();
    const doc = await b.get('lists');
    const error = await b
      .batchUpdate('lists', {
        requests: [{ insertText: { text: 'x', location: { index: 10_000_000 } } }],
        writeControl: { requiredRevisionId: doc.revisionId ?? '' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/^Invalid requests\[0\]\.insertText: /);
  });

  it('a document the account may not edit is a PermissionDeniedError on write', async () => {
    await writeFile(join(dir, 'store', 'locked.json'), await readFile(join(REAL, FIXTURES.poem)), {
      mode: 0o444,
    });
    const { backend: b } = backend();
    expect((await b.metadata('locked')).can_edit).toBe(false);
    const doc = await b.get('locked');
    const error = await b
      .batchUpdate('locked', {
        requests: [{ insertText: { text: 'x', location: { index: 1 } } }],
        writeControl: { requiredRevisionId: doc.revisionId ?? '' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).suggestion).toMatch(/share/);
  });

  it('maps 401 and 404, and 429 once retries are spent', async () => {
    await expect(backend({ token: 'expired' }).backend.get('poem')).rejects.toSatisfy(
      (e: unknown) => e instanceof AuthRequiredError && /gdoc login/.test(e.suggestion ?? ''),
    );
    await expect(backend().backend.get('no-such-doc')).rejects.toBeInstanceOf(DocumentNotFoundError);
    await expect(backend().backend.metadata('no-such-doc')).rejects.toBeInstanceOf(DocumentNotFoundError);
    emulator.setFaults({ failFirst: 10, status: 429, on: 'get' });
    const error = await backend({ maxRetries: 2 })
      .backend.get('poem')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(1);
    expect(emulator.calls().filter((c) => c.operation === 'get' && c.status === 429)).toHaveLength(3);
  });
});

describe('createGoogleBackend from the environment', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'gdoc-home-'));
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('fails fast without credentials, naming gdoc login, before any API call', async () => {
    const error = await createGoogleBackend({
      HOME: home,
      GDOC_CONFIG_DIR: join(home, 'gdoc'),
      GDOC_API_ROOT: emulator.url,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).suggestion).toMatch(/gdoc login/);
    expect(emulator.calls()).toEqual([]);
  });

  it('keeps a stored login working: refreshes the expired token, persists it, and the API accepts it', async () => {
    const oauth = await startFakeOAuthServer();
    try {
      const file = join(home, 'gdoc', 'credentials.json');
      await new FileCredentialStore(file).save({
        type: 'authorized_user',
        client_id: 'id.apps.example',
        client_secret: 'client-secret',
        refresh_token: REFRESH_TOKEN,
        access_token: 'expired-token',
        expiry_date: Date.now() - 1000,
      });
      const b = await createGoogleBackend({
        HOME: home,
        GDOC_CONFIG_DIR: join(home, 'gdoc'),
        GDOC_API_ROOT: emulator.url,
        GDOC_OAUTH_TOKEN_URL: oauth.tokenUrl,
      });
      expect((await b.get('poem')).documentId).toBe('poem');
      expect(oauth.tokenRequests.map((r) => r.grant_type)).toEqual(['refresh_token']);
      // The 'tokens' handler writes asynchronously; wait for the file to change.
      let saved = JSON.parse(await readFile(file, 'utf8'));
      for (let i = 0; i < 100 && saved.access_token !== REFRESHED_ACCESS_TOKEN; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        saved = JSON.parse(await readFile(file, 'utf8'));
      }
      expect(saved.access_token).toBe(REFRESHED_ACCESS_TOKEN);
      expect(saved.refresh_token).toBe(REFRESH_TOKEN);
    } finally {
      await oauth.close();
    }
  });

  it('rejects a bad tunable with a ValidationError naming it', async () => {
    await expect(
      createGoogleBackend({ HOME: home, GDOC_ACCESS_TOKEN: 't', GDOC_WRITES_PER_MINUTE: 'lots' }),
    ).rejects.toThrow(/GDOC_WRITES_PER_MINUTE/);
  });
});
