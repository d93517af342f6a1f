/**
 * Comments in the engine: the Developer Preview requests as the discovery document names them,
 * the thread and anchor shapes, and anchors that follow the text as it is edited.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import type {
  CommentThread,
  DocumentTabWithAnchors,
  DocumentWithComments,
} from '../../src/ground/comments-json.js';
import type { BatchUpdateRequest, Document, Request } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { apply, bodyText, docWith, opts } from './helpers.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const author = { displayName: 'Ada', me: true };

let seed = 500;
function run(doc: Document, requests: unknown[]) {
  // A new id seed per batch, as Google never repeats an id.
  const options = { ...opts(seed++), comments: { author, now: () => NOW } };
  return applyBatchUpdate(doc, { requests } as BatchUpdateRequest, options);
}
const threads = (doc: Document): CommentThread[] => (doc as DocumentWithComments).comments ?? [];
const anchors = (doc: Document) => (doc.tabs![0]!.documentTab as DocumentTabWithAnchors).commentAnchors;
const insert = (start: number, end: number, content = 'Why?') => ({
  insertComment: { range: { startIndex: start, endIndex: end }, content },
});

/** "Hello brave new world\n": "brave" is [7, 12). */
function commented() {
  const doc = docWith('Hello brave new world');
  const { document, response } = run(doc, [insert(7, 12)]);
  const thread = threads(document)[0]!;
  return { doc: document, response, thread, anchorId: thread.anchorId! };
}

describe('insertComment', () => {
  it('makes an open thread quoting the range, anchored by a tab anchor, and answers with the thread', () => {
    const { doc, response, thread, anchorId } = commented();
    expect(thread).toMatchObject({
      anchorId,
      plainTextQuote: 'brave',
      status: 'OPEN',
      headPost: { content: 'Why?', contentHtml: 'Why?', author, createTime: NOW.toISOString() },
    });
    expect(thread.commentId).toMatch(/^\S+$/);
    expect(thread.headPost!.postId).toMatch(/^\S+$/);
    expect(anchors(doc)).toEqual({ [anchorId]: { anchorId, ranges: [{ startIndex: 7, endIndex: 12 }] } });
    expect(response.replies).toEqual([{ insertComment: { commentThread: thread } }]);
    expect((response as { commentUpdateState?: string }).commentUpdateState).toBe('ALL_SAVED');
  });

  it('leaves the text and the revision as they were (comments are not document content)', () => {
    const before = docWith('Hello brave new world');
    const { document: doc, response } = run(before, [insert(7, 12)]);
    expect(bodyText(doc)).toBe(bodyText(before));
    expect(doc.revisionId).toBe(before.revisionId);
    expect(response.writeControl?.requiredRevisionId).toBe(before.revisionId);
    const edited = run(doc, [insert(1, 3), { insertText: { location: { index: 1 }, text: 'x' } }]).document;
    expect(edited.revisionId).not.toBe(doc.revisionId);
  });

  it('refuses empty content, an empty range and a range past the segment, changing nothing', () => {
    const doc = docWith('abc');
    expectRejected(
      doc,
      [insert(1, 2, ' ')],
      'Invalid requests[0].insertComment: The comment content must not be empty.',
    );
    expectRejected(doc, [insert(2, 2)], 'Invalid requests[0].insertComment: The range should not be empty.');
    expectRejected(doc, [insert(1, 40)], /^Invalid requests\[0\]\.insertComment: Index 39 must be less than/);
    expectRejected(
      doc,
      [{ insertComment: { range: { startIndex: 1, endIndex: 2 }, content: 'x'.repeat(2049) } }],
      /2048/,
    );
  });

  it('quotes text across paragraphs with the newline between them', () => {
    const doc = docWith('one\ntwo');
    const { document } = run(doc, [insert(2, 7)]);
    expect(threads(document)[0]!.plainTextQuote).toBe('ne\ntw');
  });

  it('anchors in the tab named by the range', () => {
    const doc = docWith('abc');
    const withTab = apply(doc, [{ addDocumentTab: { tabProperties: { title: 'Two' } } } as Request]);
    const tabId = withTab.tabs![1]!.tabProperties!.tabId!;
    const typed = apply(withTab, [{ insertText: { location: { index: 1, tabId }, text: 'second' } }]);
    const { document } = run(typed, [
      { insertComment: { range: { tabId, startIndex: 1, endIndex: 4 }, content: 'here' } },
    ]);
    expect(threads(document)[0]!.plainTextQuote).toBe('sec');
    expect(anchors(document)).toBeUndefined();
    expect(
      Object.keys((document.tabs![1]!.documentTab as DocumentTabWithAnchors).commentAnchors ?? {}),
    ).toHaveLength(1);
  });
});

