/**
 * The fast writer is generic over mdast (it runs mdast-util-to-markdown with two functions
 * swapped), so it is also checked on random trees the block model never produces: text with line
 * endings, block quotes, code, thematic breaks, spread lists, titles — against `stringifyTree`.
 */
import fc from 'fast-check';
import type { BlockContent, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { writeTree } from '../../src/mebdf/serialize/writer.js';
import { stringifyTree } from '../../src/mebdf/tree.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const PIECES = [
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  'a',
  'Word',
  '3',
  '10',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '1.',
  '1)',
  '{!',
  '{/!}',
  '{^',
  '[^1]:',
  '&amp;',
  '😀',
  '漢字',
  'e\u0301',
];
const valueArb = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 6 }).map((p) => p.join(''));
const urlArb = fc.constantFrom(
  'https://example.com/a?b=1&c',
  '#^h.abc',
  'https://x.org/(1)',
  'a b',
  '',
  '<x>',
);

const { phrasing } = fc.letrec<{ phrasing: PhrasingContent; children: PhrasingContent[] }>((tie) => ({
  children: fc.array(tie('phrasing'), { minLength: 0, maxLength: 4 }),
  phrasing: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: fc.constant('text' as const), value: valueArb }),
    fc.record({ type: fc.constant('text' as const), value: valueArb }),
    fc.record({ type: fc.constant('inlineCode' as const), value: valueArb }),
    fc.constant({ type: 'break' as const }),
    fc.record({ type: fc.constant('mebdfAnchor' as const), id: fc.constantFrom(null, 'h.x') }),
    fc.record({ type: fc.constant('mebdfRaw' as const), value: fc.constantFrom('&#x20;', '<br>', '[ ]') }),
    fc.record({
      type: fc.constant('footnoteReference' as const),
      identifier: fc.constant('1'),
      label: fc.constant('1'),
    }),
    fc.record({ type: fc.constant('image' as const), url: urlArb, alt: valueArb }),
    fc.record({
      type: fc.constant('strong' as const),
      children: tie('children') as fc.Arbitrary<PhrasingContent[]>,
    }),
    fc.record({
      type: fc.constant('emphasis' as const),
      children: tie('children') as fc.Arbitrary<PhrasingContent[]>,
    }),
    fc.record({
      type: fc.constant('delete' as const),
      children: tie('children') as fc.Arbitrary<PhrasingContent[]>,
    }),
    fc.record({
      type: fc.constant('link' as const),
      url: urlArb,
      children: tie('children') as fc.Arbitrary<PhrasingContent[]>,
    }),
    fc.record({
      type: fc.constant('mebdfSpan' as const),
      props: fc.constantFrom('underline', 'color:#ff0000'),
      children: tie('children') as fc.Arbitrary<PhrasingContent[]>,
    }),
  ),
})) as unknown as { phrasing: fc.Arbitrary<PhrasingContent> };

const inlinesArb = fc.array(phrasing, { minLength: 0, maxLength: 5 });

const leafBlockArb: fc.Arbitrary<BlockContent> = fc.oneof(
  fc.record({ type: fc.constant('paragraph' as const), children: inlinesArb }),
  fc.record({ type: fc.constant('paragraph' as const), children: inlinesArb }),
  fc.record({
    type: fc.constant('heading' as const),
    depth: fc.constantFrom(1 as const, 2 as const, 3 as const, 6 as const),
    children: inlinesArb,
  }),
  fc.record({ type: fc.constant('code' as const), value: valueArb }),
  fc.constant({ type: 'thematicBreak' as const }),
  fc.record({
    type: fc.constant('mebdfDirective' as const),
    props: fc.constantFrom('Title', 'Normal text', 'empty'),
  }),
);

const listArb = fc
  .record({
    ordered: fc.boolean(),
    spread: fc.boolean(),
    items: fc.array(
      fc.record({
        spread: fc.boolean(),
        checked: fc.constantFrom(undefined, true, false),
        children: fc.array(leafBlockArb, { minLength: 0, maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(
    ({ ordered, spread, items }): RootContent => ({
      type: 'list',
      ordered,
      spread,
      ...(ordered ? { start: 1 } : {}),
      children: items.map(({ spread: itemSpread, checked, children }): ListItem => {
        const item: ListItem = { type: 'listItem', spread: itemSpread, children };
        if (checked !== undefined) item.checked = checked;
        return item;
      }),
    }),
  );

const flowArb: fc.Arbitrary<RootContent> = fc.oneof(
  leafBlockArb as fc.Arbitrary<RootContent>,
  listArb,
  fc
    .array(leafBlockArb, { minLength: 1, maxLength: 2 })
    .map((children) => ({ type: 'blockquote' as const, children })),
  fc
    .array(fc.array(inlinesArb, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 3 })
    .map((rows) => ({
      type: 'table' as const,
      align: [null, null],
      children: rows.map((cells) => ({
        type: 'tableRow' as const,
        children: cells.map((children) => ({ type: 'tableCell' as const, children })),
      })),
    })),
);

const rootArb: fc.Arbitrary<Root> = fc
  .array(flowArb, { minLength: 0, maxLength: 5 })
  .map((children) => ({ type: 'root', children }));

function outcome(run: () => string): string {
  try {
    return run();
  } catch (error) {
    return `throws: ${(error as Error).message}`;
  }
}

describe('writeTree against stringifyTree on random mdast', () => {
  it('writes the same bytes (or throws the same error) for any tree', () => {
    fc.assert(
      fc.property(rootArb, (tree) => {
        const expected = outcome(() => stringifyTree(structuredClone(tree)));
        expect(outcome(() => writeTree(structuredClone(tree)))).toBe(expected);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
