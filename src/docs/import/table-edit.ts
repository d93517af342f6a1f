/**
 * The edit of one table into another, as plain data: which old rows and columns become which new
 * ones (alignments), which kept cells change content, and which merges are undone and done. One
 * description for every table change (cell text, rows, columns, merges); the lowering
 * (lower-table.ts) turns it into requests.
 */
import type { TableBlock, TableCell } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { type AlignOp, align, pairsOf } from './align.js';
import { cellLineComparator, textComparator } from './comparators.js';

/** A cell and the cells it spans, as mergeTableCells/unmergeTableCells take it. */
export interface CellSpan {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

export interface TableEdit {
  /** Old rows -> new rows (kept, paired, deleted, inserted). */
  readonly rows: readonly AlignOp[];
  /** Old columns -> new columns. */
  readonly cols: readonly AlignOp[];
  /** Kept cells whose content changes (old and new coordinates), in table order. */
  readonly cells: readonly { o: [number, number]; n: [number, number] }[];
  /** Merges undone first (old coordinates) and done last (new coordinates). */
  readonly unmerge: readonly CellSpan[];
  readonly merge: readonly CellSpan[];
}

export function tableDims(t: TableBlock): { rows: number; cols: number } {
  return { rows: t.rows.length, cols: t.rows[0]?.length ?? 0 };
}

function hasSpans(t: TableBlock): boolean {
  return t.rows.some((r) => r.some((c) => (c.colSpan ?? 1) > 1 || (c.rowSpan ?? 1) > 1));
}

/**
 * Whether a table can be edited into another in place: Docs has a request for every change of
 * cells, rows, columns and merges, so only a table without columns (which Docs cannot hold) is
 * re-created.
 */
export function tablesCompatible(o: TableBlock, n: TableBlock): boolean {
  return tableDims(o).cols > 0 && tableDims(n).cols > 0;
}

/** Each index paired with itself: a dimension that does not change. */
function same(count: number): AlignOp[] {
  return Array.from({ length: count }, (_, i) => ({ op: 'pair', o: i, n: i }));
}

const cellText = (c: TableCell): string =>
  c.blocks.map((b) => b.inlines.map((x) => (x.type === 'text' ? x.text : '')).join('')).join('\n');
const lineText = (cells: TableCell[]): string => cells.map(cellText).join('\t');
const column = (t: TableBlock, c: number): TableCell[] => t.rows.map((r) => r[c]!);

/**
 * Rows and columns: a dimension that keeps its size is kept position by position; one that
 * changes is aligned by its lines' cells, or (both change) by their text, columns over the rows
 * that pair.
 */
function lines(o: TableBlock, n: TableBlock): { rows: AlignOp[]; cols: AlignOp[] } {
  const a = tableDims(o);
  const b = tableDims(n);
  if (a.cols === b.cols) {
    const rows = a.rows === b.rows ? same(a.rows) : align(o.rows, n.rows, cellLineComparator(o.rows, n.rows));
    return { rows, cols: same(a.cols) };
  }
  if (a.rows === b.rows) {
    const span = (t: TableBlock, count: number) => Array.from({ length: count }, (_, c) => column(t, c));
    const [oc, nc] = [span(o, a.cols), span(n, b.cols)];
    return { rows: same(a.rows), cols: align(oc, nc, cellLineComparator(oc, nc)) };
  }
  const oldRowText = o.rows.map(lineText);
  const newRowText = n.rows.map(lineText);
  const rows = align(oldRowText, newRowText, textComparator(oldRowText, newRowText));
  const pairs = [...pairsOf(rows)];
  const colText = (t: TableBlock, count: number, side: 0 | 1): string[] =>
    Array.from({ length: count }, (_, c) => lineText(pairs.map((p) => t.rows[p[side]]![c]!)));
  const oldColText = colText(o, a.cols, 0);
  const newColText = colText(n, b.cols, 1);
  return { rows, cols: align(oldColText, newColText, textComparator(oldColText, newColText)) };
}

function spanAt(t: TableBlock, row: number, col: number): CellSpan {
  const cell = t.rows[row]![col]!;
  return { row, col, rowSpan: cell.rowSpan ?? 1, colSpan: cell.colSpan ?? 1 };
}

const merged = (s: CellSpan): boolean => s.rowSpan !== 1 || s.colSpan !== 1;

/** Every merged cell of a table, in table order. */
function allSpans(t: TableBlock): CellSpan[] {
  return t.rows.flatMap((row, r) => row.map((_, c) => spanAt(t, r, c)).filter(merged));
}

/** Plans the edit of table `o` into `n` (which `tablesCompatible` allows). */
export function tableEdit(o: TableBlock, n: TableBlock): TableEdit {
  const { rows, cols } = lines(o, n);
  const rowTo = pairsOf(rows);
  const colTo = pairsOf(cols);
  const cells: { o: [number, number]; n: [number, number] }[] = [];
  const a = tableDims(o);
  const b = tableDims(n);
  // Merges are undone first and done last, while the cells they cover are empty (a covered cell
  // is empty in the model), so neither moves an index. Rows and columns cannot be added or
  // removed through a merge: when the shape changes, every merge is undone and done again.
  if ((a.rows !== b.rows || a.cols !== b.cols) && (hasSpans(o) || hasSpans(n))) {
    for (const [r, nr] of rowTo) {
      for (const [c, nc] of colTo) {
        if (!deepEqual(o.rows[r]![c], n.rows[nr]![nc])) cells.push({ o: [r, c], n: [nr, nc] });
      }
    }
    return { rows, cols, cells, unmerge: allSpans(o), merge: allSpans(n) };
  }
  const unmerge: CellSpan[] = [];
  const merge: CellSpan[] = [];
  for (const [r, nr] of rowTo) {
    for (const [c, nc] of colTo) {
      if (!deepEqual(o.rows[r]![c], n.rows[nr]![nc])) cells.push({ o: [r, c], n: [nr, nc] });
      const before = spanAt(o, r, c);
      const after = spanAt(n, nr, nc);
      if (before.rowSpan === after.rowSpan && before.colSpan === after.colSpan) continue;
      if (merged(before)) unmerge.push(before);
      if (merged(after)) merge.push(after);
    }
  }
  return { rows, cols, cells, unmerge, merge };
}
