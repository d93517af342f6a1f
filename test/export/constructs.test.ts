/**
 * Each Docs construct -> its block model, on small hand-made documents (the builder lays out
 * correct indices). These pin the mapping rules of MEBDF.md §2.6 and the issue: effective styles,
 * link forms, list kinds and boundaries, tables, footnotes, placeholders, anchors, suggestions.
 */
import { describe, expect, it } from 'vitest';
import { buildTab } from '../../src/docs/export/exporter.js';
import type { ParagraphSource, TableSource } from '../../src/docs/export/types.js';
import type { ParagraphBlock, TableBlock } from '../../src/mebdf/model.js';
import { el, listDef, makeDoc, para, type TabSpec, text } from './builder.js';

const rgb = (red: number, green: number, blue: number) => ({ color: { rgbColor: { red, green, blue } } });
const pt = (magnitude: number) => ({ magnitude, unit: 'PT' });

function build(spec: TabSpec) {
  return buildTab(makeDoc(spec));
}
function paragraphs(spec: TabSpec): ParagraphBlock[] {
  return build(spec).model.blocks as ParagraphBlock[];
}

describe('text styles', () => {
  it('keeps only what differs from the named style (through NORMAL_TEXT)', () => {
    const [p, h] = paragraphs({
      blocks: [
        para([
          text('same ', { fontSize: pt(11), weightedFontFamily: { fontFamily: 'Arial', weight: 400 } }),
          text('red', { foregroundColor: rgb(1, 0, 0) }),
          text(' big', { fontSize: pt(14), bold: true }),
        ]),
        para([text('Bold already', { bold: true, fontSize: pt(14) })], {
          namedStyleType: 'HEADING_3',
          headingId: 'h.three',
        }),
      ],
    });
    expect(p!.inlines).toEqual([
      { type: 'text', text: 'same ', style: {} },
      { type: 'text', text: 'red', style: { color: '#ff0000' } },
      { type: 'text', text: ' big', style: { size: 14, bold: true } },
    ]);
    expect(h!.inlines).toEqual([
      { type: 'anchor', id: 'h.three' },
      { type: 'text', text: 'Bold already', style: {} },
    ]);
  });

  it('maps every character property', () => {
    const [p] = paragraphs({
      blocks: [
        para([
          text('a', { italic: true, underline: true, strikethrough: true, smallCaps: true }),
          text('b', { baselineOffset: 'SUPERSCRIPT' }),
          text('c', { baselineOffset: 'SUBSCRIPT' }),
          text('d', { weightedFontFamily: { fontFamily: 'Roboto', weight: 300 } }),
          text('e', { backgroundColor: rgb(1, 1, 0) }),
          text('f', { weightedFontFamily: { fontFamily: 'Courier New' } }),
        ]),
      ],
    });
    expect(p!.inlines.map((i) => (i.type === 'text' ? i.style : null))).toEqual([
      { italic: true, underline: true, strikethrough: true, smallcaps: true },
      { sup: true },
      { sub: true },
      { font: 'Roboto', weight: 300 },
      { highlight: '#ffff00' },
      { font: 'Courier New' },
    ]);
  });

  it('merges adjacent runs that end up with the same style', () => {
    const [p] = paragraphs({
      blocks: [para([text('one ', { bold: true, fontSize: pt(11) }), text('two', { bold: true })])],
    });
    expect(p!.inlines).toEqual([{ type: 'text', text: 'one two', style: { bold: true } }]);
  });

  it('warns when text turns off what its named style sets', () => {
    const built = build({
      blocks: [para([text('plain', { bold: false })], { namedStyleType: 'HEADING_3', headingId: 'h.x' })],
    });
    expect(built.warnings.map((w) => w.message).join('\n')).toMatch(/not bold .*Heading 3/);
  });
});

