/**
 * The Docs API's comment shapes (Developer Preview, discovery rev 20260921), which the generated
 * client's types do not have yet: `Document.comments` (with `commentsViewMode`
 * COMMENTS_VIEW_MODE_INCLUDED), `DocumentTab.commentAnchors` keyed by anchor id, and the posts of a
 * thread. Field names are the discovery document's. Ground: imports nothing of ours but Docs JSON.
 */

import type { Document, DocumentTab, Range } from './docs-json.js';
import type { SuggestionsViewMode } from './suggestions.js';

export interface PostAuthor {
  anonymous?: boolean | null;
  displayName?: string | null;
  me?: boolean | null;
  user?: string | null;
}

export type CommentAction =
  | 'COMMENT_ACTION_TYPE_UNSPECIFIED'
  | 'NO_COMMENT_ACTION_CHANGE'
  | 'RESOLVE'
  | 'REOPEN';

export interface Post {
  postId?: string | null;
  author?: PostAuthor | null;
  content?: string | null;
  contentHtml?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
  commentAction?: CommentAction | null;
  assigneeEmail?: string | null;
  deleted?: boolean | null;
}

export interface CommentThread {
  commentId?: string | null;
  anchorId?: string | null;
  headPost?: Post | null;
  replies?: Post[] | null;
  plainTextQuote?: string | null;
  status?: 'STATUS_UNSPECIFIED' | 'OPEN' | 'RESOLVED' | null;
}

export interface CommentAnchor {
  anchorId?: string | null;
  ranges?: Range[] | null;
}

/** A DocumentTab as read with comments included. */
export type DocumentTabWithAnchors = DocumentTab & { commentAnchors?: Record<string, CommentAnchor> | null };

/** A Document as read with comments included. */
export type DocumentWithComments = Document & {
  comments?: CommentThread[] | null;
  commentsViewMode?: string | null;
};

/** `documents.get` options beyond the tabs shape every read has. */
export interface GetOptions {
  /**
   * `commentsViewMode=COMMENTS_VIEW_MODE_INCLUDED`: the document's comment threads and each tab's
   * comment anchors (a failure to read them is an error). `'if-available'`: the same, but a
   * backend that cannot read them (a project not enrolled in the preview, a reader) returns the
   * document without them; the result's `commentsViewMode` says which it is.
   */
  comments?: boolean | 'if-available';
  /** `suggestionsViewMode=`: SUGGESTIONS_INLINE when absent (suggestions.ts). */
  suggestionsViewMode?: SuggestionsViewMode;
}
