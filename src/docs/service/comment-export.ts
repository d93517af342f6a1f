/**
 * Export with `comments: true`: the same export, with the text under each open comment shown in
 * `{!comment:ID}…{/!}` markers. The base an import checks against is the export without them
 * (an import removes markers before anything else, comment-import.ts), so a marked read and a
 * plain one are interchangeable bases.
 */
import type {
  CommentThread,
  DocumentTabWithAnchors,
  DocumentWithComments,
} from '../../ground/comments-json.js';
import type { Document } from '../../ground/docs-json.js';
import { stringifyMebdf } from '../../mebdf/index.js';
import { commentMarks, markComments } from '../export/comment-marks.js';
import { resolveTab, shownModel, type TabExport } from '../export/index.js';

/** The export's text with comment markers (the plain text when no open comment is on it). */
export function markedContent(doc: Document, out: TabExport): string {
  const tab = resolveTab(doc, out.tabId).content as DocumentTabWithAnchors;
  const threads: readonly CommentThread[] = (doc as DocumentWithComments).comments ?? [];
  const marks = commentMarks(tab, threads);
  if (marks.length === 0) return out.content;
  return stringifyMebdf(
    shownModel(markComments(out.model, out.sources, out.footnoteSources, marks), out.shown),
  );
}

/** Said when a target too large for one read is handed out in parts: parts carry no markers. */
export const PARTS_WITHOUT_MARKERS =
  'Comment markers are shown only when the target fits in one read; this part has none. list_comments lists the comments with their quoted text.';
