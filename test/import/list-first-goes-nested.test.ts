/**
 * A list's first item made a nested item of the list's nested kind (bullets outside, numbers
 * inside, as the Docs editor's lists have them): no preset has both kinds, so bulleted in place it
 * would be a new list and the items after it another. Typed anew at the start of the first nested
 * item that stays, it copies that item's bullet, and the list stays one Docs list
 * (list-pairing.ts retypeListJoiners). Found by a chain of six edits on the lists fixture.
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { editorLevels } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string, level = 0) =>
  para(
    t,
    {
      indentStart: { magnitude: 36 * (level + 1), unit: 'PT' },
      indentFirstLine: { magnitude: 36 * (level + 1) - 18, unit: 'PT' },
    },
    { bullet: { listId: 'L', textStyle: {}, ...(level ? { nestingLevel: level } : {}) } },
  );

/** Bullets outside, numbers at the second level: a list of the Docs editor's, no preset's. */
const levels = editorLevels('BULLET_DISC_CIRCLE_SQUARE', 'NUMBERED_DECIMAL_ALPHA_ROMAN');

const doc = (): Document =>
  makeDoc({
    blocks: [
      para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
      item('Item one'),
      item('Sub one', 1),
      item('Sub two', 1),
      item('Item two'),
      para('After.'),
    ],
    lists: { L: { listProperties: { nestingLevels: levels } } },
  });

describe("a list's first item made nested", () => {
  for (const [name, lead] of [
    ['edited in place', '- 1. Item one, nested\n  2. Sub one\n  3. Sub two\n'],
    ['with a new nested item before it', '- 1. New\n  2. Item one, nested\n  3. Sub one\n  4. Sub two\n'],
  ] as const)
    it(`${name}: the list stays one Docs list`, async () => {
      const be = new MemoryBackend(doc());
      const section = exportSection(be.doc, undefined, 'h.a').content;
      expect(section).toContain('- Item one\n  1. Sub one\n  2. Sub two\n- Item two\n');
      const edited = section.replace('- Item one\n  1. Sub one\n  2. Sub two\n', lead);
      expect(edited).not.toBe(section);
      await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
      expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
      const lists = new Set(
        be.doc
          .tabs![0]!.documentTab!.body!.content!.map((se) => se.paragraph?.bullet?.listId)
          .filter((id) => id !== undefined),
      );
      expect([...lists]).toEqual(['L']);
    });
});
