/** Conformance: table geometry, insertTable and the row/column requests, deletions around tables. */
import { describe, expect, it } from 'vitest';
import { checkIndices } from '../../src/docs/engine/index.js';
import type { Document, Table } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { apply, body, docWith } from './helpers.js';

const tableOf = (doc: Document) => body(doc).find((se) => se.table)!;
const cellParaStarts = (t: Table) =>
  (t.tableRows ?? []).flatMap((r) => (r.tableCells ?? []).map((c) => c.content![0]!.startIndex));

describe('insertTable', () => {
  it('an empty 2x2 table inserted at index 1 starts at 2 and its cell paragraphs are at 5, 7, 10, 12', () => {
    const doc = apply(docWith(''), [{ insertTable: { location: { index: 1 }, rows: 2, columns: 2 } }]);
    const t = tableOf(doc);
    expect(t.startIndex).toBe(2);
    expect(t.endIndex).toBe(14);
    // Index i = 1: T = i + 1 = 2; layout gives cells at T+3, T+5, T+8, T+10 = 5, 7, 10, 12.
    expect(cellParaStarts(t.table!)).toEqual([5, 7, 10, 12]);
    expect(checkIndices(doc)).toEqual([]);
  });

  it('a newline goes before the table and a paragraph always follows it', () => {
    const doc = apply(docWith('abc'), [{ insertTable: { endOfSegmentLocation: {}, rows: 1, columns: 1 } }]);
    const content = body(doc);
    const i = content.findIndex((se) => se.table);
    expect(content[i - 1]!.paragraph).toBeDefined();
    expect(content[i + 1]!.paragraph!.elements![0]!.textRun!.content).toBe('\n');
    expect(content[i]!.startIndex).toBe(5);
  });

  it('new cells carry the explicit cell paragraph style, 5pt padding and FIXED_WIDTH columns', () => {
    const doc = apply(docWith(''), [{ insertTable: { location: { index: 1 }, rows: 1, columns: 2 } }]);
    const t = tableOf(doc).table!;
    const cell = t.tableRows![0]!.tableCells![0]!;
    expect(cell.content![0]!.paragraph!.paragraphStyle).toMatchObject({
      lineSpacing: 100,
      spaceAbove: { unit: 'PT' },
      avoidWidowAndOrphan: false,
      keepWithNext: false,
    });
    expect(cell.tableCellStyle).toMatchObject({
      rowSpan: 1,
      columnSpan: 1,
      paddingLeft: { magnitude: 5, unit: 'PT' },
    });
    const widths = t.tableStyle!.tableColumnProperties!;
    expect(widths.map((w) => w.widthType)).toEqual(['FIXED_WIDTH', 'FIXED_WIDTH']);
    expect(widths[0]!.width!.magnitude! * 2).toBeCloseTo(595.2755905511812 - 144, 5);
  });

  it('tables are not allowed in footnotes', () => {
    const doc = apply(docWith('abc'), [{ createFootnote: { location: { index: 2 } } }]);
    const fid = Object.keys(doc.tabs![0]!.documentTab!.footnotes!)[0]!;
    expectRejected(
      doc,
      [{ insertTable: { location: { index: 0, segmentId: fid }, rows: 1, columns: 1 } }],
      /^Invalid requests\[0\]\.insertTable: /,
    );
  });

  it('text typed into a cell shifts everything after it', () => {
    const doc = apply(docWith(''), [
      { insertTable: { location: { index: 1 }, rows: 2, columns: 2 } },
      { insertText: { location: { index: 7 }, text: '漢字😀' } },
    ]);
    expect(cellParaStarts(tableOf(doc).table!)).toEqual([5, 7, 14, 16]);
    expect(checkIndices(doc)).toEqual([]);
  });
});

