/**
 * Hostile batchUpdate bodies against the engine (which backs the local store, the emulator and
 * verify-before-write, so it meets whatever a client or a compiler bug sends): every request type
 * with fields drawn from wrong types, out-of-range and fractional indices, unknown tabs and
 * segments, lone surrogates, huge strings and nested junk. The engine must answer as Google does:
 * a DocsApiError (never a TypeError or a RangeError), the input document untouched, and when it
 * accepts a batch the result keeps consistent indices. test/engine/fuzz.test.ts covers valid edits.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, checkIndices, seededIds, toTabsShape } from '../../src/docs/engine/index.js';
import { HANDLERS } from '../../src/docs/engine/requests.js';
import { DocsApiError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { fuzzRuns, fuzzSeed, fuzzTimeout } from './fuzz-support.js';

const FILES = [
  'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json',
  'cedricdelpoux__gatsby-source-google-docs__tables.json',
  'cedricdelpoux__gatsby-source-google-docs__footnotes.json',
  'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
];
const docs = FILES.map((f) =>
  toTabsShape(
    JSON.parse(readFileSync(new URL(`../fixtures/real/${f}`, import.meta.url), 'utf8')) as Document,
  ),
);
const TYPES = Object.keys(HANDLERS);

/** Ids that exist in some fixture, so that a fraction of requests reach deep code. */
function realIds(doc: Document): string[] {
  const ids = new Set<string>();
  JSON.stringify(doc, (k, v) => {
    if (typeof v === 'string' && /(Id|objectId|listId)$/.test(k)) ids.add(v);
    return v;
  });
  return [...ids].slice(0, 40);
}
const IDS = [...new Set(docs.flatMap(realIds))];

const scalar = fc.oneof(
  fc.integer({ min: -3, max: 400 }),
  fc.constantFrom(0, 1, 2, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 31), 1e308),
  fc.constantFrom('', 'x', '😀', '\uD800', '\uDC00x', 'a\nb', '\u0000', 'e\u0301', '漢字', '*', '{!'),
  fc.constantFrom(true, false, null),
  fc.constantFrom(...IDS, 't.0', 'kix.nope', 'h.nope', ''),
  fc.constantFrom('x'.repeat(70_000), '\n'.repeat(2000)),
);

const KEYS = [
  'location',
  'range',
  'text',
  'index',
  'startIndex',
  'endIndex',
  'tabId',
  'segmentId',
  'textStyle',
  'paragraphStyle',
  'fields',
  'bulletPreset',
  'rows',
  'columns',
  'tableCellLocation',
  'tableStartLocation',
  'rowIndex',
  'columnIndex',
  'insertBelow',
  'insertRight',
  'uri',
  'objectSize',
  'imageObjectId',
  'imageReplaceMethod',
  'objectId',
  'name',
  'namedRangeId',
  'containsText',
  'replaceText',
  'matchCase',
  'tabsCriteria',
  'tabIds',
  'endOfSegmentLocation',
  'sectionType',
  'type',
  'sectionBreakLocation',
  'personProperties',
  'email',
  'richLinkProperties',
  'dateElementProperties',
  'namedStyle',
  'namedStyleType',
  'documentStyle',
  'tabProperties',
  'title',
  'parentTabId',
  'tableRange',
  'rowSpan',
  'columnSpan',
  'tableCellStyle',
  'tableRowStyle',
  'minRowHeight',
  'tableColumnProperties',
  'columnIndices',
  'pinnedHeaderRowsCount',
  'bold',
  'fontSize',
  'magnitude',
  'unit',
  'link',
  'url',
  'headingId',
  'alignment',
  'sectionStyle',
  'namedRangeName',
  'number',
  'weightedFontFamily',
  'fontFamily',
  'weight',
] as const;

const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
})).value;

/** A request whose body mixes sensible shapes (a real location or range) with junk. */
const requestArb = fc
  .tuple(
    fc.constantFrom(...TYPES, 'noSuchRequest', 'insertComment'),
    fc.dictionary(fc.constantFrom(...KEYS), junk, { maxKeys: 6 }),
    fc.option(
      fc.record({ index: fc.integer({ min: 0, max: 300 }), tabId: fc.constantFrom('t.0', 'kix.nope') }),
    ),
    fc.option(
      fc.record({
        startIndex: fc.integer({ min: 0, max: 300 }),
        endIndex: fc.integer({ min: 0, max: 300 }),
        tabId: fc.constantFrom('t.0', 'kix.nope'),
      }),
    ),
  )
  .map(([type, body, location, range]) => ({
    [type]: { ...body, ...(location ? { location } : {}), ...(range ? { range } : {}) },
  }));

