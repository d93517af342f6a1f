/**
 * GoogleBackend over real HTTP against a scripted fake: the exact call shapes, the retry and
 * guarded-write rules, and the mapping of every Google error to a typed error.
 */
import { OAuth2Client } from 'google-auth-library';
import { afterEach, describe, expect, it } from 'vitest';
import { GoogleBackend } from '../../src/docs/backends/google.js';
import {
  AuthRequiredError,
  DocsApiError,
  DocumentNotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  RevisionConflictError,
  ValidationError,
} from '../../src/errors.js';
import {
  type FakeApi,
  googleError,
  instantClock,
  type Reply,
  type SeenRequest,
  startFakeApi,
} from './fake-api.js';

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function token(value = 'token-SECRET'): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: value });
  return client;
}

async function backendFor(handler: (r: SeenRequest) => Reply | Promise<Reply>, config = {}) {
  api = await startFakeApi(handler);
  const clock = instantClock();
  const backend = new GoogleBackend({
    auth: token(),
    config: { apiRoot: api.url, maxRetries: 5, ...config },
    clock,
    random: () => 0,
    listPageSize: 2,
  });
  return { backend, clock, api };
}

const DOC = { documentId: 'doc1', revisionId: 'rev-1', title: 'T', tabs: [] };

describe('call shapes', () => {
  it('get reads tabs content with suggestions inline, with the bearer token', async () => {
    const { backend, api } = await backendFor(() => ({ status: 200, body: DOC }));
    expect(await backend.get('doc1')).toEqual(DOC);
    const [req] = api.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/v1/documents/doc1');
    expect(req?.query).toEqual({ includeTabsContent: 'true', suggestionsViewMode: 'SUGGESTIONS_INLINE' });
    expect(req?.headers.authorization).toBe('Bearer token-SECRET');
  });

  it('create posts the title; batchUpdate posts the body', async () => {
    const { backend, api } = await backendFor((r) =>
      r.path === '/v1/documents'
        ? { status: 200, body: { ...DOC, title: 'New' } }
        : {
            status: 200,
            body: { documentId: 'doc1', replies: [{}], writeControl: { requiredRevisionId: 'rev-2' } },
          },
    );
    expect((await backend.create('New')).title).toBe('New');
    const body = {
      requests: [{ insertText: { text: 'x', location: { index: 1 } } }],
      writeControl: { requiredRevisionId: 'rev-1' },
    };
    const response = await backend.batchUpdate('doc1', body);
    expect(response.writeControl?.requiredRevisionId).toBe('rev-2');
    expect(api.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/v1/documents', { title: 'New' }],
      ['POST', '/v1/documents/doc1:batchUpdate', body],
    ]);
  });

  it('list pages through Drive with an escaped query, newest first, across shared drives', async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({
      id: `f${i}`,
      name: `Doc ${i}`,
      modifiedTime: `2026-01-0${5 - i}T00:00:00.000Z`,
      owners: [{ emailAddress: `o${i}@example.com` }],
    }));
    const { backend, api } = await backendFor((r) => {
      const start = Number(r.query.pageToken ?? 0);
      const size = Number(r.query.pageSize);
      const page = files.slice(start, start + size);
      const next = start + size < files.length ? { nextPageToken: String(start + size) } : {};
      return { status: 200, body: { files: page, ...next } };
    });
    const listing = await backend.list(`it's a\\b`, 3);
    expect(listing.documents.map((d) => d.document_id)).toEqual(['f0', 'f1', 'f2']);
    expect(listing.documents[0]).toEqual({
      document_id: 'f0',
      title: 'Doc 0',
      last_modified: '2026-01-05T00:00:00.000Z',
      owner: 'o0@example.com',
    });
    expect(listing.total_count).toBe(5);
    expect(api.requests).toHaveLength(3);
    const first = api.requests[0]!;
    expect(first.path).toBe('/drive/v3/files');
    expect(first.query.q).toBe(
      "mimeType='application/vnd.google-apps.document' and trashed=false and name contains 'it\\'s a\\\\b'",
    );
    expect(first.query.orderBy).toBe('modifiedTime desc');
    expect(first.query.supportsAllDrives).toBe('true');
    expect(first.query.includeItemsFromAllDrives).toBe('true');
    expect(first.query.fields).toContain('files(id, name, modifiedTime, owners(');
    expect(api.requests.map((r) => r.query.pageToken)).toEqual([undefined, '2', '4']);
    // Once `limit` documents are in hand, later pages only count ids.
    expect(api.requests[2]!.query.fields).toBe('nextPageToken, files(id)');
  });

  it('metadata reads capabilities, owner and modified time from Drive', async () => {
    const { backend, api } = await backendFor(() => ({
      status: 200,
      body: {
        id: 'doc1',
        name: 'Plan',
        mimeType: 'application/vnd.google-apps.document',
        modifiedTime: '2026-02-01T10:00:00.000Z',
        owners: [{ displayName: 'Ann', emailAddress: 'ann@example.com' }],
        capabilities: { canEdit: false, canComment: true },
      },
    }));
    expect(await backend.metadata('doc1')).toEqual({
      document_id: 'doc1',
      title: 'Plan',
      last_modified: '2026-02-01T10:00:00.000Z',
      owner: 'ann@example.com',
      can_edit: false,
      can_comment: true,
    });
    const req = api.requests[0]!;
    expect(req.path).toBe('/drive/v3/files/doc1');
    expect(req.query.fields).toContain('capabilities(canEdit, canComment)');
    expect(req.query.supportsAllDrives).toBe('true');
  });

  it('metadata refuses a file that is not a Google Doc', async () => {
    const { backend } = await backendFor(() => ({
      status: 200,
      body: { id: 's', mimeType: 'application/vnd.google-apps.spreadsheet' },
    }));
    await expect(backend.metadata('s')).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('retries', () => {
  it('absorbs 429, 429, 503 on a guarded write, honouring Retry-After; the edit lands once', async () => {
    let applied = 0;
    let n = 0;
    const { backend, clock, api } = await backendFor((r) => {
      if (r.method !== 'POST') return { status: 200, body: DOC };
      n++;
      if (n <= 2)
        return {
          ...googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded'),
          headers: { 'Retry-After': '3' },
        };
      if (n === 3) return googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.');
      applied++;
      return {
        status: 200,
        body: { documentId: 'doc1', replies: [{}], writeControl: { requiredRevisionId: 'rev-2' } },
      };
    });
    const response = await backend.batchUpdate('doc1', {
      requests: [{}],
      writeControl: { requiredRevisionId: 'rev-1' },
    });
    expect(response.writeControl?.requiredRevisionId).toBe('rev-2');
    expect(applied).toBe(1);
    expect(api.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([3000, 3000, 4000]);
  });

  it('does not repeat an unguarded write after a 5xx (it may have been applied)', async () => {
    const { backend, api } = await backendFor(() => googleError(503, 'UNAVAILABLE', 'down'));
    const error = await backend.batchUpdate('doc1', { requests: [{}] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsApiError);
    expect((error as DocsApiError).code).toBe(503);
    expect(api.requests).toHaveLength(1);
  });

  it('repeats an unguarded write after a 429 (rejected before it ran)', async () => {
    let n = 0;
    const { backend, api } = await backendFor(() =>
      ++n === 1
        ? googleError(429, 'RESOURCE_EXHAUSTED', 'slow down')
        : { status: 200, body: { documentId: 'doc1' } },
    );
    await backend.batchUpdate('doc1', { requests: [{}] });
    expect(api.requests).toHaveLength(2);
  });

  it('reports success once when a retried guarded write had landed (caller confirms)', async () => {
    let revision = 'rev-1';
    let applied = 0;
    const { backend, api } = await backendFor((r) => {
      if (r.method === 'GET') return { status: 200, body: { ...DOC, revisionId: revision } };
      const required = (r.body as { writeControl?: { requiredRevisionId?: string } }).writeControl
        ?.requiredRevisionId;
      if (required !== revision)
        return googleError(400, 'INVALID_ARGUMENT', 'The required revision is stale.');
      applied++;
      revision = 'rev-2';
      // Committed, but the answer is lost on the way back.
      return googleError(503, 'UNAVAILABLE', 'backend error');
    });
    const seen: string[] = [];
    const response = await backend.batchUpdate(
      'doc1',
      { requests: [{}, {}], writeControl: { requiredRevisionId: 'rev-1' } },
      {
        landed: (doc) => {
          seen.push(doc.revisionId ?? '');
          return doc.revisionId === 'rev-2';
        },
      },
    );
    expect(applied).toBe(1);
    expect(seen).toEqual(['rev-2']);
    expect(response).toEqual({
      documentId: 'doc1',
      replies: [{}, {}],
      writeControl: { requiredRevisionId: 'rev-2' },
    });
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET']);
  });

  it('asks whether the write landed when retries run out on a 5xx', async () => {
    let revision = 'rev-1';
    const { backend, api } = await backendFor(
      (r) => {
        if (r.method === 'GET') return { status: 200, body: { ...DOC, revisionId: revision } };
        revision = 'rev-2';
        return googleError(503, 'UNAVAILABLE', 'backend error');
      },
      { maxRetries: 0 },
    );
    const body = { requests: [{}], writeControl: { requiredRevisionId: 'rev-1' } };
    const response = await backend.batchUpdate('doc1', body, { landed: (doc) => doc.revisionId === 'rev-2' });
    expect(response.writeControl?.requiredRevisionId).toBe('rev-2');
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    // Without confirmation the 503 stands.
    revision = 'rev-1';
    const error = await backend.batchUpdate('doc1', body, { landed: () => false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 503 });
  });

  it('raises RevisionConflictError when someone else edited (landed says no)', async () => {
    const { backend, api } = await backendFor((r) =>
      r.method === 'GET'
        ? { status: 200, body: { ...DOC, revisionId: 'rev-9' } }
        : googleError(400, 'INVALID_ARGUMENT', 'Stale required revision'),
    );
    const error = await backend
      .batchUpdate(
        'doc1',
        { requests: [{}], writeControl: { requiredRevisionId: 'rev-1' } },
        { landed: () => false },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionConflictError);
    expect((error as Error).message).toMatch(/rev-1.*rev-9/);
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('keeps a 400 on a guarded write a ValidationError when the revision did not move', async () => {
    const { backend } = await backendFor((r) =>
      r.method === 'GET'
        ? { status: 200, body: DOC }
        : googleError(
            400,
            'INVALID_ARGUMENT',
            'Invalid requests[0].insertText: Index 99 must be less than the end index',
          ),
    );
    const error = await backend
      .batchUpdate('doc1', { requests: [{}], writeControl: { requiredRevisionId: 'rev-1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      'Invalid requests[0].insertText: Index 99 must be less than the end index',
    );
  });

  it('retries a read that times out', async () => {
    let n = 0;
    const { backend, api } = await backendFor(
      async () => {
        // Only the first answer is late; generous margins keep this stable on a loaded machine.
        if (++n === 1) await new Promise((resolve) => setTimeout(resolve, 4000));
        return { status: 200, body: DOC };
      },
      { timeoutMs: 1500 },
    );
    expect(await backend.get('doc1')).toEqual(DOC);
    expect(api.requests.length).toBeGreaterThanOrEqual(2);
  });
});

describe('error mapping', () => {
  async function failWith(reply: Reply): Promise<unknown> {
    const { backend } = await backendFor(() => reply, { maxRetries: 0 });
    return await backend.get('doc1').catch((e: unknown) => e);
  }

  it('401 -> AuthRequiredError suggesting gdoc login', async () => {
    const error = await failWith(
      googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
    );
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).suggestion).toMatch(/gdoc login/);
  });

  it('403 -> PermissionDeniedError, with scope and API-disabled variants', async () => {
    const plain = await failWith(
      googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission'),
    );
    expect(plain).toBeInstanceOf(PermissionDeniedError);
    expect((plain as Error).message).toMatch(/does not have permission/);
    await api?.close();
    const scope = await failWith(
      googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' },
      ]),
    );
    expect(scope).toBeInstanceOf(PermissionDeniedError);
    expect((scope as Error).message).toMatch(/lack a scope/);
    expect((scope as PermissionDeniedError).suggestion).toMatch(/gdoc login/);
    await api?.close();
    const disabled = await failWith(
      googleError(
        403,
        'PERMISSION_DENIED',
        'Google Docs API has not been used in project 123 before or it is disabled.',
        [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'SERVICE_DISABLED' }],
      ),
    );
    expect(disabled).toBeInstanceOf(PermissionDeniedError);
    expect((disabled as PermissionDeniedError).suggestion).toMatch(/Enable the Google Docs API/);
  });

  it('404 -> DocumentNotFoundError', async () => {
    const error = await failWith(googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    expect(error).toBeInstanceOf(DocumentNotFoundError);
    expect((error as Error).message).toMatch(/doc1/);
  });

  it('400 -> ValidationError with Google message', async () => {
    const error = await failWith(
      googleError(400, 'INVALID_ARGUMENT', 'Invalid value at suggestions_view_mode'),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe('Invalid value at suggestions_view_mode');
  });

  it('429 -> RateLimitedError with retry_after_seconds once retries are spent', async () => {
    const error = await failWith({
      ...googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded'),
      headers: { 'Retry-After': '17' },
    });
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(17);
  });

  it('an unknown status keeps Google message and status', async () => {
    const error = await failWith(googleError(501, 'NOT_IMPLEMENTED', 'Method not implemented'));
    expect(error).toBeInstanceOf(DocsApiError);
    expect(error).toMatchObject({ code: 501, status: 'NOT_IMPLEMENTED', message: 'Method not implemented' });
  });

  it('an unreachable API is a DocsApiError that says so', async () => {
    const backend = new GoogleBackend({
      auth: token(),
      config: { apiRoot: 'http://127.0.0.1:9/', maxRetries: 0 },
    });
    const error = await backend.get('doc1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsApiError);
    expect((error as Error).message).toMatch(/Could not reach Google/);
  });

  it('an expired login without a refresh token asks for gdoc login, without a request', async () => {
    api = await startFakeApi(() => ({ status: 200, body: DOC }));
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: 'old', expiry_date: Date.now() - 1000 });
    const b = new GoogleBackend({ auth, config: { apiRoot: api.url } });
    const error = await b.get('doc1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).suggestion).toMatch(/gdoc login/);
    expect(api.requests).toHaveLength(0);
  });

  it('messages never contain the access token', async () => {
    const error = await failWith(googleError(401, 'UNAUTHENTICATED', 'bad'));
    expect(JSON.stringify(error)).not.toContain('token-SECRET');
    expect(String((error as Error).message)).not.toContain('token-SECRET');
  });
});
