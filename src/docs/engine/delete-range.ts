/**
 * deleteContentRange and the deletion primitive. Google's two merge rules: a range that starts
 * strictly inside paragraph A keeps A's style/headingId/bullet and absorbs the tail of the
 * paragraph holding the end; a range that starts at a paragraph start drops every covered
 * paragraph and the paragraph holding the end keeps its own style. Refused: the final newline of a
 * segment or cell, half a surrogate pair, part of a table/TOC, the newline before a
 * table/TOC/section break without that element.
 */
import type { Paragraph, ParagraphElement, StructuralElement, Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import type { Segment } from './document.js';
import { resolveRange, segmentEnd } from './locations.js';
import { cutNamedRanges } from './named-ranges.js';
import { renumberFootnotes } from './objects.js';
import { cutElements, elementAt, markFresh } from './paragraphs.js';
import { splitsSurrogatePair } from './utf16.js';

const INVALID = 'Invalid deletion range. Cannot delete the requested range.';
const start = (x: { startIndex?: number | null }) => x.startIndex ?? 0;
const end = (x: { endIndex?: number | null }) => x.endIndex ?? 0;

/** Everything a deletion removed that owns an entry elsewhere in the tab. */
interface Removed {
  elements: ParagraphElement[];
  positionedObjectIds: string[];
}

function collectParagraph(p: Paragraph, out: Removed): void {
  out.elements.push(...(p.elements ?? []));
  out.positionedObjectIds.push(...(p.positionedObjectIds ?? []));
}

function collectStructural(se: StructuralElement, out: Removed): void {
  if (se.paragraph) collectParagraph(se.paragraph, out);
  for (const row of se.table?.tableRows ?? []) {
    for (const cell of row.tableCells ?? []) for (const c of cell.content ?? []) collectStructural(c, out);
  }
  for (const c of se.tableOfContents?.content ?? []) collectStructural(c, out);
}

function checkSurrogate(content: StructuralElement[], index: number): void {
  for (const se of content) {
    if (index <= start(se) || index >= end(se)) continue;
    if (se.paragraph) {
      const el = elementAt(se.paragraph, index);
      if (el?.textRun && splitsSurrogatePair(el.textRun.content ?? '', index - start(el))) {
        throw new RequestError(INVALID);
      }
    }
    for (const row of se.table?.tableRows ?? []) {
      for (const cell of row.tableCells ?? []) checkSurrogate(cell.content ?? [], index);
    }
  }
}

/** Delete [s, e) inside one content list (a segment or a cell). */
function deleteIn(
  ctx: EngineContext,
  content: StructuralElement[],
  s: number,
  e: number,
  removed: Removed,
): void {
  const i = content.findIndex((se) => end(se) > s);
  let j = i;
  while (j + 1 < content.length && start(content[j + 1]!) < e) j++;
  if (i < 0) throw new RequestError(INVALID);
  const first = content[i]!;
  // A range wholly inside one table: it must stay inside one cell.
  if (i === j && (first.table || first.tableOfContents) && !(s <= start(first) && end(first) <= e)) {
    if (first.tableOfContents) throw new RequestError(INVALID);
    for (const row of first.table!.tableRows ?? []) {
      for (const cell of row.tableCells ?? []) {
        if (s > start(cell) && e <= end(cell)) {
          if (e === end(cell)) throw new RequestError(INVALID);
          deleteIn(ctx, cell.content ?? [], s, e, removed);
          return;
        }
      }
    }
    throw new RequestError(INVALID);
  }
  // Non-paragraph elements must be deleted whole; the section break at 0 never.
  for (let k = i; k <= j; k++) {
    const se = content[k]!;
    if (se.paragraph) continue;
    if (se.sectionBreak && start(se) === 0) throw new RequestError(INVALID);
    if (!(s <= start(se) && end(se) <= e)) throw new RequestError(INVALID);
  }
  const last = content[j]!;
  const next = content[j + 1];
  // The newline just before a table/TOC/section break cannot go without that element.
  if (end(last) === e && last.paragraph && next && !next.paragraph) throw new RequestError(INVALID);

  if (first.paragraph && s > start(first)) {
    const a = first.paragraph;
    if (e < end(first)) {
      removed.elements.push(...cutElements(a, s, e));
      ctx.dirty.add(a);
      return;
    }
    // A's newline goes: A absorbs the tail of the paragraph that holds e.
    const cIdx = end(last) === e ? j + 1 : j;
    const c = content[cIdx]?.paragraph;
    if (!c) throw new RequestError(INVALID);
    removed.elements.push(...cutElements(a, s, end(first)));
    removed.elements.push(...cutElements(c, start(content[cIdx]!), e));
    const tail = c.elements ?? [];
    if (tail[0]) markFresh(tail[0]);
    a.elements = [...(a.elements ?? []), ...tail];
    if (c.positionedObjectIds?.length)
      a.positionedObjectIds = [...(a.positionedObjectIds ?? []), ...c.positionedObjectIds];
    for (let k = i + 1; k < cIdx; k++) collectStructural(content[k]!, removed);
    content.splice(i + 1, cIdx - i);
    ctx.dirty.add(a);
    return;
  }
  // The range starts at an element start: covered elements go, the end paragraph keeps its style.
  let lastKept = j;
  if (end(last) > e) {
    const p = last.paragraph!;
    removed.elements.push(...cutElements(p, start(last), e));
    ctx.dirty.add(p);
    lastKept = j - 1;
  }
  for (let k = i; k <= lastKept; k++) collectStructural(content[k]!, removed);
  content.splice(i, lastKept - i + 1);
  // Google never leaves two tables (or a table and a TOC) with no paragraph between them.
  const before = content[i - 1];
  const after = content[i];
  if (before && after && !before.paragraph && !before.sectionBreak && !after.paragraph) {
    throw new RequestError(INVALID);
  }
}

/** Drop what removed elements owned: footnotes, inline objects, positioned objects; renumber footnotes. */
function releaseObjects(tab: Tab, removed: Removed): void {
  const dt = tab.documentTab!;
  if (removed.elements.some((el) => el.footnoteReference)) renumberFootnotes(tab);
  for (const el of removed.elements) {
    const fid = el.footnoteReference?.footnoteId;
    if (fid && dt.footnotes) delete dt.footnotes[fid];
    const oid = el.inlineObjectElement?.inlineObjectId;
    if (oid && dt.inlineObjects) delete dt.inlineObjects[oid];
  }
  for (const id of removed.positionedObjectIds) if (dt.positionedObjects) delete dt.positionedObjects[id];
  if (dt.footnotes && Object.keys(dt.footnotes).length === 0) delete dt.footnotes;
  if (dt.inlineObjects && Object.keys(dt.inlineObjects).length === 0) delete dt.inlineObjects;
  if (dt.positionedObjects && Object.keys(dt.positionedObjects).length === 0) delete dt.positionedObjects;
}

/** Structural elements (or table cells' content) were removed: release what they owned. */
export function releaseRemoved(tab: Tab, content: StructuralElement[]): void {
  const removed: Removed = { elements: [], positionedObjectIds: [] };
  for (const se of content) collectStructural(se, removed);
  releaseObjects(tab, removed);
}

/** Delete [s, e) of a segment, keeping named ranges and object maps consistent. */
export function deleteRangeIn(ctx: EngineContext, tab: Tab, seg: Segment, s: number, e: number): void {
  const segEnd = segmentEnd(seg);
  if (e >= segEnd) {
    throw new RequestError('The range cannot include the newline character at the end of the segment.');
  }
  if (seg.kind === 'body' && s < 1) throw new RequestError(INVALID);
  checkSurrogate(seg.content, s);
  checkSurrogate(seg.content, e);
  const removed: Removed = { elements: [], positionedObjectIds: [] };
  deleteIn(ctx, seg.content, s, e, removed);
  releaseObjects(tab, removed);
  cutNamedRanges(tab, seg, s, e);
  ctx.touch(seg);
  ctx.reindex(seg);
}

/** deleteContentRange `{range}`. */
export function deleteContentRange(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const { tab, seg, start: s, end: e } = resolveRange(ctx, req.range);
  deleteRangeIn(ctx, tab, seg, s, e);
  ctx.current(seg);
  return {};
}
