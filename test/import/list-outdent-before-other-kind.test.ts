/**
 * An item moved out to its list's outer level, with a sub-item after it at a level its Docs list
 * gives another kind (a number where the list has squares): the sub-item must be a list of its
 * own, and the outer item goes on the list before it. It was bulleted as a new list too (one new
 * list per kind), and read back as a list of its own: verification refused the plan. Now the first
 * set of a run that goes on the list before joins it where that list has its kinds
 * (lower-lists.ts `bulletSets`). Found by a chain of six edits on the lists document (seed 44).
 */
import { describe, expect, it } from 'vitest';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { editorLevels, editSection, listIdOf, listItem } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

/** Bullets outside, letters at the second level, squares at the third: the lists document's. */
const levels = editorLevels('BULLET_DISC_CIRCLE_SQUARE', 'NUMBERED_DECIMAL_ALPHA_ROMAN');

const doc = (): Document =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      listItem('One'),
      listItem('Sub one', 'L', 1),
      listItem('Sub two', 'L', 1),
      listItem('Two'),
      para('End.'),
    ],
    lists: { L: { listProperties: { nestingLevels: levels } } },
  });

describe('an item moved out a level, a sub-item of another kind after it', () => {
  it('the item goes on the list before; the sub-item is a list of its own under it', async () => {
    const be = new MemoryBackend(doc());
    await editSection(be, 'h.a', '  1. Sub one\n  2. Sub two\n', '- Sub one\n  - 1. Sub two\n');
    expect(listIdOf(be.doc, 'Sub one')).toBe('L');
    expect(listIdOf(be.doc, 'Two')).toBe('L');
    expect(listIdOf(be.doc, 'Sub two')).not.toBe('L');
  });
});
