/**
 * A new list typed right after an item the same edit indents ("- A / - B" becomes "- A /   - B",
 * then "* New", a list of its own): the indented item is bulleted at its level once the container
 * is done, and until then it is still an outer item of its old Docs list. New items are bulleted
 * while it is, so they are kept apart from that list (a plain bullet would join it, and "New"
 * would read as an item of the list before). Found by a chain of six edits on the lists fixture.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { listIdOf, listItem } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string) => listItem(t);

const bullets = presetLevels('BULLET_DISC_CIRCLE_SQUARE');
/** Bullets outside, numbers at the second level: a list of the Docs editor's, no preset's. */
const mixed = bullets.map((l, n) => (n === 1 ? presetLevels('NUMBERED_DECIMAL_ALPHA_ROMAN')[1]! : l));

const doc = (levels: Record<string, unknown>[]): Document =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      item('A'),
      item('B'),
      para('After.'),
    ],
    lists: { L: { listProperties: { nestingLevels: levels } } },
  });

const cases: [string, Record<string, unknown>[], string][] = [
  ['after the last item', bullets, '- A\n- B\n\n* New\n'],
  ['after the last item, indented', bullets, '- A\n  - B\n\n* New\n'],
  ['after the last item, indented, in a list with numbers inside', mixed, '- A\n  - B\n\n* New\n'],
  [
    'after the last item, indented and numbered, in a list with numbers inside',
    mixed,
    '- A\n  1. B\n\n* New\n',
  ],
];

describe('a new list right after an item the edit indents', () => {
  for (const [name, levels, items] of cases)
    it(name, async () => {
      const be = new MemoryBackend(doc(levels));
      const section = exportSection(be.doc, undefined, 'h.a').content;
      const edited = section.replace('- A\n- B\n', items);
      expect(edited).not.toBe(section);
      await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
      expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
      const listOf = (text: string) => listIdOf(be.doc, text);
      expect(listOf('A')).toBe('L');
      expect(listOf('New')).not.toBe('L');
    });
});
