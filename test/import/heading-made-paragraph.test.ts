/**
 * A heading made a paragraph of text. Docs keeps a heading's id on headings only: a heading id
 * written on the paragraph would be lost, so that is refused with what to do (it was a
 * verification error); written without it, the heading's id goes, and a link to it is a heading
 * deleted under a link (refused without allow_deletions, named in the warnings with it).
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

function doc(linked: boolean): Document {
  return makeDoc({
    blocks: [
      para('Top', { namedStyleType: 'HEADING_1', headingId: 'h.top' }),
      para([text(linked ? 'see' : 'plain', linked ? { link: { headingId: 'h.sub' } } : {})]),
      para('Sub', { namedStyleType: 'HEADING_2', headingId: 'h.sub' }),
      para('Body.'),
    ],
  });
}

const target = { document_id: 'doc', anchor_id: 'h.top' };

describe('a heading made a paragraph of text', () => {
  it('with its id kept on it: refused, saying why, and nothing is written', async () => {
    const be = new MemoryBackend(doc(true));
    const section = exportSection(be.doc, undefined, 'h.top').content;
    expect(section).toContain('## {^ h.sub}Sub');
    const edited = section.replace('## {^ h.sub}Sub', '{^ h.sub}Sub');
    const error = await importSectionService(be, target, edited).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/heading's id on headings only/);
    expect((error as ValidationError).suggestion).toMatch(/Keep "Sub" a heading, or drop \{\^ h\.sub\}/);
    expect(be.writes).toHaveLength(0);
  });

  it('without its id, under a link: refused, then done with allow_deletions and the link named', async () => {
    const be = new MemoryBackend(doc(true));
    const edited = exportSection(be.doc, undefined, 'h.top').content.replace('## {^ h.sub}Sub', 'Sub');
    await expect(importSectionService(be, target, edited)).rejects.toThrow(/see/);
    const result = await importSectionService(be, target, edited, { allow_deletions: true });
    expect(result.warnings.join('\n')).toMatch(/"see"/);
    expect(exportSection(be.doc, undefined, 'h.top').content).toContain('\nSub\n');
  });

  it('an unlinked heading: made a paragraph in one request, its text kept', async () => {
    const be = new MemoryBackend(doc(false));
    const section = exportSection(be.doc, undefined, 'h.top').content;
    const edited = section.replace('## Sub', 'Sub');
    expect(edited).not.toBe(section);
    await importSectionService(be, target, edited);
    expect(exportSection(be.doc, undefined, 'h.top').content).toBe(edited);
    expect(be.writes[0]!.requests!.map((r) => Object.keys(r)[0])).toEqual(['updateParagraphStyle']);
  });
});
