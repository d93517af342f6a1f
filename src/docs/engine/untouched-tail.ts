/**
 * The body elements at the end of a batch's work copy that the caller proves no request reaches
 * (EngineOptions.untouchedAfter). They stay the input's own objects, and out of every request's
 * re-indexing, for as long as each request provably acts before them and cannot read or write
 * more of them than their order: a batch then re-derives their indices once, at its end, on copies
 * made then, rather than copying them first and walking them after every request. The first request
 * that may reach them, or that is not one of the few whose reach is known, ends that; from then on
 * they are what a whole copy of the document would hold at that point.
 */
import type { ParagraphElement, StructuralElement, TableCell, TableRow } from '../../ground/docs-json.js';
import { markStale } from '../../ground/stale-tail.js';
import { plainClone } from '../plain-clone.js';
import type { EngineContext } from './context.js';
import { elementLength, reindexContent } from './indices.js';
import { isRecord } from './json.js';

/**
 * The requests that read nothing of an element after the range or point they name but its place
 * in the order (a search stops before it, a bound check finds it later than the request's
 * indices) and change nothing there: while each stays before the tail, the tail's stale indices
 * answer every question they ask as its true ones would.
 */
const BLIND_TO_TAIL: ReadonlySet<string> = new Set([
  'insertText',
  'deleteContentRange',
  'updateTextStyle',
  'updateParagraphStyle',
]);

/** The last `count` elements of the body `content`. */
export interface Tail {
  content: StructuralElement[];
  count: number;
  /**
   * `input`: the input's own elements, out of re-indexing (their indices are those the input
   * has). `indexed`: index copies (`indexCopy`) re-indexed after every request, sharing runs,
   * styles and objects with the input.
   */
  state: 'input' | 'indexed';
  /**
   * The tab has footnotes: a deletion before the tail may then renumber the footnote references
   * in it (objects.ts `renumberFootnotes`), which is a write there.
   */
  footnotes: boolean;
}

/**
 * A tail of the input's own elements `content.slice(-count)`, out of the re-indexing of `ctx`
 * until the batch's first request that may reach it (`guardTail`) or its end (`settleTail`). It
 * must follow an element of the copy (`count < content.length`), whose end is where it starts.
 */
export function inputTail(
  ctx: EngineContext,
  { content, count, footnotes }: Pick<Tail, 'content' | 'count' | 'footnotes'>,
): Tail {
  ctx.reindexLater(content, count);
  return { content, count, state: 'input', footnotes };
}

/** Where the tail starts now: where the element before it ends. */
function startOf(tail: Tail): number {
  return startAt(tail.content, tail.content.length - tail.count);
}

/**
 * Before each request: a request that may reach the tail where it now starts (indices move with
 * each request, so the caller's proof in the input's indices does not cover a later request after
 * a deletion) gets a whole copy of the tail first, exactly what a whole copy of the document would
 * hold by then; one that stays before it but may read it as more than an order gets its index
 * copies, re-indexed. Returns the tail still left shared, or null.
 */
export function guardTail(
  ctx: EngineContext,
  tail: Tail,
  kind: string,
  request: unknown,
  suggest: boolean,
): Tail | null {
  const { content, count } = tail;
  const at = content.length - count;
  // Stale, the tail's indices still say where it started; a request before both that and where
  // it starts now finds every element of the tail after it, whichever it reads.
  const stale = content[at]!.startIndex ?? 0;
  const limit = tail.state === 'input' ? Math.min(stale, startOf(tail)) : stale;
  if (!staysBefore(request, limit)) {
    // plain-clone.ts: structuredClone's copy, without its cost per element (a tail has thousands).
    for (let i = at; i < content.length; i++) content[i] = plainClone(content[i]!);
    if (tail.state === 'input') {
      reindexContent(content, startOf(tail), at);
      ctx.reindexAll();
    }
    return null;
  }
  const renumbers = tail.footnotes && kind === 'deleteContentRange';
  if (tail.state === 'input' && (suggest || !BLIND_TO_TAIL.has(kind) || renumbers)) {
    indexTail(ctx, tail);
    return { ...tail, state: 'indexed' };
  }
  return tail;
}

/** After the batch's last request: the tail as a whole copy of the document would hold it. */
export function settleTail(ctx: EngineContext, tail: Tail): void {
  if (tail.state === 'input') indexTail(ctx, tail);
}

/**
 * After the batch's last request, for a caller that reads only the part the requests changed
 * (EngineOptions.tailLater): a tail still of the input's own elements is left so, its indices
 * stale, until ground/stale-tail.ts `settleDocument` (by whoever keeps or writes the whole
 * document). A write to Google sends the requests and never needs it; re-indexing a long tail is
 * most of a small edit's cost.
 */
export function leaveTail(tail: Tail): void {
  if (tail.state !== 'input') return;
  const { content, count } = tail;
  markStale(content, count, () => indexElements(content, count));
}

/** Where the element at `from` starts now: where the one before it ends. */
function startAt(content: StructuralElement[], from: number): number {
  return content[from - 1]!.endIndex ?? 0;
}

