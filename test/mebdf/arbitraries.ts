/**
 * fast-check generators of valid MEBDF block models (and the normalisation every producer applies:
 * merged runs, list keys numbered by first appearance, footnotes in order of first reference).
 * Text deliberately mixes Markdown and MEBDF punctuation with emoji, CJK and combining marks.
 */
import fc from 'fast-check';
import { deepEqual } from '../../src/docs/equality.js';
import { normaliseQuotes } from '../../src/docs/export/quote-blocks.js';
import {
  type Block,
  EMBED_KINDS,
  type Inline,
  type ListKind,
  type MebdfDocument,
  type NamedStyleType,
  type ParagraphBlock,
  type ParagraphStyle,
  type TableCell,
  type TextStyle,
} from '../../src/mebdf/model.js';

const PIECES = [
  'a',
  'b',
  'word',
  'Zebra',
  '42',
  ' ',
  ' ',
  '  ',
  '*',
  '_',
  '#',
  '{',
  '}',
  '[',
  ']',
  '`',
  '|',
  '!',
  '^',
  '/',
  '~',
  '<',
  '>',
  '&',
  '\\',
  '-',
  '=',
  '+',
  '.',
  ':',
  '(',
  ')',
  '"',
  "'",
  '1.',
  '{!',
  '{/!}',
  '{^',
  '😀',
  '👍🏽',
  '漢字',
  'かな',
  'e\u0301',
  '\u00e9',
  'é',
  '&amp;',
  'http://x.y',
  '\t',
];

export const textArb: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));

const colorArb = fc.constantFrom('#ff0000', '#00aa11', '#123456', '#ffffff');

const STYLE_VALUES = {
  bold: fc.constantFrom(true, true, false),
  italic: fc.constantFrom(true, true, false),
  underline: fc.constantFrom(true, false),
  strikethrough: fc.constantFrom(true, false),
  smallcaps: fc.constant(true),
  sup: fc.constant(true),
  sub: fc.constant(true),
  font: fc.constantFrom('Arial', 'Courier New', 'Times New Roman'),
  weight: fc.constantFrom(100, 400, 600, 900),
  size: fc.constantFrom(8, 10.5, 12, 24),
  color: colorArb,
  highlight: colorArb,
  link: fc.constantFrom('https://example.com/a?b=1', '#^h.abc', 'https://x.org/(1)'),
  suggestion: fc.constantFrom('insert' as const, 'delete' as const),
  comment: fc.constantFrom('AAABx1', 'kix.a1 kix.b2'),
};
const STYLE_KEYS = Object.keys(STYLE_VALUES) as (keyof typeof STYLE_VALUES)[];

/** A text style with up to four properties (sup and sub never together). */
export const textStyleArb: fc.Arbitrary<TextStyle> = fc
  .subarray(STYLE_KEYS, { maxLength: 4 })
  .chain((keys) =>
    fc.record(
      Object.fromEntries(keys.map((key) => [key, STYLE_VALUES[key]])) as {
        [K in keyof TextStyle]: fc.Arbitrary<NonNullable<TextStyle[K]>>;
      },
    ),
  )
  .map((style) => {
    const result = style as TextStyle;
    if (result.sup && result.sub) delete result.sub;
    return result;
  });

const idArb = fc.constantFrom('h.abc', 'kix.1x2', 't.0', 'id:9_z-1');

function inlineArb(footnoteLabels: readonly string[]): fc.Arbitrary<Inline> {
  const options: fc.Arbitrary<Inline>[] = [
    fc.record({ type: fc.constant('text' as const), text: textArb, style: textStyleArb }),
    fc.record({ type: fc.constant('text' as const), text: textArb, style: textStyleArb }),
    fc.record({ type: fc.constant('text' as const), text: textArb, style: textStyleArb }),
    fc.record({ type: fc.constant('anchor' as const), id: fc.option(idArb, { nil: null }) }),
    fc
      .record({
        type: fc.constant('embed' as const),
        id: idArb,
        kind: fc.constantFrom(...EMBED_KINDS),
        caption: fc.option(
          fc.oneof(
            textArb,
            textArb.map((t) => `${t}\n${t}`),
          ),
          { nil: undefined },
        ),
      })
      .map((embed) => {
        if (embed.caption === undefined) delete embed.caption;
        return embed;
      }),
    fc.record({
      type: fc.constant('image' as const),
      url: fc.constantFrom('https://example.com/i.png', 'https://x.org/a b.png'),
      alt: fc.constantFrom('', 'alt text', 'a*b'),
    }),
    fc.constant({ type: 'break' as const }),
  ];
  if (footnoteLabels.length > 0) {
    options.push(
      fc.record({ type: fc.constant('footnoteRef' as const), label: fc.constantFrom(...footnoteLabels) }),
    );
  }
  return fc.oneof(...options);
}