describe('links', () => {
  const linked = (link: object) =>
    paragraphs({
      tabId: 't.0',
      blocks: [
        para([
          text('go', { link, underline: true, foregroundColor: rgb(0x11 / 255, 0x55 / 255, 0xcc / 255) }),
        ]),
      ],
    })[0]!.inlines[0];

  it('drops the link chrome Google adds', () => {
    expect(linked({ url: 'https://example.com/' })).toEqual({
      type: 'text',
      text: 'go',
      style: { link: 'https://example.com/' },
    });
  });

  it('spells anchors as #^id, across tabs as #^tabId:id', () => {
    const href = (link: object) => {
      const i = linked(link);
      return i?.type === 'text' ? i.style.link : undefined;
    };
    expect(href({ heading: { id: 'h.abc', tabId: 't.0' } })).toBe('#^h.abc');
    expect(href({ heading: { id: 'h.abc', tabId: 't.other' } })).toBe('#^t.other:h.abc');
    expect(href({ headingId: 'h.legacy' })).toBe('#^h.legacy');
    expect(href({ bookmark: { id: 'id.bm', tabId: 't.0' } })).toBe('#^id.bm');
    expect(href({ bookmarkId: 'id.old' })).toBe('#^id.old');
    expect(href({ tabId: 't.second' })).toBe('#^t.second');
  });
});

describe('lists', () => {
  it('keeps kinds, levels and list boundaries (an interruption starts a new list); list indents are not paragraph formatting', () => {
    const item = (t: string, listId: string, level = 0) =>
      para(
        t,
        { indentStart: pt(36 + 36 * level), indentFirstLine: pt(18 + 36 * level) },
        {
          bullet: { listId, nestingLevel: level },
        },
      );
    const ps = paragraphs({
      lists: { 'kix.a': listDef('bullet'), 'kix.b': listDef('ordered'), 'kix.c': listDef('checkbox') },
      blocks: [
        item('a1', 'kix.b'),
        item('a1.1', 'kix.b', 1),
        item('b1', 'kix.a'),
        item('c1', 'kix.c'),
        para('x'),
        item('a2', 'kix.b'),
      ],
    });
    expect(ps.map((p) => [p.list, p.style])).toEqual([
      [{ key: '1', level: 0, kind: 'ordered' }, { namedStyle: 'NORMAL_TEXT' }],
      [{ key: '1', level: 1, kind: 'ordered' }, { namedStyle: 'NORMAL_TEXT' }],
      [{ key: '2', level: 0, kind: 'bullet' }, { namedStyle: 'NORMAL_TEXT' }],
      [{ key: '3', level: 0, kind: 'checkbox' }, { namedStyle: 'NORMAL_TEXT' }],
      [undefined, { namedStyle: 'NORMAL_TEXT' }],
      [{ key: '4', level: 0, kind: 'ordered' }, { namedStyle: 'NORMAL_TEXT' }],
    ]);
  });

  it('warns that a numbered list interrupted by a paragraph restarts its numbering', () => {
    const built = build({
      lists: { 'kix.n': listDef('ordered') },
      blocks: [
        para('one', {}, { bullet: { listId: 'kix.n' } }),
        para('x'),
        para('two', {}, { bullet: { listId: 'kix.n' } }),
      ],
    });
    expect(built.warnings).toEqual([
      expect.objectContaining({
        block: 2,
        message: expect.stringMatching(/Numbered list kix\.n goes on after other content at "two"/),
      }),
    ]);
  });
});

describe('paragraph styles', () => {
  it('emits alignment, indents and spacing only where they differ from the named style', () => {
    const ps = paragraphs({
      blocks: [
        para('c', { alignment: 'CENTER', lineSpacing: 115 }),
        para('i', { indentStart: pt(36), indentFirstLine: pt(18), indentEnd: pt(10) }),
        para('s', { spaceAbove: pt(12), spaceBelow: pt(0), lineSpacing: 200, alignment: 'JUSTIFIED' }),
        para('r', { alignment: 'END' }),
      ],
    });
    expect(ps.map((p) => p.style)).toEqual([
      { namedStyle: 'NORMAL_TEXT', align: 'center' },
      { namedStyle: 'NORMAL_TEXT', indentLeft: 36, indentRight: 10, firstLineIndent: -18 },
      { namedStyle: 'NORMAL_TEXT', align: 'justify', lineSpacing: 200, spaceBefore: 12 },
      { namedStyle: 'NORMAL_TEXT', align: 'right' },
    ]);
  });
});

