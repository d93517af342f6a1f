/**
 * A sub-item indented to a level its list numbers otherwise (a bullet under bullets, where the
 * editor's list numbers its third level) must become a list of its own; an outer item typed, or a
 * paragraph made one, right after it goes on the outer list. Bulleted after the sub-item left the
 * list, the outer item joined nothing and read as a new list; it is now bulleted first, while the
 * paragraph before it is still an item of the list (list-rebuild.ts `outerFirst`). Found by a chain
 * of six edits on stencila-1's "Nested" list (seed 25).
 */
import { describe, expect, it } from 'vitest';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { editorLevels, editSection, listIdOf, listItem } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

/** Numbers outside, bullets at the second level, roman numbers at the third: stencila-1's list. */
const levels = editorLevels('NUMBERED_DECIMAL_ALPHA_ROMAN', 'BULLET_DISC_CIRCLE_SQUARE');

const doc = (): Document =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      listItem('Fruit'),
      listItem('Apple', 'L', 1),
      listItem('Dairy'),
      listItem('Butter', 'L', 1),
      listItem('Cheese', 'L', 1),
      para('After.'),
      para('End.'),
    ],
    lists: { L: { listProperties: { nestingLevels: levels } } },
  });

describe('an outer item right after a sub-item indented into a list of its own', () => {
  for (const [name, from, to, outer] of [
    ['typed new', '   - Cheese\n', '     - Cheese\n3. New\n', 'New'],
    ['the paragraph after made one', '   - Cheese\n\nAfter.\n', '     - Cheese\n3. After.\n', 'After.'],
  ] as const)
    it(`${name}: goes on the outer list`, async () => {
      const be = new MemoryBackend(doc());
      await editSection(be, 'h.a', from, to);
      expect(listIdOf(be.doc, outer)).toBe('L');
      expect(listIdOf(be.doc, 'Cheese')).not.toBe('L');
    });
});
