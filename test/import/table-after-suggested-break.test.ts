/**
 * A new table right after a paragraph whose paragraph break is a suggested insertion: the newline
 * insertTable types at that paragraph's end would end it and leave the suggested break to an empty
 * paragraph after the table (rejecting the suggestion would then remove the wrong break). So the
 * table goes in at the next paragraph's start, and the newline insertTable types there stands as
 * an empty paragraph between: the closest content Docs can hold, and the result says so.
 */
import { describe, expect, it } from 'vitest';
import { exportSection, resolveTab } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import { makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |\n';

function load(): MemoryBackend {
  return new MemoryBackend(
    makeDoc({
      blocks: [
        para('Plan', { namedStyleType: 'HEADING_1', headingId: 'h.plan' }),
        para([text('Suggested line\n', {}, { suggestedInsertionIds: ['suggest.s1'] })]),
        para('After'),
      ],
    }) as Document,
  );
}

const body = (be: MemoryBackend): StructuralElement[] =>
  resolveTab(be.doc, 't.0').content.body?.content ?? [];

const textOf = (se: StructuralElement | undefined): string =>
  (se?.paragraph?.elements ?? []).map((e) => e.textRun?.content ?? '').join('');

describe('a table right after a paragraph whose break is a suggested insertion', () => {
  it('lands after an empty paragraph, the suggested break kept where it was, and says so', async () => {
    const be = load();
    const section = exportSection(be.doc, 't.0', 'h.plan');
    const lines = section.content.split('\n\n');
    const edited = [lines[0], lines[1], TABLE.trimEnd(), ...lines.slice(2)].join('\n\n');
    const result = await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.plan' },
      edited,
    );
    expect(result.warnings.join(' ')).toMatch(/suggested paragraph break/);
    const els = body(be);
    const k = els.findIndex((e) => e.paragraph && textOf(e) === 'Suggested line\n');
    const suggested = els[k]!.paragraph!.elements!.at(-1)!.textRun!;
    expect(suggested.content?.endsWith('\n')).toBe(true);
    expect(suggested.suggestedInsertionIds).toEqual(['suggest.s1']);
    expect(textOf(els[k + 1])).toBe('\n');
    expect(els[k + 1]?.paragraph?.elements?.[0]?.textRun?.suggestedInsertionIds).toBeUndefined();
    expect(els[k + 2]?.table).toBeDefined();
    expect(textOf(els[k + 3])).toBe('After\n');
  });
});
