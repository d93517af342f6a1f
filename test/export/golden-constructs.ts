/**
 * The hand-made golden cases, one per construct: small Docs documents built with the test builder.
 * `node --import tsx test/export/golden-constructs.ts` (re)writes their `document.json` under
 * test/golden/construct-<name>/; the golden test then exports them like the real documents.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { docs_v1 } from '@googleapis/docs';
import { el, listDef, makeDoc, para, text } from './builder.js';

const rgb = (red: number, green: number, blue: number) => ({ color: { rgbColor: { red, green, blue } } });
const pt = (magnitude: number) => ({ magnitude, unit: 'PT' });
const h = (n: number | 'TITLE' | 'SUBTITLE', t: string, id?: string) =>
  para(t, {
    namedStyleType: typeof n === 'number' ? `HEADING_${n}` : n,
    ...(id ? { headingId: id } : {}),
  });
const item = (t: string | docs_v1.Schema$ParagraphElement[], listId: string, level = 0) =>
  para(
    t,
    { indentStart: pt(36 + 36 * level), indentFirstLine: pt(18 + 36 * level) },
    { bullet: { listId, nestingLevel: level } },
  );

export const CONSTRUCTS: Record<string, docs_v1.Schema$Document> = {
  headings: makeDoc({
    blocks: [
      h('TITLE', 'Quarterly report', 'h.title0000001'),
      h('SUBTITLE', 'Draft for review'),
      para('Preamble text before the first heading.'),
      h(1, 'Overview', 'h.overview0001'),
      para('Body of the overview.'),
      h(2, 'Goals', 'h.goals0000001'),
      h(3, 'Level three', 'h.level3000001'),
      h(4, 'Level four', 'h.level4000001'),
      h(5, 'Level five', 'h.level5000001'),
      h(6, 'Level six', 'h.level6000001'),
      h(2, 'A heading without an id'),
      para('Its body.'),
      h(1, 'Second chapter', 'h.second000001'),
    ],
  }),
  'text-styles': makeDoc({
    blocks: [
      para([
        text('Plain, '),
        text('bold', { bold: true }),
        text(', '),
        text('italic', { italic: true }),
        text(', '),
        text('bold italic', { bold: true, italic: true }),
        text(', '),
        text('struck', { strikethrough: true }),
        text(', '),
        text('underlined', { underline: true }),
        text('.'),
      ]),
      para([
        text('Red', { foregroundColor: rgb(0.8, 0, 0) }),
        text(' and '),
        text('highlighted', { backgroundColor: rgb(1, 1, 0) }),
        text(' and '),
        text('Georgia 14pt', {
          weightedFontFamily: { fontFamily: 'Georgia', weight: 400 },
          fontSize: pt(14),
        }),
        text(' and '),
        text('light', { weightedFontFamily: { fontFamily: 'Roboto', weight: 300 } }),
        text(' and '),
        text('code()', { weightedFontFamily: { fontFamily: 'Courier New', weight: 400 } }),
        text('.'),
      ]),
      para([
        text('E = mc'),
        text('2', { baselineOffset: 'SUPERSCRIPT' }),
        text(', H'),
        text('2', { baselineOffset: 'SUBSCRIPT' }),
        text('O, '),
        text('Small Caps', { smallCaps: true }),
        text(', explicit defaults: '),
        text('Arial 11', { weightedFontFamily: { fontFamily: 'Arial', weight: 400 }, fontSize: pt(11) }),
      ]),
      h(3, 'Bold heading with plain words', 'h.boldheading1'),
    ],
  }),
  links: makeDoc([
    {
      tabId: 't.0',
      title: 'Main',
      blocks: [
        h(1, 'Target', 'h.target000001'),
        para([
          text('A '),
          text('web link', {
            link: { url: 'https://example.com/a?b=c' },
            underline: true,
            foregroundColor: rgb(17 / 255, 85 / 255, 204 / 255),
          }),
          text(', a '),
          text('heading link', {
            link: { heading: { id: 'h.target000001', tabId: 't.0' } },
            underline: true,
          }),
          text(', a '),
          text('bookmark link', { link: { bookmark: { id: 'id.bookmark01', tabId: 't.0' } } }),
          text(', a '),
          text('tab link', { link: { tabId: 't.second00001' } }),
          text(' and a '),
          text('heading in another tab', {
            link: { heading: { id: 'h.elsewhere001', tabId: 't.second00001' } },
          }),
          text('.'),
        ]),
      ],
    },
    { tabId: 't.second00001', title: 'Second', blocks: [h(1, 'Elsewhere', 'h.elsewhere001')] },
  ]),
  lists: makeDoc({
    lists: {
      'kix.bullets': listDef('bullet'),
      'kix.numbers': listDef('ordered'),
      'kix.checks': listDef('checkbox'),
      'kix.numbers2': listDef('ordered'),
    },
    blocks: [
      para('Bullets:'),
      item('first', 'kix.bullets'),
      item('nested', 'kix.bullets', 1),
      item('deeper', 'kix.bullets', 2),
      item('second', 'kix.bullets'),
      para('Numbers, then a second numbered list right after:'),
      item('one', 'kix.numbers'),
      item('two', 'kix.numbers'),
      item('a', 'kix.numbers', 1),
      item('other list one', 'kix.numbers2'),
      item('other list two', 'kix.numbers2'),
      para('Checklist:'),
      item('buy milk', 'kix.checks'),
      item([text('call '), text('Ada', { bold: true })], 'kix.checks'),
    ],
  }),
  tables: makeDoc({
    blocks: [
      para('A simple table:'),
      {
        table: [
          [[para([text('Name', { bold: true })])], [para([text('Score', { bold: true })])]],
          [[para('Ada')], [para('10')]],
          [[para('Grace | Hopper')], [para('9')]],
        ],
      },
      para('A table with a merged cell and a cell with two paragraphs:'),
      {
        table: [
          [[para('Merged across')], []],
          [[para('Line one'), para('Line two')], [para('x')]],
        ],
      },
      para('After.'),
    ],
  }),
  footnotes: makeDoc({
    blocks: [
      para([
        text('A claim'),
        el({ footnoteReference: { footnoteId: 'kix.fn1', footnoteNumber: '1' } }),
        text(' and another'),
        el({ footnoteReference: { footnoteId: 'kix.fn2', footnoteNumber: '2' } }),
        text('.'),
      ]),
    ],
    footnotes: {
      'kix.fn1': [
        para([text(' See '), text('the source', { link: { url: 'https://example.org' } }), text('.')]),
      ],
      'kix.fn2': [para(' Second note.')],
    },
  }),
  breaks: makeDoc({
    blocks: [
      para('Line one\u000bline two of the same paragraph'),
      para([]),
      para([]),
      para([text('Before a page break'), el({ pageBreak: {} })]),
      para([el({ horizontalRule: {} })]),
      para([text('Column'), el({ columnBreak: {} }), text('break')]),
      { sectionBreak: 'NEXT_PAGE' },
      para('After the section break.'),
    ],
  }),
  'paragraph-styles': makeDoc({
    blocks: [
      para('Centered', { alignment: 'CENTER' }),
      para('Also centered', { alignment: 'CENTER' }),
      para('Right', { alignment: 'END' }),
      para('Justified text with double spacing', { alignment: 'JUSTIFIED', lineSpacing: 200 }),
      para('Indented with a hanging first line', { indentStart: pt(36), indentFirstLine: pt(18) }),
      para('Space before and after', { spaceAbove: pt(12), spaceBelow: pt(6) }),
      para('Back to normal'),
    ],
  }),
  objects: (() => {
    const d = makeDoc({
      inlineObjects: {
        'kix.image00001': {
          objectId: 'kix.image00001',
          inlineObjectProperties: {
            embeddedObject: { title: 'Revenue chart', description: 'Bars by quarter', imageProperties: {} },
          },
        },
        'kix.drawing0001': {
          objectId: 'kix.drawing0001',
          inlineObjectProperties: { embeddedObject: { embeddedDrawingProperties: {} } },
        },
      },
      positionedObjects: {
        'kix.floating001': {
          objectId: 'kix.floating001',
          positionedObjectProperties: {
            embeddedObject: { description: 'Company logo', imageProperties: {} },
          },
        },
      },
      blocks: [
        { toc: [para([text('Overview', { link: { heading: { id: 'h.o', tabId: 't.0' } } })])] },
        para([text('An image: '), el({ inlineObjectElement: { inlineObjectId: 'kix.image00001' } })]),
        para([text('A drawing: '), el({ inlineObjectElement: { inlineObjectId: 'kix.drawing0001' } })]),
        para('A paragraph with a floating image.', {}, { positionedObjectIds: ['kix.floating001'] }),
        para([
          text('Owner '),
          el({
            person: {
              personId: 'kix.person0001',
              personProperties: { name: 'Ada Lovelace', email: 'ada@example.com' },
            },
          }),
          text(', due '),
          el({
            dateElement: {
              dateId: 'kix.date000001',
              dateElementProperties: { displayText: 'Jan 8, 2026', timestamp: '2026-01-08T12:00:00Z' },
            },
          }),
          text(', spec '),
          el({
            richLink: {
              richLinkId: 'kix.rich000001',
              richLinkProperties: { title: 'Design doc', uri: 'https://docs.google.com/document/d/x' },
            },
          }),
        ]),
        para([
          text('Page '),
          el({ autoText: { type: 'PAGE_NUMBER' } }),
          text(', formula '),
          el({ equation: {} }),
        ]),
      ],
    });
    return d;
  })(),
  suggestions: makeDoc({
    blocks: [
      para([
        text('The plan is '),
        text('not ', {}, { suggestedDeletionIds: ['suggest.del0001'] }),
        text('final', {}),
        text(' and approved', {}, { suggestedInsertionIds: ['suggest.ins0001'] }),
        text('.'),
      ]),
    ],
  }),
  'named-ranges': makeDoc({
    blocks: [para('Alpha beta gamma.'), para('Delta 😀 epsilon.')],
    namedRanges: {
      beta: {
        name: 'beta',
        namedRanges: [
          { namedRangeId: 'kix.range00001', name: 'beta', ranges: [{ startIndex: 7, endIndex: 11 }] },
        ],
      },
      epsilon: {
        name: 'epsilon',
        namedRanges: [
          { namedRangeId: 'kix.range00002', name: 'epsilon', ranges: [{ startIndex: 28, endIndex: 35 }] },
        ],
      },
    },
  }),
  escapes: makeDoc({
    blocks: [
      para('Literal {!bold} and {^ h.x} and {^= kix.y image} and {/!} in text.'),
      para('Stars *not emphasis*, _underscores_, `backticks`, [brackets](x), # not a heading, a | pipe.'),
      para('1. not a list item'),
      para('- not a bullet'),
      para('> not a quote'),
      para('    four leading spaces'),
      para('Trailing backslash \\'),
      para('<b>not html</b> &amp; entities'),
      para('---'),
    ],
  }),
  unicode: makeDoc({
    blocks: [
      h(1, 'Émoji 😀 and CJK 漢字', 'h.unicode00001'),
      para([text('Combining e\u0301 and '), text('bold 👍🏽', { bold: true }), text(' after, 中文 text.')]),
      para('Tab\tseparated\tvalues'),
    ],
  }),
  empty: makeDoc({ blocks: [para([])] }),
  'table-content': makeDoc({
    lists: { 'kix.cellbullets': listDef('bullet') },
    blocks: [
      {
        table: [
          [
            [h(3, 'Heading in a cell', 'h.incell00001')],
            [item('bullet in a cell', 'kix.cellbullets'), item('second', 'kix.cellbullets')],
          ],
          [
            [
              para([
                text('Bold', { bold: true }),
                text(' and a '),
                text('link', { link: { url: 'https://example.com' } }),
              ]),
            ],
            [para('Line\u000bbreak')],
          ],
        ],
      },
      para([]),
    ],
  }),
  'multi-tab': makeDoc([
    { tabId: 't.0', title: 'Parent', blocks: [h(1, 'Parent tab', 'h.parent00001'), para('Parent content.')] },
    {
      tabId: 't.sibling00001',
      title: 'Sibling',
      blocks: [para('Sibling content.')],
      childTabs: [
        {
          tabId: 't.child000001',
          title: 'Child',
          blocks: [h(2, 'In the child', 'h.child000001'), para('Child content.')],
        },
      ],
    },
  ]),
};

// Merge the first cell of the second table across two columns.
{
  const content = CONSTRUCTS.tables!.tabs![0]!.documentTab!.body!.content!;
  const second = content.filter((se) => se.table)[1]!.table!;
  second.tableRows![0]!.tableCells![0]!.tableCellStyle = { columnSpan: 2, rowSpan: 1 };
  second.tableRows![0]!.tableCells![1]!.tableCellStyle = { columnSpan: 1, rowSpan: 1 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');
  for (const [name, doc] of Object.entries(CONSTRUCTS)) {
    const dir = join(root, `construct-${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'document.json'), `${JSON.stringify(doc, null, 2)}\n`);
  }
  process.stdout.write(`wrote ${Object.keys(CONSTRUCTS).length} construct cases\n`);
}
