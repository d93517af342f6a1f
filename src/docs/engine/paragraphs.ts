/**
 * Paragraph-level primitives: find the paragraph at an index, walk the paragraphs a range covers,
 * split element lists at an index, cut a range out of a paragraph, split a paragraph at its inner
 * newlines, merge equal runs.
 */
import type {
  DocsTextStyle,
  Paragraph,
  ParagraphElement,
  StructuralElement,
  TableCell,
} from '../../ground/docs-json.js';
import { elementLength } from './indices.js';
import { deepEqual } from './json.js';

/** Where an index lands: the paragraph holding it and the content list that holds that paragraph. */
export interface ParagraphHit {
  container: StructuralElement[];
  pos: number;
  se: StructuralElement;
  para: Paragraph;
  cell?: TableCell;
  inToc: boolean;
}

/**
 * Elements created or exposed by an edit. Only runs next to an edit are merged: real documents
 * contain adjacent equal runs that Google left alone, and those must survive untouched.
 */
const fresh = new WeakSet<object>();

/** Mark an element as touched by an edit (it may merge with an equal neighbour). */
export function markFresh(el: ParagraphElement): ParagraphElement {
  fresh.add(el);
  return el;
}

const start = (x: { startIndex?: number | null }) => x.startIndex ?? 0;
const end = (x: { endIndex?: number | null }) => x.endIndex ?? 0;

/** The paragraph with start <= index < end (descending into tables and TOCs), if any. */
export function findParagraph(
  content: StructuralElement[],
  index: number,
  cell?: TableCell,
  inToc = false,
): ParagraphHit | undefined {
  // Binary search the top level: content is sorted and contiguous.
  let lo = 0;
  let hi = content.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const se = content[mid]!;
    if (index < start(se)) hi = mid - 1;
    else if (index >= end(se)) lo = mid + 1;
    else {
      if (se.paragraph) return { container: content, pos: mid, se, para: se.paragraph, cell, inToc };
      if (se.table) {
        for (const row of se.table.tableRows ?? []) {
          for (const c of row.tableCells ?? []) {
            if (index > start(c) && index < end(c)) return findParagraph(c.content ?? [], index, c, inToc);
          }
        }
        return undefined;
      }
      if (se.tableOfContents) return findParagraph(se.tableOfContents.content ?? [], index, cell, true);
      return undefined;
    }
  }
  return undefined;
}

/** The element of a paragraph that covers `index`. */
export function elementAt(para: Paragraph, index: number): ParagraphElement | undefined {
  return (para.elements ?? []).find((el) => start(el) <= index && index < end(el));
}

/** The style new text at `index` takes: the preceding character's, or the following run's at a paragraph start. */
export function insertionStyle(hit: ParagraphHit, index: number): DocsTextStyle {
  const ref = index > start(hit.se) ? elementAt(hit.para, index - 1) : elementAt(hit.para, index);
  return structuredClone((ref && elementStyle(ref)) ?? {});
}

/** The textStyle an element carries (every element kind has one inside its kind object). */
export function elementStyle(el: ParagraphElement): DocsTextStyle | undefined {
  for (const [k, v] of Object.entries(el)) {
    if (k !== 'startIndex' && k !== 'endIndex' && v && typeof v === 'object' && 'textStyle' in v) {
      return (v as { textStyle?: DocsTextStyle }).textStyle;
    }
  }
  return undefined;
}

function cloneRunShell(el: ParagraphElement, content: string): ParagraphElement {
  const copy = structuredClone(el);
  copy.textRun!.content = content;
  return copy;
}

/**
 * Make `index` an element boundary inside `para` (splitting a text run) and return the array
 * position of the first element starting at or after `index`. Element indices must be current.
 */
export function splitElementsAt(para: Paragraph, index: number): number {
  const els = para.elements ?? [];
  for (let k = 0; k < els.length; k++) {
    const el = els[k]!;
    const s = start(el);
    const e = s + elementLength(el);
    if (index <= s) return k;
    if (index < e && el.textRun) {
      const text = el.textRun.content ?? '';
      const cut = index - s;
      const left = cloneRunShell(el, text.slice(0, cut));
      left.endIndex = index;
      const right = cloneRunShell(el, text.slice(cut));
      right.startIndex = index;
      els.splice(k, 1, markFresh(left), markFresh(right));
      return k + 1;
    }
  }
  return els.length;
}

