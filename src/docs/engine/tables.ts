/**
 * Table requests: insertTable (a newline first, so the table starts at index+1; cells as Google
 * makes them), insertTableRow/insertTableColumn (copying the reference cell's style; a new column
 * copies the reference width, so the table widens), deleteTableRow/deleteTableColumn (every
 * row/column a merged cell spans; the last one takes the table with it).
 */
import type {
  DocsTextStyle,
  DocumentTab,
  StructuralElement,
  Tab,
  Table,
  TableCell,
  TableRow,
} from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { releaseRemoved } from './delete-range.js';
import type { Segment } from './document.js';
import { insertTextAt } from './insert-text.js';
import { isRecord } from './json.js';
import { insertionParagraph, resolvePoint } from './locations.js';
import { cutNamedRanges, shiftNamedRanges } from './named-ranges.js';
import { findParagraph, insertionStyle } from './paragraphs.js';

const pt = (n: number) => (n === 0 ? { unit: 'PT' } : { magnitude: n, unit: 'PT' });
const border = () => ({ color: {}, width: { unit: 'PT' }, padding: { unit: 'PT' }, dashStyle: 'SOLID' });

/** The explicit paragraph style Google gives the paragraph of a new cell. */
export function cellParagraphStyle(): Record<string, unknown> {
  return {
    namedStyleType: 'NORMAL_TEXT',
    alignment: 'START',
    lineSpacing: 100,
    direction: 'LEFT_TO_RIGHT',
    spacingMode: 'COLLAPSE_LISTS',
    spaceAbove: pt(0),
    spaceBelow: pt(0),
    borderBetween: border(),
    borderTop: border(),
    borderBottom: border(),
    borderLeft: border(),
    borderRight: border(),
    indentFirstLine: pt(0),
    indentStart: pt(0),
    indentEnd: pt(0),
    keepLinesTogether: false,
    keepWithNext: false,
    avoidWidowAndOrphan: false,
    shading: { backgroundColor: {} },
    pageBreakBefore: false,
  };
}

function newCellStyle(): Record<string, unknown> {
  return {
    rowSpan: 1,
    columnSpan: 1,
    backgroundColor: {},
    paddingLeft: pt(5),
    paddingRight: pt(5),
    paddingTop: pt(5),
    paddingBottom: pt(5),
    contentAlignment: 'TOP',
  };
}

function newCell(
  paragraphStyle: Record<string, unknown>,
  textStyle: DocsTextStyle,
  cellStyle: object,
): TableCell {
  return {
    startIndex: 0,
    endIndex: 0,
    content: [
      {
        startIndex: 0,
        endIndex: 0,
        paragraph: {
          elements: [
            { startIndex: 0, endIndex: 0, textRun: { content: '\n', textStyle: structuredClone(textStyle) } },
          ],
          paragraphStyle: structuredClone(paragraphStyle),
        },
      },
    ],
    tableCellStyle: structuredClone(cellStyle),
  };
}

/** Width of the page between the margins, in points. */
function contentWidth(dt: DocumentTab): number {
  const ds = dt.documentStyle;
  const w = ds?.pageSize?.width?.magnitude ?? 612;
  return w - (ds?.marginLeft?.magnitude ?? 72) - (ds?.marginRight?.magnitude ?? 72);
}

function positiveInt(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    throw new RequestError(`${what} must be at least 1.`);
  return v;
}

/** Index units a new table takes: its start and end, each row's start, each cell's start and newline. */
export function tableSize(rows: number, columns: number): number {
  return 2 + rows + rows * columns * 2;
}

/** insertTable `{rows, columns, location | endOfSegmentLocation}`. */
export function insertTable(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const rows = positiveInt(req.rows, 'The number of rows');
  const columns = positiveInt(req.columns, 'The number of columns');
  if (rows * columns > 400 * 20 || columns > 20) throw new RequestError('The table is too large.');
  const { tab, seg, index } = resolvePoint(ctx, req);
  if (seg.kind === 'footnote') throw new RequestError('Tables cannot be inserted into footnotes.');
  const hit = insertionParagraph(seg, index);
  const dt = tab.documentTab!;
  let textStyle = insertionStyle(hit, index);
  const type = hit.para.paragraphStyle?.namedStyleType;
  if (type && type !== 'NORMAL_TEXT') {
    // The heading's own sizes are materialised on the cell runs.
    const named = (dt.namedStyles?.styles ?? []).find((s) => s.namedStyleType === type)?.textStyle ?? {};
    textStyle = { ...structuredClone(named), ...textStyle };
  }
  insertTextAt(ctx, tab, seg, index, '\n');
  const after = findParagraph(seg.content, index + 1)!;
  const width = contentWidth(dt) / columns;
  const table: Table = {
    rows,
    columns,
    tableRows: Array.from({ length: rows }, () => ({
      startIndex: 0,
      endIndex: 0,
      tableCells: Array.from({ length: columns }, () =>
        newCell(cellParagraphStyle(), textStyle, newCellStyle()),
      ),
      tableRowStyle: { minRowHeight: { unit: 'PT' } },
    })),
    tableStyle: {
      tableColumnProperties: Array.from({ length: columns }, () => ({
        widthType: 'FIXED_WIDTH',
        width: { magnitude: width, unit: 'PT' },
      })),
    },
  };
  after.container.splice(after.pos, 0, { startIndex: 0, endIndex: 0, table });
  const size = tableSize(rows, columns);
  shiftNamedRanges(tab, seg, index + 1, size);
  ctx.touch(seg);
  ctx.reindex(seg);
  return {};
}

