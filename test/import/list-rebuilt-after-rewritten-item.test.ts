/**
 * A list's last item rewritten, then a paragraph and a new list typed after it whose nested
 * numbered item sits between bulleted ones: the planner may pair the old item with the new list's
 * nested bulleted item (an edit in place) and type the rest around it. The items typed after it
 * copy its bullet and keep it until the list rebuild bullets them; the outer item after the
 * numbered one must be bulleted while the item before it is still in that list, or it joins
 * nothing and reads as a list of its own (verification refused the edit).
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
      para('Tasks', { namedStyleType: 'HEADING_2', headingId: 'h.tasks' }),
      listItem('Prepare the document.'),
      listItem('Push the document.'),
      listItem('Operational Notes'),
      para('Later', { namedStyleType: 'HEADING_2', headingId: 'h.later' }),
      para(''),
    ],
    lists: { L: { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } } },
  });

describe('a new list after a rewritten last item', () => {
  it('its outer item after a nested numbered one stays in the list of the items before', async () => {
    const be = new MemoryBackend(doc());
    const section = exportSection(be.doc, undefined, 'h.tasks').content;
    const edited = section.replace(
      '- Operational Notes\n',
      '- Rewritten.\n\nA new paragraph.\n\n- One\n  - One and a half\n    1. Deeper\n- Two\n',
    );
    expect(edited).not.toBe(section);
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.tasks' }, edited);
    expect(exportSection(be.doc, undefined, 'h.tasks').content).toBe(edited);
  });
});
