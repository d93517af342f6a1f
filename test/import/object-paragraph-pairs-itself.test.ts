/**
 * A paragraph holding an object the Docs API cannot create again (a rule, an image) pairs only
 * with the paragraph that holds it in the new text, as a heading does with its id (align.ts,
 * comparators.ts blockAnchor): the alignment kept an equal paragraph elsewhere first (an empty
 * one at the end matched with the empty one Docs needs between two new tables), which left the
 * rule's paragraph on the wrong side, and the edit was refused ("the hr would move"). Found by a
 * chain of six edits on a real document (seed 29). Swapped with the paragraph before it, the
 * rule's paragraph stays and the other moves.
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { el, makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const doc = (): Document =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      para('A quote.'),
      para([el({ horizontalRule: {} })]),
      para('The last words.'),
      para(''),
      para('Next', { namedStyleType: 'HEADING_1', headingId: 'h.b' }),
    ],
  });

const TABLE = '| a | b |\n| - | - |\n| c | d |\n\n';

describe('a paragraph holding a rule pairs with itself', () => {
  it('two new tables, the paragraphs around the rule edited, the empty one deleted', async () => {
    const be = new MemoryBackend(doc());
    const section = exportSection(be.doc, undefined, 'h.a').content;
    const rule = /\{\^= (hr\.\d+) hr\}/.exec(section)?.[1];
    expect(rule).toBeDefined();
    const edited = section
      .replace('# Head\n\n', `# Head\n\n${TABLE}{!}\n\n${TABLE}`)
      .replace('A quote.', '**A** quote.')
      .replace('The last words.\n{!}\n', '[The](https://example.com/) last words.\n');
    expect(edited).not.toBe(section);
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
    expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
    expect(exportSection(be.doc, undefined, 'h.b').content).toBe('# Next\n');
  });

  it('a section break swapped with the paragraph after it: that paragraph moves, the break stays', async () => {
    const be = new MemoryBackend(
      makeDoc({
        blocks: [
          para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
          para('Before.'),
          { sectionBreak: 'CONTINUOUS' },
          para('After the break.'),
          para('End.'),
        ],
      }),
    );
    const section = exportSection(be.doc, undefined, 'h.a').content;
    const brk = /\{\^= sectionbreak\.\d+ sectionbreak[^}]*\}\n/.exec(section)![0];
    const edited = section.replace(`${brk}\nAfter the break.\n`, `After the break.\n\n${brk}`);
    expect(edited).not.toBe(section);
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
    expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
  });

  it('swapped with the paragraph before it: that paragraph moves, the rule stays', async () => {
    const be = new MemoryBackend(doc());
    const section = exportSection(be.doc, undefined, 'h.a').content;
    const rule = /\{\^= hr\.\d+ hr\}\n/.exec(section)![0];
    const edited = section.replace(`A quote.\n\n${rule}`, `${rule}\nA quote.\n`);
    expect(edited).not.toBe(section);
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
    expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
  });
});