describe('breaks, empty paragraphs and placeholders', () => {
  it('turns \\u000b into a break and keeps empty paragraphs', () => {
    const ps = paragraphs({ blocks: [para('one\u000btwo'), para([]), para('end')] });
    expect(ps[0]!.inlines).toEqual([
      { type: 'text', text: 'one', style: {} },
      { type: 'break' },
      { type: 'text', text: 'two', style: {} },
    ]);
    expect(ps[1]!.inlines).toEqual([]);
  });

  it('shows objects as embeds with captions, and gives id-less elements kind.ordinal ids', () => {
    const built = build({
      inlineObjects: {
        'kix.img': {
          objectId: 'kix.img',
          inlineObjectProperties: { embeddedObject: { title: 'Chart of sales', imageProperties: {} } },
        },
      },
      positionedObjects: {
        'kix.pos': {
          objectId: 'kix.pos',
          positionedObjectProperties: { embeddedObject: { description: 'logo', imageProperties: {} } },
        },
      },
      blocks: [
        para([text('a'), el({ inlineObjectElement: { inlineObjectId: 'kix.img' } }), el({ pageBreak: {} })]),
        para([el({ horizontalRule: {} }), el({ pageBreak: {} }), el({ autoText: { type: 'PAGE_NUMBER' } })]),
        para(
          [
            el({
              person: { personId: 'kix.p', personProperties: { name: 'Ada', email: 'ada@example.com' } },
            }),
            el({ dateElement: { dateId: 'kix.d', dateElementProperties: { displayText: 'Jan 8, 2026' } } }),
            el({
              richLink: { richLinkId: 'kix.r', richLinkProperties: { title: 'Plan', uri: 'https://x' } },
            }),
            el({ equation: {} }),
            text('x\ue907y'),
          ],
          {},
          { positionedObjectIds: ['kix.pos'] },
        ),
        { sectionBreak: 'NEXT_PAGE' },
        { toc: [para('Entry')] },
      ],
    });
    const embeds = built.model.blocks.flatMap((b) =>
      (b as ParagraphBlock).inlines.filter((i) => i.type === 'embed'),
    );
    expect(embeds).toEqual([
      { type: 'embed', id: 'kix.img', kind: 'image', caption: 'Chart of sales' },
      { type: 'embed', id: 'pagebreak.1', kind: 'pagebreak' },
      { type: 'embed', id: 'hr.1', kind: 'hr' },
      { type: 'embed', id: 'pagebreak.2', kind: 'pagebreak' },
      { type: 'embed', id: 'autotext.1', kind: 'autotext', caption: 'page number' },
      { type: 'embed', id: 'kix.pos', kind: 'positioned', caption: 'logo' },
      { type: 'embed', id: 'kix.p', kind: 'person', caption: 'Ada' },
      { type: 'embed', id: 'kix.d', kind: 'date', caption: 'Jan 8, 2026' },
      { type: 'embed', id: 'kix.r', kind: 'richlink', caption: 'Plan' },
      { type: 'embed', id: 'equation.1', kind: 'equation' },
      { type: 'embed', id: 'unknown.1', kind: 'unknown' },
      { type: 'embed', id: 'sectionbreak.1', kind: 'sectionbreak', caption: 'next page' },
      { type: 'embed', id: 'toc.1', kind: 'toc', caption: 'contents: Entry' },
    ]);
    expect(built.sources[3]).toMatchObject({ kind: 'sectionBreak', id: 'sectionbreak.1' });
    expect(built.sources[4]).toMatchObject({ kind: 'tableOfContents', id: 'toc.1' });
    // The positioned object sits at the paragraph start and takes no index.
    const src = built.sources[2] as ParagraphSource;
    expect(src.inlines[0]).toEqual({ start: src.startIndex, end: src.startIndex });
  });
});

