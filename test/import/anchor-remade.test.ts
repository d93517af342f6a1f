/**
 * New content after an empty paragraph that a named range of the user's starts at: Docs can only
 * type it at that paragraph's newline, which moves the range onto the new content. The import
 * makes the range again over what it covered, under its name, and says that Docs gave it a new
 * id (named range ids cannot be chosen). Before, the edit was refused.
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { SuggestModeError, ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { loadReal } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

const NOTES = 'think41__extrasuite__operational_notes_repair.base';
const ANCHOR = 'kix.9y2fxr3e95fj';
const NAME = 'extradoc:blockquote';
const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.p7qzfwwmsi0h' };

function ranges(doc: Document, name: string) {
  return doc.tabs![0]!.documentTab!.namedRanges?.[name]?.namedRanges ?? [];
}

describe('an anchor on an empty paragraph with new content after it', () => {
  it('is made again over what it covered, with a warning naming it', async () => {
    const be = new MemoryBackend(loadReal(NOTES));
    const [was] = ranges(be.doc, NAME);
    const section = exportSection(be.doc, 't.0', target.anchor_id).content;
    expect(section).toContain(`{^ ${ANCHOR}}\n\n{!table}`);
    const added = 'Added right after the anchored paragraph.';
    const edited = section.replace(`{^ ${ANCHOR}}\n\n`, `{^ ${ANCHOR}}\n\n${added}\n\n`);
    const result = await importSectionService(be, target, edited);

    const [now, ...more] = ranges(be.doc, NAME);
    expect(more).toEqual([]);
    expect(now!.namedRangeId).not.toBe(ANCHOR);
    // The result names the new id the write's reply gave.
    expect(
      result.warnings.some(
        (w) => w.includes(`{^ ${ANCHOR}}`) && w.includes(`is now {^ ${now!.namedRangeId}}`),
      ),
    ).toBe(true);
    // It starts where it started and now covers the new paragraph too, as far as it reached.
    const grown = added.length + 1;
    expect(now!.ranges).toEqual([{ ...was!.ranges![0], endIndex: was!.ranges![0]!.endIndex! + grown }]);
    const after = exportSection(be.doc, 't.0', target.anchor_id).content;
    expect(after).toBe(edited.replace(ANCHOR, now!.namedRangeId!));
  });

  it('shows as {^} in a dry run, where Docs has not chosen its id yet', async () => {
    const be = new MemoryBackend(loadReal(NOTES));
    const section = exportSection(be.doc, 't.0', target.anchor_id).content;
    const edited = section.replace(`{^ ${ANCHOR}}\n\n`, `{^ ${ANCHOR}}\n\nNew.\n\n`);
    const result = await importSectionService(be, target, edited, { dry_run: true });
    expect(result.result_content).toContain('{^}\n\nNew.\n\n{!table}');
    expect(result.warnings.some((w) => w.includes(`{^ ${ANCHOR}}`) && w.includes('gets a new id'))).toBe(
      true,
    );
    expect(be.writes).toEqual([]);
  });

  it('is refused as a suggestion (Docs cannot suggest a named range: the new text would take it)', async () => {
    const be = new MemoryBackend(loadReal(NOTES));
    const section = exportSection(be.doc, 't.0', target.anchor_id).content;
    const edited = section.replace(`{^ ${ANCHOR}}\n\n`, `{^ ${ANCHOR}}\n\nNew.\n\n`);
    await expect(importSectionService(be, target, edited, { mode: 'suggest' })).rejects.toThrow(
      SuggestModeError,
    );
    expect(be.writes).toEqual([]);
  });

  it('is still refused when the range has several parts (one createNamedRange makes one)', async () => {
    const doc = structuredClone(loadReal(NOTES));
    const nr = doc.tabs![0]!.documentTab!.namedRanges![NAME]!.namedRanges![0]!;
    nr.ranges!.push({ startIndex: 1200, endIndex: 1210 });
    const be = new MemoryBackend(doc);
    const section = exportSection(be.doc, 't.0', target.anchor_id).content;
    const edited = section.replace(`{^ ${ANCHOR}}\n\n`, `{^ ${ANCHOR}}\n\nNew.\n\n`);
    await expect(importSectionService(be, target, edited)).rejects.toThrow(ValidationError);
    expect(be.writes).toEqual([]);
  });
});
