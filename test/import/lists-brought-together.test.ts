/**
 * Two lists of the text that are one Docs list, read apart by a table between them: the edit
 * deletes the table and keeps them apart (`1)` starts a new list after `1.`). Docs reads
 * consecutive items of one list as one list, so the second list must be bulleted anew; it kept
 * its bullets, read back as the first list's items, and verification refused the plan
 * (list-pairing.ts `separateMerging`). Found by a chain of four edits on a real document (seed 45).
 * So when the item that meets the second list is new, typed or bulleted after the first list's
 * last item, and so in its Docs list (seed 96, a chain of ten edits on a real document).
 */
import { describe, expect, it } from 'vitest';
import { listDef, para } from '../export/builder.js';
import { editSection, listIdOf, listItem, listSection } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const doc = () =>
  new MemoryBackend(
    listSection([listItem('One'), listItem('Two'), { table: [[[para('cell')]]] }, listItem('Three')], {
      L: listDef('ordered'),
    }),
  );

describe('two lists of one Docs list brought together by the edit', () => {
  it('kept apart: the second one is bulleted anew as a list of its own', async () => {
    const be = doc();
    await editSection(be, 'h.a', '| cell |\n| - |\n\n1. Three', '1) Three');
    expect(listIdOf(be.doc, 'Two')).toBe('L');
    expect(listIdOf(be.doc, 'Three')).not.toBe('L');
  });

  it('kept apart after a new item: the second one is bulleted anew all the same', async () => {
    const be = doc();
    await editSection(be, 'h.a', '2. Two\n\n| cell |\n| - |\n\n1. Three', '2. Two\n3. Added\n\n1) Three');
    expect(listIdOf(be.doc, 'Added')).toBe('L');
    expect(listIdOf(be.doc, 'Three')).not.toBe('L');
  });

  it('made one list: the items stay in their Docs list', async () => {
    const be = doc();
    await editSection(be, 'h.a', '2. Two\n\n| cell |\n| - |\n\n1. Three', '2. Two\n3. Three');
    expect(listIdOf(be.doc, 'Three')).toBe('L');
  });
});
