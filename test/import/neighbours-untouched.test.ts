/**
 * New and deleted blocks leave their neighbours' JSON as it was: the closing-newline run of a
 * heading before new text keeps its own style (its font and size are not those of the heading's
 * text), and run boundaries of untouched paragraphs stay where Docs had them.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportSection, resolveTab } from '../../src/docs/export/index.js';
import type { ImportResult } from '../../src/docs/service/contract.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { Block, ParagraphBlock } from '../../src/mebdf/model.js';
import { MemoryBackend } from './memory-backend.js';

const MULTI_TAB = new URL(
  '../fixtures/real/markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
  import.meta.url,
);

function load(url: URL): MemoryBackend {
  return new MemoryBackend(JSON.parse(readFileSync(url, 'utf8')) as Document);
}

function body(doc: Document): StructuralElement[] {
  return resolveTab(doc, 't.0').content.body?.content ?? [];
}

function withoutIndices<T>(v: T): T {
  return JSON.parse(
    JSON.stringify(v, (k, x) => (k === 'startIndex' || k === 'endIndex' ? undefined : x)),
  ) as T;
}

/** The section with `blocks` spliced in at block `at`, imported; returns the import's result. */
async function spliced(
  be: MemoryBackend,
  anchor: string,
  at: number,
  ...blocks: Block[]
): Promise<ImportResult> {
  const model = parseMebdf(exportSection(be.doc, 't.0', anchor).content);
  model.blocks.splice(at, 0, ...blocks);
  return importSectionService(
    be,
    { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
    stringifyMebdf(model),
  );
}

const para = (text: string): Block => ({
  type: 'paragraph',
  style: { namedStyle: 'NORMAL_TEXT' },
  inlines: [{ type: 'text', text, style: {} }],
});

/** The body element holding heading `id`, and the element after it. */
function around(doc: Document, id: string): [StructuralElement, StructuralElement] {
  const els = body(doc);
  const k = els.findIndex((e) => e.paragraph?.paragraphStyle?.headingId === id);
  expect(k).toBeGreaterThanOrEqual(0);
  return [els[k]!, els[k + 1]!];
}

describe('neighbours of new paragraphs', () => {
  it('a paragraph added under a heading goes before the paragraph after it: the heading keeps its newline run', async () => {
    const be = load(MULTI_TAB);
    const heading = 'h.jqd82dlsezdm';
    const [h0, next0] = around(be.doc, heading);
    // The heading's text and its closing newline are separate runs of different fonts and sizes.
    expect(h0.paragraph!.elements!.length).toBe(2);
    await spliced(be, heading, 1, para('A new paragraph.'));
    const [h1, added] = around(be.doc, heading);
    expect(withoutIndices(h1)).toEqual(withoutIndices(h0));
    expect(added.paragraph!.elements!.map((e) => e.textRun?.content).join('')).toBe('A new paragraph.\n');
    const after = body(be.doc)[body(be.doc).indexOf(added) + 1]!;
    expect(isDeepStrictEqual(withoutIndices(after), withoutIndices(next0))).toBe(true);
    expect(be.writes[0]!.requests!.length).toBeLessThanOrEqual(3);
  });

  it('a paragraph between two headings goes before the second, which keeps its id: both keep their JSON', async () => {
    const be = load(MULTI_TAB);
    const heading = 'h.icaqa2kyyp4g';
    const [h0, next0] = around(be.doc, heading);
    expect(next0.paragraph!.paragraphStyle!.headingId).toBeDefined();
    await spliced(be, heading, 1, para('A new paragraph.'));
    const [h1] = around(be.doc, heading);
    expect(withoutIndices(h1)).toEqual(withoutIndices(h0));
    const [n1] = around(be.doc, next0.paragraph!.paragraphStyle!.headingId!);
    expect(withoutIndices(n1)).toEqual(withoutIndices(next0));
    // The insert, the new paragraph's style and text style: no newline to give its style back.
    expect(be.writes[0]!.requests!.length).toBe(3);
  });
});

const REAL = (name: string) => new URL(`../fixtures/real/${name}.json`, import.meta.url);

/** The section with block `at` removed, imported; returns the result. */
async function removed(be: MemoryBackend, anchor: string, at: number) {
  const model = parseMebdf(exportSection(be.doc, 't.0', anchor).content);
  model.blocks.splice(at, 1);
  return importSectionService(
    be,
    { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
    stringifyMebdf(model),
  );
}

describe('neighbours of deleted paragraphs', () => {
  it('the paragraph before a table merges into the heading above it, which keeps its own newline style', async () => {
    const be = load(MULTI_TAB);
    const heading = 'h.dg77bsdonvql';
    const [h0, next0] = around(be.doc, heading);
    expect(next0.paragraph).toBeDefined();
    await removed(be, heading, 1);
    const [h1, table] = around(be.doc, heading);
    expect(withoutIndices(h1)).toEqual(withoutIndices(h0));
    expect(table.table).toBeDefined();
    // The deletion, and the heading's newline given its style back.
    expect(be.writes[0]!.requests!.length).toBe(2);
  });

  it('the empty paragraph after the table that ends the tab stays as it was, with a warning', async () => {
    const be = load(REAL('cedricdelpoux__gatsby-source-google-docs__quotes'));
    const before = structuredClone(body(be.doc));
    const r = await removed(be, '', 2);
    expect(r.warnings.join(' ')).toMatch(/empty paragraph stays after the table/);
    expect(body(be.doc)).toEqual(before);
    expect(be.writes).toHaveLength(0);
  });

  it('the last paragraph after a closing section break is kept, not refused', async () => {
    const be = load(REAL('cedricdelpoux__gatsby-source-google-docs__breaks'));
    const before = structuredClone(body(be.doc));
    const r = await removed(be, '', 5);
    expect(r.warnings.join(' ')).toMatch(/section break that ends the tab/);
    expect(body(be.doc)).toEqual(before);
  });

  it('the paragraph before the first section break is kept, not refused as a failed verification', async () => {
    const be = load(REAL('cedricdelpoux__gatsby-source-google-docs__breaks'));
    const before = structuredClone(body(be.doc));
    const r = await removed(be, '', 0);
    expect(r.warnings.join(' ')).toMatch(/stays before the section break/);
    expect(body(be.doc)).toEqual(before);
  });
});

describe('an anchor on an empty paragraph before a table', () => {
  it('new text after it lands, the table after it untouched, and the anchor made again says so (its newline is the only place to insert)', async () => {
    const be = load(REAL('think41__extrasuite__operational_notes_repair.base'));
    const table = (doc: Document) => body(doc).find((e) => e.startIndex! > 888 && e.table)!;
    const was = table(be.doc);
    const r = await spliced(be, 'h.eo6h3538bcps', 3, para('A new paragraph.'));
    expect(r.warnings.join(' ')).toContain('{^ kix.9y2fxr3e95fj}');
    expect(withoutIndices(table(be.doc))).toEqual(withoutIndices(was));
  });
});

describe('a table added right before a section break', () => {
  it('lands with the empty paragraph Docs keeps before the break, and says so', async () => {
    const be = load(REAL('think41__extrasuite__1YKyqqH8wZa3kSnoBEdlwAumI94gRivSsZB1qvc9y4CA'));
    const anchor = 'h.synthetic-8';
    const model = parseMebdf(exportSection(be.doc, 't.0', anchor).content);
    const cell = (text: string) => ({ blocks: [para(text)] as ParagraphBlock[] });
    model.blocks.splice(1, 0, { type: 'table', rows: [[cell('a'), cell('b')]] });
    const r = await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
      stringifyMebdf(model),
    );
    expect(r.warnings.join(' ')).toMatch(/before a section break/);
    const back = parseMebdf(exportSection(be.doc, 't.0', anchor).content).blocks;
    expect(back[1]?.type).toBe('table');
    expect(back[2]).toMatchObject({ type: 'paragraph', inlines: [] });
  });
});

describe('text before a title that starts the tab', () => {
  it('lands before it, and the title keeps its id (a paragraph split at its start stays with its text)', async () => {
    const be = load(REAL('stencila__encoda__test-fixture-2'));
    const title0 = body(be.doc).find((e) => e.paragraph?.paragraphStyle?.headingId === 'h.h8ulruuqfefr')!;
    await spliced(be, '', 0, para('A new paragraph.'));
    const [title, next] = around(be.doc, 'h.h8ulruuqfefr');
    expect(withoutIndices(title)).toEqual(withoutIndices(title0));
    const k = body(be.doc).indexOf(title);
    const added = body(be.doc)[k - 1]!.paragraph!;
    expect(added.elements!.map((e) => e.textRun?.content).join('')).toBe('A new paragraph.\n');
    expect(added.paragraphStyle!.namedStyleType).toBe('NORMAL_TEXT');
    expect(added.paragraphStyle!.headingId).toBeUndefined();
    expect(next).toBeDefined();
  });
});

describe('new content at the end of a section that ends with a table', () => {
  it('goes before the next heading, which keeps its id and its JSON', async () => {
    const be = load(REAL('stencila__encoda__test-fixture-1'));
    const section = exportSection(be.doc, 't.0', 'h.yhnwblkillgv');
    const next0 = body(be.doc).find((e) => (e.startIndex ?? 0) === section.sources.at(-1)!.endIndex)!;
    const nextId = next0.paragraph!.paragraphStyle!.headingId!;
    expect(section.model.blocks.at(-1)!.type).toBe('table');
    await spliced(be, 'h.yhnwblkillgv', section.model.blocks.length, para('A new paragraph.'));
    const [next] = around(be.doc, nextId);
    expect(withoutIndices(next)).toEqual(withoutIndices(next0));
    const back = exportSection(be.doc, 't.0', 'h.yhnwblkillgv').model.blocks;
    expect(back.at(-1)).toMatchObject({
      type: 'paragraph',
      inlines: [{ type: 'text', text: 'A new paragraph.' }],
    });
  });
});

describe('a table added under a heading whose newline is styled apart from its text', () => {
  it('gives the newline back every stored value, also one the model cannot say (not italic under an italic heading)', async () => {
    const be = load(REAL('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab'));
    const heading = 'h.cjf1qee53u2l';
    const [h0] = around(be.doc, heading);
    expect(h0.paragraph!.elements!.at(-1)!.textRun!.textStyle!.italic).toBe(false);
    const cell = (text: string) => ({ blocks: [para(text)] as ParagraphBlock[] });
    await spliced(be, heading, 1, { type: 'table', rows: [[cell('a'), cell('b')]] });
    const [h1, table] = around(be.doc, heading);
    expect(withoutIndices(h1)).toEqual(withoutIndices(h0));
    expect(table.table).toBeDefined();
  });
});

describe('new content after a paragraph whose paragraph break is a suggested insertion', () => {
  it("a table there goes in at the next paragraph's start, after an empty paragraph, the suggested break kept", async () => {
    const be = load(REAL('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab'));
    const cell = (text: string) => ({ blocks: [para(text)] as ParagraphBlock[] });
    const [heading] = around(be.doc, 'h.u1qjctnofws1');
    await spliced(be, 'h.u1qjctnofws1', 1, { type: 'table', rows: [[cell('a')]] });
    const [kept, next] = around(be.doc, 'h.u1qjctnofws1');
    // The heading, its suggested break included, is as it was.
    expect(withoutIndices(kept)).toEqual(withoutIndices(heading));
    expect(next.paragraph?.elements?.map((e) => e.textRun?.content).join('')).toBe('\n');
    const els = body(be.doc);
    expect(els[els.indexOf(next) + 1]?.table).toBeDefined();
  });
});

describe('a fully styled document (every value explicit)', () => {
  const be0 = load(REAL('think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI'));

  it('deleting the paragraph between an empty one and a table of contents keeps the empty one as it was', async () => {
    const be = new MemoryBackend(structuredClone(be0.doc));
    const before = body(be.doc);
    const k = before.findIndex((e) => e.tableOfContents);
    const empty0 = before[k - 2]!;
    expect(empty0.paragraph!.elements!.map((e) => e.textRun?.content).join('')).toBe('\n');
    await removed(
      be,
      '',
      exportSection(be.doc, 't.0', '').sources.findIndex((s) => s.startIndex === before[k - 1]!.startIndex),
    );
    const after = body(be.doc);
    const kept = after[after.findIndex((e) => e.tableOfContents) - 1]!;
    // Its paragraph style exactly (a deletion starting inside it keeps it); its newline's text
    // style but for values equal to the named style's, which Docs stores as unset.
    expect(kept.paragraph!.paragraphStyle).toEqual(empty0.paragraph!.paragraphStyle);
    expect(kept.paragraph!.elements!.map((e) => e.textRun?.content).join('')).toBe('\n');
    expect(kept.paragraph!.elements![0]!.textRun!.textStyle!.bold).not.toBe(true);
    expect(be.writes[0]!.requests!.length).toBe(4);
  });

  it("a paragraph indented like the first bullet level, made a bullet, lands (its indent reads back as the level's)", async () => {
    const be = new MemoryBackend(structuredClone(be0.doc));
    const anchor = 'h.rs5ngljkgurf';
    const model = parseMebdf(exportSection(be.doc, 't.0', anchor).content);
    const k = model.blocks.findIndex((b) => b.type === 'paragraph' && b.style.indentLeft === 36 && !b.list);
    const p = model.blocks[k]!;
    if (p.type !== 'paragraph') throw new Error('no paragraph');
    p.list = { key: 'new', level: 0, kind: 'bullet' };
    await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
      stringifyMebdf(model),
    );
    const back = exportSection(be.doc, 't.0', anchor).model.blocks[k]!;
    expect(back).toMatchObject({ type: 'paragraph', list: { level: 0, kind: 'bullet' } });
    if (back.type === 'paragraph') expect(back.style.indentLeft).toBeUndefined();
  });

  it('a row added under list items in cells gets plain paragraphs indented like nothing (the bullet is not copied)', async () => {
    const be = new MemoryBackend(structuredClone(be0.doc));
    const anchor = 'h.synthetic-3';
    const model = parseMebdf(exportSection(be.doc, 't.0', anchor).content);
    const t = model.blocks.findIndex(
      (b) => b.type === 'table' && b.rows[0]![0]!.blocks[0]!.list !== undefined,
    );
    const table = model.blocks[t]!;
    if (table.type !== 'table') throw new Error('no table');
    table.rows.push(table.rows[0]!.map((_, c) => ({ blocks: [para(`new ${c + 1}`)] as ParagraphBlock[] })));
    await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
      stringifyMebdf(model),
    );
    const back = exportSection(be.doc, 't.0', anchor).model.blocks[t]!;
    if (back.type !== 'table') throw new Error('no table');
    for (const cell of back.rows.at(-1)!)
      expect(cell.blocks[0]!.style).toEqual({ namedStyle: 'NORMAL_TEXT' });
  });
});

