/**
 * Which items of a list one createParagraphBullets covers when new items nest in it, decided
 * before any request: the whole list when it cannot join the existing one, and refusals for what
 * no bulleted set can say.
 */
import { describe, expect, it } from 'vitest';
import { bulletedSet } from '../../src/docs/import/lower-lists.js';
import type { DocumentTab } from '../../src/ground/docs-json.js';
import type { ListKind, ParagraphBlock } from '../../src/mebdf/model.js';

const item = (level: number, kind: ListKind = 'bullet'): ParagraphBlock => ({
  type: 'paragraph',
  style: { namedStyle: 'NORMAL_TEXT' },
  inlines: [],
  list: { key: 'l', level, kind },
});
const tab: DocumentTab = {};

describe('bulletedSet', () => {
  it('a list with no existing list to join is bulleted whole, with its outer kind', () => {
    const set = bulletedSet(tab, [item(0), item(1), item(0)], [false, true, false], undefined);
    expect(set).toEqual({ from: 0, to: 2, kind: 'bullet' });
  });

  it('a numbered list is re-bulleted with the numbered preset', () => {
    const set = bulletedSet(tab, [item(0, 'ordered'), item(1, 'ordered')], [false, true], undefined);
    expect(set).toEqual({ from: 0, to: 1, kind: 'ordered' });
  });

  it('refuses to re-create a list that mixes kinds', () => {
    expect(() => bulletedSet(tab, [item(0, 'ordered'), item(1, 'bullet')], [false, true], undefined)).toThrow(
      /mixes numbered, bulleted or checkbox/,
    );
  });
});
