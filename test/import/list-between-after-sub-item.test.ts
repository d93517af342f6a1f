/**
 * A new numbered sub-item, then a new bulleted item of a list of its own, typed inside a bulleted
 * list ("- A / 1. Sub / * Between / - B"): the new paragraphs copy the bullet of the item they are
 * typed after, and bullets are made from the last new paragraph back, so when the item between is
 * bulleted the sub-item before it still holds that copied bullet. Taken for unknown, the item
 * between got a plain bullet, which joined the list it had to stay out of (verification: "its
 * list key would be …"). Found by a chain of six edits on a real document (seed 30).
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { editSection, listIdOf, listItem, listSection } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const doc = () =>
  listSection(
    [listItem('One'), listItem('Two'), listItem('Three')],
    { L: { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } } },
    'After.',
  );

describe('an item of its own list typed after a new numbered sub-item', () => {
  for (const [name, to] of [
    ['between two items', '- One\n  1. Sub.\n\n* Between.\n\n- Two\n- Three\n'],
    ['two sub-items first', '- One\n  1. Sub.\n  2. Sub two.\n\n* Between.\n\n- Two\n- Three\n'],
  ] as const)
    it(`${name}: stays out of the list around it`, async () => {
      const be = new MemoryBackend(doc());
      await editSection(be, 'h.a', '- One\n- Two\n- Three\n', to);
      expect(listIdOf(be.doc, 'One')).toBe('L');
      expect(listIdOf(be.doc, 'Between.')).not.toBe('L');
    });
});
