/**
 * Lowering of a table edit (table-edit.ts) to requests: the one path for cell text, rows, columns
 * and merges.
 */
import type { TableBlock } from '../../mebdf/model.js';
import type { TableSource } from '../export/types.js';
import { pairsOf } from './align.js';
import type { PlanContext } from './context.js';
import type { ContainerScript, Step } from './edit-script.js';
import { checkNoSuggestions } from './guards.js';
import { type CellSpan, tableDims } from './table-edit.js';
import { blockLength, fillCell, newCellStyle } from './table-insert.js';

/**
 * Edits table `o` (at `src`) into `n` in place: merges that change are undone; kept cells are
 * edited from the last to the first (indices of the table as read); then columns and rows are
 * deleted (right to left, bottom to top) and inserted (left to right, top to bottom, at their new
 * indices); new cells are filled from the end at positions computed from the new content; last,
 * the new merges are done.
 */
export function lowerTableEdit(
  ctx: PlanContext,
  o: TableBlock,
  src: TableSource,
  n: TableBlock,
  step: Step & { kind: 'edit-table' },
  /** Lowers the script of a changed cell's content. */
  cellContent: (script: ContainerScript) => void,
): void {
  const edit = step.table;
  const at = (rowIndex: number, columnIndex: number) => ({
    tableStartLocation: { index: src.startIndex, tabId: ctx.env.tabId },
    rowIndex,
    columnIndex,
  });
  const range = (s: CellSpan) => ({
    tableCellLocation: at(s.row, s.col),
    rowSpan: s.rowSpan,
    columnSpan: s.colSpan,
  });
  for (const s of edit.unmerge) ctx.push({ unmergeTableCells: { tableRange: range(s) } });
  for (let k = step.cells.length - 1; k >= 0; k--) cellContent(step.cells[k]!);
  const oldCols = tableDims(o).cols;
  const rowTo = pairsOf([...edit.rows]);
  const colTo = pairsOf([...edit.cols]);
  for (let c = oldCols - 1; c >= 0; c--) {
    if (colTo.has(c)) continue;
    checkNoSuggestions(o.rows.flatMap((r) => r[c]!.blocks));
    ctx.push({ deleteTableColumn: { tableCellLocation: at(0, c) } });
  }
  for (let r = o.rows.length - 1; r >= 0; r--) {
    if (rowTo.has(r)) continue;
    checkNoSuggestions(o.rows[r]!.flatMap((c) => c.blocks));
    ctx.push({ deleteTableRow: { tableCellLocation: at(r, 0) } });
  }
  const newCols = new Set<number>();
  for (const op of edit.cols) {
    if (op.op !== 'ins') continue;
    newCols.add(op.n);
    ctx.push({
      insertTableColumn: { tableCellLocation: at(0, Math.max(0, op.n - 1)), insertRight: op.n > 0 },
    });
  }
  const newRows = new Set<number>();
  for (const op of edit.rows) {
    if (op.op !== 'ins') continue;
    newRows.add(op.n);
    ctx.push({
      insertTableRow: { tableCellLocation: at(Math.max(0, op.n - 1), 0), insertBelow: op.n > 0 },
    });
  }
  // New cells, filled from the end at their final positions: kept cells hold their new content
  // by then, new ones one empty paragraph.
  const fresh = (r: number, c: number): boolean => newRows.has(r) || newCols.has(c);
  const starts: number[][] = [];
  let pos = src.startIndex + 1;
  for (let r = 0; r < n.rows.length; r++) {
    pos += 1;
    const row: number[] = [];
    for (let c = 0; c < n.rows[r]!.length; c++) {
      row.push(pos);
      pos += fresh(r, c) ? 2 : 1 + n.rows[r]![c]!.blocks.reduce((t, b) => t + blockLength(ctx, b), 0);
    }
    starts.push(row);
  }
  const blank = newCellStyle(ctx);
  for (let r = n.rows.length - 1; r >= 0; r--) {
    for (let c = n.rows[r]!.length - 1; c >= 0; c--) {
      if (fresh(r, c)) fillCell(ctx, '', starts[r]![c]! + 1, n.rows[r]![c]!, blank);
    }
  }
  for (const s of edit.merge) ctx.push({ mergeTableCells: { tableRange: range(s) } });
}
