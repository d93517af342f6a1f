/**
 * What the alignment (align.ts) compares: a container's blocks, a table's rows or columns as
 * lines of cells, or plain texts. Each comparator says when two items are equal (their key),
 * what editing one into the other in place costs, and which items name an anchor.
 */

import type { Block, ParagraphBlock, TableBlock, TableCell } from '../../mebdf/model.js';
import { canonicalKey } from '../equality.js';
import type { Comparator } from './align.js';

/** A heading's anchor: the id of an anchor inline opening the paragraph. */
function headingAnchor(b: ParagraphBlock): string | null {
  const first = b.inlines[0];
  return first?.type === 'anchor' && first.id ? first.id : null;
}

/**
 * What names a paragraph for the alignment: a heading's anchor, else the first object it holds by
 * id (a rule, an image, a chip), which stays in its paragraph: that paragraph pairs only with the
 * one holding it again.
 */
function blockAnchor(b: ParagraphBlock): string | null {
  const heading = headingAnchor(b);
  if (heading !== null) return heading;
  for (const x of b.inlines) if (x.type === 'embed' && x.id !== '') return `embed ${x.id}`;
  return null;
}

/**
 * The first anchor a table's cells hold (a heading's id, an object's): a table holding it pairs
 * with the table holding it again, as a paragraph does, before tables are paired by cost, which
 * weighs them all alike (a new table typed before an edited one took its place, and the edited
 * one was typed anew, its heading with a new id).
 */
function tableAnchor(t: TableBlock): string | null {
  for (const row of t.rows)
    for (const cell of row)
      for (const p of cell.blocks) {
        const anchor = blockAnchor(p);
        if (anchor !== null) return `table ${anchor}`;
      }
  return null;
}

function plainText(b: Block): string {
  if (b.type === 'table') return tableText(b);
  let s = '';
  for (const i of b.inlines) if (i.type === 'text') s += i.text;
  return s;
}

/**
 * A table's text, cells by tabs and rows by lines; kept per table, since a gap of the alignment
 * weighs every old table against every new one.
 */
const tableTexts = new WeakMap<TableBlock, string>();
function tableText(t: TableBlock): string {
  let text = tableTexts.get(t);
  if (text === undefined) {
    text = t.rows
      .map((row) => row.map((cell) => cell.blocks.map(plainText).join('\n')).join('\t'))
      .join('\n');
    tableTexts.set(t, text);
  }
  return text;
}

/** 0 (identical) … 1 (nothing in common): common prefix and suffix against the longer text. */
export function dissimilarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  if (max === 0) return 0;
  let p = 0;
  const lim = Math.min(a.length, b.length);
  while (p < lim && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < lim - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return 1 - (p + s) / max;
}

/** The cost of editing a text into another in place (a rewrite costs nearly a delete and insert). */
function textCost(a: string, b: string): number {
  return Math.min(1.9, 1.5 * dissimilarity(a, b));
}

/** The cost of editing old block `o` into new block `n` in place (Infinity when it cannot be). */
function blockCost(o: Block, n: Block): number {
  if (o.type !== n.type) return Number.POSITIVE_INFINITY;
  // Any table can be edited into any other; among new tables the one most like the old is its
  // edit (a row added to a table, and a new table after it: the old one is the first, not the new).
  if (o.type === 'table' || n.type === 'table') return 0.5 + 0.1 * dissimilarity(plainText(o), plainText(n));
  const na = headingAnchor(n);
  const oa = headingAnchor(o);
  // A heading that names its anchor is the paragraph holding that anchor, nothing else.
  if (na !== null) return na === oa ? 0 : Number.POSITIVE_INFINITY;
  // A heading written without one is a new heading (heading-anchors.ts gave the target's back to
  // those that are the target's): edited in place, it would take an old heading's id.
  if (oa !== null && o.style.namedStyle !== 'NORMAL_TEXT' && n.style.namedStyle !== 'NORMAL_TEXT')
    return Number.POSITIVE_INFINITY;
  const sameStyle = o.style.namedStyle === n.style.namedStyle ? 0 : 0.3;
  return Math.min(1.9, 1.5 * dissimilarity(plainText(o), plainText(n)) + sameStyle + (oa !== null ? 0.2 : 0));
}

/** Blocks of a container; `pairable` says which old block may be edited into which new one. */
export function blockComparator(
  oldB: Block[],
  newB: Block[],
  pairable: (o: number, n: number) => boolean,
): Comparator<Block> {
  return {
    key: (b) => canonicalKey(b),
    pairCost: (o, n) => (pairable(o, n) ? blockCost(oldB[o]!, newB[n]!) : Number.POSITIVE_INFINITY),
    anchor: (b) => (b.type === 'paragraph' ? blockAnchor(b) : tableAnchor(b)),
    slight: (b) => b.type === 'paragraph' && b.inlines.length === 0,
    // About the requests typing it anew takes: its text and styles, per cell for a table.
    weight: (b) =>
      b.type === 'table' ? 2 + 3 * b.rows.reduce((n, r) => n + r.length, 0) : 3 + b.inlines.length,
  };
}

/**
 * Rows or columns of a table as lines of cells: any line may be edited into any other, the one
 * most like it first (a row edited and a row added: the edited one is the old row, kept with what
 * its cells hold — an anchor, an object — not the new one).
 */
export function cellLineComparator(oldL: TableCell[][], newL: TableCell[][]): Comparator<TableCell[]> {
  const text = (line: TableCell[]) => line.map((c) => c.blocks.map(plainText).join('\n')).join('\t');
  return {
    key: (line) => canonicalKey(line),
    pairCost: (o, n) => 0.5 + 0.1 * dissimilarity(text(oldL[o]!), text(newL[n]!)),
  };
}

/** Plain texts (a table line's text): paired by how much of them is in common. */
export function textComparator(oldT: string[], newT: string[]): Comparator<string> {
  return {
    key: (t) => t,
    pairCost: (o, n) => textCost(oldT[o]!, newT[n]!),
  };
}
