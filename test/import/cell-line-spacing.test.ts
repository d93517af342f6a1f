/**
 * The import planner compares cell paragraphs against the same cell base as the exporter (single
 * line spacing): a GFM table written into new cells (which Docs gives `lineSpacing: 100`) needs
 * no paragraph style request, and a cell paragraph that should follow the named style's 1.15 gets
 * the value written explicitly (clearing the field would not say which).
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Request } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const kinds = (reqs: Request[]): string[] => reqs.map((r) => Object.keys(r)[0]!);

describe('line spacing of table cells on import', () => {
  it('a GFM table imported into a new table needs no paragraph style request, and verifies', async () => {
    const be = new MemoryBackend(makeDoc({ blocks: [para('Intro.'), para('After.')] }));
    const before = exportTab(be.doc).content;
    const intended = before.replace(
      'Intro.\n',
      'Intro.\n\n| Name | Score 😀 |\n| - | - |\n| Ada | 漢字 e\u0301 |\n',
    );
    expect(intended).not.toBe(before);
    const r = await importTabService(be, { document_id: 'doc' }, intended);
    const reqs = r.requests as Request[];
    expect(kinds(reqs)).toContain('insertTable');
    expect(kinds(reqs)).not.toContain('updateParagraphStyle');
    expect(exportTab(be.doc).content).toBe(intended);
  });

  it('a cell paragraph set to 1.15 and back to the cell default writes the value each time', async () => {
    const be = new MemoryBackend(
      makeDoc({ blocks: [para('Intro.'), { table: [[[para('cell')]]] }, para([])] }),
    );
    const before = exportTab(be.doc).content;
    expect(before).toContain('| cell |');
    // The empty paragraph after the table that ends the tab is not written (grammar §7).
    const spaced = before.replace('| cell |\n| - |\n', '| {!line-spacing:1.15}cell |\n| - |\n');
    expect(spaced).not.toBe(before);
    const up = await importTabService(be, { document_id: 'doc' }, spaced);
    const upStyles = (up.requests as Request[]).filter((q) => q.updateParagraphStyle);
    expect(upStyles.map((q) => q.updateParagraphStyle!.paragraphStyle)).toEqual([{ lineSpacing: 115 }]);
    expect(exportTab(be.doc).content).toBe(spaced);

    const down = await importTabService(be, { document_id: 'doc' }, before);
    const downStyles = (down.requests as Request[]).filter((q) => q.updateParagraphStyle);
    expect(downStyles.map((q) => q.updateParagraphStyle!.paragraphStyle)).toEqual([{ lineSpacing: 100 }]);
    expect(exportTab(be.doc).content).toBe(before);
  });
});