describe('deleting around tables', () => {
  const withTable = () =>
    apply(docWith('abc'), [{ insertTable: { location: { index: 4 }, rows: 1, columns: 1 } }]);

  it('the newline before a table cannot be deleted alone', () => {
    const doc = withTable();
    const t = tableOf(doc);
    expectRejected(
      doc,
      [{ deleteContentRange: { range: { startIndex: t.startIndex! - 1, endIndex: t.startIndex! } } }],
      'Invalid requests[0].deleteContentRange: Invalid deletion range. Cannot delete the requested range.',
    );
  });

  it('a whole table with its preceding newline can be deleted', () => {
    const doc = withTable();
    const t = tableOf(doc);
    const out = apply(doc, [
      { deleteContentRange: { range: { startIndex: t.startIndex! - 1, endIndex: t.endIndex! } } },
    ]);
    expect(body(out).some((se) => se.table)).toBe(false);
    expect(checkIndices(out)).toEqual([]);
  });

  it('part of a table cannot be deleted', () => {
    const doc = withTable();
    const t = tableOf(doc);
    expectRejected(
      doc,
      [{ deleteContentRange: { range: { startIndex: 2, endIndex: t.startIndex! + 3 } } }],
      'Invalid requests[0].deleteContentRange: Invalid deletion range. Cannot delete the requested range.',
    );
  });

  it('the final newline of a cell cannot be deleted', () => {
    const doc = apply(withTable(), [{ insertText: { location: { index: 8 }, text: 'xy' } }]);
    expectRejected(
      doc,
      [{ deleteContentRange: { range: { startIndex: 8, endIndex: 11 } } }],
      /^Invalid requests\[0\]\.deleteContentRange: /,
    );
    const ok = apply(doc, [{ deleteContentRange: { range: { startIndex: 8, endIndex: 10 } } }]);
    expect(checkIndices(ok)).toEqual([]);
  });

  it('text cannot be inserted at a table start index', () => {
    const doc = withTable();
    expectRejected(
      doc,
      [{ insertText: { location: { index: tableOf(doc).startIndex! }, text: 'x' } }],
      /must be inside the bounds of an existing paragraph/,
    );
  });
});

describe('rows and columns', () => {
  const base = () => apply(docWith(''), [{ insertTable: { location: { index: 1 }, rows: 2, columns: 2 } }]);
  const at = (doc: Document, rowIndex: number, columnIndex: number) => ({
    tableStartLocation: { index: tableOf(doc).startIndex! },
    rowIndex,
    columnIndex,
  });

  it('insertTableRow adds a row of empty cells below and keeps indices consistent', () => {
    const doc = base();
    const out = apply(doc, [{ insertTableRow: { tableCellLocation: at(doc, 0, 0), insertBelow: true } }]);
    const t = tableOf(out).table!;
    expect(t.rows).toBe(3);
    expect(t.tableRows).toHaveLength(3);
    expect(tableOf(out).endIndex! - tableOf(out).startIndex!).toBe(2 + 3 + 3 * 2 * 2);
    expect(checkIndices(out)).toEqual([]);
  });

  it('insertTableColumn copies the reference column width: the table widens', () => {
    const doc = base();
    const before = tableOf(doc).table!.tableStyle!.tableColumnProperties!;
    const out = apply(doc, [{ insertTableColumn: { tableCellLocation: at(doc, 0, 1), insertRight: true } }]);
    const t = tableOf(out).table!;
    expect(t.columns).toBe(3);
    expect(t.tableRows!.every((r) => r.tableCells!.length === 3)).toBe(true);
    expect(t.tableStyle!.tableColumnProperties).toEqual([...before, before[1]]);
    expect(checkIndices(out)).toEqual([]);
  });

  it('deleteTableRow and deleteTableColumn remove one row/column; deleting the last one deletes the table', () => {
    const doc = base();
    const oneRow = apply(doc, [{ deleteTableRow: { tableCellLocation: at(doc, 1, 0) } }]);
    expect(tableOf(oneRow).table!.rows).toBe(1);
    const oneCol = apply(doc, [{ deleteTableColumn: { tableCellLocation: at(doc, 0, 0) } }]);
    expect(tableOf(oneCol).table!.columns).toBe(1);
    expect(tableOf(oneCol).table!.tableStyle!.tableColumnProperties).toHaveLength(1);
    expect(checkIndices(oneCol)).toEqual([]);
    const none = apply(oneRow, [{ deleteTableRow: { tableCellLocation: at(oneRow, 0, 0) } }]);
    expect(body(none).some((se) => se.table)).toBe(false);
    expect(checkIndices(none)).toEqual([]);
  });

  it('a tableStartLocation that is not a table start is refused', () => {
    const doc = base();
    expectRejected(
      doc,
      [
        {
          insertTableRow: {
            tableCellLocation: { tableStartLocation: { index: 1 }, rowIndex: 0, columnIndex: 0 },
          },
        },
      ],
      /^Invalid requests\[0\]\.insertTableRow: /,
    );
  });
});