describe('new text at the end of a preamble that ends with a section break before a numbered heading', () => {
  it('goes before the heading, which keeps its id, its bullet and its JSON; the new paragraph is no item', async () => {
    const be = load(REAL('think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI'));
    const preamble = exportSection(be.doc, 't.0', '');
    const next0 = body(be.doc).find((e) => (e.startIndex ?? 0) === preamble.sources.at(-1)!.endIndex)!;
    expect(preamble.sources.at(-1)!.kind).toBe('sectionBreak');
    expect(next0.paragraph?.bullet).toBeDefined();
    const nextId = next0.paragraph!.paragraphStyle!.headingId!;
    await spliced(be, '', preamble.model.blocks.length, para('A new paragraph.'));
    const [next] = around(be.doc, nextId);
    expect(withoutIndices(next)).toEqual(withoutIndices(next0));
    const back = exportSection(be.doc, 't.0', '').model.blocks.at(-1) as ParagraphBlock;
    expect(back).toMatchObject({ type: 'paragraph', inlines: [{ type: 'text', text: 'A new paragraph.' }] });
    expect(back.list).toBeUndefined();
    expect(back.style.namedStyle).toBe('NORMAL_TEXT');
  });
});

describe("a heading whose newline holds a value equal to its named style's", () => {
  it('is not given that value back after text goes in at it: Docs would store it unset, the request changes nothing', async () => {
    const be = new MemoryBackend({
      title: 'Heading',
      tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
    });
    await importTabService(be, { document_id: 'doc' }, '# Overview\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    const heading = body(be.doc).find((e) => e.paragraph?.paragraphStyle?.headingId)!;
    const p = heading.paragraph!;
    const id = p.paragraphStyle!.headingId!;
    // Its text 13pt; its newline 13pt and Arial, the font every paragraph inherits (NORMAL_TEXT's).
    const size = { fontSize: { magnitude: 13, unit: 'PT' } };
    const end = heading.endIndex!;
    p.elements = [
      {
        startIndex: heading.startIndex!,
        endIndex: end - 1,
        textRun: { content: 'Overview', textStyle: size },
      },
      {
        startIndex: end - 1,
        endIndex: end,
        textRun: {
          content: '\n',
          textStyle: { ...size, weightedFontFamily: { fontFamily: 'Arial', weight: 400 } },
        },
      },
    ];
    const writes = be.writes.length;
    await spliced(be, id, 1, para('A new paragraph.'));
    const requests = be.writes[writes]!.requests!;
    const onNewline = requests.filter(
      (r) =>
        r.updateTextStyle &&
        r.updateTextStyle.range!.startIndex === end - 1 &&
        r.updateTextStyle.range!.endIndex === end,
    );
    expect(onNewline).toEqual([]);
    const [h1, added] = around(be.doc, id);
    expect(h1.paragraph!.elements!.map((e) => e.textRun!.textStyle)).toEqual([size]);
    expect(added.paragraph!.elements!.map((e) => e.textRun?.content).join('')).toBe('A new paragraph.\n');
  });
});