/** Merges adjacent runs of equal style, as every producer does. */
export function normaliseInlines(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    const last = out[out.length - 1];
    if (inline.type === 'text' && last?.type === 'text' && deepEqual(last.style, inline.style)) {
      last.text += inline.text;
    } else out.push(inline.type === 'text' ? { ...inline, style: { ...inline.style } } : inline);
  }
  return out;
}

const namedArb: fc.Arbitrary<NamedStyleType> = fc.constantFrom(
  'NORMAL_TEXT',
  'NORMAL_TEXT',
  'NORMAL_TEXT',
  'TITLE',
  'SUBTITLE',
  'HEADING_1',
  'HEADING_2',
  'HEADING_6',
);

/** A table cell holding one plain paragraph of `inlines`. */
export function plainCell(inlines: Inline[]): TableCell {
  return {
    blocks: [{ type: 'paragraph', style: { namedStyle: 'NORMAL_TEXT' }, inlines: normaliseInlines(inlines) }],
  };
}

export const paragraphStyleArb: fc.Arbitrary<ParagraphStyle> = fc
  .tuple(
    namedArb,
    fc.record(
      {
        align: fc.constantFrom('left' as const, 'center' as const, 'right' as const, 'justify' as const),
        indentLeft: fc.constantFrom(0, 18, 36.5),
        indentRight: fc.constantFrom(0, 72),
        firstLineIndent: fc.constantFrom(-18, 0, 36),
        lineSpacing: fc.constantFrom(100, 115, 150, 200, 130, 87.5),
        spaceBefore: fc.constantFrom(0, 6, 12),
        spaceAfter: fc.constantFrom(0, 6, 12),
      },
      { requiredKeys: [] },
    ),
    fc.boolean(),
  )
  .map(([namedStyle, props, plain]) => (plain ? { namedStyle } : { namedStyle, ...props }));

function paragraphArb(labels: readonly string[]): fc.Arbitrary<ParagraphBlock> {
  return fc
    .record({
      style: paragraphStyleArb,
      inlines: fc.array(inlineArb(labels), { minLength: 0, maxLength: 5 }),
    })
    .map(({ style, inlines }) => ({ type: 'paragraph' as const, style, inlines: normaliseInlines(inlines) }));
}

/**
 * A run of list items: levels 0–8 that may rise by more than one (Docs allows an item deeper
 * than its predecessor), one marker family per level.
 */
function listArb(labels: readonly string[]): fc.Arbitrary<ParagraphBlock[]> {
  return fc
    .tuple(
      fc.array(fc.tuple(paragraphArb(labels), fc.integer({ min: -2, max: 3 })), {
        minLength: 1,
        maxLength: 5,
      }),
      fc.array(fc.constantFrom<ListKind>('bullet', 'ordered', 'checkbox'), { minLength: 9, maxLength: 9 }),
    )
    .map(([items, kinds]) => {
      let level = -1;
      return items.map(([paragraph, step]) => {
        level = Math.min(8, Math.max(0, level + step));
        const kind = kinds[level]!;
        return { ...paragraph, list: { key: '?', level, kind } };
      });
    });
}

function tableArb(labels: readonly string[]): fc.Arbitrary<Block> {
  return fc
    .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.boolean())
    .chain(([rowCount, columnCount, plain]) => {
      const cell: fc.Arbitrary<TableCell> = plain
        ? fc
            .array(
              fc.oneof(
                fc.record({ type: fc.constant('text' as const), text: textArb, style: textStyleArb }),
                fc.record({ type: fc.constant('anchor' as const), id: fc.option(idArb, { nil: null }) }),
              ),
              { maxLength: 3 },
            )
            .map(plainCell)
        : fc
            .record({
              blocks: fc.oneof(
                fc.array(paragraphArb(labels), { minLength: 1, maxLength: 2 }),
                listArb(labels),
              ),
              colSpan: fc.option(fc.integer({ min: 2, max: 3 }), { nil: undefined }),
            })
            .map((generated) => {
              const result: TableCell = { blocks: generated.blocks };
              if (generated.colSpan !== undefined) result.colSpan = generated.colSpan;
              return result;
            });
      return fc.array(fc.array(cell, { minLength: columnCount, maxLength: columnCount }), {
        minLength: rowCount,
        maxLength: rowCount,
      });
    })
    .map((rows) => ({ type: 'table' as const, rows }));
}

