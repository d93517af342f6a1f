/**
 * Comments across an import. Markers (`{!comment:ID}…{/!}`, from an export with `comments: true`)
 * are read-only: they are removed before the import reads its base or plans, so they never
 * create, move or delete a comment, and text that still carries them imports exactly as the same
 * text without them. Comments follow their text as Docs moves anchors: an edit elsewhere keeps
 * them, an edit inside one shrinks or grows it, and an edit that deletes all the text of an anchor
 * drops it; those are reported, by comment id and quote, in the import's warnings (dry run too).
 */
import type {
  CommentThread,
  DocumentTabWithAnchors,
  DocumentWithComments,
} from '../../ground/comments-json.js';
import type { Document } from '../../ground/docs-json.js';
import { settleDocument } from '../../ground/stale-tail.js';
import { parseMebdf, stringifyMebdf } from '../../mebdf/index.js';
import type { Block, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { COMMENTS_INCLUDED } from '../backends/comments-view.js';
import { plainText } from '../engine/comments.js';
import { segmentOf } from '../engine/document.js';
import { resolveTab } from '../export/index.js';
import { COMMENT_MARKER } from './comment-markers.js';

export { IMPORT_READ } from './comment-markers.js';

/** `content` without comment markers (unchanged when it has none or does not parse). */
export function withoutCommentMarkers(content: string): string {
  if (!COMMENT_MARKER.test(content)) return content;
  let model: MebdfDocument;
  try {
    model = parseMebdf(content);
  } catch {
    return content; // the import's own parse reports what is wrong
  }
  let marked = false;
  const strip = (p: ParagraphBlock): ParagraphBlock => ({
    ...p,
    inlines: p.inlines.map((i) => {
      if (i.type !== 'text' || i.style.comment === undefined) return i;
      marked = true;
      const { comment: _ids, ...style } = i.style;
      return { ...i, style };
    }),
  });
  const block = (b: Block): Block =>
    b.type === 'paragraph'
      ? strip(b)
      : { ...b, rows: b.rows.map((row) => row.map((cell) => ({ ...cell, blocks: cell.blocks.map(strip) }))) };
  const stripped: MebdfDocument = {
    blocks: model.blocks.map(block),
    footnotes: Object.fromEntries(Object.entries(model.footnotes).map(([k, ps]) => [k, ps.map(strip)])),
  };
  return marked ? stringifyMebdf(stripped) : content;
}

/**
 * What the planned write does to the comments of the tab: one warning per comment whose text it
 * deletes (Docs then drops the anchor) or changes (the anchor keeps what is left of it, as the
 * minimal edit leaves it). `before` is the read (nothing is said when it was made without
 * comments); `after` the verified result of the plan.
 */
export function commentChanges(before: Document, after: Document, tabId: string): string[] {
  if ((before as DocumentWithComments).commentsViewMode !== COMMENTS_INCLUDED) return [];
  const was = resolveTab(before, tabId).content as DocumentTabWithAnchors;
  // Anchors after the edit are found by their indices: settled first (ground/stale-tail.ts).
  const now = resolveTab(settleDocument(after), tabId).content as DocumentTabWithAnchors;
  const threads: readonly CommentThread[] = (before as DocumentWithComments).comments ?? [];
  const warnings: string[] = [];
  for (const anchorId of Object.keys(was.commentAnchors ?? {})) {
    const quote = anchorText(was, anchorId);
    const left = now.commentAnchors?.[anchorId] ? anchorText(now, anchorId) : undefined;
    if (left === quote) continue;
    for (const t of threads.filter((x) => x.anchorId === anchorId)) {
      const what = `${t.status === 'RESOLVED' ? 'resolved comment' : 'comment'} ${t.commentId} ("${shorten(quote || t.plainTextQuote || '')}")`;
      warnings.push(
        left === undefined
          ? `The edit deletes all the text of ${what}, so Docs drops its anchor: the thread stays, attached to no text.`
          : `The edit changes the text of ${what}: the comment stays on what is left of it, "${shorten(left)}".`,
      );
    }
  }
  return warnings;
}

function anchorText(dt: DocumentTabWithAnchors, anchorId: string): string {
  const tab = { documentTab: dt };
  return (dt.commentAnchors?.[anchorId]?.ranges ?? [])
    .map((r) => {
      const seg = segmentOf(tab, r.segmentId);
      return seg ? plainText(seg.content, r.startIndex ?? 0, r.endIndex ?? 0) : '';
    })
    .join(' … ');
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}…` : flat;
}
