/**
 * A nested item made a bullet where its list numbers that level, then a new numbered sub-item and
 * an outer item of the list after it. The bullet must be a Docs list of its own (a Docs list has
 * one kind a level); the items after it go on the first list, which the Docs API lets them join
 * only while the paragraph right before them is still its item. They were bulleted after the
 * bullet, as a list of their own, and the outer item read back as a new list: verification refused
 * the plan (lower-lists.ts `bulletSets`, list-rebuild.ts `outerFirst`; seed 125, a chain of ten
 * edits on a real document).
 */
import { describe, expect, it } from 'vitest';
import { listDef } from '../export/builder.js';
import { editSection, listIdOf, listItem, listSection } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

describe('an outer item after a nested item of its own list of another kind', () => {
  it('the sub-item and the outer item after it go on the first list', async () => {
    const be = new MemoryBackend(
      listSection([listItem('One'), listItem('Sub', 'L', 1), listItem('Last', 'L', 1)], {
        L: listDef('ordered'),
      }),
    );
    await editSection(be, 'h.a', '   2. Last', '   - Last\n   1. Numbered\n2. Outer');
    expect(listIdOf(be.doc, 'Last')).not.toBe('L');
    expect(listIdOf(be.doc, 'Numbered')).toBe('L');
    expect(listIdOf(be.doc, 'Outer')).toBe('L');
  });
});
