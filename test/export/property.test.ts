/**
 * Random documents (runs with random styles and awkward text — emoji, combining marks, CJK, soft
 * breaks, U+E907, MEBDF and Markdown syntax characters —, headings, lists, tables, named ranges)
 * export to a model that passes every model check and reads back from its text exactly, and every
 * section of it exports.
 */
import type { docs_v1 } from '@googleapis/docs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTab } from '../../src/docs/export/exporter.js';
import { withoutForcedEdges } from '../../src/docs/export/forced-paragraphs.js';
import { exportSection, exportTab, sectionSpans, shownModel } from '../../src/docs/export/index.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { type BlockSpec, listDef, makeDoc, type ParaSpec, para, text } from './builder.js';
import { checkBuilt } from './check-model.js';

const atoms = [
  'a',
  'word ',
  ' ',
  '😀',
  '漢字',
  'e\u0301',
  '\u000b',
  '\ue907',
  '*',
  '{!',
  '{^',
  '\\',
  '#',
  '|',
  '1. ',
  '`',
  '_',
];
const textArb = fc.array(fc.constantFrom(...atoms), { minLength: 1, maxLength: 6 }).map((a) => a.join(''));
const styleArb: fc.Arbitrary<docs_v1.Schema$TextStyle> = fc.record(
  {
    bold: fc.boolean(),
    italic: fc.boolean(),
    underline: fc.boolean(),
    fontSize: fc.constantFrom({ magnitude: 11, unit: 'PT' }, { magnitude: 14, unit: 'PT' }),
    foregroundColor: fc.constantFrom({ color: { rgbColor: { red: 1 } } }, { color: { rgbColor: {} } }),
    link: fc.constantFrom({ url: 'https://example.com/x' }, { heading: { id: 'h.abc', tabId: 't.0' } }),
  },
  { requiredKeys: [] },
);
const runArb = fc.record({
  content: textArb,
  style: styleArb,
  suggestion: fc.constantFrom(null, 'ins', 'del'),
});
/** Elements that are not text: objects, chips, breaks, footnote references (numbered later). */
const objectArb: fc.Arbitrary<docs_v1.Schema$ParagraphElement> = fc.constantFrom(
  { inlineObjectElement: { inlineObjectId: 'kix.img' } },
  { pageBreak: {} },
  { horizontalRule: {} },
  {
    person: {
      personId: 'kix.person',
      personProperties: { name: 'Ada "the" Countess', email: 'ada@example.com' },
    },
  },
  {
    richLink: {
      richLinkId: 'kix.rich',
      richLinkProperties: { title: 'A {^ tricky} title', uri: 'https://x' },
    },
  },
  { footnoteReference: { footnoteId: '', footnoteNumber: '' } },
);
const elementArb = fc.oneof(
  { weight: 4, arbitrary: runArb.map((r) => ({ run: r })) },
  { weight: 1, arbitrary: objectArb.map((o) => ({ object: o })) },
);
const paraArb: fc.Arbitrary<ParaSpec> = fc
  .record({
    runs: fc.array(elementArb, { maxLength: 4 }),
    named: fc.constantFrom(
      'NORMAL_TEXT',
      'NORMAL_TEXT',
      'NORMAL_TEXT',
      'HEADING_1',
      'HEADING_2',
      'HEADING_3',
      'TITLE',
    ),
    withId: fc.boolean(),
    list: fc.option(
      fc.record({
        listId: fc.constantFrom('kix.a', 'kix.b', 'kix.c'),
        level: fc.integer({ min: 0, max: 2 }),
      }),
    ),
    align: fc.constantFrom(undefined, 'CENTER', 'END'),
  })
  .map(({ runs, named, withId, list, align }) => {
    const elements = runs.map((e) => {
      if ('object' in e) return structuredClone(e.object);
      const r = e.run;
      return text(
        r.content,
        r.style,
        r.suggestion === 'ins'
          ? { suggestedInsertionIds: ['suggest.i'] }
          : r.suggestion === 'del'
            ? { suggestedDeletionIds: ['suggest.d'] }
            : {},
      );
    });
    const style: docs_v1.Schema$ParagraphStyle = { namedStyleType: named };
    if (withId && named !== 'NORMAL_TEXT')
      style.headingId = `h.${Math.abs(hash(JSON.stringify(runs))).toString(36)}`;
    if (align) style.alignment = align;
    return para(elements, style, list ? { bullet: { listId: list.listId, nestingLevel: list.level } } : {});
  });
