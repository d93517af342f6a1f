/**
 * A list's last item made a bulleted sub-item where the list numbers its second level (a Docs
 * editor's list: ● outside, a. inside), and a new outer item typed after it. The sub-item is a
 * list of its own under the item before (kept out of the list by a paragraph without bullet); the
 * new item goes on the list. Both were bulleted as one new list, the outer one at its level 0,
 * so it read as a list of its own (a VerificationError). The outer item now joins the list, first,
 * while the paragraph before it is still in it (lower-lists.ts `bulletSets`, list-rebuild.ts
 * `outerFirst`). Found by a chain of ten edits on a real document (seed 98).
 */
import { describe, expect, it } from 'vitest';
import { editorLevels, editSection, listIdOf, listItem, listSection } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const doc = () =>
  new MemoryBackend(
    listSection([listItem('One'), listItem('Two'), listItem('Three')], {
      L: {
        listProperties: {
          nestingLevels: editorLevels('BULLET_DISC_CIRCLE_SQUARE', 'NUMBERED_DECIMAL_ALPHA_ROMAN'),
        },
      },
    }),
  );

describe('a last item made a sub-item of another kind, a new outer item after it', () => {
  it('the sub-item is a list of its own, the new item goes on the list', async () => {
    const be = doc();
    await editSection(be, 'h.a', '- Three\n', '  - Three\n- Four\n');
    expect(listIdOf(be.doc, 'Four')).toBe('L');
    expect(listIdOf(be.doc, 'Three')).not.toBe('L');
  });
});
