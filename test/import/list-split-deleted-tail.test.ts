/**
 * A list split in two while its last items are deleted: the items after the split are a list of
 * their own. Their Docs list had items after them only in the deleted tail, so nothing is left for
 * Docs to go on counting: they are bulleted anew (list-pairing.ts listPairs). Counting the deleted
 * items as still there kept the split-off items in the first list (a VerificationError, found by a
 * chain of six edits on a real document).
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { makeDoc, para } from '../export/builder.js';
import { editSection, listIdOf, listItem } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string) => listItem(t);

const doc = () =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      item('A'),
      item('B'),
      item('C'),
      item('D'),
      para('After.'),
    ],
    lists: { L: { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } } },
  });

const cases: [string, string][] = [
  ['split, an item nested, the last deleted', '- A\n\n* B\n  - C\n'],
  ['split, the last two deleted', '- A\n\n* B\n'],
  ['split, an item nested, none deleted', '- A\n\n* B\n  - C\n* D\n'],
];

describe('a list split while its tail is deleted', () => {
  for (const [name, items] of cases)
    it(name, async () => {
      const be = new MemoryBackend(doc());
      await editSection(be, 'h.a', '- A\n- B\n- C\n- D\n', items);
      const listOf = (text: string) => listIdOf(be.doc, text);
      expect(listOf('A')).toBe('L');
      expect(listOf('B')).not.toBe('L');
    });
});
