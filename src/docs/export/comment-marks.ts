/**
 * Comment markers in an export: the text a comment anchor covers gets the read-only `comment`
 * text property (`{!comment:ID}…{/!}`, grammar §3), naming the open comment threads on it. Works on
 * the finished model through its sources (types.ts: a text inline covers exactly its Docs
 * indices), so the exporter itself knows nothing of comments. Resolved threads are not marked, as
 * Docs does not highlight them.
 */
import type { CommentThread, DocumentTabWithAnchors } from '../../ground/comments-json.js';
import type { Range } from '../../ground/docs-json.js';
import type { Inline, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import type { BlockSource, CellBlockSource, FootnoteSource, ParagraphSource } from './types.js';

/** One anchor range in a segment, with the open threads on it. */
interface Mark {
  segmentId: string;
  start: number;
  end: number;
  ids: string[];
}

/** The marks of one tab: the anchors of open threads, by range. */
export function commentMarks(tab: DocumentTabWithAnchors, threads: readonly CommentThread[]): Mark[] {
  const open = new Map<string, string[]>();
  for (const t of threads) {
    if (!t.anchorId || !t.commentId || t.status === 'RESOLVED') continue;
    open.set(t.anchorId, [...(open.get(t.anchorId) ?? []), t.commentId]);
  }
  const marks: Mark[] = [];
  for (const [anchorId, anchor] of Object.entries(tab.commentAnchors ?? {})) {
    const ids = open.get(anchor.anchorId ?? anchorId);
    if (!ids) continue;
    for (const r of anchor.ranges ?? []) marks.push(markOf(r, ids));
  }
  return marks;
}

function markOf(r: Range, ids: string[]): Mark {
  return { segmentId: r.segmentId ?? '', start: r.startIndex ?? 0, end: r.endIndex ?? 0, ids };
}

/** `model` with every text inline covered by a mark split at the mark's edges and marked. */
export function markComments(
  model: MebdfDocument,
  sources: readonly BlockSource[],
  footnoteSources: Readonly<Record<string, FootnoteSource>>,
  marks: readonly Mark[],
): MebdfDocument {
  if (marks.length === 0) return model;
  const blocks = model.blocks.map((block, i) => {
    const source = sources[i];
    if (block.type === 'paragraph')
      return source?.kind === 'paragraph' ? markParagraph(block, source, marks) : block;
    if (source?.kind !== 'table') return block;
    return {
      ...block,
      rows: block.rows.map((row, r) =>
        row.map((cell, c) => {
          const cellSources = source.rows[r]?.cells[c]?.blocks ?? [];
          return { ...cell, blocks: cell.blocks.map((p, k) => markCellBlock(p, cellSources[k], marks)) };
        }),
      ),
    };
  });
  const footnotes: MebdfDocument['footnotes'] = {};
  for (const [label, paragraphs] of Object.entries(model.footnotes)) {
    const fs = footnoteSources[label]?.blocks ?? [];
    footnotes[label] = paragraphs.map((p, k) => markCellBlock(p, fs[k], marks));
  }
  return { blocks, footnotes };
}

function markCellBlock(
  p: ParagraphBlock,
  source: CellBlockSource | undefined,
  marks: readonly Mark[],
): ParagraphBlock {
  return source?.kind === 'paragraph' ? markParagraph(p, source, marks) : p;
}

function markParagraph(p: ParagraphBlock, source: ParagraphSource, marks: readonly Mark[]): ParagraphBlock {
  const here = marks.filter(
    (m) => m.segmentId === source.segmentId && m.start < source.endIndex && m.end > source.startIndex,
  );
  if (here.length === 0) return p;
  const inlines: Inline[] = [];
  p.inlines.forEach((inline, k) => {
    const at = source.inlines[k];
    if (inline.type !== 'text' || !at || at.end - at.start !== inline.text.length) {
      inlines.push(inline);
      return;
    }
    const cuts = new Set([at.start, at.end]);
    for (const m of here) {
      if (m.start > at.start && m.start < at.end) cuts.add(m.start);
      if (m.end > at.start && m.end < at.end) cuts.add(m.end);
    }
    const edges = [...cuts].sort((a, b) => a - b);
    let pending: { text: string; ids: string } | undefined;
    const flush = () => {
      if (!pending) return;
      const style = { ...inline.style };
      if (pending.ids) style.comment = pending.ids;
      else delete style.comment;
      inlines.push({ type: 'text', text: pending.text, style });
      pending = undefined;
    };
    for (let e = 0; e + 1 < edges.length; e++) {
      const from = edges[e]!;
      const to = edges[e + 1]!;
      const ids = [...new Set(here.filter((m) => m.start <= from && m.end >= to).flatMap((m) => m.ids))]
        .sort()
        .join(' ');
      const text = inline.text.slice(from - at.start, to - at.start);
      if (pending && pending.ids === ids) pending.text += text;
      else {
        flush();
        pending = { text, ids };
      }
    }
    flush();
  });
  return { ...p, inlines };
}