describe('replies, resolving, editing and deleting', () => {
  it('addCommentReply appends a post; RESOLVE and REOPEN (content optional) set the status', () => {
    const { doc, thread } = commented();
    const replied = run(doc, [
      { addCommentReply: { commentId: thread.commentId, post: { content: 'Because.' } } },
    ]);
    const post = (replied.response.replies![0] as { addCommentReply: { post: { postId: string } } })
      .addCommentReply.post;
    expect(threads(replied.document)[0]!.replies).toEqual([post]);
    expect(post).toMatchObject({ content: 'Because.', author });
    const resolved = run(replied.document, [
      { addCommentReply: { commentId: thread.commentId, post: { commentAction: 'RESOLVE' } } },
    ]).document;
    expect(threads(resolved)[0]!.status).toBe('RESOLVED');
    expect(threads(resolved)[0]!.replies![1]).toMatchObject({ commentAction: 'RESOLVE' });
    expect(threads(resolved)[0]!.replies![1]!.content).toBeUndefined();
    const reopened = run(resolved, [
      {
        addCommentReply: {
          commentId: thread.commentId,
          post: { commentAction: 'REOPEN', content: 'Not yet' },
        },
      },
    ]).document;
    expect(threads(reopened)[0]!.status).toBe('OPEN');
  });

  it('refuses a reply without content, to an unknown thread, or assigning a thread without an assignee', () => {
    const { doc, thread } = commented();
    expectRejected(
      doc,
      [{ addCommentReply: { commentId: thread.commentId, post: {} } }],
      /reply content must not be empty/,
    );
    expectRejected(
      doc,
      [{ addCommentReply: { commentId: 'nope', post: { content: 'x' } } }],
      /The comment with ID "nope" was not found/,
    );
    expectRejected(
      doc,
      [{ addCommentReply: { commentId: thread.commentId, post: { content: 'x', assigneeEmail: 'a@b.c' } } }],
      /first post has an assignee/,
    );
  });

  it('updateCommentPost changes the text of the head post or a reply', () => {
    const { doc, thread } = commented();
    const updated = run(doc, [
      {
        updateCommentPost: { commentId: thread.commentId, postId: thread.headPost!.postId, content: 'How?' },
      },
    ]).document;
    expect(threads(updated)[0]!.headPost!.content).toBe('How?');
    expectRejected(
      doc,
      [{ updateCommentPost: { commentId: thread.commentId, postId: 'p', content: 'x' } }],
      /post with ID "p"/,
    );
  });

  it('deleteComment removes the thread and its anchor; deleteCommentReply removes a plain reply only', () => {
    const { doc, thread } = commented();
    const gone = run(doc, [{ deleteComment: { commentId: thread.commentId } }]).document;
    expect(threads(gone)).toEqual([]);
    expect(anchors(gone)).toBeUndefined();
    const replied = run(doc, [
      { addCommentReply: { commentId: thread.commentId, post: { content: 'a' } } },
      { addCommentReply: { commentId: thread.commentId, post: { commentAction: 'RESOLVE' } } },
    ]).document;
    const [plain, resolving] = threads(replied)[0]!.replies!;
    const left = run(replied, [
      { deleteCommentReply: { commentId: thread.commentId, postId: plain!.postId } },
    ]).document;
    expect(threads(left)[0]!.replies).toEqual([resolving]);
    expectRejected(
      replied,
      [{ deleteCommentReply: { commentId: thread.commentId, postId: resolving!.postId } }],
      /resolves or reopens/,
    );
  });

  it('an unknown field in a comment request is Google’s payload error', () => {
    expectRejected(
      docWith('abc'),
      [{ insertComment: { range: { startIndex: 1, endIndex: 2 }, content: 'x', color: 'red' } }],
      /Unknown name "color"/,
    );
  });
});

describe('anchors follow the text', () => {
  const rangeOf = (doc: Document, id: string) => anchors(doc)?.[id]?.ranges?.[0];
  const text = (doc: Document, id: string) => {
    const r = rangeOf(doc, id)!;
    return bodyText(doc).slice(r.startIndex! - 1, r.endIndex! - 1);
  };

  it('moves with text inserted before it, grows with text inserted inside, ignores text typed at its edges', () => {
    const { doc, anchorId } = commented();
    const before = apply(doc, [{ insertText: { location: { index: 1 }, text: 'Oh. ' } }]);
    expect(text(before, anchorId)).toBe('brave');
    const inside = apply(doc, [{ insertText: { location: { index: 9 }, text: 'AAA' } }]);
    expect(text(inside, anchorId)).toBe('brAAAave');
    const atStart = apply(doc, [{ insertText: { location: { index: 7 }, text: 'very ' } }]);
    expect(text(atStart, anchorId)).toBe('brave');
    const atEnd = apply(doc, [{ insertText: { location: { index: 12 }, text: 'st' } }]);
    expect(text(atEnd, anchorId)).toBe('brave');
  });

  it('shrinks when part of its text is deleted, and is gone when all of it is (the thread stays)', () => {
    const { doc, anchorId, thread } = commented();
    const partly = apply(doc, [{ deleteContentRange: { range: { startIndex: 5, endIndex: 9 } } }]);
    expect(text(partly, anchorId)).toBe('ave');
    const wholly = apply(doc, [{ deleteContentRange: { range: { startIndex: 6, endIndex: 13 } } }]);
    expect(anchors(wholly)).toBeUndefined();
    expect(threads(wholly).map((t) => t.commentId)).toEqual([thread.commentId]);
  });

  it('moves when a table is inserted before it and when whole paragraphs before it go', () => {
    const doc = docWith('first\nHello brave new world');
    const { document } = run(doc, [insert(13, 18)]);
    const id = threads(document)[0]!.anchorId!;
    expect(text(document, id)).toBe('brave');
    const table = apply(document, [{ insertTable: { rows: 1, columns: 1, location: { index: 1 } } }]);
    const r = rangeOf(table, id)!;
    expect(r.endIndex! - r.startIndex!).toBe(5);
    expect(r.startIndex).toBeGreaterThan(13);
    const cut = apply(document, [{ deleteContentRange: { range: { startIndex: 1, endIndex: 7 } } }]);
    expect(text(cut, id)).toBe('brave');
  });
});