describe('tables', () => {
  it('keeps cell paragraphs and merges', () => {
    const doc = makeDoc({
      blocks: [
        para('before'),
        {
          table: [
            [[para('A')], [para('B'), para('B2')]],
            [[para('C')], []],
          ],
        },
        para('after'),
      ],
    });
    // Merge A over two columns.
    const table = doc.tabs![0]!.documentTab!.body!.content![2]!.table!;
    table.tableRows![0]!.tableCells![0]!.tableCellStyle = { columnSpan: 2, rowSpan: 1 };
    table.tableRows![1]!.tableCells![0]!.tableCellStyle = { rowSpan: 1, columnSpan: 1 };
    const built = buildTab(doc);
    const t = built.model.blocks[1] as TableBlock;
    expect(t.rows.map((r) => r.map((c) => [c.colSpan, c.rowSpan, c.blocks.length]))).toEqual([
      [
        [2, undefined, 1],
        [undefined, undefined, 2],
      ],
      [
        [undefined, undefined, 1],
        [undefined, undefined, 1],
      ],
    ]);
    const src = built.sources[1] as TableSource;
    expect(src.kind).toBe('table');
    expect(src.rows[0]!.cells[1]!.blocks).toHaveLength(2);
    // Layout: table at S, row at S+1, first cell at S+2, its paragraph at S+3.
    expect((src.rows[0]!.cells[0]!.blocks[0] as ParagraphSource).startIndex).toBe(src.startIndex + 3);
  });
});

describe('footnotes', () => {
  it('refers by footnote number and defines in order of first reference', () => {
    const built = build({
      blocks: [
        para([
          text('x'),
          el({ footnoteReference: { footnoteId: 'kix.f2', footnoteNumber: '1' } }),
          text('y'),
          el({ footnoteReference: { footnoteId: 'kix.f1', footnoteNumber: '2' } }),
        ]),
      ],
      footnotes: { 'kix.f1': [para(' second')], 'kix.f2': [para(' first')] },
    });
    expect((built.model.blocks[0] as ParagraphBlock).inlines.filter((i) => i.type === 'footnoteRef')).toEqual(
      [
        { type: 'footnoteRef', label: '1' },
        { type: 'footnoteRef', label: '2' },
      ],
    );
    expect(Object.keys(built.model.footnotes)).toEqual(['1', '2']);
    expect(built.model.footnotes['1']![0]!.inlines).toEqual([{ type: 'text', text: ' first', style: {} }]);
    expect(built.footnoteSources['1']).toMatchObject({ footnoteId: 'kix.f2' });
  });
});

describe('anchors', () => {
  it('starts headings with their id, synthetic when missing; Title only with an id', () => {
    const ps = paragraphs({
      blocks: [
        para('T', { namedStyleType: 'TITLE', headingId: 'h.title' }),
        para('T2', { namedStyleType: 'TITLE' }),
        para('One', { namedStyleType: 'HEADING_1' }),
        para('Two', { namedStyleType: 'HEADING_2', headingId: 'h.two' }),
        para('Three', { namedStyleType: 'HEADING_2' }),
      ],
    });
    expect(ps.map((p) => p.inlines[0])).toEqual([
      { type: 'anchor', id: 'h.title' },
      { type: 'text', text: 'T2', style: {} },
      { type: 'anchor', id: 'h.synthetic-1' },
      { type: 'anchor', id: 'h.two' },
      { type: 'anchor', id: 'h.synthetic-2' },
    ]);
  });

  it('places named ranges at their start, splitting text (UTF-16 indices)', () => {
    // "a😀b": 😀 is two code units; the range starts at "b" (index 1 + 3).
    const built = build({
      blocks: [para('a😀bc')],
      namedRanges: {
        mark: {
          name: 'mark',
          namedRanges: [{ namedRangeId: 'kix.nr', name: 'mark', ranges: [{ startIndex: 4, endIndex: 5 }] }],
        },
      },
    });
    expect((built.model.blocks[0] as ParagraphBlock).inlines).toEqual([
      { type: 'text', text: 'a😀', style: {} },
      { type: 'anchor', id: 'kix.nr' },
      { type: 'text', text: 'bc', style: {} },
    ]);
    expect(built.warnings.map((w) => w.message).join()).toMatch(/Named range "mark" \(kix\.nr\)/);
  });
});