/**
 * The tail's input elements replaced by index copies, re-indexed from where it starts now: each
 * copied and re-indexed in turn, while it is at hand.
 */
function indexTail(ctx: EngineContext, tail: Tail): void {
  indexElements(tail.content, tail.count);
  ctx.reindexAll();
}

/** The last `count` elements of `content` replaced by index copies, re-indexed in turn. */
function indexElements(content: StructuralElement[], count: number): void {
  let pos = startAt(content, content.length - count);
  for (let i = content.length - count; i < content.length; i++) {
    const se = content[i]!;
    const paragraph = indexedParagraph(se, pos);
    if (paragraph) {
      content[i] = paragraph;
      pos = paragraph.endIndex!;
      continue;
    }
    content[i] = indexCopy(se);
    pos = reindexContent(content, pos, i, i + 1);
  }
}

/**
 * `indexCopy` and `reindexContent` of a plain paragraph starting at `start` in one pass, for the
 * usual case: the paragraph and each of its elements already hold both indices, so re-indexing
 * only overwrites them in the copy (keys keep their order, as `setIndices` keeps them). A tail is
 * mostly such paragraphs, and one pass over them costs less than copying and then walking them.
 * Undefined for anything else (a table, a missing index, a start at 0), which the two steps do.
 */
function indexedParagraph(se: StructuralElement, start: number): StructuralElement | undefined {
  const paragraph = se.paragraph;
  const elements = paragraph?.elements;
  if (!paragraph || !elements || se.table || se.tableOfContents || start === 0) return undefined;
  if (!('startIndex' in se) || !('endIndex' in se)) return undefined;
  const copies = new Array<ParagraphElement>(elements.length);
  let pos = start;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i]!;
    if (!('startIndex' in el) || !('endIndex' in el)) return undefined;
    const copy = { ...el };
    copy.startIndex = pos;
    pos += elementLength(el);
    copy.endIndex = pos;
    copies[i] = copy;
  }
  const out = { ...se, paragraph: { ...paragraph, elements: copies } };
  out.startIndex = start;
  out.endIndex = pos;
  return out;
}

/**
 * Whether a request provably acts only before body index `limit`: it names at least one index, no
 * segment end, and every index it names lies before `limit` (a deletion keeps the newline before
 * it, which would otherwise merge the element at `limit` into the one before).
 */
function staysBefore(request: unknown, limit: number): boolean {
  if (!isRecord(request)) return false;
  const entries = Object.entries(request);
  if (entries.length !== 1) return false;
  const [kind, value] = entries[0]!;
  const last = kind === 'deleteContentRange' ? limit - 1 : limit;
  let located = false;
  const within = (v: unknown): boolean => {
    if (typeof v !== 'object' || v === null) return true;
    if (Array.isArray(v)) return v.every(within);
    for (const [key, x] of Object.entries(v)) {
      if (key === 'endOfSegmentLocation') return false;
      if (key === 'index' || key === 'startIndex') {
        if (typeof x !== 'number' || x >= last) return false;
        located = true;
      } else if (key === 'endIndex') {
        if (typeof x !== 'number' || x > last) return false;
      } else if (!within(x)) return false;
    }
    return true;
  };
  return within(value) && located;
}

/**
 * A copy of a structural element that no request reaches: new objects only where the engine's
 * re-indexing writes (indices.ts `reindexContent`: the element, each paragraph element, table rows
 * and cells, and the containers holding them); runs, styles and objects are shared. Key order is
 * kept, so the copy serialises as a whole copy would.
 */
function indexCopy(se: StructuralElement): StructuralElement {
  const out = { ...se };
  const { paragraph, table, tableOfContents } = se;
  if (paragraph?.elements) out.paragraph = { ...paragraph, elements: shallowCopies(paragraph.elements) };
  if (table?.tableRows) {
    const rows = table.tableRows;
    const rowCopies = new Array<TableRow>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const cells = row.tableCells;
      if (!cells) {
        rowCopies[r] = { ...row };
        continue;
      }
      const cellCopies = new Array<TableCell>(cells.length);
      for (let c = 0; c < cells.length; c++) {
        const cell = cells[c]!;
        cellCopies[c] = cell.content ? { ...cell, content: indexCopies(cell.content) } : { ...cell };
      }
      rowCopies[r] = { ...row, tableCells: cellCopies };
    }
    out.table = { ...table, tableRows: rowCopies };
  }
  if (tableOfContents?.content)
    out.tableOfContents = { ...tableOfContents, content: indexCopies(tableOfContents.content) };
  return out;
}

function indexCopies(content: readonly StructuralElement[]): StructuralElement[] {
  const out = new Array<StructuralElement>(content.length);
  for (let i = 0; i < content.length; i++) out[i] = indexCopy(content[i]!);
  return out;
}

/** `list.map((x) => ({ ...x }))`, without a call per item. */
function shallowCopies<T extends object>(list: readonly T[]): T[] {
  const out = new Array<T>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = { ...list[i]! };
  return out;
}
