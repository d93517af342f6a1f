/**
 * A new table right before a list item with no paragraph before it to insert after (a table or a
 * section break there): insertTable at the item's start types the newline of the paragraph Docs
 * puts before the table, which copies the item's bullet and style; the plan takes that bullet off
 * and writes the paragraph's style back (deleting a bullet leaves its nesting as indents), and the
 * item keeps its bullet, id and style. The empty paragraph before the table is that one: no
 * paragraph is typed and deleted again for it.
 */
import { describe, expect, it } from 'vitest';
import { exportSection, exportTab, resolveTab } from '../../src/docs/export/index.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import type { ParagraphBlock } from '../../src/mebdf/model.js';
import { type BlockSpec, listDef, makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

type Req = Record<string, Record<string, unknown>>;

const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |\n';

const pt = (magnitude: number) => ({ magnitude, unit: 'PT' });

/** A numbered heading (Docs list `kix.n`, level 0), as a converted document has them. */
const numberedHeading = (t: string, id: string) =>
  para(
    t,
    { namedStyleType: 'HEADING_1', headingId: id, indentStart: pt(21.6), indentFirstLine: pt(0) },
    { bullet: { listId: 'kix.n' } },
  );

/** A normal-text item of list `kix.n` at level 1, with the indents its level gives. */
const item = (t: string) =>
  para(t, { indentStart: pt(72), indentFirstLine: pt(54) }, { bullet: { listId: 'kix.n', nestingLevel: 1 } });

const table = (...cells: string[]): BlockSpec => ({ table: [cells.map((c) => [para(c)])] });

function load(blocks: BlockSpec[]): MemoryBackend {
  return new MemoryBackend(makeDoc({ blocks, lists: { 'kix.n': listDef('ordered') } }) as Document);
}

function body(be: MemoryBackend): StructuralElement[] {
  return resolveTab(be.doc, 't.0').content.body?.content ?? [];
}

function withoutIndices<T>(v: T): T {
  return JSON.parse(
    JSON.stringify(v, (k, x) => (k === 'startIndex' || k === 'endIndex' ? undefined : x)),
  ) as T;
}

/** Imports the preamble as exported with TABLE after it. */
function tableAfterPreamble(be: MemoryBackend) {
  const preamble = exportSection(be.doc, 't.0', '');
  return importSectionService(
    be,
    { document_id: 'doc', tab_id: 't.0', anchor_id: '' },
    `${preamble.content}\n${TABLE}`,
  );
}

const kinds = (reqs: Req[]): string[] => reqs.map((r) => Object.keys(r)[0]!);

/** The body element whose paragraph starts with `text`. */
function paragraphOf(be: MemoryBackend, text: string): StructuralElement {
  const found = body(be).find((e) => e.paragraph?.elements?.[0]?.textRun?.content?.startsWith(text));
  expect(found, `a paragraph starting "${text}"`).toBeDefined();
  return found!;
}

/** The paragraph right before the first table after `from`, and that table. */
function beforeTable(be: MemoryBackend, from: number): [StructuralElement, StructuralElement] {
  const els = body(be);
  const k = els.findIndex((e, i) => i > 0 && e.table && (e.startIndex ?? 0) > from);
  return [els[k - 1]!, els[k]!];
}

/** Checks the paragraph Docs put before the new table: empty normal text, no bullet, no indents. */
function expectPlainEmpty(se: StructuralElement): void {
  expect(se.paragraph?.elements?.map((e) => e.textRun?.content).join('')).toBe('\n');
  expect(se.paragraph?.bullet).toBeUndefined();
  const ps = se.paragraph?.paragraphStyle ?? {};
  expect(ps.namedStyleType).toBe('NORMAL_TEXT');
  expect(ps.indentStart?.magnitude ?? 0).toBe(0);
  expect(ps.indentFirstLine?.magnitude ?? 0).toBe(0);
}

/** The requests of a plan that uses insertTable's own newline: no paragraph typed and deleted again. */
function expectNoExtraParagraph(reqs: Req[], at: number): void {
  const ks = kinds(reqs);
  expect(ks[0]).toBe('insertTable');
  expect((reqs[0]!.insertTable!.location as { index: number }).index).toBe(at);
  expect(ks).not.toContain('deleteContentRange');
  expect(reqs.filter((r) => r.insertText?.text === '\n')).toEqual([]);
}

describe('a new table before a numbered heading with only a section break before it', () => {
  it('lands: the paragraph before the table is no item, the heading keeps its id, bullet and JSON', async () => {
    const be = load([
      para('Intro.'),
      { sectionBreak: 'CONTINUOUS' },
      numberedHeading('Introduction', 'h.intro'),
      para('Body.'),
    ]);
    const heading0 = paragraphOf(be, 'Introduction');
    const result = await tableAfterPreamble(be);
    const reqs = result.requests as Req[];
    expectNoExtraParagraph(reqs, heading0.startIndex!);
    expect(kinds(reqs).filter((k) => k === 'deleteParagraphBullets')).toHaveLength(1);
    expect(result.warnings.join(' ')).toMatch(/between the section break and the table/);
    const heading1 = paragraphOf(be, 'Introduction');
    expect(withoutIndices(heading1)).toEqual(withoutIndices(heading0));
    const [empty, newTable] = beforeTable(be, 0);
    expectPlainEmpty(empty);
    expect(body(be)[body(be).indexOf(newTable) + 1]).toBe(heading1);
    // The preamble reads back ending with the break, the empty paragraph Docs keeps, and the table.
    const back = exportSection(be.doc, 't.0', '').model.blocks;
    expect(back.slice(-2).map((b) => b.type)).toEqual(['paragraph', 'table']);
    expect((back.at(-2) as ParagraphBlock).inlines).toEqual([]);
    expect((back.at(-2) as ParagraphBlock).list).toBeUndefined();
  });
});

describe('a new table after a table that ends a preamble, before a numbered heading', () => {
  it('lands with the empty paragraph between the tables, which is no item; the heading is untouched', async () => {
    const be = load([
      para('Intro.'),
      table('x', 'y'),
      numberedHeading('Introduction', 'h.intro'),
      para('Body.'),
    ]);
    const heading0 = paragraphOf(be, 'Introduction');
    const result = await tableAfterPreamble(be);
    expectNoExtraParagraph(result.requests as Req[], heading0.startIndex!);
    expect(withoutIndices(paragraphOf(be, 'Introduction'))).toEqual(withoutIndices(heading0));
    const [empty] = beforeTable(be, heading0.startIndex! - 1);
    expectPlainEmpty(empty);
  });
});

describe('a new table after a table, before a nested list item of the section', () => {
  it('types no paragraph of its own: the bullet comes off the one insertTable makes and its indents go', async () => {
    const be = load([para('Intro.'), table('x', 'y'), item('An item'), para('After.')]);
    const item0 = paragraphOf(be, 'An item');
    const before = exportTab(be.doc).content;
    const written = before.replace(/(\| x \| y \|\n\| - \| - \|\n)\n/, `$1\n${TABLE}\n`);
    expect(written).not.toBe(before);
    const result = await importTabService(be, { document_id: 'doc' }, written);
    const reqs = result.requests as Req[];
    expectNoExtraParagraph(reqs, item0.startIndex!);
    // The table and its four cells' text, then the bullet and the style of the paragraph before it.
    expect(kinds(reqs).filter((k) => !['insertText', 'updateTextStyle'].includes(k))).toEqual([
      'insertTable',
      'deleteParagraphBullets',
      'updateParagraphStyle',
    ]);
    expect(withoutIndices(paragraphOf(be, 'An item'))).toEqual(withoutIndices(item0));
    const [empty] = beforeTable(be, item0.startIndex! - 1);
    expectPlainEmpty(empty);
    // The empty paragraph Docs keeps between two tables reads back as said.
    expect(exportTab(be.doc).content).toBe(written.replace(TABLE, `{!}\n\n${TABLE}`));
  });
});

describe('a new table after a table, before a plain paragraph', () => {
  it('is one insertTable at that paragraph: its newline is the empty paragraph between the tables', async () => {
    const be = load([para('Intro.'), table('x', 'y'), para('After.')]);
    const after0 = paragraphOf(be, 'After.');
    const before = exportTab(be.doc).content;
    const written = before.replace('\nAfter.', `\n${TABLE}\nAfter.`);
    const result = await importTabService(be, { document_id: 'doc' }, written);
    const reqs = result.requests as Req[];
    expectNoExtraParagraph(reqs, after0.startIndex!);
    expect(kinds(reqs).filter((k) => !['insertText', 'updateTextStyle'].includes(k))).toEqual([
      'insertTable',
    ]);
    expect(withoutIndices(paragraphOf(be, 'After.'))).toEqual(withoutIndices(after0));
    // The empty paragraph Docs keeps between two tables reads back as said.
    expect(exportTab(be.doc).content).toBe(written.replace(TABLE, `{!}\n\n${TABLE}`));
  });
});
