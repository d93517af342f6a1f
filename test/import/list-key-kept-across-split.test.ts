/**
 * List keys are ordinals over the tab, so an item can keep its key while its list changes: a list
 * made plain paragraphs shifts the keys after it down by one, a split after that shifts them up by
 * one again. The item after the split then compared equal to its old self and was kept, staying
 * in the list it was split from (verification refused: "its list key would be …"). Such a keep is
 * now a pairing (build-script.ts demoteKeeps). Found by a chain of six edits on stencila-1's
 * lists (seed 28).
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { editSection, listIdOf, listItem } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const bullets = { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } };

const doc = (): Document =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      listItem('Alone', 'A'),
      para(''),
      listItem('First', 'B'),
      listItem('Second', 'B'),
      para('After.'),
    ],
    lists: { A: bullets, B: bullets },
  });

describe('a list made plain, a list after it split', () => {
  for (const [name, from, to] of [
    ['split in two', '- Alone\n{!}\n\n- First\n- Second\n', 'Alone\n{!}\n\n- First\n\n* Second\n'],
    [
      'split, an item added',
      '- Alone\n{!}\n\n- First\n- Second\n',
      'Alone\n{!}\n\n- First\n\n* Second\n* Third\n',
    ],
  ] as const)
    it(`${name}: the items after the split leave the list`, async () => {
      const be = new MemoryBackend(doc());
      await editSection(be, 'h.a', from, to);
      expect(listIdOf(be.doc, 'First')).toBe('B');
      expect(listIdOf(be.doc, 'Second')).not.toBe('B');
      expect(listIdOf(be.doc, 'Alone')).toBeUndefined();
    });
});