/** Facts of one document that make requests land on real structure: boundaries, tables, ids. */
function factsOf(doc: Document) {
  const indices = new Set<number>();
  const tables: number[] = [];
  const segments = new Set<string>(['']);
  const tabs = (doc.tabs ?? []).map((t) => t.tabProperties?.tabId ?? '');
  JSON.stringify(doc, (k, v) => {
    if ((k === 'startIndex' || k === 'endIndex') && typeof v === 'number') {
      indices.add(v);
      indices.add(v + 1);
      if (v > 0) indices.add(v - 1);
    }
    if (k === 'table' && v && typeof v === 'object') tables.push(-1);
    if ((k === 'footnoteId' || k === 'headerId' || k === 'footerId') && typeof v === 'string')
      segments.add(v);
    return v;
  });
  const body = doc.tabs?.[0]?.documentTab?.body?.content ?? [];
  for (const el of body)
    if (el.table && el.startIndex !== undefined && el.startIndex !== null) tables.push(el.startIndex);
  return { indices: [...indices], tables: tables.filter((t) => t >= 0), segments: [...segments], tabs };
}
const FACTS = docs.map(factsOf);

const hostileText = fc.constantFrom(
  'x',
  'two words',
  '😀',
  '\uD800',
  'a\nb',
  '\n',
  '\t',
  'e\u0301',
  '漢字',
  '',
  '\u000b',
  '\r\n',
  'x'.repeat(5000),
);

/** Well-shaped requests (every field one Google knows) with values at and past the edges. */
function shapedRequest(pick: number): fc.Arbitrary<Record<string, unknown>> {
  const f = FACTS[pick]!;
  const index = fc.oneof(fc.constantFrom(...f.indices), fc.constantFrom(-1, 0, 1, 1.5, 10 ** 9));
  const tabId = fc.option(fc.constantFrom(...f.tabs, 'kix.nope'), { nil: undefined });
  const segmentId = fc.option(fc.constantFrom(...f.segments, 'kix.nope'), { freq: 3, nil: undefined });
  const clean = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const location = fc.record({ index, tabId, segmentId }).map(clean);
  const range = fc.record({ startIndex: index, endIndex: index, tabId, segmentId }).map(clean);
  const tableStart = fc
    .record({ index: f.tables.length ? fc.constantFrom(...f.tables, 1) : fc.constant(1), tabId })
    .map(clean);
  const cell = fc.record({
    tableStartLocation: tableStart,
    rowIndex: fc.integer({ min: -1, max: 6 }),
    columnIndex: fc.integer({ min: -1, max: 6 }),
  });
  const tableRange = fc.record({
    tableCellLocation: cell,
    rowSpan: fc.integer({ min: 0, max: 5 }),
    columnSpan: fc.integer({ min: 0, max: 5 }),
  });
  const n = fc.integer({ min: -1, max: 25 });
  const bool = fc.boolean();
  const fields = fc.constantFrom('*', 'bold', 'fontSize', 'link', 'alignment', 'namedStyleType', '', 'nope');
  const textStyle = fc.record(
    {
      bold: bool,
      italic: bool,
      fontSize: fc.record({ magnitude: fc.constantFrom(-1, 0, 11, 1e6), unit: fc.constantFrom('PT', 'PX') }),
      link: fc.oneof(
        fc.record({ url: fc.constantFrom('https://e.com', '', 'javascript:x') }),
        fc.record({ headingId: fc.constantFrom('h.nope', ...IDS.slice(0, 5)) }),
      ),
    },
    { requiredKeys: [] },
  );
  const paragraphStyle = fc.record(
    {
      namedStyleType: fc.constantFrom('NORMAL_TEXT', 'HEADING_1', 'TITLE', 'NOPE'),
      alignment: fc.constantFrom('START', 'CENTER', 'JUSTIFIED', 'NOPE'),
    },
    { requiredKeys: [] },
  );
  const name = fc.constantFrom('n', '', 'x'.repeat(300), '😀');
  const requests: Record<string, fc.Arbitrary<unknown>> = {
    insertText: fc.oneof(
      fc.record({ text: hostileText, location }),
      fc.record({ text: hostileText, endOfSegmentLocation: fc.record({ tabId, segmentId }).map(clean) }),
    ),
    deleteContentRange: fc.record({ range }),
    updateTextStyle: fc.record({ range, textStyle, fields }),
    updateParagraphStyle: fc.record({ range, paragraphStyle, fields }),
    createParagraphBullets: fc.record({
      range,
      bulletPreset: fc.constantFrom('BULLET_DISC_CIRCLE_SQUARE', 'NUMBERED_DECIMAL_ALPHA_ROMAN', 'NOPE'),
    }),
    deleteParagraphBullets: fc.record({ range }),
    insertTable: fc.record({ rows: n, columns: n, location }),
    insertTableRow: fc.record({ tableCellLocation: cell, insertBelow: bool }),
    insertTableColumn: fc.record({ tableCellLocation: cell, insertRight: bool }),
    deleteTableRow: fc.record({ tableCellLocation: cell }),
    deleteTableColumn: fc.record({ tableCellLocation: cell }),
    insertInlineImage: fc.record({
      uri: fc.constantFrom('https://e.com/a.png', 'http://e.com/a.png', ''),
      location,
    }),
    createNamedRange: fc.record({ name, range }),
    deleteNamedRange: fc.oneof(
      fc.record({ name }),
      fc.record({ namedRangeId: fc.constantFrom(...IDS, 'kix.nope') }),
    ),
    replaceAllText: fc.record({
      containsText: fc.record({ text: hostileText, matchCase: bool }),
      replaceText: hostileText,
    }),
    insertPageBreak: fc.record({ location }),
    insertSectionBreak: fc.record({
      location,
      sectionType: fc.constantFrom('NEXT_PAGE', 'CONTINUOUS', 'NOPE'),
    }),
    createFootnote: fc.record({ location }),
    addDocumentTab: fc.record({ tabProperties: fc.record({ title: name }) }),
    deleteTab: fc.record({ tabId: fc.constantFrom(...f.tabs, 'kix.nope') }),
    mergeTableCells: fc.record({ tableRange }),
    unmergeTableCells: fc.record({ tableRange }),
    pinTableHeaderRows: fc.record({ tableStartLocation: tableStart, pinnedHeaderRowsCount: n }),
    replaceNamedRangeContent: fc.record({ name, text: hostileText }),
  };
  return fc
    .constantFrom(...Object.keys(requests))
    .chain((type) => requests[type]!.map((value) => ({ [type]: value })));
}

