/**
 * Escaping property tests: for random block models that put every escaping-relevant ASCII
 * punctuation character (and emoji, CJK, combining marks, tabs, digits before `.`/`)`, text that
 * looks like MEBDF) at the start, end and middle of text in every block context, `stringifyMebdf`
 * writes text that reads back as the same model and is already in canonical form.
 */
import fc from 'fast-check';
import type { PhrasingContent, Root } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { describe, expect, it } from 'vitest';
import { formatMebdf, parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { plainTextToMarkdown } from '../../src/mebdf/mdast/plain-text.js';
import type {
  Block,
  Inline,
  ListKind,
  MebdfDocument,
  NamedStyleType,
  ParagraphBlock,
  TableCell,
} from '../../src/mebdf/model.js';
import { modelToTree } from '../../src/mebdf/semantic/from-model.js';
import { CANONICAL_OPTIONS } from '../../src/mebdf/tree.js';
import { normaliseDocument, normaliseInlines, plainCell, textStyleArb } from './arbitraries.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const PIECES = [
  ...PUNCTUATION,
  ...PUNCTUATION.map((c) => c + c),
  'a',
  'word',
  'Zeta',
  '7',
  '12',
  ' ',
  '  ',
  '\t',
  '1.',
  '2)',
  '{!',
  '{/!}',
  '{^',
  '{^=',
  '[^1]:',
  '](',
  '&amp;',
  '&#x20;',
  '<br>',
  '<a>',
  '😀',
  '👍🏽',
  '👩‍💻',
  '漢字',
  'かな',
  'e\u0301',
  '\u00e9',
  '\u00a0',
  '\u3000',
];

/** Text with punctuation placed at its start, its end and in its middle. */
const textArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...PIECES),
    fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }),
    fc.constantFrom(...PIECES),
  )
  .map(([head, middle, tail]) => head + middle.join('') + tail);

const inlineArb: fc.Arbitrary<Inline> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ type: fc.constant('text' as const), text: textArb, style: textStyleArb }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'break' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('anchor' as const),
      id: fc.constantFrom(null, 'h.abc', 'kix.1'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('embed' as const),
      id: fc.constant('kix.img1'),
      kind: fc.constantFrom('image' as const, 'hr' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'footnoteRef' as const, label: '1' }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('image' as const),
      url: fc.constantFrom('https://example.com/i.png', 'https://x.org/a b.png', 'https://x.org/(1)'),
      alt: textArb,
    }),
  },
);

const namedArb = fc.constantFrom<NamedStyleType>(
  'NORMAL_TEXT',
  'NORMAL_TEXT',
  'TITLE',
  'HEADING_1',
  'HEADING_3',
);

const paragraphArb: fc.Arbitrary<ParagraphBlock> = fc
  .record({
    namedStyle: namedArb,
    inlines: fc.array(inlineArb, { minLength: 0, maxLength: 5 }),
    align: fc.option(fc.constantFrom('center' as const, 'right' as const), { nil: undefined }),
  })
  .map(({ namedStyle, inlines, align }) => ({
    type: 'paragraph' as const,
    style: align ? { namedStyle, align } : { namedStyle },
    inlines: normaliseInlines(inlines),
  }));

const listArb: fc.Arbitrary<Block[]> = fc
  .array(
    fc.tuple(
      paragraphArb,
      fc.integer({ min: -1, max: 2 }),
      fc.constantFrom<ListKind>('bullet', 'ordered', 'checkbox'),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((items) => {
    let level = -1;
    return items.map(([paragraph, step, kind]) => {
      level = Math.min(8, Math.max(0, level + step));
      return { ...paragraph, list: { key: '?', level, kind } };
    });
  });

const plainCellArb: fc.Arbitrary<TableCell> = fc
  .array(fc.record({ type: fc.constant('text' as const), text: textArb, style: textStyleArb }), {
    maxLength: 3,
  })
  .map(plainCell);

const tableArb: fc.Arbitrary<Block[]> = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.boolean())
  .chain(([rows, columns, plain]) =>
    fc.array(
      fc.array(
        plain
          ? plainCellArb
          : fc.array(paragraphArb, { minLength: 1, maxLength: 2 }).map((blocks) => ({ blocks })),
        { minLength: columns, maxLength: columns },
      ),
      { minLength: rows, maxLength: rows },
    ),
  )
  .map((rows) => [{ type: 'table' as const, rows }]);

const punctuationDocumentArb: fc.Arbitrary<MebdfDocument> = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: paragraphArb.map((p) => [p] as Block[]) },
        { weight: 2, arbitrary: listArb },
        { weight: 1, arbitrary: tableArb },
      ),
      { maxLength: 6 },
    ),
    fc.array(paragraphArb, { minLength: 1, maxLength: 2 }),
  )
  .map(([groups, note]) => normaliseDocument(groups.flat(), [note, note, note]));

