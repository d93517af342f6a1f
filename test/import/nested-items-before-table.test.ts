/**
 * A paragraph made a bulleted item with new numbered sub-items and a table after it, where the
 * paragraph's newline is styled apart from its text: the new blocks go in before the next
 * paragraph (a split there would give the paragraph another newline), the first one alone, the rest
 * typed after it. The sub-items are bulleted as their own set once the container is done; the
 * second, typed after the first while that one had no bullet yet, was left out of the set and
 * verification refused the edit ("it would not be a list item"). Found by a chain of six edits on
 * stencila-2's figure caption (seed 27).
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const doc = (): Document =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      // Its newline a run of its own, styled apart from the text before it.
      para([text('Caption.', { italic: true }), text('\n')]),
      para('Next', { namedStyleType: 'HEADING_1', headingId: 'h.b' }),
    ],
  });

describe('new sub-items before a new table, after a paragraph made an item', () => {
  for (const [name, items] of [
    ['two sub-items', '  1. Sub.\n  2. New.\n'],
    ['three sub-items', '  1. Sub.\n  2. New.\n  3. Last.\n'],
  ] as const)
    it(`${name}: every one is an item of one list`, async () => {
      const be = new MemoryBackend(doc());
      const section = exportSection(be.doc, undefined, 'h.a').content;
      const edited = section.replace(
        '*Caption.*\n',
        `- *Caption.*\n${items}\n| a | b |\n| - | - |\n| c | d |\n`,
      );
      expect(edited).not.toBe(section);
      await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
      expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
      expect(exportSection(be.doc, undefined, 'h.b').content).toBe('# Next\n');
    });
});
