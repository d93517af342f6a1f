/**
 * The emulator driven by the real googleapis clients over loopback HTTP, against copies of real
 * documents: both documents.get shapes, batchUpdate, create, Drive list/get, auth, errors, faults.
 */
import { chmod, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { docs, type docs_v1 } from '@googleapis/docs';
import { drive, type drive_v3 } from '@googleapis/drive';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { fixtureText, makeStore } from '../local/store-fixtures.js';

const DOC_MIME = 'application/vnd.google-apps.document';

let dir: string;
let emulator: RunningEmulator;
let docsApi: docs_v1.Docs;
let driveApi: drive_v3.Drive;

/** The client's own auth type: googleapis-common carries its own copy of google-auth-library. */
type ClientAuth = docs_v1.Options['auth'];

/** An OAuth2 client holding a fake access token (no refresh token: a rejected one stays rejected). */
function client(token: string): ClientAuth {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token, expiry_date: Date.now() + 3_600_000 });
  return auth as unknown as ClientAuth;
}

/** Google's error JSON as the tests read it. */
interface ErrorJson {
  error: {
    code: number;
    message: string;
    status: string;
    errors: { reason: string; location: string }[];
    details: { metadata: { quota_limit: string } }[];
  };
}

type LooseHeaders = Headers | Record<string, string> | undefined;

/** Pulls status and Google's error body out of a gaxios rejection. */
async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; body: ErrorJson; headers: LooseHeaders }> {
  const error = (await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  )) as { status?: number; response?: { status: number; data: ErrorJson; headers: LooseHeaders } };
  if (!error.response) throw error;
  return { status: error.response.status, body: error.response.data, headers: error.response.headers };
}

function header(headers: LooseHeaders, name: string): string | null | undefined {
  // gaxios 7 hands back a fetch Headers object (not always this realm's class), older ones a record.
  return typeof (headers as Headers | undefined)?.get === 'function'
    ? (headers as Headers).get(name)
    : (headers as Record<string, string> | undefined)?.[name];
}

const noRetry = { retry: false } as const;

beforeAll(async () => {
  dir = await makeStore(['lists', 'poem', 'multi', 'single']);
  emulator = await startEmulator({ storeDir: dir, acceptedTokens: ['good-token', 'other-token'] });
  const auth = client('good-token');
  docsApi = docs({ version: 'v1', auth, rootUrl: emulator.url });
  driveApi = drive({ version: 'v3', auth: auth as drive_v3.Options['auth'], rootUrl: emulator.url });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.setFaults(undefined);
  emulator.clearCalls();
});

describe('startEmulator', () => {
  it('serves on 127.0.0.1 and gives the rootUrl', () => {
    expect(emulator.url).toBe(`http://127.0.0.1:${emulator.port}/`);
  });
});

