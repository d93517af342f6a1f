/**
 * Table structure and style requests: mergeTableCells (text of the covered cells moves into the
 * head cell as separate paragraphs), unmergeTableCells, updateTableCellStyle, updateTableRowStyle,
 * updateTableColumnProperties (not below 5pt), pinTableHeaderRows.
 */
import type { StructuralElement, Table, TableCell } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { isRecord } from './json.js';
import { applyPath, maskPaths } from './masks.js';
import { findTable, resolveCell, type TableHit } from './tables.js';

function tableAt(ctx: EngineContext, loc: unknown) {
  const l = isRecord(loc) ? loc : {};
  const tab = ctx.tab(l.tabId);
  const seg = ctx.segment(tab, l.segmentId);
  const index = typeof l.index === 'number' ? l.index : 0;
  const hit = findTable(seg.content, index);
  if (!hit) throw new RequestError(`Invalid table start location. There is no table at index ${index}.`);
  return { tab, seg, hit };
}

interface Block {
  hit: TableHit;
  row: number;
  col: number;
  rows: number;
  cols: number;
}

function tableRange(ctx: EngineContext, range: unknown) {
  const r = isRecord(range) ? range : {};
  const ref = resolveCell(ctx, r.tableCellLocation);
  const loc = isRecord(r.tableCellLocation) ? r.tableCellLocation : {};
  const row = typeof loc.rowIndex === 'number' ? loc.rowIndex : 0;
  const col = typeof loc.columnIndex === 'number' ? loc.columnIndex : 0;
  const rows = typeof r.rowSpan === 'number' ? r.rowSpan : 0;
  const cols = typeof r.columnSpan === 'number' ? r.columnSpan : 0;
  const t = ref.hit.table;
  if (rows < 1 || cols < 1 || row + rows > (t.rows ?? 0) || col + cols > (t.columns ?? 0)) {
    throw new RequestError('The table range is out of the bounds of the table.');
  }
  return { ref, block: { hit: ref.hit, row, col, rows, cols } as Block };
}

function cellAt(t: Table, r: number, c: number): TableCell {
  return t.tableRows![r]!.tableCells![c]!;
}

const isEmptyContent = (content: StructuralElement[]) =>
  content.length === 1 && content[0]!.paragraph?.elements?.map((e) => e.textRun?.content).join('') === '\n';