export interface TableHit {
  se: StructuralElement;
  table: Table;
  container: StructuralElement[];
}

/** The table whose start index is `index` (nested tables searched). */
export function findTable(content: StructuralElement[], index: number): TableHit | undefined {
  for (const se of content) {
    if (!se.table) continue;
    if ((se.startIndex ?? 0) === index) return { se, table: se.table, container: content };
    if (index > (se.startIndex ?? 0) && index < (se.endIndex ?? 0)) {
      for (const row of se.table.tableRows ?? []) {
        for (const cell of row.tableCells ?? []) {
          const hit = findTable(cell.content ?? [], index);
          if (hit) return hit;
        }
      }
    }
  }
  return undefined;
}

export interface CellRef {
  tab: Tab;
  seg: Segment;
  hit: TableHit;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/** Resolve a tableCellLocation, widened to the merged block that covers the cell. */
export function resolveCell(ctx: EngineContext, loc: unknown): CellRef {
  const l = isRecord(loc) ? loc : {};
  const start = isRecord(l.tableStartLocation) ? l.tableStartLocation : {};
  const tab = ctx.tab(start.tabId);
  const seg = ctx.segment(tab, start.segmentId);
  const index = typeof start.index === 'number' ? start.index : 0;
  const hit = findTable(seg.content, index);
  if (!hit) throw new RequestError(`Invalid table start location. There is no table at index ${index}.`);
  const r = typeof l.rowIndex === 'number' ? l.rowIndex : 0;
  const c = typeof l.columnIndex === 'number' ? l.columnIndex : 0;
  const rows = hit.table.tableRows ?? [];
  if (r < 0 || r >= rows.length) throw new RequestError(`Invalid row index: ${r}.`);
  if (c < 0 || c >= (rows[r]?.tableCells ?? []).length) throw new RequestError(`Invalid column index: ${c}.`);
  // Find the head of a merged block covering (r, c).
  for (let hr = 0; hr <= r; hr++) {
    const cells = rows[hr]?.tableCells ?? [];
    for (let hc = 0; hc <= c && hc < cells.length; hc++) {
      const st = cells[hc]?.tableCellStyle;
      const rs = st?.rowSpan ?? 1;
      const cs = st?.columnSpan ?? 1;
      if ((rs > 1 || cs > 1) && hr + rs > r && hc + cs > c) {
        return { tab, seg, hit, row: hr, col: hc, rowSpan: rs, colSpan: cs };
      }
    }
  }
  return { tab, seg, hit, row: r, col: c, rowSpan: 1, colSpan: 1 };
}

/** A new empty cell in the style of `ref`. */
function cellLike(ref: TableCell | undefined): TableCell {
  const first = ref?.content?.find((se) => se.paragraph)?.paragraph;
  const ps = structuredClone(first?.paragraphStyle ?? cellParagraphStyle()) as Record<string, unknown>;
  delete ps.headingId;
  const ts = structuredClone(first?.elements?.[0]?.textRun?.textStyle ?? {});
  const cs = structuredClone(ref?.tableCellStyle ?? newCellStyle()) as Record<string, unknown>;
  if ('rowSpan' in cs) cs.rowSpan = 1;
  if ('columnSpan' in cs) cs.columnSpan = 1;
  return newCell(ps, ts, cs);
}

/** insertTableRow `{tableCellLocation, insertBelow}`. */
export function insertTableRow(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const ref = resolveCell(ctx, req.tableCellLocation);
  const rows = ref.hit.table.tableRows!;
  const refRow = req.insertBelow ? ref.row + ref.rowSpan - 1 : ref.row;
  const at = req.insertBelow ? refRow + 1 : refRow;
  const model = rows[refRow]!;
  const row: TableRow = {
    startIndex: 0,
    endIndex: 0,
    tableCells: (model.tableCells ?? []).map((c) => cellLike(c)),
    tableRowStyle: structuredClone(model.tableRowStyle ?? { minRowHeight: { unit: 'PT' } }),
  };
  const pos = at < rows.length ? (rows[at]!.startIndex ?? 0) : (ref.hit.se.endIndex ?? 0) - 1;
  rows.splice(at, 0, row);
  ref.hit.table.rows = rows.length;
  shiftNamedRanges(ref.tab, ref.seg, pos, 1 + 2 * (row.tableCells ?? []).length);
  ctx.touch(ref.seg);
  ctx.reindex(ref.seg);
  return {};
}

/** insertTableColumn `{tableCellLocation, insertRight}`. */
export function insertTableColumn(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const ref = resolveCell(ctx, req.tableCellLocation);
  const table = ref.hit.table;
  const refCol = req.insertRight ? ref.col + ref.colSpan - 1 : ref.col;
  const at = req.insertRight ? refCol + 1 : refCol;
  if ((table.columns ?? 0) >= 20) throw new RequestError('The table cannot have more than 20 columns.');
  const rows = table.tableRows ?? [];
  for (let r = rows.length - 1; r >= 0; r--) {
    const cells = rows[r]!.tableCells ?? [];
    const pos = at < cells.length ? (cells[at]!.startIndex ?? 0) : (rows[r]!.endIndex ?? 0);
    cells.splice(at, 0, cellLike(cells[refCol]));
    rows[r]!.tableCells = cells;
    shiftNamedRanges(ref.tab, ref.seg, pos, 2);
  }
  table.tableStyle ??= {};
  const props = table.tableStyle.tableColumnProperties ?? [];
  const model = props[refCol];
  if (model) props.splice(at, 0, structuredClone(model));
  table.tableStyle.tableColumnProperties = props;
  table.columns = (table.columns ?? 0) + 1;
  ctx.touch(ref.seg);
  ctx.reindex(ref.seg);
  return {};
}

/** Remove a whole table element (its last row or column went). */
function removeTable(ctx: EngineContext, ref: CellRef): void {
  const s = ref.hit.se.startIndex ?? 0;
  const e = ref.hit.se.endIndex ?? 0;
  ref.hit.container.splice(ref.hit.container.indexOf(ref.hit.se), 1);
  releaseRemoved(ref.tab, [ref.hit.se]);
  cutNamedRanges(ref.tab, ref.seg, s, e);
  ctx.touch(ref.seg);
  ctx.reindex(ref.seg);
}

/** deleteTableRow `{tableCellLocation}`. */
export function deleteTableRow(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const ref = resolveCell(ctx, req.tableCellLocation);
  const table = ref.hit.table;
  const rows = table.tableRows ?? [];
  if (ref.rowSpan >= rows.length) {
    removeTable(ctx, ref);
    return {};
  }
  const first = rows[ref.row]!;
  const last = rows[ref.row + ref.rowSpan - 1]!;
  const s = first.startIndex ?? 0;
  const e = last.endIndex ?? 0;
  // Merged blocks that start above and reach into the deleted rows shrink.
  for (let r = 0; r < ref.row; r++) {
    for (const cell of rows[r]!.tableCells ?? []) {
      const st = cell.tableCellStyle;
      if (st?.rowSpan && r + st.rowSpan > ref.row)
        st.rowSpan -= Math.min(ref.rowSpan, r + st.rowSpan - ref.row);
    }
  }
  const goneRows = rows.splice(ref.row, ref.rowSpan);
  releaseRemoved(
    ref.tab,
    goneRows.flatMap((r) => (r.tableCells ?? []).flatMap((c) => c.content ?? [])),
  );
  table.rows = rows.length;
  cutNamedRanges(ref.tab, ref.seg, s, e);
  ctx.touch(ref.seg);
  ctx.reindex(ref.seg);
  return {};
}

/** deleteTableColumn `{tableCellLocation}`. */
export function deleteTableColumn(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const ref = resolveCell(ctx, req.tableCellLocation);
  const table = ref.hit.table;
  if (ref.colSpan >= (table.columns ?? 0)) {
    removeTable(ctx, ref);
    return {};
  }
  const rows = table.tableRows ?? [];
  for (let r = rows.length - 1; r >= 0; r--) {
    const cells = rows[r]!.tableCells ?? [];
    for (let c = 0; c < ref.col; c++) {
      const st = cells[c]?.tableCellStyle;
      if (st?.columnSpan && c + st.columnSpan > ref.col) {
        st.columnSpan -= Math.min(ref.colSpan, c + st.columnSpan - ref.col);
      }
    }
    const gone = cells.slice(ref.col, ref.col + ref.colSpan);
    const s = gone[0]?.startIndex ?? 0;
    const e = gone[gone.length - 1]?.endIndex ?? 0;
    cells.splice(ref.col, ref.colSpan);
    releaseRemoved(
      ref.tab,
      gone.flatMap((c) => c.content ?? []),
    );
    if (e > s) cutNamedRanges(ref.tab, ref.seg, s, e);
  }
  table.tableStyle?.tableColumnProperties?.splice(ref.col, ref.colSpan);
  table.columns = (table.columns ?? 0) - ref.colSpan;
  ctx.touch(ref.seg);
  ctx.reindex(ref.seg);
  return {};
}
