/**
 * A table that starts or ends a tab: Docs holds an empty paragraph before and after it, which the
 * export does not write (grammar/README.md §7), so a table written alone reads back as written and
 * an unchanged export imports as nothing. A paragraph there that says something is still written.
 * One is forced, and said, after a section break too (a break is no paragraph).
 */
import { describe, expect, it } from 'vitest';
import { exportTab, resolveTab } from '../../src/docs/export/index.js';
import { withForcedParagraphs } from '../../src/docs/import/forced.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { MebdfDocument, ParagraphBlock } from '../../src/mebdf/model.js';
import { emptyDocument, type MemoryBackend } from './memory-backend.js';

const newDocument = (): MemoryBackend => emptyDocument('Tables');

const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |\n';

describe('the empty paragraphs Docs forces around a table at the edges of a tab', () => {
  it('are made by the import, unsaid, and left out of the export: a table alone reads back as written', async () => {
    const be = newDocument();
    const result = await importTabService(be, { document_id: 'doc' }, TABLE);
    expect(result.warnings.join(' ')).not.toMatch(/empty paragraph/);
    const body = resolveTab(be.doc, 't.0').content.body?.content ?? [];
    expect(body.slice(1).map((e) => (e.table ? 'table' : 'paragraph'))).toEqual([
      'paragraph',
      'table',
      'paragraph',
    ]);
    expect(exportTab(be.doc).content).toBe(TABLE);
    const writes = be.writes.length;
    await importTabService(be, { document_id: 'doc' }, TABLE);
    expect(be.writes).toHaveLength(writes);
  });

  it('should not leave out a paragraph that says something: text, or a style of its own', async () => {
    const be = newDocument();
    const written = `Intro.\n\n${TABLE}\n{!empty, align:center}\n`;
    await importTabService(be, { document_id: 'doc' }, written);
    expect(exportTab(be.doc).content).toBe(written);
  });

  it('a table between paragraphs is written as before, and text after a closing table is kept', async () => {
    const be = newDocument();
    await importTabService(be, { document_id: 'doc' }, TABLE);
    await importTabService(be, { document_id: 'doc' }, `${TABLE}\nAfter.\n`);
    expect(exportTab(be.doc).content).toBe(`${TABLE}\nAfter.\n`);
  });
});

describe('a table right after a section break', () => {
  it('gets the empty paragraph the newline insertTable types makes there, with a warning', () => {
    const normal = { namedStyle: 'NORMAL_TEXT' } as const;
    const next: MebdfDocument = {
      blocks: [
        { type: 'paragraph', style: normal, inlines: [{ type: 'embed', id: 'sb.1', kind: 'sectionbreak' }] },
        { type: 'table', rows: [[{ blocks: [{ type: 'paragraph', style: normal, inlines: [] }] }]] },
        { type: 'paragraph', style: normal, inlines: [{ type: 'text', text: 'After.', style: {} }] },
      ],
      footnotes: {},
    };
    const forced = withForcedParagraphs(next, { startsBody: false, endsBody: false });
    expect(forced.model.blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'table', 'paragraph']);
    expect(forced.model.blocks[1]).toEqual({ type: 'paragraph', style: normal, inlines: [] });
    expect(forced.warnings.join(' ')).toMatch(/between the section break and the table/);
  });
});

describe('a section break first in the tab, or right after another', () => {
  it('keeps an empty paragraph before it, with a warning: the Docs API keeps one there', () => {
    const normal = { namedStyle: 'NORMAL_TEXT' } as const;
    const brk = (id: string): ParagraphBlock => ({
      type: 'paragraph',
      style: normal,
      inlines: [{ type: 'embed', id, kind: 'sectionbreak' }],
    });
    const next: MebdfDocument = {
      blocks: [brk('sb.1'), brk('sb.2'), { type: 'paragraph', style: normal, inlines: [] }],
      footnotes: {},
    };
    const forced = withForcedParagraphs(next, { startsBody: true, endsBody: true });
    expect(
      forced.model.blocks.map((b) => (b.type === 'paragraph' && b.inlines.length ? 'break' : 'empty')),
    ).toEqual(['empty', 'break', 'empty', 'break', 'empty']);
    expect(forced.warnings.join(' ')).toMatch(/stays before the section break/);
    // Within the body, a break after a paragraph needs nothing.
    const inner = withForcedParagraphs(
      { blocks: next.blocks.slice(0, 1), footnotes: {} },
      { startsBody: false, endsBody: false },
    );
    expect(inner.model.blocks).toHaveLength(1);
  });
});

describe('a table right after a table of contents, and a table of contents that would end the tab', () => {
  it('keep the empty paragraphs Docs holds there (a table of contents is no paragraph), with warnings', () => {
    const normal = { namedStyle: 'NORMAL_TEXT' } as const;
    const toc: ParagraphBlock = {
      type: 'paragraph',
      style: normal,
      inlines: [{ type: 'embed', id: 'toc.1', kind: 'toc' }],
    };
    const table: MebdfDocument['blocks'][number] = {
      type: 'table',
      rows: [[{ blocks: [{ type: 'paragraph', style: normal, inlines: [] }] }]],
    };
    const between = withForcedParagraphs(
      { blocks: [toc, table, { type: 'paragraph', style: normal, inlines: [] }], footnotes: {} },
      { startsBody: false, endsBody: false },
    );
    expect(between.model.blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'table', 'paragraph']);
    expect(between.warnings.join(' ')).toMatch(/between the table of contents and the table/);
    const last = withForcedParagraphs(
      { blocks: [toc], footnotes: {} },
      { startsBody: false, endsBody: true },
    );
    expect(last.model.blocks).toHaveLength(2);
  });
});