/** mergeTableCells `{tableRange}`. */
export function mergeTableCells(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const { ref, block } = tableRange(ctx, req.tableRange);
  const t = block.hit.table;
  // The range must not cut through an existing merged block.
  for (let r = 0; r < (t.rows ?? 0); r++) {
    for (let c = 0; c < (t.columns ?? 0); c++) {
      const st = cellAt(t, r, c).tableCellStyle;
      const rs = st?.rowSpan ?? 1;
      const cs = st?.columnSpan ?? 1;
      if (rs === 1 && cs === 1) continue;
      const inside =
        r >= block.row &&
        c >= block.col &&
        r + rs <= block.row + block.rows &&
        c + cs <= block.col + block.cols;
      const overlaps =
        r < block.row + block.rows && r + rs > block.row && c < block.col + block.cols && c + cs > block.col;
      if (overlaps && !inside)
        throw new RequestError('The merge range must be rectangular and contain whole merged cells.');
    }
  }
  const head = cellAt(t, block.row, block.col);
  let content = head.content ?? [];
  for (let r = block.row; r < block.row + block.rows; r++) {
    for (let c = block.col; c < block.col + block.cols; c++) {
      if (r === block.row && c === block.col) continue;
      const cell = cellAt(t, r, c);
      const moved = cell.content ?? [];
      if (!isEmptyContent(moved)) {
        content = isEmptyContent(content) ? moved : [...content, ...moved];
        const first = moved.find((se) => se.paragraph)?.paragraph;
        cell.content = [
          {
            startIndex: 0,
            endIndex: 0,
            paragraph: {
              elements: [{ startIndex: 0, endIndex: 0, textRun: { content: '\n', textStyle: {} } }],
              paragraphStyle: structuredClone(
                first?.paragraphStyle ?? { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT' },
              ),
            },
          },
        ];
        delete cell.content[0]!.paragraph!.paragraphStyle!.headingId;
      }
      cell.tableCellStyle ??= {};
      const st = cell.tableCellStyle;
      st.rowSpan = 1;
      st.columnSpan = 1;
    }
  }
  head.content = content;
  head.tableCellStyle ??= {};
  const hs = head.tableCellStyle;
  hs.rowSpan = block.rows;
  hs.columnSpan = block.cols;
  ctx.touch(ref.seg);
  ctx.reindex(ref.seg);
  return {};
}

/** unmergeTableCells `{tableRange}`: spans reset; text stays in the head cell. */
export function unmergeTableCells(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const { ref, block } = tableRange(ctx, req.tableRange);
  const t = block.hit.table;
  for (let r = block.row; r < block.row + block.rows; r++) {
    for (let c = block.col; c < block.col + block.cols; c++) {
      const st = cellAt(t, r, c).tableCellStyle;
      if (st && ((st.rowSpan ?? 1) > 1 || (st.columnSpan ?? 1) > 1)) {
        st.rowSpan = 1;
        st.columnSpan = 1;
      }
    }
  }
  ctx.touch(ref.seg);
  return {};
}

/** updateTableCellStyle `{tableCellStyle, fields, tableRange | tableStartLocation}`. */
export function updateTableCellStyle(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const paths = maskPaths(req.fields, 'updateTableCellStyle');
  const source = isRecord(req.tableCellStyle) ? req.tableCellStyle : {};
  let block: Block;
  if (req.tableRange !== undefined) block = tableRange(ctx, req.tableRange).block;
  else {
    const { hit } = tableAt(ctx, req.tableStartLocation);
    block = { hit, row: 0, col: 0, rows: hit.table.rows ?? 0, cols: hit.table.columns ?? 0 };
  }
  const t = block.hit.table;
  for (let r = block.row; r < block.row + block.rows; r++) {
    for (let c = block.col; c < block.col + block.cols; c++) {
      const cell = cellAt(t, r, c);
      cell.tableCellStyle ??= {};
      const st = cell.tableCellStyle as Record<string, unknown>;
      for (const p of paths) {
        if (p[0] === 'rowSpan' || p[0] === 'columnSpan')
          throw new RequestError('Row span and column span are read-only.');
        if (p[0] === '*') {
          for (const k of Object.keys(source)) applyPath(st, source, [k]);
        } else applyPath(st, source, p);
      }
    }
  }
  return {};
}

/** updateTableRowStyle `{tableStartLocation, rowIndices?, tableRowStyle, fields}`. */
export function updateTableRowStyle(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const paths = maskPaths(req.fields, 'updateTableRowStyle');
  const source = isRecord(req.tableRowStyle) ? req.tableRowStyle : {};
  const { hit } = tableAt(ctx, req.tableStartLocation);
  const rows = hit.table.tableRows ?? [];
  const indices =
    Array.isArray(req.rowIndices) && req.rowIndices.length > 0
      ? (req.rowIndices as number[])
      : rows.map((_, i) => i);
  for (const i of indices) {
    const row = rows[i];
    if (!row) throw new RequestError(`Invalid row index: ${i}.`);
    row.tableRowStyle ??= {};
    const st = row.tableRowStyle as Record<string, unknown>;
    for (const p of paths) applyPath(st, source, p);
  }
  return {};
}

/** updateTableColumnProperties `{tableStartLocation, columnIndices?, tableColumnProperties, fields}`. */
export function updateTableColumnProperties(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const paths = maskPaths(req.fields, 'updateTableColumnProperties');
  const source = isRecord(req.tableColumnProperties) ? req.tableColumnProperties : {};
  const width = isRecord(source.width) ? source.width.magnitude : undefined;
  if (typeof width === 'number' && width < 5)
    throw new RequestError('The column width must be at least 5 points.');
  const { hit } = tableAt(ctx, req.tableStartLocation);
  const t = hit.table;
  t.tableStyle ??= {};
  t.tableStyle.tableColumnProperties ??= [];
  const props = t.tableStyle.tableColumnProperties;
  const n = t.columns ?? 0;
  const indices =
    Array.isArray(req.columnIndices) && req.columnIndices.length > 0
      ? (req.columnIndices as number[])
      : Array.from({ length: n }, (_, i) => i);
  for (const i of indices) {
    if (i < 0 || i >= n) throw new RequestError(`Invalid column index: ${i}.`);
    props[i] ??= {};
    const target = props[i] as Record<string, unknown>;
    for (const p of paths) applyPath(target, source, p);
  }
  return {};
}

/** pinTableHeaderRows `{tableStartLocation, pinnedHeaderRowsCount}`: the first N rows become header rows. */
export function pinTableHeaderRows(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const { hit } = tableAt(ctx, req.tableStartLocation);
  const n = typeof req.pinnedHeaderRowsCount === 'number' ? req.pinnedHeaderRowsCount : 0;
  const rows = hit.table.tableRows ?? [];
  if (n < 0 || n > rows.length) throw new RequestError(`Invalid number of pinned header rows: ${n}.`);
  rows.forEach((row, i) => {
    row.tableRowStyle ??= {};
    const st = row.tableRowStyle;
    if (i < n) st.tableHeader = true;
    else delete st.tableHeader;
  });
  return {};
}