describe('stringifyMebdf escaping on random models', () => {
  it('reads back every model exactly when punctuation, emoji, CJK and combining marks sit at text edges', () => {
    fc.assert(
      fc.property(punctuationDocumentArb, (model) => {
        const text = stringifyMebdf(model);
        expect(parseMebdf(text), text).toEqual(model);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('writes text that is already canonical', () => {
    fc.assert(
      fc.property(punctuationDocumentArb, (model) => {
        const text = stringifyMebdf(model);
        expect(formatMebdf(text)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the plain-text precheck (mdast/plain-text.ts)', () => {
  // The canonical options without the precheck: every text goes through the library's `safe`.
  const handler = plainTextToMarkdown().handlers?.text;
  const withoutPrecheck = {
    ...CANONICAL_OPTIONS,
    extensions: (CANONICAL_OPTIONS.extensions ?? []).filter((e) => e.handlers?.text !== handler),
  };

  it('is one of the canonical extensions', () => {
    expect(withoutPrecheck.extensions.length).toBe((CANONICAL_OPTIONS.extensions ?? []).length - 1);
  });

  it('writes every text exactly as the library would, in every block and inline context', () => {
    fc.assert(
      fc.property(punctuationDocumentArb, (model) => {
        const tree = modelToTree(model);
        expect(toMarkdown(tree, CANONICAL_OPTIONS)).toBe(toMarkdown(tree, withoutPrecheck));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('writes neighbouring texts as the library would, whatever their edges (the first character a text shows the one before it)', () => {
    const edges = ['a ', 'a\\', '\\', ' ', '*', '_', '&', '!', '[', ']', '(', '#', '1.', '{', ':', '|', '<'];
    const wrap = (children: PhrasingContent[]): Root[] => [
      { type: 'root', children: [{ type: 'paragraph', children }] },
      { type: 'root', children: [{ type: 'heading', depth: 2, children }] },
      {
        type: 'root',
        children: [{ type: 'paragraph', children: [{ type: 'mebdfSpan', props: 'underline', children }] }],
      },
      {
        type: 'root',
        children: [
          { type: 'table', children: [{ type: 'tableRow', children: [{ type: 'tableCell', children }] }] },
        ],
      },
    ];
    for (const tail of edges) {
      for (const head of edges) {
        const left = `b${tail}`;
        const right = `${head}b`;
        const pairs: PhrasingContent[][] = [
          [
            { type: 'text', value: left },
            { type: 'text', value: right },
          ],
          [
            { type: 'text', value: left },
            { type: 'strong', children: [{ type: 'text', value: right }] },
          ],
          [
            { type: 'strong', children: [{ type: 'text', value: left }] },
            { type: 'text', value: right },
          ],
          [{ type: 'text', value: left }, { type: 'break' }, { type: 'text', value: right }],
        ];
        for (const tree of pairs.flatMap(wrap)) {
          expect(toMarkdown(tree, CANONICAL_OPTIONS)).toBe(toMarkdown(tree, withoutPrecheck));
        }
      }
    }
  });

  it('writes link destinations and titles as the library would', () => {
    const urls = [
      'https://example.com/a/1',
      'https://x.org/(1)',
      'a b',
      'a<b>',
      'a\\b',
      'a\\',
      '#^h.x',
      ']:',
      '',
      'a)b',
      '\n',
    ];
    const titles = [null, 'plain', 'a "quoted" title', "it's", 'a\\'];
    for (const url of urls) {
      for (const title of titles) {
        const tree: Root = {
          type: 'root',
          children: [
            {
              type: 'paragraph',
              children: [
                { type: 'text', value: 'see ' },
                { type: 'link', url, title, children: [{ type: 'text', value: 'x]' }] },
              ],
            },
          ],
        };
        expect(toMarkdown(tree, CANONICAL_OPTIONS)).toBe(toMarkdown(tree, withoutPrecheck));
      }
    }
  });
});

describe('code in a GFM table cell', () => {
  // The characters that decide how code in a cell is spelled: the pipe, the backslash that may
  // escape it, the backtick fence and the space that pads it.
  const codeArb = fc
    .array(fc.constantFrom('\\', '|', '`', ' ', 'a'), { minLength: 1, maxLength: 8 })
    .map((chars) => chars.join(''));
  const runArb = fc.record({
    type: fc.constant('text' as const),
    text: codeArb,
    style: fc.constantFrom({ font: 'Courier New' }, { font: 'Courier New', bold: true }, {}),
  });

  it('reads back every code text, next to other text, in the GFM or the {!table} form', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(runArb, { minLength: 1, maxLength: 3 }).map(plainCell), {
          minLength: 1,
          maxLength: 2,
        }),
        (cells) => {
          const model: MebdfDocument = { blocks: [{ type: 'table', rows: [cells] }], footnotes: {} };
          const text = stringifyMebdf(model);
          expect(parseMebdf(text), text).toEqual(model);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
