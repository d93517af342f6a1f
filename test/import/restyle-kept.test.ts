/**
 * Restyling kept text: a paragraph of many runs stripped of its formatting is one updateTextStyle
 * (every field that differs anywhere in it), not one request per old run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { ParagraphBlock } from '../../src/mebdf/model.js';
import { MemoryBackend } from './memory-backend.js';

const MULTI_TAB = new URL(
  '../fixtures/real/markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
  import.meta.url,
);

/** The Multi-Tab document, its section of code lines, and the line of several runs in it. */
function codeLine() {
  const be = new MemoryBackend(JSON.parse(readFileSync(MULTI_TAB, 'utf8')) as Document);
  const anchor = 'h.icaqa2kyyp4g';
  const model = parseMebdf(exportSection(be.doc, 't.0', anchor).content);
  const k = model.blocks.findIndex(
    (b) =>
      b.type === 'paragraph' &&
      b.inlines.some((i) => i.type === 'text' && i.text.includes('Content converted')),
  );
  const p = model.blocks[k] as ParagraphBlock;
  const text = p.inlines.map((i) => (i.type === 'text' ? i.text : '')).join('');
  expect(p.inlines.filter((i) => i.type === 'text').length).toBeGreaterThan(2);
  return { be, anchor, model, k, p, text };
}

describe('formatting stripped from a paragraph of several runs', () => {
  it('is one request, and the paragraph reads back as plain text', async () => {
    const { be, anchor, model, k, p, text } = codeLine();
    p.inlines = [{ type: 'text', text, style: {} }];
    await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
      stringifyMebdf(model),
    );
    const requests = be.writes[0]!.requests!;
    expect(requests).toHaveLength(1);
    expect(requests[0]!.updateTextStyle).toBeDefined();
    const after = parseMebdf(exportSection(be.doc, 't.0', anchor).content).blocks[k] as ParagraphBlock;
    expect(after.inlines).toEqual([{ type: 'text', text, style: {} }]);
  });
});

describe('a new paragraph of several runs after a heading', () => {
  it('is styled whole once, then only its runs that differ (not every field of every run)', async () => {
    const be = new MemoryBackend(JSON.parse(readFileSync(MULTI_TAB, 'utf8')) as Document);
    const anchor = 'h.icaqa2kyyp4g';
    const model = parseMebdf(exportSection(be.doc, 't.0', anchor).content);
    const t = (text: string, bold: boolean) => ({
      type: 'text' as const,
      text,
      style: bold ? { bold: true } : {},
    });
    model.blocks.splice(1, 0, {
      type: 'paragraph',
      style: { namedStyle: 'NORMAL_TEXT' },
      inlines: [t('one ', false), t('two', true), t(' three ', false), t('four', true), t(' five', false)],
    });
    await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
      stringifyMebdf(model),
    );
    const styles = be.writes[0]!.requests!.filter((r) => r.updateTextStyle).map((r) => r.updateTextStyle!);
    const whole = styles.filter((s) => s.fields!.split(',').length > 3);
    expect(whole).toHaveLength(1);
    expect(styles.filter((s) => s.textStyle?.bold === true && s.fields === 'bold')).toHaveLength(2);
    const back = parseMebdf(exportSection(be.doc, 't.0', anchor).content).blocks[1] as ParagraphBlock;
    expect(back.inlines.map((i) => (i.type === 'text' ? `${i.text}|${i.style.bold === true}` : ''))).toEqual([
      'one |false',
      'two|true',
      ' three |false',
      'four|true',
      ' five|false',
    ]);
  });
});

describe('a paragraph of several runs made a heading, its formatting dropped', () => {
  it('is its paragraph style and one text style request (every field that differs in any run)', async () => {
    const { be, anchor, model, k, text } = codeLine();
    model.blocks[k] = {
      type: 'paragraph',
      style: { namedStyle: 'HEADING_4' },
      inlines: [{ type: 'text', text, style: {} }],
    };
    await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
      stringifyMebdf(model),
    );
    const requests = be.writes[0]!.requests!;
    expect(requests.map((r) => Object.keys(r)[0])).toEqual(['updateParagraphStyle', 'updateTextStyle']);
    const after = parseMebdf(exportSection(be.doc, 't.0', anchor).content).blocks[k] as ParagraphBlock;
    expect(after.style.namedStyle).toBe('HEADING_4');
    expect(after.inlines.filter((i) => i.type === 'text')).toEqual([{ type: 'text', text, style: {} }]);
  });
});
