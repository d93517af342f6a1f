/**
 * Lowering of a table edit (table-edit.ts) to requests: the one path for cell text, rows, columns
 * and merges.
 */
import type { ParagraphStyle, TableBlock } from '../../mebdf/model.js';
import { cellStyleBase } from '../export/style-overrides.js';
import type { TableSource } from '../export/types.js';
import { pairsOf } from './align.js';
import type { PlanContext } from './context.js';
import type { ContainerScript, Step } from './edit-script.js';
import { checkNoSuggestions } from './guards.js';
import type { Inherited } from './paragraphs.js';
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
  // The Docs list of the first paragraph of new cell (r, c) when it is kept from the table as read.
  const rowFrom = new Map([...rowTo].map(([a, b]) => [b, a]));
  const colFrom = new Map([...colTo].map(([a, b]) => [b, a]));
  const listIdAt = (r: number, c: number): string | undefined => {
    const first = src.rows[rowFrom.get(r) ?? -1]?.cells[colFrom.get(c) ?? -1]?.blocks[0];
    return first?.kind === 'paragraph' ? first.listId : undefined;
  };
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
  for (let r = n.rows.length - 1; r >= 0; r--) {
    for (let c = n.rows[r]!.length - 1; c >= 0; c--) {
      if (fresh(r, c))
        fillCell(
          ctx,
          '',
          starts[r]![c]! + 1,
          n.rows[r]![c]!,
          copiedStyle(ctx, n, newRows, newCols, r, c, listIdAt),
        );
    }
  }
  for (const s of edit.merge) ctx.push({ mergeTableCells: { tableRange: range(s) } });
}

/**
 * What the paragraph of a new cell of an existing table starts with: Docs copies the paragraph
 * style and the first run's text style of the cell it is inserted next to (insertTableColumn,
 * then insertTableRow, each relative to the cell before it, or after it at the start), which holds
 * its new content by then. A chain of new cells leads back to a kept one.
 */
function copiedStyle(
  ctx: PlanContext,
  n: TableBlock,
  newRows: ReadonlySet<number>,
  newCols: ReadonlySet<number>,
  r: number,
  c: number,
  listIdAt: (r: number, c: number) => string | undefined,
): Inherited {
  const rows = n.rows.length;
  const cols = n.rows[0]?.length ?? 0;
  const isNewRow = (i: number) => newRows.has(i);
  const isNewCol = (j: number) => newCols.has(j);
  let i = r;
  let j = c;
  // Rows are inserted after columns: a new row copies the row above (below, at the top).
  while (isNewRow(i)) {
    if (i > 0) i--;
    else {
      let k = 1;
      while (k < rows && isNewRow(k)) k++;
      if (k >= rows) return newCellStyle(ctx);
      i = k;
    }
  }
  while (isNewCol(j)) {
    if (j > 0) j--;
    else {
      let k = 1;
      while (k < cols && isNewCol(k)) k++;
      if (k >= cols) return newCellStyle(ctx);
      j = k;
    }
  }
  const first = n.rows[i]?.[j]?.blocks[0];
  if (!first) return newCellStyle(ctx);
  const run = first.inlines[0];
  const textStyle = run?.type === 'text' && run.style.suggestion === undefined ? run.style : null;
  if (!first.list) return { style: { ...first.style }, textStyle };
  // The bullet is not copied, its level's indents are (as explicit values): the copy is a plain
  // paragraph indented like the item.
  const level = ctx.env.levelIndents(listIdAt(i, j), first.list.level);
  const base = cellStyleBase(ctx.env.bases[first.style.namedStyle]).paragraph;
  const left = first.style.indentLeft ?? level.start;
  const firstLine = first.style.firstLineIndent ?? level.first - level.start;
  const style: ParagraphStyle = { ...first.style, indentLeft: left, firstLineIndent: firstLine };
  if (left === base.indentLeft) delete style.indentLeft;
  if (firstLine === base.indentFirstLine - base.indentLeft) delete style.firstLineIndent;
  return { style, textStyle };
}