const LABELS = ['1', 'fn.2', 'note-x'];

/** A thematic break: an empty paragraph in a style that is no heading's, maybe a list item. */
function ruleArb(labels: readonly string[]): fc.Arbitrary<ParagraphBlock[]> {
  return fc
    .oneof(
      paragraphArb(labels).map((p) => [p]),
      listArb(labels).map((items) => items.slice(0, 1)),
    )
    .map(([p]) => {
      const style = p!.style.namedStyle.startsWith('HEADING_')
        ? { ...p!.style, namedStyle: 'NORMAL_TEXT' as const }
        : p!.style;
      return [{ ...p!, style, inlines: [], rule: true as const }];
    });
}

/** Paragraphs, a list or a rule inside block quotes (their `quote` made canonical by normaliseDocument). */
function quotedArb(labels: readonly string[]): fc.Arbitrary<Block[]> {
  return fc
    .tuple(
      fc.constantFrom('>', '>>', '+', '>+', '>>>', '+>'),
      fc.oneof(
        fc.array(paragraphArb(labels), { minLength: 1, maxLength: 2 }),
        listArb(labels),
        ruleArb(labels),
      ),
    )
    .map(([quote, blocks]) => blocks.map((b) => ({ ...b, quote })));
}

/** A valid, normalised document. */
export const documentArb: fc.Arbitrary<MebdfDocument> = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: paragraphArb(LABELS).map((p) => [p] as Block[]) },
        { weight: 2, arbitrary: listArb(LABELS) as fc.Arbitrary<Block[]> },
        { weight: 1, arbitrary: tableArb(LABELS).map((t) => [t]) },
        { weight: 2, arbitrary: quotedArb(LABELS) },
        { weight: 1, arbitrary: ruleArb(LABELS) as fc.Arbitrary<Block[]> },
      ),
      { maxLength: 6 },
    ),
    fc.array(fc.array(paragraphArb([]), { minLength: 1, maxLength: 2 }), { minLength: 3, maxLength: 3 }),
  )
  .map(([groups, notes]) => normaliseDocument(groups.flat(), notes));

/**
 * Numbers list keys by first appearance (consecutive list paragraphs form one list, but an outer
 * checklist item after outer items that are not, or the reverse, starts a new one), keeps one
 * marker family (ordered or not) per level of a list, and keeps exactly the referenced footnotes.
 */
export function normaliseDocument(blocks: Block[], notes: ParagraphBlock[][]): MebdfDocument {
  let count = 0;
  const used: string[] = [];
  const visit = (paragraphs: readonly Block[]): void => {
    let key: string | undefined;
    let kinds: ListKind[] = [];
    let quote: string | undefined;
    for (const block of paragraphs) {
      if (block.type === 'table') {
        key = undefined;
        for (const row of block.rows) for (const cell of row) visit(cell.blocks);
        continue;
      }
      for (const inline of block.inlines) {
        if (inline.type === 'footnoteRef' && !used.includes(inline.label)) used.push(inline.label);
      }
      if (!block.list) {
        key = undefined;
        continue;
      }
      // A list does not go on across a quote's edge, nor into a new quote.
      if (block.quote !== quote || block.quote?.includes('+')) key = undefined;
      quote = block.quote;
      // One outer level of a Docs list is a checklist or not: a flip starts a new list.
      const outer = kinds[0];
      if (key !== undefined && block.list.level === 0 && outer !== undefined)
        if ((outer === 'checkbox') !== (block.list.kind === 'checkbox')) key = undefined;
      if (key === undefined) {
        key = String(++count);
        kinds = [];
      }
      const first = kinds[block.list.level];
      if (first === undefined) kinds[block.list.level] = block.list.kind;
      else if ((first === 'ordered') !== (block.list.kind === 'ordered')) block.list.kind = first;
      block.list.key = key;
    }
  };
  normaliseQuotes({ blocks, footnotes: {} });
  visit(blocks);
  const footnotes: Record<string, ParagraphBlock[]> = {};
  for (let index = 0; index < used.length; index++) {
    const label = used[index]!;
    const paragraphs = notes[LABELS.indexOf(label)]!.map((p) => ({ ...p }));
    visit(paragraphs);
    footnotes[label] = paragraphs;
  }
  return { blocks, footnotes };
}
