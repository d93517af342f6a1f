/**
 * Comments through GoogleBackend and the real googleapis client, over HTTP against the emulator:
 * the read sends `commentsViewMode` as the discovery document names it, the comment requests go
 * out under their discovery names, the emulator applies `documents.get`'s rules for the mode, and
 * the comment use cases work end to end on this path.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleBackend } from '../../src/docs/backends/google.js';
import {
  addCommentService,
  listCommentsService,
  replyToCommentService,
  resolveCommentService,
} from '../../src/docs/service/comments.js';
import { exportSectionService } from '../../src/docs/service/export.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { decideCommentMode } from '../../src/emulator/comments-mode.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import type { DocumentWithComments } from '../../src/ground/comments-json.js';
import { instantClock } from './fake-api.js';

const SINGLE = 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json';
const SECTION = 'h.oooyvrk89ze3';

let dir: string;
let emulator: RunningEmulator;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-comments-http-'));
  await mkdir(join(dir, 'store'));
  const fixture = fileURLToPath(new URL(`../fixtures/real/${SINGLE}`, import.meta.url));
  await writeFile(join(dir, 'store', 'single.json'), await readFile(fixture), { mode: 0o644 });
  emulator = await startEmulator({ storeDir: join(dir, 'store') });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => emulator.clearCalls());

function google(): GoogleBackend {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: 'token' });
  return new GoogleBackend({
    auth,
    config: { apiRoot: emulator.url },
    clock: instantClock(),
    random: () => 0,
  });
}

async function rawGet(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${emulator.url}v1/documents/single?${query}`, {
    headers: { authorization: 'Bearer token' },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('comments over HTTP with the googleapis client', () => {
  it('add, list, reply, resolve: the requests and the read carry the discovery names', async () => {
    const b = google();
    const added = await addCommentService(b, {
      document_id: 'single',
      anchor_id: SECTION,
      quote: 'all heading levels',
      content: 'All six?',
    });
    const write = emulator.calls().find((c) => c.operation === 'batchUpdate')!;
    expect(write.body).toEqual({
      requests: [
        {
          insertComment: {
            range: { tabId: 't.0', startIndex: added.anchor.start_index, endIndex: added.anchor.end_index },
            content: 'All six?',
          },
        },
      ],
      writeControl: { requiredRevisionId: expect.any(String) },
    });
    expect(added.comment_id).not.toBe('');

    emulator.clearCalls();
    await replyToCommentService(b, { document_id: 'single', comment_id: added.comment_id, content: 'Yes.' });
    await resolveCommentService(b, { document_id: 'single', comment_id: added.comment_id });
    const sent = emulator
      .calls()
      .filter((c) => c.operation === 'batchUpdate')
      .map((c) => c.body);
    expect(sent).toEqual([
      { requests: [{ addCommentReply: { commentId: added.comment_id, post: { content: 'Yes.' } } }] },
      {
        requests: [{ addCommentReply: { commentId: added.comment_id, post: { commentAction: 'RESOLVE' } } }],
      },
    ]);
    const read = emulator.calls().find((c) => c.operation === 'get')!;
    expect(read.query).toEqual({
      includeTabsContent: 'true',
      suggestionsViewMode: 'SUGGESTIONS_INLINE',
      commentsViewMode: 'COMMENTS_VIEW_MODE_INCLUDED',
    });

    const listed = await listCommentsService(b, { document_id: 'single' });
    expect(listed.comments).toMatchObject([
      {
        comment_id: added.comment_id,
        status: 'resolved',
        quote: 'all heading levels',
        anchor: { tab_id: 't.0', section_anchor_id: SECTION },
        replies: [{ content: 'Yes.' }, { action: 'resolve' }],
      },
    ]);
  });

  it('a plain read shows no comments; an export with comments marks the text; an import keeps the anchor', async () => {
    const b = google();
    const plain = (await b.get('single')) as DocumentWithComments;
    expect(plain.comments).toBeUndefined();
    expect(JSON.stringify(plain)).not.toContain('commentAnchors');
    const full = (await b.get('single', { comments: true })) as DocumentWithComments;
    expect(full.commentsViewMode).toBe('COMMENTS_VIEW_MODE_INCLUDED');
    expect(full.comments?.length).toBeGreaterThan(0);

    await resolveCommentService(b, {
      document_id: 'single',
      comment_id: full.comments![0]!.commentId!,
      reopen: true,
    });
    const marked = await exportSectionService(
      b,
      { document_id: 'single', anchor_id: SECTION },
      { comments: true },
    );
    expect(marked.content).toContain(`{!comment:${full.comments![0]!.commentId}}all heading levels{/!}`);
    const edited = marked.content.replace('This part of the document', 'This part of the whole document');
    const result = await importSectionService(b, { document_id: 'single', anchor_id: SECTION }, edited, {
      base: marked.base,
    });
    expect(result.warnings).toEqual([]);
    const after = await listCommentsService(b, { document_id: 'single' });
    expect(after.comments[0]!.quote).toBe('all heading levels');
  });
});

describe("the emulator's commentsViewMode rules", () => {
  it('INCLUDED needs the tabs content and SUGGESTIONS_INLINE; an unknown mode is a 400', async () => {
    const included = 'commentsViewMode=COMMENTS_VIEW_MODE_INCLUDED';
    expect((await rawGet(`${included}&suggestionsViewMode=SUGGESTIONS_INLINE`)).status).toBe(400);
    expect((await rawGet(`${included}&includeTabsContent=true`)).status).toBe(400);
    const ok = await rawGet(`${included}&includeTabsContent=true&suggestionsViewMode=SUGGESTIONS_INLINE`);
    expect(ok.status).toBe(200);
    expect(ok.body.commentsViewMode).toBe('COMMENTS_VIEW_MODE_INCLUDED');
    const omitted = await rawGet('commentsViewMode=COMMENTS_VIEW_MODE_OMITTED&includeTabsContent=true');
    expect(omitted.status).toBe(200);
    expect(omitted.body.comments).toBeUndefined();
    expect(omitted.body.commentsViewMode).toBe('COMMENTS_VIEW_MODE_OMITTED');
    expect((await rawGet('commentsViewMode=EVERYTHING&includeTabsContent=true')).status).toBe(400);
  });

  it('readers get a 403 for INCLUDED and no comments for DEFAULT_FOR_CURRENT_ACCESS', () => {
    const base = {
      mode: 'COMMENTS_VIEW_MODE_INCLUDED',
      includeTabs: true,
      suggestionsMode: 'SUGGESTIONS_INLINE',
    };
    expect(decideCommentMode({ ...base, canViewComments: false })).toMatchObject({ ok: false, status: 403 });
    expect(
      decideCommentMode({
        ...base,
        mode: 'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS',
        suggestionsMode: null,
        canViewComments: false,
      }),
    ).toEqual({ ok: true, include: false, applied: 'COMMENTS_VIEW_MODE_OMITTED' });
    expect(
      decideCommentMode({
        ...base,
        mode: 'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS',
        suggestionsMode: 'PREVIEW_WITHOUT_SUGGESTIONS',
        canViewComments: true,
      }),
    ).toMatchObject({ ok: false, status: 400 });
  });
});

describe('GoogleBackend when comments cannot be read', () => {
  it("an import's read falls back to the document without comments, once", async () => {
    const b = google();
    emulator.setFaults({ failFirst: 1, status: 403, on: 'get' });
    const doc = (await b.get('single', { comments: 'if-available' })) as DocumentWithComments;
    expect(doc.comments).toBeUndefined();
    expect(doc.tabs?.length).toBe(1);
    emulator.clearCalls();
    await b.get('single', { comments: 'if-available' });
    expect(emulator.calls()[0]!.query.commentsViewMode).toBeUndefined();
    emulator.setFaults(undefined);
  });
});