const blockArb: fc.Arbitrary<BlockSpec> = fc.oneof(
  { weight: 5, arbitrary: paraArb },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(paraArb, { minLength: 6, maxLength: 6 }),
      )
      .map(([rows, cols, ps]) => ({
        table: Array.from({ length: rows }, (_, r) =>
          Array.from({ length: cols }, (_, c) => [ps[(r * cols + c) % 6]!]),
        ),
      })),
  },
);

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}

describe('export of random documents', () => {
  it('passes every model check, with named ranges anywhere, and every section exports', () => {
    fc.assert(
      fc.property(
        fc.array(blockArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
        (blocks, rangeAt) => {
          // Headings ids must be unique in a tab: drop repeats.
          const seen = new Set<string>();
          for (const b of blocks) {
            const ps = 'elements' in b ? b.style : undefined;
            if (ps?.headingId) {
              if (seen.has(ps.headingId)) delete ps.headingId;
              else seen.add(ps.headingId);
            }
          }
          // Number footnote references in reading order, each with its own footnote.
          const footnotes: Record<string, BlockSpec[]> = {};
          const number = (p: ParaSpec): void => {
            for (const e of p.elements) {
              if (!e.footnoteReference) continue;
              const n = Object.keys(footnotes).length + 1;
              e.footnoteReference = { footnoteId: `kix.fn${n}`, footnoteNumber: String(n) };
              footnotes[`kix.fn${n}`] = [para([text(` Note ${n} *with* {!syntax}`)])];
            }
          };
          for (const b of blocks) {
            if ('elements' in b) number(b);
            else if ('table' in b) for (const row of b.table) for (const cell of row) cell.forEach(number);
          }
          const doc = makeDoc({
            blocks: [...blocks, para('end')],
            footnotes,
            inlineObjects: {
              'kix.img': {
                objectId: 'kix.img',
                inlineObjectProperties: {
                  embeddedObject: { title: 'A "quoted"\ncaption', imageProperties: {} },
                },
              },
            },
            lists: { 'kix.a': listDef('bullet'), 'kix.b': listDef('ordered'), 'kix.c': listDef('checkbox') },
          });
          const dt = doc.tabs![0]!.documentTab!;
          const bodyEnd = dt.body!.content!.at(-1)!.endIndex!;
          dt.namedRanges = {};
          rangeAt.forEach((f, i) => {
            const start = 1 + Math.floor(f * (bodyEnd - 2));
            dt.namedRanges![`r${i}`] = {
              name: `r${i}`,
              namedRanges: [
                {
                  namedRangeId: `kix.range${i}`,
                  name: `r${i}`,
                  ranges: [{ startIndex: start, endIndex: start + 1 }],
                },
              ],
            };
          });
          const built = buildTab(doc);
          checkBuilt(built, dt);
          // Every named range is shown exactly once.
          const anchors = JSON.stringify(built.model).match(/"id":"kix\.range\d"/g) ?? [];
          expect(anchors).toHaveLength(rangeAt.length);
          // The text reads back as the model, and is canonical.
          const out = exportTab(doc);
          const parsed = parseMebdf(out.content);
          // Less the empty paragraphs Docs forces around a table at the body's edges (not written).
          const edges = { startsBody: true, endsBody: true };
          expect(parsed).toEqual(shownModel(withoutForcedEdges(out.model, edges), out.shown));
          expect(stringifyMebdf(parsed)).toBe(out.content);
          for (const span of sectionSpans(built.model)) {
            const section = exportSection(doc, undefined, span.anchorId);
            expect(section.model.blocks).toHaveLength(span.endBlock - span.firstBlock);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