describe('suggestions', () => {
  it('marks suggested insertions and deletions and warns', () => {
    const built = build({
      blocks: [
        para([
          text('kept '),
          text('added', {}, { suggestedInsertionIds: ['suggest.1'] }),
          text('gone', {}, { suggestedDeletionIds: ['suggest.2'] }),
        ]),
      ],
    });
    expect((built.model.blocks[0] as ParagraphBlock).inlines).toEqual([
      { type: 'text', text: 'kept ', style: {} },
      { type: 'text', text: 'added', style: { suggestion: 'insert suggest.1' } },
      { type: 'text', text: 'gone', style: { suggestion: 'delete suggest.2' } },
    ]);
    expect(built.warnings).toEqual([
      expect.objectContaining({ block: 0, message: expect.stringMatching(/Suggested/) }),
    ]);
  });
});

describe('lossy cases are warned about', () => {
  it('a link on an object', () => {
    const built = build({
      inlineObjects: {
        'kix.i': { objectId: 'kix.i', inlineObjectProperties: { embeddedObject: { imageProperties: {} } } },
      },
      blocks: [
        para([
          el({ inlineObjectElement: { inlineObjectId: 'kix.i', textStyle: { link: { url: 'https://x' } } } }),
        ]),
      ],
    });
    expect(built.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/The link on kix\.i .* is not shown/),
    ]);
  });

  it('a document read in another suggestions mode', () => {
    const doc = makeDoc({ blocks: [para('x')] });
    doc.suggestionsViewMode = 'PREVIEW_WITHOUT_SUGGESTIONS';
    expect(buildTab(doc).warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/PREVIEW_WITHOUT_SUGGESTIONS.*SUGGESTIONS_INLINE/),
    ]);
  });

  it('headers and footers only when they hold something', () => {
    const doc = makeDoc({ blocks: [para('x')] });
    const dt = doc.tabs![0]!.documentTab!;
    dt.headers = {
      'kix.h1': {
        headerId: 'kix.h1',
        content: [{ paragraph: { elements: [{ textRun: { content: '\n' } }] } }],
      },
    };
    dt.footers = {
      'kix.f1': {
        footerId: 'kix.f1',
        content: [
          {
            paragraph: {
              elements: [{ textRun: { content: 'Page \n' } }, { autoText: { type: 'PAGE_NUMBER' } }],
            },
          },
        ],
      },
    };
    expect(buildTab(doc).warnings.map((w) => w.message)).toEqual([
      'The tab\'s footer kix.f1 holds text "Page" and an object (image, page number, …); headers and footers are not part of the export (export_header_footer reads them).',
    ]);
  });
});

describe('named ranges outside the body text', () => {
  it('are reported, not dropped silently', () => {
    const built = build({
      blocks: [para('x')],
      namedRanges: {
        h: {
          name: 'h',
          namedRanges: [
            {
              namedRangeId: 'kix.inheader',
              name: 'h',
              ranges: [{ segmentId: 'kix.hdr', startIndex: 0, endIndex: 1 }],
            },
          ],
        },
      },
    });
    expect(built.warnings.map((w) => w.message)).toEqual([
      'Named range "h" (kix.inheader) starts in segment kix.hdr (a header, a footer or an unreferenced footnote) and is not shown.',
    ]);
  });
});

describe('paragraph formatting MEBDF has no form for', () => {
  it('is named in a warning', () => {
    const built = build({
      blocks: [
        para('tabbed', {
          tabStops: [{ offset: { magnitude: 72, unit: 'PT' }, alignment: 'START' }],
          shading: { backgroundColor: { color: { rgbColor: { red: 1 } } } },
          pageBreakBefore: true,
        }),
      ],
    });
    expect(built.warnings.map((w) => w.message)).toEqual([
      'Paragraph formatting (page break before, shading, tab stops) in Normal text paragraph "tabbed" is not shown.',
    ]);
  });
});
