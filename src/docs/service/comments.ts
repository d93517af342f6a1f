/**
 * Comment use cases over a Backend: list the threads (with their quoted text, the section their
 * anchor is in, replies and state), add a comment on a quoted passage or a heading, reply, resolve
 * or reopen. Each is one read and at most one `batchUpdate` of the Developer Preview comment
 * requests (src/docs/engine/comments.ts; docs/COMMENTS-API.md).
 */
import { ValidationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type {
  CommentThread,
  DocumentTabWithAnchors,
  DocumentWithComments,
  Post,
} from '../../ground/comments-json.js';
import type { Document } from '../../ground/docs-json.js';
import { plainText } from '../engine/comments.js';
import { segmentOf } from '../engine/document.js';
import { listTabs } from '../export/index.js';
import { findPassage, sectionAt } from '../structure/comment-places.js';

export interface CommentPost {
  post_id: string;
  author: string;
  content: string;
  created: string;
  /** `resolve` / `reopen` for a post that changed the thread's state. */
  action?: 'resolve' | 'reopen';
}

export interface CommentAnchorPlace {
  tab_id: string;
  /** The innermost section holding the anchor's start ("" = the preamble); absent outside the body. */
  section_anchor_id?: string;
  section_heading?: string;
  /** The anchor's Docs range (the first one, for an anchor of several ranges). */
  start_index: number;
  end_index: number;
  /** `''` for the body, else the header, footer or footnote id. */
  segment_id?: string;
}

export interface CommentSummary {
  comment_id: string;
  status: 'open' | 'resolved';
  /** The text the comment is on now ('' when its text was deleted). */
  quote: string;
  /** The text quoted when the comment was made. */
  original_quote: string;
  /** Where the anchor is; absent when the text it was on is gone. */
  anchor?: CommentAnchorPlace;
  author: string;
  content: string;
  created: string;
  replies: CommentPost[];
}

export interface ListCommentsResult {
  success: true;
  comments: CommentSummary[];
  revision_id: string;
}

export async function listCommentsService(
  backend: Backend,
  params: { document_id: string; tab_id?: string | undefined; include_resolved?: boolean | undefined },
): Promise<ListCommentsResult> {
  const doc = await readWithComments(backend, params.document_id);
  const places = anchorPlaces(doc);
  const threads = ((doc as DocumentWithComments).comments ?? []).filter(
    (t) => params.include_resolved !== false || t.status !== 'RESOLVED',
  );
  const comments = threads
    .map((t) => summary(t, places.get(t.anchorId ?? '')))
    .filter((c) => !params.tab_id || c.anchor?.tab_id === params.tab_id);
  return { success: true, comments, revision_id: doc.revisionId ?? '' };
}

export interface AddCommentParams {
  document_id: string;
  tab_id?: string | undefined;
  /** The section to look in (and, without a quote, whose heading to comment on). */
  anchor_id?: string | undefined;
  quote?: string | undefined;
  occurrence?: number | undefined;
  content: string;
}

export interface AddCommentResult {
  success: true;
  comment_id: string;
  quote: string;
  anchor: CommentAnchorPlace;
}

export async function addCommentService(
  backend: Backend,
  params: AddCommentParams,
): Promise<AddCommentResult> {
  checkText(params.content, 'content');
  const doc = await backend.get(params.document_id);
  const passage = findPassage(doc, {
    tabId: params.tab_id,
    anchorId: params.anchor_id,
    quote: params.quote,
    occurrence: params.occurrence,
  });
  const response = await backend.batchUpdate(params.document_id, {
    requests: [
      {
        insertComment: {
          range: { tabId: passage.tabId, startIndex: passage.startIndex, endIndex: passage.endIndex },
          content: params.content,
        },
      } as never,
    ],
    // The indices are those of this read: refused, not misplaced, if the document moved since.
    writeControl: { requiredRevisionId: doc.revisionId ?? null },
  });
  const reply = response.replies?.[0] as { insertComment?: { commentThread?: CommentThread } } | undefined;
  const thread = reply?.insertComment?.commentThread;
  const section = sectionAt(doc, passage.tabId)(passage.startIndex);
  return {
    success: true,
    comment_id: thread?.commentId ?? '',
    quote: passage.text,
    anchor: {
      tab_id: passage.tabId,
      section_anchor_id: section.anchor_id,
      section_heading: section.heading_text,
      start_index: passage.startIndex,
      end_index: passage.endIndex,
    },
  };
}

export interface ReplyResult {
  success: true;
  comment_id: string;
  post_id: string;
  status: 'open' | 'resolved';
}

export async function replyToCommentService(
  backend: Backend,
  params: { document_id: string; comment_id: string; content: string },
): Promise<ReplyResult> {
  checkText(params.content, 'content');
  return await reply(backend, params.document_id, params.comment_id, { content: params.content });
}

export async function resolveCommentService(
  backend: Backend,
  params: {
    document_id: string;
    comment_id: string;
    content?: string | undefined;
    reopen?: boolean | undefined;
  },
): Promise<ReplyResult> {
  const post: Post = { commentAction: params.reopen ? 'REOPEN' : 'RESOLVE' };
  if (params.content) post.content = params.content;
  return await reply(backend, params.document_id, params.comment_id, post);
}

async function reply(
  backend: Backend,
  documentId: string,
  commentId: string,
  post: Post,
): Promise<ReplyResult> {
  const doc = await readWithComments(backend, documentId);
  const thread = ((doc as DocumentWithComments).comments ?? []).find((t) => t.commentId === commentId);
  if (thread && post.content === undefined && post.commentAction) {
    // Already in the state asked for, with nothing to say: nothing to write (resolving is idempotent).
    const resolve = post.commentAction === 'RESOLVE';
    if ((thread.status === 'RESOLVED') === resolve) {
      return { success: true, comment_id: commentId, post_id: '', status: resolve ? 'resolved' : 'open' };
    }
  }
  if (!thread) {
    const ids = ((doc as DocumentWithComments).comments ?? []).map((t) => t.commentId).slice(0, 20);
    throw new ValidationError(
      `The document has no comment ${JSON.stringify(commentId)}.`,
      ids.length
        ? `list_comments lists them: ${ids.join(', ')}.`
        : 'The document has no comments; list_comments lists them.',
    );
  }
  const response = await backend.batchUpdate(documentId, {
    requests: [{ addCommentReply: { commentId, post } } as never],
  });
  const made = (response.replies?.[0] as { addCommentReply?: { post?: Post } } | undefined)?.addCommentReply
    ?.post;
  const status =
    post.commentAction === 'RESOLVE'
      ? 'resolved'
      : post.commentAction === 'REOPEN'
        ? 'open'
        : thread.status === 'RESOLVED'
          ? 'resolved'
          : 'open';
  return { success: true, comment_id: commentId, post_id: made?.postId ?? '', status };
}

/** A read with comments; a backend that cannot read them is an error here (unlike an import's read). */
async function readWithComments(backend: Backend, documentId: string): Promise<Document> {
  return await backend.get(documentId, { comments: true });
}

function checkText(text: string, name: string): void {
  if (text.trim() === '') throw new ValidationError(`${name} is empty.`, 'Write the text of the comment.');
  if (Buffer.byteLength(text, 'utf8') > 2048) {
    throw new ValidationError(`${name} is longer than Docs allows (2048 bytes of UTF-8).`, 'Shorten it.');
  }
}

/** Every comment anchor of the document: where it is and the text it covers now. */
function anchorPlaces(doc: Document): Map<string, { place: CommentAnchorPlace; text: string }> {
  const out = new Map<string, { place: CommentAnchorPlace; text: string }>();
  for (const t of listTabs(doc)) {
    const dt = t.content as DocumentTabWithAnchors;
    const anchors = Object.entries(dt.commentAnchors ?? {});
    if (anchors.length === 0) continue;
    const tab = { documentTab: dt };
    let section: ReturnType<typeof sectionAt> | undefined;
    for (const [id, anchor] of anchors) {
      const ranges = anchor.ranges ?? [];
      const first = ranges[0];
      if (!first) continue;
      const segmentId = first.segmentId ?? '';
      const text = ranges
        .map((r) => {
          const seg = segmentOf(tab, r.segmentId);
          return seg ? plainText(seg.content, r.startIndex ?? 0, r.endIndex ?? 0) : '';
        })
        .join(' … ');
      const place: CommentAnchorPlace = {
        tab_id: t.tabId,
        start_index: first.startIndex ?? 0,
        end_index: first.endIndex ?? 0,
      };
      if (segmentId) place.segment_id = segmentId;
      else {
        section ??= sectionAt(doc, t.tabId);
        const s = section(first.startIndex ?? 0);
        place.section_anchor_id = s.anchor_id;
        place.section_heading = s.heading_text;
      }
      out.set(anchor.anchorId ?? id, { place, text });
    }
  }
  return out;
}

function postOf(p: Post): CommentPost {
  const out: CommentPost = {
    post_id: p.postId ?? '',
    author: p.author?.displayName ?? '',
    content: p.content ?? '',
    created: p.createTime ?? '',
  };
  if (p.commentAction === 'RESOLVE') out.action = 'resolve';
  if (p.commentAction === 'REOPEN') out.action = 'reopen';
  return out;
}

function summary(
  t: CommentThread,
  at: { place: CommentAnchorPlace; text: string } | undefined,
): CommentSummary {
  const head = t.headPost ? postOf(t.headPost) : undefined;
  return {
    comment_id: t.commentId ?? '',
    status: t.status === 'RESOLVED' ? 'resolved' : 'open',
    quote: at?.text ?? '',
    original_quote: t.plainTextQuote ?? '',
    ...(at ? { anchor: at.place } : {}),
    author: head?.author ?? '',
    content: head?.content ?? '',
    created: head?.created ?? '',
    replies: (t.replies ?? []).filter((p) => !p.deleted).map(postOf),
  };
}
