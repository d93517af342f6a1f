/**
 * A paragraph and a new outer item typed after a nested item, the list going on after them: the
 * new paragraphs copy the nested item's bullet, and the new item, bulleted after the paragraph
 * before it lost that bullet, started a list of its own, so the list's items after it read as
 * another list (a VerificationError). It is now bulleted while that paragraph still holds the
 * bullet, and joins the list; the paragraph loses it right after (paragraph-insert.ts
 * `dropsAfterNextRun`). Found by a chain of ten edits on a real document (seed 100), where the
 * nested item was made an outer one in the same edit.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import type { NestingLevel } from '../../src/ground/docs-json.js';
import { editorLevels, editSection, listIdOf, listItem, listSection } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const doc = (levels: NestingLevel[]) =>
  new MemoryBackend(
    listSection(
      [listItem('One'), listItem('Sub one', 'L', 1), listItem('Sub two', 'L', 1), listItem('Two')],
      { L: { listProperties: { nestingLevels: levels } } },
    ),
  );

describe('a paragraph and a new item typed after a nested item, the list going on', () => {
  for (const [name, levels, sub] of [
    ['bullets on every level', presetLevels('BULLET_DISC_CIRCLE_SQUARE'), '-'],
    [
      "the Docs editor's ● then a.",
      editorLevels('BULLET_DISC_CIRCLE_SQUARE', 'NUMBERED_DECIMAL_ALPHA_ROMAN'),
      '1.',
    ],
  ] as const) {
    const two = sub === '-' ? '-' : '2.';
    it(`${name}: the new item joins the list`, async () => {
      const be = doc(levels);
      await editSection(
        be,
        'h.a',
        `  ${sub} Sub one\n  ${two} Sub two\n`,
        `  ${sub} Sub one\n\nBetween.\n\n- New.\n  ${sub} Sub two\n`,
      );
      expect(listIdOf(be.doc, 'New.')).toBe('L');
      expect(listIdOf(be.doc, 'Between.')).toBeUndefined();
    });

    it(`${name}, the nested item made an outer one: the new item joins the list`, async () => {
      const be = doc(levels);
      await editSection(
        be,
        'h.a',
        `  ${sub} Sub one\n  ${two} Sub two\n`,
        `- Sub one\n\nBetween.\n\n- New.\n  ${sub} Sub two\n`,
      );
      expect(listIdOf(be.doc, 'New.')).toBe('L');
    });
  }
});