/** Remove the elements of `para` inside [s, e); returns the removed elements. */
export function cutElements(para: Paragraph, s: number, e: number): ParagraphElement[] {
  const els = para.elements ?? [];
  const a = splitElementsAt(para, s);
  // Indices of the right half are still valid after the split, so e can be located the same way.
  const b = splitElementsAt(para, e);
  const removed = els.splice(a, b - a);
  if (els[a - 1]) markFresh(els[a - 1]!);
  if (els[a]) markFresh(els[a]!);
  return removed;
}

/**
 * Split a paragraph whose text runs contain inner newlines into several paragraphs. The first
 * keeps the original paragraph object (style, headingId, bullet, positioned objects); the others
 * copy its paragraph style and bullet, and a heading copy gets a fresh heading id.
 */
export function splitAtNewlines(para: Paragraph, newHeadingId: () => string): Paragraph[] {
  const groups: ParagraphElement[][] = [[]];
  for (const el of para.elements ?? []) {
    if (!el.textRun) {
      groups[groups.length - 1]!.push(el);
      continue;
    }
    const text = el.textRun.content ?? '';
    if (text.indexOf('\n') === text.length - 1 || !text.includes('\n')) {
      groups[groups.length - 1]!.push(el);
      if (text.endsWith('\n')) groups.push([]);
      continue;
    }
    let from = 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      groups[groups.length - 1]!.push(markFresh(cloneRunShell(el, text.slice(from, i + 1))));
      groups.push([]);
      from = i + 1;
    }
    if (from < text.length) groups[groups.length - 1]!.push(markFresh(cloneRunShell(el, text.slice(from))));
  }
  if (groups[groups.length - 1]!.length === 0) groups.pop();
  if (groups.length <= 1) return [para];
  para.elements = groups[0]!;
  const out: Paragraph[] = [para];
  for (const g of groups.slice(1)) {
    const p: Paragraph = { elements: g };
    if (para.paragraphStyle) {
      const ps = structuredClone(para.paragraphStyle);
      if (ps.headingId) ps.headingId = newHeadingId();
      p.paragraphStyle = ps;
    }
    if (para.bullet) p.bullet = structuredClone(para.bullet);
    out.push(p);
  }
  return out;
}

/** Runs are equal in everything but their text (style, suggestions). */
function sameRunShape(a: ParagraphElement, b: ParagraphElement): boolean {
  if (!a.textRun || !b.textRun) return false;
  const { content: _a, ...ra } = a.textRun;
  const { content: _b, ...rb } = b.textRun;
  const { textRun: _ta, startIndex: _sa, endIndex: _ea, ...oa } = a;
  const { textRun: _tb, startIndex: _sb, endIndex: _eb, ...ob } = b;
  return deepEqual(ra, rb) && deepEqual(oa, ob);
}

/** Drop empty runs and merge adjacent runs with equal style, as Google's output always has them. */
export function normalizeParagraph(para: Paragraph): void {
  const out: ParagraphElement[] = [];
  for (const el of para.elements ?? []) {
    if (el.textRun && (el.textRun.content ?? '') === '') continue;
    const prev = out[out.length - 1];
    if (prev && (fresh.has(prev) || fresh.has(el)) && sameRunShape(prev, el)) {
      prev.textRun!.content = (prev.textRun!.content ?? '') + (el.textRun!.content ?? '');
      prev.endIndex = el.endIndex ?? null;
      continue;
    }
    out.push(el);
  }
  para.elements = out;
}

/** A paragraph reached by a walk, with the structure around it. */
export interface ParagraphRef {
  se: StructuralElement;
  para: Paragraph;
  cell?: TableCell;
  container: StructuralElement[];
}

/** Every paragraph overlapping [s, e), descending into tables and TOCs, in document order. */
export function paragraphsInRange(
  content: StructuralElement[],
  s: number,
  e: number,
  cell?: TableCell,
  out: ParagraphRef[] = [],
): ParagraphRef[] {
  for (const se of content) {
    const a = se.startIndex ?? 0;
    const b = se.endIndex ?? 0;
    if (b <= s || a >= e) continue;
    if (se.paragraph) out.push({ se, para: se.paragraph, cell, container: content });
    for (const row of se.table?.tableRows ?? []) {
      for (const c of row.tableCells ?? []) paragraphsInRange(c.content ?? [], s, e, c, out);
    }
    if (se.tableOfContents) paragraphsInRange(se.tableOfContents.content ?? [], s, e, cell, out);
  }
  return out;
}