describe('engine against hostile batchUpdate bodies', () => {
  it(
    'only DocsApiError, input untouched, consistent indices when accepted',
    () => {
      let accepted = 0;
      let refused = 0;
      const snapshots = docs.map((d) => JSON.stringify(d));
      fc.assert(
        fc.property(
          fc.nat(docs.length - 1),
          fc.array(requestArb, { minLength: 1, maxLength: 4 }),
          (pick, requests) => {
            const doc = docs[pick]!;
            let result: ReturnType<typeof applyBatchUpdate> | undefined;
            try {
              result = applyBatchUpdate(doc, { requests } as never, { ids: seededIds(pick + 1) });
            } catch (error) {
              expect(error, `${String(error)}\n${JSON.stringify(requests).slice(0, 600)}`).toBeInstanceOf(
                DocsApiError,
              );
              expect((error as DocsApiError).code).toBe(400);
              refused++;
              return;
            }
            accepted++;
            expect(checkIndices(result.document), JSON.stringify(requests).slice(0, 600)).toEqual([]);
          },
        ),
        { numRuns: fuzzRuns(300), seed: fuzzSeed() },
      );
      // The engine is pure: whatever came in, the inputs are as they were.
      expect(docs.map((d) => JSON.stringify(d))).toEqual(snapshots);
      if (process.env.FUZZ_DEBUG) console.error({ accepted, refused });
      expect(refused).toBeGreaterThan(0);
      expect(accepted + refused).toBeGreaterThan(0);
    },
    fuzzTimeout(60_000),
  );

  it(
    'well-shaped requests with edge values: only DocsApiError, consistent indices, pure',
    () => {
      let accepted = 0;
      let refused = 0;
      const snapshots = docs.map((d) => JSON.stringify(d));
      fc.assert(
        fc.property(
          fc
            .nat(docs.length - 1)
            .chain((pick) =>
              fc.tuple(fc.constant(pick), fc.array(shapedRequest(pick), { minLength: 1, maxLength: 2 })),
            ),
          ([pick, requests]) => {
            let result: ReturnType<typeof applyBatchUpdate> | undefined;
            try {
              result = applyBatchUpdate(docs[pick]!, { requests } as never, { ids: seededIds(pick + 1) });
            } catch (error) {
              expect(error, `${String(error)}\n${JSON.stringify(requests).slice(0, 800)}`).toBeInstanceOf(
                DocsApiError,
              );
              refused++;
              return;
            }
            accepted++;
            expect(checkIndices(result.document), JSON.stringify(requests).slice(0, 800)).toEqual([]);
          },
        ),
        { numRuns: fuzzRuns(300), seed: fuzzSeed() },
      );
      if (process.env.FUZZ_DEBUG) console.error({ accepted, refused });
      expect(docs.map((d) => JSON.stringify(d))).toEqual(snapshots);
      // Edge values are meant to be refused often, but valid edits must get through too.
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
    fuzzTimeout(60_000),
  );

  it('malformed envelopes and writeControl are 400s', () => {
    const doc = docs[0]!;
    for (const body of [
      null,
      [],
      'requests',
      { requests: 'x' },
      { requests: [null] },
      { requests: [[]] },
      { requests: [{}] },
      { requests: [{ insertText: null, deleteContentRange: null }] },
      { requests: [{ insertText: {}, deleteContentRange: {} }] },
      { requests: [], writeControl: { requiredRevisionId: 5 } },
      { requests: [], writeControl: { requiredRevisionId: 'a', targetRevisionId: 'b' } },
      { requests: [{ insertText: { text: 'x', location: { index: 1 } } }], writeControl: 'x' },
    ]) {
      let error: unknown;
      try {
        applyBatchUpdate(doc, body as never);
      } catch (e) {
        error = e;
      }
      // An empty request list is a valid no-op; anything else here must be refused as Google does.
      if (error === undefined) {
        expect(JSON.stringify(body), 'accepted').toMatch(/"requests":\[\]/);
        continue;
      }
      expect(error, JSON.stringify(body)).toBeInstanceOf(DocsApiError);
    }
  });
});
