/**
 * A paragraph typed into a bulleted list, and under it new items that open the rest of the list
 * nested: a bulleted sub-item with a numbered one under it, then the list's own items. The new
 * items are bulleted as two sets (one glyph kind each); only the last set was taken into the list
 * of the items after them, and it had an item before it (the bulleted sub-item), so neither went:
 * the sub-item started a list of its own and the items after it read as another list
 * (verification refused the edit: found by a ten-edit chain of the battery, seed 113). The sets
 * go together, back to the first after no item of the list.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { listItem, listSection } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

describe('new nested items of two kinds opening the rest of a list', () => {
  for (const [name, sub] of [
    ['a numbered sub-item under a bulleted one', '  - One and a half\n    1. Deeper\n'],
    ['a bulleted sub-item alone', '  - One and a half\n'],
  ] as const) {
    it(`${name}: the list's items after them stay one list with them`, async () => {
      const lists = { L: { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } } };
      const be = new MemoryBackend(listSection([listItem('One'), listItem('Two'), listItem('Three')], lists));
      const section = exportSection(be.doc, undefined, 'h.a').content;
      const edited = section.replace(
        '- One\n- Two\n',
        `- One\n\nA paragraph between.\n\n-${sub.slice(1)}- Two\n`,
      );
      expect(edited).not.toBe(section);
      await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
      expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
    });
  }
});
