/**
 * Between two blocks that stay, what is left is aligned by cost as a whole (align.ts `between`):
 * the alignment kept an empty paragraph equal to one further on across a table whose edit it
 * should pair with (a row added, the empty paragraph Docs keeps between two tables deleted), so
 * the table was to be made anew, and the anchor in its cell was refused ("on a paragraph the import
 * has to create"). Found by a chain of six edits on a real document (seed 35).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { MemoryBackend } from './memory-backend.js';

const NOTES = new URL(
  '../fixtures/real/think41__extrasuite__operational_notes_repair.base.json',
  import.meta.url,
);
const NARRATIVE = 'h.eo6h3538bcps';
const CELL = 'The initial push creates the document shape in one cycle.';

describe('a table with an anchor edited where the empty paragraph before it is deleted', () => {
  it('is edited in place: the anchor keeps its id', async () => {
    const be = new MemoryBackend(JSON.parse(readFileSync(NOTES, 'utf8')) as Document);
    const section = exportSection(be.doc, undefined, NARRATIVE).content;
    const edited = section
      .replace('The goal is not just', '- The goal is not just')
      .replace(
        `{!end-table}\n\n{!}\n\n| {!Normal text}{^ kix.bqc75jhy35bb}${CELL} |\n| - |\n`,
        `{!end-table}\n\n{!Normal text}\n| {^ kix.bqc75jhy35bb}${CELL} |\n| - |\n| new 1 |\n`,
      )
      // The empty paragraph after it as it was (the line spacing said again after the cell's).
      .replace('| new 1 |\n\n{!}\n', '| new 1 |\n\n{!line-spacing:single}\n{!}\n');
    expect(edited).not.toBe(section);
    const ranges = Object.keys(be.doc.tabs![0]!.documentTab!.namedRanges ?? {});
    await importSectionService(be, { document_id: 'doc', anchor_id: NARRATIVE }, edited);
    const after = exportSection(be.doc, undefined, NARRATIVE).content;
    expect(after).toContain(`| {^ kix.bqc75jhy35bb}${CELL} |\n| - |\n| new 1 |\n`);
    expect(after).toContain('- The goal is not just');
    expect(Object.keys(be.doc.tabs![0]!.documentTab!.namedRanges ?? {})).toEqual(ranges);
  });
});
