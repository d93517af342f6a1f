/** Conformance: headers/footers, section style, merged cells, table styles, named range content, preview requests. */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, checkIndices } from '../../src/docs/engine/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { apply, body, bodyText, docWith, opts } from './helpers.js';

const dt = (doc: Document) => doc.tabs![0]!.documentTab!;
const tableOf = (doc: Document) => body(doc).find((se) => se.table)!;

describe('headers and footers', () => {
  it('createHeader attaches a new one-paragraph header to the document style; a second default header is refused', () => {
    const { document, response } = applyBatchUpdate(
      docWith('x'),
      { requests: [{ createHeader: { type: 'DEFAULT' } }] },
      opts(),
    );
    const headerId = (response.replies![0] as { createHeader: { headerId: string } }).createHeader.headerId;
    expect(dt(document).documentStyle!.defaultHeaderId).toBe(headerId);
    expect(dt(document).headers![headerId]!.content![0]!.endIndex).toBe(1);
    const out = apply(document, [
      { insertText: { location: { segmentId: headerId, index: 0 }, text: 'Top' } },
    ]);
    expect(dt(out).headers![headerId]!.content![0]!.paragraph!.elements![0]!.textRun!.content).toBe('Top\n');
    expectRejected(
      document,
      [{ createHeader: { type: 'DEFAULT' } }],
      /^Invalid requests\[0\]\.createHeader: /,
    );
    const gone = apply(document, [{ deleteHeader: { headerId } }]);
    expect(dt(gone).headers).toBeUndefined();
    expect(dt(gone).documentStyle!.defaultHeaderId).toBeUndefined();
  });

  it('createFooter at the first section break goes on the document style, as without a location', () => {
    const { document, response } = applyBatchUpdate(
      docWith('x'),
      { requests: [{ createFooter: { type: 'DEFAULT', sectionBreakLocation: { index: 0, tabId: 't.0' } } }] },
      opts(),
    );
    const footerId = (response.replies![0] as { createFooter: { footerId: string } }).createFooter.footerId;
    expect(dt(document).documentStyle!.defaultFooterId).toBe(footerId);
    expect(body(document)[0]!.sectionBreak!.sectionStyle).not.toHaveProperty('defaultFooterId');
  });

  it('updateSectionStyle with columnProperties lacking padding is refused', () => {
    expectRejected(
      docWith('x'),
      [
        {
          updateSectionStyle: {
            range: { startIndex: 1, endIndex: 2 },
            sectionStyle: { columnProperties: [{ width: { magnitude: 100, unit: 'PT' } }] },
            fields: 'columnProperties',
          },
        },
      ],
      'Invalid requests[0].updateSectionStyle: Column padding must be set in order to update column properties.',
    );
  });
});

describe('merged cells and table styles', () => {
  const base = () =>
    apply(docWith(''), [
      { insertTable: { location: { index: 1 }, rows: 2, columns: 2 } },
      { insertText: { location: { index: 7 }, text: 'B' } },
      { insertText: { location: { index: 5 }, text: 'A' } },
    ]);

  it('mergeTableCells moves the covered text into the head cell as separate paragraphs', () => {
    const doc = base();
    const start = tableOf(doc).startIndex!;
    const out = apply(doc, [
      {
        mergeTableCells: {
          tableRange: {
            tableCellLocation: { tableStartLocation: { index: start }, rowIndex: 0, columnIndex: 0 },
            rowSpan: 1,
            columnSpan: 2,
          },
        },
      },
    ]);
    const row = tableOf(out).table!.tableRows![0]!;
    const texts = row.tableCells!.map((c) =>
      c.content!.map((se) => se.paragraph!.elements![0]!.textRun!.content),
    );
    expect(texts).toEqual([['A\n', 'B\n'], ['\n']]);
    expect(row.tableCells![0]!.tableCellStyle).toMatchObject({ rowSpan: 1, columnSpan: 2 });
    expect(row.tableCells![1]!.tableCellStyle).toMatchObject({ rowSpan: 1, columnSpan: 1 });
    expect(checkIndices(out)).toEqual([]);
  });

  it('pinTableHeaderRows marks the first rows as header rows', () => {
    const doc = base();
    const out = apply(doc, [
      {
        pinTableHeaderRows: {
          tableStartLocation: { index: tableOf(doc).startIndex! },
          pinnedHeaderRowsCount: 1,
        },
      },
    ]);
    expect(tableOf(out).table!.tableRows!.map((r) => r.tableRowStyle!.tableHeader)).toEqual([
      true,
      undefined,
    ]);
  });

  it('updateTableColumnProperties refuses widths below 5pt', () => {
    const doc = base();
    expectRejected(
      doc,
      [
        {
          updateTableColumnProperties: {
            tableStartLocation: { index: tableOf(doc).startIndex! },
            columnIndices: [0],
            tableColumnProperties: { widthType: 'FIXED_WIDTH', width: { magnitude: 4, unit: 'PT' } },
            fields: 'width,widthType',
          },
        },
      ],
      /^Invalid requests\[0\]\.updateTableColumnProperties: /,
    );
  });
});

describe('replaceNamedRangeContent', () => {
  it('replaces the text of the named range, which then covers the new text', () => {
    const doc = apply(docWith('hello world'), [
      { createNamedRange: { name: 'w', range: { startIndex: 7, endIndex: 12 } } },
    ]);
    const out = apply(doc, [{ replaceNamedRangeContent: { namedRangeName: 'w', text: 'там' } }]);
    expect(bodyText(out)).toBe('hello там\n');
    expect(dt(out).namedRanges!.w!.namedRanges![0]!.ranges).toEqual([{ startIndex: 7, endIndex: 10 }]);
  });

  it('an unknown id is refused and an unknown name is a no-op', () => {
    const doc = docWith('abc');
    expectRejected(
      doc,
      [{ replaceNamedRangeContent: { namedRangeId: 'kix.none', text: 'x' } }],
      /^Invalid requests\[0\]\.replaceNamedRangeContent: /,
    );
    expect(bodyText(apply(doc, [{ replaceNamedRangeContent: { namedRangeName: 'none', text: 'x' } }]))).toBe(
      'abc\n',
    );
  });
});

describe('request envelope', () => {
  it('the Developer Preview suggestion requests are modelled: an unknown id is a 400 naming it', () => {
    expectRejected(
      docWith('abc'),
      [{ rejectSuggestion: { suggestionId: 'suggest.x' } }],
      'Invalid requests[0].rejectSuggestion: The suggestion with ID "suggest.x" was not found.',
    );
  });

  it('an unknown request type answers "No request set."', () => {
    expectRejected(docWith('abc'), [{ insertTextt: { text: 'x' } }], 'Invalid requests[0]: No request set.');
  });

  it('two request types in one Request object are refused', () => {
    expectRejected(
      docWith('abc'),
      [
        {
          insertText: { location: { index: 1 }, text: 'x' },
          deleteContentRange: { range: { startIndex: 1, endIndex: 2 } },
        },
      ],
      /^Invalid requests\[0\]/,
    );
  });

  it('snake_case field names are accepted', () => {
    const out = apply(docWith('abc'), [{ insert_text: { end_of_segment_location: {}, text: 'Z' } } as never]);
    expect(bodyText(out)).toBe('abcZ\n');
  });

  it('a wrongly typed value is refused with the JSON payload message', () => {
    expectRejected(
      docWith('abc'),
      [{ insertText: { location: { index: { placeholder: 'x' } }, text: 'x' } }],
      /^Invalid JSON payload received\. Invalid value at 'requests\[0\]\.insert_text\.location\.index' \(TYPE_INT32\)/,
    );
  });
});
