/**
 * Two lists of the text that are one Docs list, read apart by a table between them: the edit
 * deletes the table and keeps them apart (`1)` starts a new list after `1.`). Docs reads
 * consecutive items of one list as one list, so the second list must be bulleted anew; it kept
 * its bullets, read back as the first list's items, and verification refused the plan
 * (list-pairing.ts `separateMerging`). Found by a chain of four edits on a real document (seed 45).
 * So when the item that meets the second list is new, typed or bulleted after the first list's
 * last item, and so in its Docs list (seed 96, a chain of ten edits on a real document).
 *
 * Two Docs lists the edit makes one list of the text (what stood between them deleted, an item of
 * the second moved up to the first): Docs reads items of two lists as two lists however close,
 * so only the first one goes on; the second one's items there are bulleted anew into it. They
 * kept their bullets, and verification refused the plan (list-pairing.ts `oneDocsListOutside`;
 * seed 118, a chain of ten edits on a real document).
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

describe('two Docs lists made one list of the text', () => {
  const two = () =>
    new MemoryBackend(
      listSection(
        [listItem('One'), listItem('Two'), para('Between.'), listItem('Three', 'M'), listItem('Four', 'M')],
        { L: listDef('ordered'), M: listDef('ordered') },
      ),
    );

  it('what stood between deleted: the second one’s items join the first', async () => {
    const be = two();
    await editSection(be, 'h.a', '2. Two\n\nBetween.\n\n1. Three\n2. Four', '2. Two\n3. Three\n4. Four');
    expect(listIdOf(be.doc, 'Three')).toBe('L');
    expect(listIdOf(be.doc, 'Four')).toBe('L');
  });

  it('and an item of the second written where the first one’s was: it joins the first', async () => {
    const be = two();
    await editSection(be, 'h.a', '2. Two\n\nBetween.\n\n1. Three\n2. Four', '2. Four');
    expect(listIdOf(be.doc, 'Four')).toBe('L');
  });
});
