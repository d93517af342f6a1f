/**
 * Comments (Developer Preview requests): insertComment, addCommentReply (also how a thread is
 * resolved or reopened: a reply whose `commentAction` is RESOLVE or REOPEN), updateCommentPost,
 * deleteComment, deleteCommentReply; and keeping every comment anchor on its text when text is
 * inserted or deleted. Threads live in `Document.comments`, anchors in each tab's
 * `commentAnchors`; `documents.get` shows them only with COMMENTS_VIEW_MODE_INCLUDED. Where
 * Google's reference is silent the behaviour is the one written in docs/COMMENTS-API.md.
 */

import type {
  CommentAnchor,
  CommentThread,
  DocumentTabWithAnchors,
  DocumentWithComments,
  Post,
  PostAuthor,
} from '../../ground/comments-json.js';
import type { Range, StructuralElement, Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import type { Segment } from './document.js';
import { isRecord } from './json.js';
import { resolveRange } from './locations.js';
import { indexAfterCut, shiftForInsert } from './range-shift.js';

/** Who writes comments through the engine, and when (a store passes its owner; tests a fixed clock). */
export interface CommentOptions {
  author?: PostAuthor;
  now?: () => Date;
}

const MAX_CONTENT_BYTES = 2048;
const DEFAULT_AUTHOR: PostAuthor = { displayName: 'Me', me: true };

/** Requests that change comments only: a batch of nothing else leaves the revision as it was. */
export const COMMENT_REQUESTS: ReadonlySet<string> = new Set([
  'insertComment',
  'addCommentReply',
  'updateCommentPost',
  'deleteComment',
  'deleteCommentReply',
]);

function threadsOf(ctx: EngineContext): CommentThread[] {
  const doc = ctx.doc as DocumentWithComments;
  doc.comments ??= [];
  return doc.comments;
}

function anchorsOf(tab: Tab): Record<string, CommentAnchor> {
  const dt = tab.documentTab as DocumentTabWithAnchors;
  dt.commentAnchors ??= {};
  return dt.commentAnchors;
}

function checkContent(content: unknown, what: string): string {
  if (typeof content !== 'string' || content.trim() === '') {
    throw new RequestError(`The ${what} must not be empty.`);
  }
  if (Buffer.byteLength(content, 'utf8') > MAX_CONTENT_BYTES) {
    throw new RequestError(`The ${what} must not exceed ${MAX_CONTENT_BYTES} UTF-8 code units.`);
  }
  return content;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function newPost(ctx: EngineContext, content: string | undefined): Post {
  const time = (ctx.comments.now ?? (() => new Date()))().toISOString();
  return {
    postId: `AAAB${ctx.ids.kix().slice(4)}`,
    author: { ...(ctx.comments.author ?? DEFAULT_AUTHOR) },
    ...(content !== undefined ? { content, contentHtml: escapeHtml(content) } : {}),
    createTime: time,
    updateTime: time,
  };
}

/** The text of [s, e) of a segment as plain text (objects leave nothing, paragraph ends stay). */
export function plainText(content: StructuralElement[], s: number, e: number): string {
  let out = '';
  const walk = (list: StructuralElement[]): void => {
    for (const se of list) {
      if ((se.endIndex ?? 0) <= s || (se.startIndex ?? 0) >= e) continue;
      for (const el of se.paragraph?.elements ?? []) {
        const text = el.textRun?.content;
        if (!text) continue;
        const from = el.startIndex ?? 0;
        out += text.slice(Math.max(0, s - from), Math.max(0, e - from));
      }
      for (const row of se.table?.tableRows ?? []) {
        for (const cell of row.tableCells ?? []) walk(cell.content ?? []);
      }
      walk(se.tableOfContents?.content ?? []);
    }
  };
  walk(content);
  return out;
}

function findThread(ctx: EngineContext, req: Record<string, unknown>): CommentThread {
  if (req.suggestionId !== undefined && req.commentId === undefined) {
    const doc = ctx.doc as { suggestions?: CommentThread[] & { suggestionId?: string }[] };
    const found = (doc.suggestions ?? []).find(
      (t) => (t as { suggestionId?: string }).suggestionId === req.suggestionId,
    );
    if (!found) throw new RequestError(`The suggestion thread with ID "${req.suggestionId}" was not found.`);
    return found;
  }
  if (req.suggestionId !== undefined)
    throw new RequestError('Only one of commentId and suggestionId may be set.');
  const id = req.commentId;
  if (typeof id !== 'string' || id === '') throw new RequestError('The comment ID must be set.');
  const found = threadsOf(ctx).find((t) => t.commentId === id);
  if (!found) throw new RequestError(`The comment with ID "${id}" was not found.`);
  return found;
}

/** insertComment `{range, content, assigneeEmailAddress?}` -> `{insertComment:{commentThread}}`. */
export function insertComment(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const content = checkContent(req.content, 'comment content');
  const assignee = req.assigneeEmailAddress;
  if (typeof assignee === 'string' && Buffer.byteLength(assignee, 'utf8') > MAX_CONTENT_BYTES) {
    throw new RequestError(
      `The assignee email address must not exceed ${MAX_CONTENT_BYTES} UTF-8 code units.`,
    );
  }
  const { tab, seg, start, end } = resolveRange(ctx, req.range);
  const anchorId = ctx.ids.kix();
  const range: Range = { startIndex: start, endIndex: end };
  if (seg.id) range.segmentId = seg.id;
  anchorsOf(tab)[anchorId] = { anchorId, ranges: [range] };
  const headPost = newPost(ctx, content);
  if (typeof assignee === 'string' && assignee !== '') headPost.assigneeEmail = assignee;
  const thread: CommentThread = {
    commentId: `AAAB${ctx.ids.kix().slice(4)}`,
    anchorId,
    headPost,
    plainTextQuote: plainText(seg.content, start, end),
    status: 'OPEN',
  };
  threadsOf(ctx).push(thread);
  return { insertComment: { commentThread: structuredClone(thread) } };
}

/** addCommentReply `{commentId | suggestionId, post}` -> `{addCommentReply:{post}}`; RESOLVE/REOPEN set the status. */
export function addCommentReply(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const thread = findThread(ctx, req);
  const given = isRecord(req.post) ? req.post : {};
  const action = typeof given.commentAction === 'string' ? given.commentAction : undefined;
  const acts = action === 'RESOLVE' || action === 'REOPEN';
  const content =
    acts && (given.content === undefined || given.content === '')
      ? undefined
      : checkContent(given.content, 'reply content');
  const assignee =
    typeof given.assigneeEmail === 'string' && given.assigneeEmail !== '' ? given.assigneeEmail : undefined;
  if (assignee !== undefined) {
    if (acts) throw new RequestError('A post that resolves or reopens a thread cannot assign it.');
    if (!thread.headPost?.assigneeEmail) {
      throw new RequestError('A reply can assign only a thread whose first post has an assignee.');
    }
  }
  const post = newPost(ctx, content);
  if (action !== undefined && action !== 'COMMENT_ACTION_TYPE_UNSPECIFIED')
    post.commentAction = action as Post['commentAction'];
  if (assignee !== undefined) post.assigneeEmail = assignee;
  if (action === 'RESOLVE') thread.status = 'RESOLVED';
  if (action === 'REOPEN') thread.status = 'OPEN';
  thread.replies = [...(thread.replies ?? []), post];
  return { addCommentReply: { post: structuredClone(post) } };
}

function findPost(thread: CommentThread, postId: unknown): { post: Post; head: boolean } {
  if (typeof postId !== 'string' || postId === '') throw new RequestError('The post ID must be set.');
  if (thread.headPost?.postId === postId) return { post: thread.headPost, head: true };
  const reply = (thread.replies ?? []).find((p) => p.postId === postId);
  if (!reply) throw new RequestError(`The post with ID "${postId}" was not found.`);
  return { post: reply, head: false };
}

/** updateCommentPost `{commentId | suggestionId, postId, content}`. */
export function updateCommentPost(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const thread = findThread(ctx, req);
  const { post, head } = findPost(thread, req.postId);
  if (head && req.suggestionId !== undefined) {
    throw new RequestError('The first post of a suggestion thread cannot be updated.');
  }
  const content = checkContent(req.content, 'post content');
  post.content = content;
  post.contentHtml = escapeHtml(content);
  post.updateTime = (ctx.comments.now ?? (() => new Date()))().toISOString();
  return {};
}

/** deleteComment `{commentId}`: the thread, and its anchor when no other thread shares it. */
export function deleteComment(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const thread = findThread(ctx, { commentId: req.commentId });
  const doc = ctx.doc as DocumentWithComments;
  doc.comments = threadsOf(ctx).filter((t) => t !== thread);
  const anchorId = thread.anchorId;
  if (anchorId && !doc.comments.some((t) => t.anchorId === anchorId)) {
    for (const tab of eachTab(ctx)) {
      const anchors = (tab.documentTab as DocumentTabWithAnchors | undefined)?.commentAnchors;
      if (anchors?.[anchorId]) delete anchors[anchorId];
      pruneAnchors(tab);
    }
  }
  if (doc.comments.length === 0) delete doc.comments;
  return {};
}

/** deleteCommentReply `{commentId | suggestionId, postId}`: refused for a post with an action or an assignee. */
export function deleteCommentReply(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const thread = findThread(ctx, req);
  const { post, head } = findPost(thread, req.postId);
  if (head) throw new RequestError('The first post of a thread is not a reply; delete the comment instead.');
  if (post.commentAction === 'RESOLVE' || post.commentAction === 'REOPEN') {
    throw new RequestError('A reply that resolves or reopens the thread cannot be deleted.');
  }
  if (post.assigneeEmail) throw new RequestError('A reply that assigns the thread cannot be deleted.');
  thread.replies = (thread.replies ?? []).filter((p) => p !== post);
  if (thread.replies.length === 0) delete thread.replies;
  return {};
}

function eachTab(ctx: EngineContext): Tab[] {
  const out: Tab[] = [];
  const walk = (tabs: Tab[] | null | undefined) => {
    for (const t of tabs ?? []) {
      out.push(t);
      walk(t.childTabs);
    }
  };
  walk(ctx.doc.tabs);
  return out;
}

function eachRange(tab: Tab, seg: Segment, fn: (r: Range) => void): void {
  const anchors = (tab.documentTab as DocumentTabWithAnchors | undefined)?.commentAnchors;
  for (const anchor of Object.values(anchors ?? {})) {
    for (const r of anchor.ranges ?? []) if ((r.segmentId ?? '') === seg.id) fn(r);
  }
}

/**
 * Text of length `n` was inserted at `at`: anchors after it move, anchors around it grow; text
 * typed at an anchor's start or end stays outside it (as for named ranges).
 */
export function shiftCommentAnchors(tab: Tab, seg: Segment, at: number, n: number): void {
  eachRange(tab, seg, (r) => shiftForInsert(r, at, n));
}

/** [s, e) was deleted: anchors shrink or move; an anchor whose text is all gone is gone. */
export function cutCommentAnchors(tab: Tab, seg: Segment, s: number, e: number): void {
  const map = (x: number) => indexAfterCut(x, s, e);
  eachRange(tab, seg, (r) => {
    r.startIndex = map(r.startIndex ?? 0);
    r.endIndex = map(r.endIndex ?? 0);
  });
  pruneAnchors(tab);
}

function pruneAnchors(tab: Tab): void {
  const dt = tab.documentTab as DocumentTabWithAnchors | undefined;
  const anchors = dt?.commentAnchors;
  if (!dt || !anchors) return;
  for (const [id, anchor] of Object.entries(anchors)) {
    anchor.ranges = (anchor.ranges ?? []).filter((r) => (r.endIndex ?? 0) > (r.startIndex ?? 0));
    if (anchor.ranges.length === 0) delete anchors[id];
  }
  if (Object.keys(anchors).length === 0) delete dt.commentAnchors;
}

/** The handlers, by request type, for the engine's dispatch table. */
export const COMMENT_HANDLERS = {
  insertComment,
  addCommentReply,
  updateCommentPost,
  deleteComment,
  deleteCommentReply,
};