describe('documents.get', () => {
  it('returns the tabs shape with includeTabsContent=true', async () => {
    const res = await docsApi.documents.get({ documentId: 'multi', includeTabsContent: true });
    expect(res.status).toBe(200);
    expect(res.data.documentId).toBe('multi');
    expect(res.data.tabs?.length).toBe(2);
    expect(res.data.body).toBeUndefined();
    expect(res.data.suggestionsViewMode).toBe('SUGGESTIONS_INLINE');
  });

  it('returns the legacy shape (first tab at the top level) without it', async () => {
    const original = JSON.parse(await fixtureText('multi'));
    const res = await docsApi.documents.get({ documentId: 'multi' });
    expect(res.data.tabs).toBeUndefined();
    expect(res.data.body).toEqual(original.tabs[0].documentTab.body);
    expect(res.data.title).toBe(original.title);
    expect(res.data.revisionId).toBe(original.revisionId);
  });

  it('serves a legacy-shape file in both shapes', async () => {
    const original = JSON.parse(await fixtureText('lists'));
    const legacy = await docsApi.documents.get({ documentId: 'lists' });
    expect(legacy.data.body).toEqual(original.body);
    expect(legacy.data.lists).toEqual(original.lists);
    const tabs = await docsApi.documents.get({ documentId: 'lists', includeTabsContent: true });
    expect(tabs.data.tabs?.[0]?.documentTab?.body).toEqual(original.body);
  });

  it('echoes the suggestions view mode and rejects an unknown one', async () => {
    const res = await docsApi.documents.get({
      documentId: 'poem',
      suggestionsViewMode: 'PREVIEW_WITHOUT_SUGGESTIONS',
    });
    expect(res.data.suggestionsViewMode).toBe('PREVIEW_WITHOUT_SUGGESTIONS');
    const bad = await failure(
      docsApi.documents.get({ documentId: 'poem', suggestionsViewMode: 'NOPE' }, noRetry),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('applies a fields mask; naming tabs implies tabs content', async () => {
    const res = await docsApi.documents.get({ documentId: 'multi', fields: 'title,revisionId' });
    expect(Object.keys(res.data).sort()).toEqual(['revisionId', 'title']);
    const tabs = await docsApi.documents.get({
      documentId: 'multi',
      fields: 'tabs(tabProperties(tabId,title))',
    });
    expect(tabs.data.tabs?.map((t) => Object.keys(t))).toEqual([['tabProperties'], ['tabProperties']]);
    expect(tabs.data.tabs?.[0]?.tabProperties?.tabId).toBe('t.0');
  });

  it('leaves revisionId out for a document the caller cannot edit', async () => {
    const path = join(dir, 'lists.json');
    await chmod(path, 0o444);
    try {
      const res = await docsApi.documents.get({ documentId: 'lists' });
      expect(res.data.revisionId).toBeUndefined();
      expect(res.data.body).toBeDefined();
      const meta = await driveApi.files.get({ fileId: 'lists', fields: 'capabilities' });
      expect(meta.data.capabilities).toEqual({ canEdit: false, canComment: true });
      const write = await failure(
        docsApi.documents.batchUpdate(
          {
            documentId: 'lists',
            requestBody: { requests: [{ insertText: { text: 'x', location: { index: 1 } } }] },
          },
          noRetry,
        ),
      );
      expect(write.status).toBe(403);
      expect(write.body.error.status).toBe('PERMISSION_DENIED');
    } finally {
      await chmod(path, 0o644);
    }
    expect((await docsApi.documents.get({ documentId: 'lists' })).data.revisionId).toBeTruthy();
  });

  it('answers 404 NOT_FOUND for an unknown document', async () => {
    const res = await failure(docsApi.documents.get({ documentId: 'missing' }, noRetry));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
    });
  });
});

describe('documents.batchUpdate', () => {
  it('applies the batch and the local store sees it', async () => {
    const before = await docsApi.documents.get({ documentId: 'poem', includeTabsContent: true });
    const res = await docsApi.documents.batchUpdate({
      documentId: 'poem',
      requestBody: {
        requests: [{ insertText: { text: 'Ünïcode 😀\n', location: { index: 1 } } }],
        writeControl: { requiredRevisionId: before.data.revisionId as string },
      },
    });
    expect(res.data.documentId).toBe('poem');
    expect(res.data.replies).toEqual([{}]);
    const local = await new LocalBackend({ dir }).get('poem');
    expect(local.revisionId).toBe(res.data.writeControl?.requiredRevisionId);
    const first =
      local.tabs?.[0]?.documentTab?.body?.content?.[1]?.paragraph?.elements?.[0]?.textRun?.content;
    expect(first).toBe('Ünïcode 😀\n');
    expect(emulator.calls().at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/documents/poem:batchUpdate',
      operation: 'batchUpdate',
      status: 200,
      body: { requests: [{ insertText: { text: 'Ünïcode 😀\n', location: { index: 1 } } }] },
    });
  });

  it("passes the engine's 400 through and leaves the file unchanged", async () => {
    const path = join(dir, 'single.json');
    const bytes = await readFile(path);
    const res = await failure(
      docsApi.documents.batchUpdate(
        {
          documentId: 'single',
          requestBody: {
            requests: [
              { insertText: { text: 'fine', location: { index: 1 } } },
              { deleteContentRange: { range: { startIndex: 1, endIndex: 1_000_000 } } },
            ],
          },
        },
        noRetry,
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.message).toMatch(/^Invalid requests\[1\]\.deleteContentRange: /);
    expect((await readFile(path)).equals(bytes)).toBe(true);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('rejects a stale requiredRevisionId with a 400', async () => {
    const path = join(dir, 'single.json');
    const bytes = await readFile(path);
    const res = await failure(
      docsApi.documents.batchUpdate(
        {
          documentId: 'single',
          requestBody: {
            requests: [{ insertText: { text: 'x', location: { index: 1 } } }],
            writeControl: { requiredRevisionId: 'stale-revision' },
          },
        },
        noRetry,
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('stale-revision');
    expect((await readFile(path)).equals(bytes)).toBe(true);
  });

  it('answers malformed JSON and unknown top-level fields with 400', async () => {
    const raw = await fetch(`${emulator.url}v1/documents/single:batchUpdate`, {
      method: 'POST',
      headers: { Authorization: 'Bearer good-token', 'Content-Type': 'application/json' },
      body: '{"requests": [',
    });
    expect(raw.status).toBe(400);
    const body = (await raw.json()) as ErrorJson;
    expect(body.error.message).toMatch(/^Invalid JSON payload received\./);
    const unknown = await failure(
      docsApi.documents.batchUpdate(
        {
          documentId: 'single',
          requestBody: { requests: [], extra: 1 } as docs_v1.Schema$BatchUpdateDocumentRequest,
        },
        noRetry,
      ),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('Unknown name "extra"');
  });

  it('refuses a body over the size limit', async () => {
    const small = await startEmulator({ storeDir: dir, maxBodyBytes: 1000 });
    try {
      const res = await fetch(`${small.url}v1/documents/single:batchUpdate`, {
        method: 'POST',
        headers: { Authorization: 'Bearer t' },
        body: JSON.stringify({
          requests: [{ insertText: { text: 'x'.repeat(5000), location: { index: 1 } } }],
        }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).error.message).toContain('payload size exceeds the limit');
    } finally {
      await small.close();
    }
  });

  it('answers 404 for an unknown document', async () => {
    const res = await failure(
      docsApi.documents.batchUpdate({ documentId: 'missing', requestBody: { requests: [] } }, noRetry),
    );
    expect(res.status).toBe(404);
    expect(res.body.error.status).toBe('NOT_FOUND');
  });
});

describe('documents.create', () => {
  it('creates a new document from the title only', async () => {
    const res = await docsApi.documents.create({
      requestBody: { title: 'Fresh notes', body: { content: [] } } as docs_v1.Schema$Document,
    });
    expect(res.data.title).toBe('Fresh notes');
    const id = res.data.documentId as string;
    // A Google-like id, so clients that recognise ids by their form accept it.
    expect(id).toMatch(/^[a-zA-Z0-9_-]{25,}$/);
    expect(await readdir(dir)).toContain(`${id}.json`);
    const reread = await docsApi.documents.get({ documentId: id, includeTabsContent: true });
    expect(reread.data.revisionId).toBe(res.data.revisionId);
    expect(reread.data.tabs?.[0]?.tabProperties?.tabId).toBe('t.0');
  });
});

describe('drive.files.list', () => {
  it('filters with q, pages with pageSize/pageToken and honours fields', async () => {
    const q = `mimeType = '${DOC_MIME}' and trashed = false`;
    const fields =
      'nextPageToken, files(id, name, modifiedTime, owners(emailAddress), capabilities(canEdit, canComment))';
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const res = await driveApi.files.list({
        q,
        fields,
        pageSize: 2,
        pageToken,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
        orderBy: 'modifiedTime desc',
      });
      pages++;
      expect(res.data.files!.length).toBeLessThanOrEqual(2);
      for (const file of res.data.files ?? []) {
        expect(Object.keys(file).sort()).toEqual(['capabilities', 'id', 'modifiedTime', 'name', 'owners']);
        expect(file.owners).toEqual([{ emailAddress: 'me@local' }]);
        expect(file.capabilities).toEqual({ canEdit: true, canComment: true });
        seen.push(file.id as string);
      }
      pageToken = res.data.nextPageToken ?? undefined;
    } while (pageToken);
    const expected = (await new LocalBackend({ dir }).listAll()).map((f) => f.document_id);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 2));
  });

  it('matches name contains with escaped quotes and finds nothing trashed', async () => {
    const title = (await new LocalBackend({ dir }).get('multi')).title as string;
    const word = title.split(' ')[0] as string;
    const res = await driveApi.files.list({
      q: `name contains '${word.replace(/'/g, "\\'")}' and trashed = false`,
    });
    expect(res.data.files?.map((f) => f.id)).toContain('multi');
    expect(Object.keys(res.data.files?.[0] ?? {}).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    const trashed = await driveApi.files.list({ q: 'trashed = true' });
    expect(trashed.data.files).toEqual([]);
    const none = await driveApi.files.list({ q: "name contains 'no such title at all'" });
    expect(none.data.files).toEqual([]);
  });

  it('rejects a query it cannot parse', async () => {
    const res = await failure(driveApi.files.list({ q: "name contains 'x' or name contains 'y'" }, noRetry));
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'q' });
  });
});

describe('drive.files.get', () => {
  it('returns the file metadata the fields ask for', async () => {
    const res = await driveApi.files.get({
      fileId: 'poem',
      fields:
        'id,name,mimeType,modifiedTime,owners(emailAddress,displayName),capabilities(canEdit,canComment)',
      supportsAllDrives: true,
    });
    expect(res.data).toMatchObject({
      id: 'poem',
      mimeType: DOC_MIME,
      capabilities: { canEdit: true, canComment: true },
      owners: [{ emailAddress: 'me@local', displayName: 'Local user' }],
    });
    expect(Number.isNaN(Date.parse(res.data.modifiedTime as string))).toBe(false);
  });

  it("answers Drive's 404 for an unknown file", async () => {
    const res = await failure(driveApi.files.get({ fileId: 'missing' }, noRetry));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('File not found: missing.');
  });
});

describe('authentication', () => {
  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const res = await fetch(`${emulator.url}v1/documents/poem`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as ErrorJson;
    expect(body.error.status).toBe('UNAUTHENTICATED');
    expect(body.error.code).toBe(401);
  });

  it('can expire a token mid-session', async () => {
    const api = docs({ version: 'v1', auth: client('short-lived'), rootUrl: emulator.url });
    emulator.setAcceptedTokens(['short-lived']);
    try {
      expect((await api.documents.get({ documentId: 'poem' })).status).toBe(200);
      emulator.setAcceptedTokens(['good-token']);
      expect((await failure(api.documents.get({ documentId: 'poem' }, noRetry))).status).toBe(401);
    } finally {
      emulator.setAcceptedTokens(['good-token', 'other-token']);
    }
  });

  it('answers 401 for a token it does not accept (as for an expired one)', async () => {
    const expired = docs({ version: 'v1', auth: client('expired-token'), rootUrl: emulator.url });
    const res = await failure(expired.documents.get({ documentId: 'poem' }, noRetry));
    expect(res.status).toBe(401);
    expect(res.body.error.status).toBe('UNAUTHENTICATED');
  });
});

describe('fault injection', () => {
  it('fails the first N matching calls with 429, Retry-After and the quota body', async () => {
    emulator.setFaults({ failFirst: 2, status: 429, on: 'batchUpdate' });
    // Reads are not affected by a batchUpdate fault.
    await docsApi.documents.get({ documentId: 'poem' });
    const path = join(dir, 'poem.json');
    const bytes = await readFile(path);
    const call = () =>
      docsApi.documents.batchUpdate(
        {
          documentId: 'poem',
          requestBody: { requests: [{ insertText: { text: 'q', location: { index: 1 } } }] },
        },
        noRetry,
      );
    for (let i = 0; i < 2; i++) {
      const res = await failure(call());
      expect(res.status).toBe(429);
      expect(header(res.headers, 'retry-after')).toBe('1');
      expect(res.body.error.status).toBe('RESOURCE_EXHAUSTED');
      expect(res.body.error.details[0]?.metadata.quota_limit).toBe('WriteRequestsPerMinutePerUser');
    }
    expect((await readFile(path)).equals(bytes)).toBe(true);
    const ok = await call();
    expect(ok.status).toBe(200);
    expect(emulator.calls().map((c) => c.status)).toEqual([200, 429, 429, 200]);
  });

  it('fails reads with 503, which the client retries by itself', async () => {
    emulator.setFaults({ failFirst: 1, status: 503, on: 'get' });
    const direct = await failure(docsApi.documents.get({ documentId: 'poem' }, noRetry));
    expect(direct.status).toBe(503);
    expect(direct.body.error.status).toBe('UNAVAILABLE');
    emulator.setFaults({ failFirst: 1, status: 503, on: 'any' });
    const retried = await driveApi.files.list({ pageSize: 1 });
    expect(retried.status).toBe(200);
    expect(emulator.calls().map((c) => [c.operation, c.status])).toEqual([
      ['get', 503],
      ['list', 503],
      ['list', 200],
    ]);
  });

  it('runs several fault plans, each with its own count', async () => {
    emulator.setFaults([
      { failFirst: 1, status: 500, on: 'metadata' },
      { failFirst: 2, status: 429, on: 'list' },
    ]);
    expect((await failure(driveApi.files.list({}, noRetry))).status).toBe(429);
    expect((await failure(driveApi.files.get({ fileId: 'poem' }, noRetry))).status).toBe(500);
    const list429 = await failure(driveApi.files.list({}, noRetry));
    expect(list429.body.error.details[0]?.metadata.quota_limit).toBe('ReadRequestsPerMinutePerUser');
    expect((await driveApi.files.get({ fileId: 'poem' }, noRetry)).status).toBe(200);
    expect((await driveApi.files.list({}, noRetry)).status).toBe(200);
  });

  it('adds latency when asked', async () => {
    const slow = await startEmulator({ storeDir: dir, latencyMs: 30 });
    try {
      const api = docs({ version: 'v1', auth: client('any'), rootUrl: slow.url });
      const res = await api.documents.get({ documentId: 'poem' });
      expect(res.status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});

describe('the call log', () => {
  it('lists every API call over HTTP and can be cleared', async () => {
    await docsApi.documents.get({ documentId: 'poem', includeTabsContent: true });
    await failure(docsApi.documents.get({ documentId: 'missing' }, noRetry));
    const res = await fetch(`${emulator.url}__emulator/log`);
    const log = (await res.json()) as {
      method: string;
      path: string;
      status: number;
      query: Record<string, string>;
    }[];
    expect(log.map((c) => [c.method, c.path, c.status])).toEqual([
      ['GET', '/v1/documents/poem', 200],
      ['GET', '/v1/documents/missing', 404],
    ]);
    expect(log[0]?.query.includeTabsContent).toBe('true');
    const cleared = await fetch(`${emulator.url}__emulator/log`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(emulator.calls()).toEqual([]);
  });
});
