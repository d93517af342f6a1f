/**
 * Items of a list indented under its first item, the last split with its second half made an outer
 * item again, and a numbered sub-item typed under that: the run re-bulleted starts with nested
 * items and holds an outer one. Kept apart from the list before as nested runs are (a list of its
 * own under the item before), it took the outer item with it, which read as a list of its own
 * (verification refused the edit); it joins that list, and the numbered sub-item is a list of its
 * own under the outer item.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { listItem } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const doc = (): Document =>
  makeDoc({
    blocks: [
      para('Libraries', { namedStyleType: 'HEADING_3', headingId: 'h.libs' }),
      listItem('Poppins - the typeface'),
      listItem('FontAwesome - the icons'),
      listItem('ECharts - funnel charts and bar charts'),
      para('After'),
      para(''),
    ],
    lists: { L: { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } } },
  });

describe('nested items re-bulleted with an outer item among them', () => {
  for (const [name, tail] of [
    ['the outer item last', ''],
    ['a numbered sub-item under the outer item', '  1. A numbered sub-item\n'],
  ] as const) {
    it(`${name}: the outer item stays in the list of the items before`, async () => {
      const be = new MemoryBackend(doc());
      const section = exportSection(be.doc, undefined, 'h.libs').content;
      const edited = section.replace(
        '- FontAwesome - the icons\n- ECharts - funnel charts and bar charts\n',
        `  - FontAwesome - the icons\n  - ECharts - funnel charts\n- and bar charts\n${tail}`,
      );
      expect(edited).not.toBe(section);
      await importSectionService(be, { document_id: 'doc', anchor_id: 'h.libs' }, edited);
      expect(exportSection(be.doc, undefined, 'h.libs').content).toBe(edited);
    });
  }
});
