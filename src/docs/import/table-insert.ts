/**
 * New table content: a table inserted whole (insertTable, its merges, its cells filled), a new
 * cell of an existing table filled, and how many indices new content occupies (for positions
 * computed from the new content).
 */

import { ValidationError } from '../../errors.js';
import type { Block, ParagraphBlock, TableBlock, TableCell } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { cellStyleBase } from '../export/style-overrides.js';
import type { PlanContext } from './context.js';
import { insertParagraphs } from './paragraph-insert.js';
import { toUnits } from './paragraph-units.js';
import type { Inherited } from './paragraphs.js';
import { tableDims } from './table-edit.js';

/** The number of indices a new block occupies. */
export function blockLength(ctx: PlanContext, b: Block): number {
  if (b.type === 'paragraph') return toUnits(b, ctx.codes, ctx.env.positioned).text.length + 1;
  let n = 2;
  for (const row of b.rows) {
    n += 1;
    for (const cell of row) {
      n += 1;
      for (const p of cell.blocks) n += blockLength(ctx, p);
    }
  }
  return n;
}

/**
 * What the paragraph of a new cell starts with: Google gives it an explicit full paragraph style
 * (single spacing, no space around, no indents, left aligned); the model says what of that
 * differs from the cell base of NORMAL_TEXT (whose single spacing is Google's, so never said).
 * Its text style is that of the insertion point: unknown here.
 */
export function newCellStyle(ctx: PlanContext): Inherited {
  const base = cellStyleBase(ctx.env.bases.NORMAL_TEXT).paragraph;
  const style: ParagraphBlock['style'] = { namedStyle: 'NORMAL_TEXT' };
  if (base.align !== 'left') style.align = 'left';
  if (base.indentLeft !== 0) style.indentLeft = 0;
  if (base.indentRight !== 0) style.indentRight = 0;
  if (base.indentFirstLine - base.indentLeft !== 0) style.firstLineIndent = 0;
  if (base.spaceBefore !== 0) style.spaceBefore = 0;
  if (base.spaceAfter !== 0) style.spaceAfter = 0;
  return { style, textStyle: null };
}

export function fillCell(ctx: PlanContext, seg: string, p: number, cell: TableCell, inh: Inherited): void {
  const blocks = cell.blocks.length ? cell.blocks : [];
  if (blocks.length === 0) return;
  // An empty single paragraph with the default style needs nothing.
  const only = blocks.length === 1 ? blocks[0]! : null;
  if (only && only.inlines.length === 0 && !only.list && deepEqual(only.style, inh.style)) return;
  insertParagraphs(ctx.cell(), seg, p, 'fill', blocks, inh);
}

/** insertTable at `x` (an existing paragraph's closing newline), then fill its cells. */
export function insertTable(
  ctx: PlanContext,
  seg: string,
  x: number,
  t: TableBlock,
  dropTrailing: boolean,
  cellText: Inherited['textStyle'],
): void {
  if (seg !== '')
    throw new ValidationError('A table cannot be inserted in a footnote.', 'Move the table into the body.');
  const { rows, cols } = tableDims(t);
  ctx.push({ insertTable: { rows, columns: cols, location: ctx.location(seg, x) } });
  const T = x + 1;
  // Merges first, while every cell is empty: merging empty cells moves no text, so no index moves.
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = t.rows[r]![c]!;
      if ((cell.rowSpan ?? 1) === 1 && (cell.colSpan ?? 1) === 1) continue;
      ctx.push({
        mergeTableCells: {
          tableRange: {
            tableCellLocation: {
              tableStartLocation: { index: T, tabId: ctx.env.tabId },
              rowIndex: r,
              columnIndex: c,
            },
            rowSpan: cell.rowSpan ?? 1,
            columnSpan: cell.colSpan ?? 1,
          },
        },
      });
    }
  }
  const size = 2 + rows * (1 + 2 * cols);
  if (dropTrailing) ctx.deleteRange(seg, T + size, T + size + 1);
  const blank: Inherited = { ...newCellStyle(ctx), textStyle: cellText };
  for (let r = rows - 1; r >= 0; r--) {
    for (let c = cols - 1; c >= 0; c--) {
      const cell = t.rows[r]![c]!;
      const p = T + 3 + r * (1 + 2 * cols) + 2 * c;
      fillCell(ctx, seg, p, cell, blank);
    }
  }
}
