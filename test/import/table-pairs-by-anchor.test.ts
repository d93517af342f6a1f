/**
 * A new table typed before an edited one: tables pair by cost, and any table can be edited into
 * any other at about the same cost, so the old table was edited into the new one and the edited
 * one typed anew (53 requests), its heading in a cell with a new id. A table holding an anchor (a
 * heading's id, an object's) now pairs with the table holding it again, as a paragraph does.
 * Found by a chain of six edits on a real document (seed 63).
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { loadReal } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

const NOTES = 'think41__extrasuite__operational_notes_repair.base';
const TABLE = '| a | b |\n| - | - |\n| c | d |\n\n';

describe('a table holding a heading with its id', () => {
  it('is edited in place when a new table is typed before it', async () => {
    const be = new MemoryBackend(loadReal(NOTES));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.uw4nzrcwujw0' };
    const section = exportSection(be.doc, 't.0', target.anchor_id).content;
    const cell = '| {!Heading 2}Area | **Owner** |';
    const lastRow = '| Verification | Re-pull cycle | yellow | Final state pending |';
    expect(section).toContain(cell);
    expect(section).toContain(lastRow);
    // The heading's id written out, as a text that keeps every anchor has it; a cell changed, the
    // last row's first two cells merged, and the sub-sections after the table deleted.
    const edited = `${section
      .slice(0, section.indexOf('{!line-spacing:single}\n### Closing'))
      .replace(cell, `${TABLE}A new paragraph.\n\n| {!Heading 2}{^ h.s5k8c01n5ias}Area | **Changed** |`)
      .replace(lastRow, '| {!colspan:2}Verification Re-pull cycle | | yellow | Final state pending |')
      .trimEnd()}\n`;
    const result = await importSectionService(be, target, edited);
    expect(JSON.stringify(be.doc)).toContain('"headingId":"h.s5k8c01n5ias"');
    expect(result.warnings).toEqual([]);
    expect(be.writes[0]!.requests?.length).toBeLessThan(30);
    expect(exportSection(be.doc, 't.0', target.anchor_id).content).toBe(
      formatMebdf(edited.replace('{^ h.s5k8c01n5ias}', '')),
    );
  });
});
