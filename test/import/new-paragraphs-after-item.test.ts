/**
 * New paragraphs typed after a list item copy its bullet, and those that are no items drop it, in
 * one deleteParagraphBullets over them all. When the last of them is empty, the range must still
 * take it in: a range ending at its start left it an item (an empty numbered item before a new
 * table at the body's end; found by a chain of six edits on 18WZ, seed 22).
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { makeDoc, para } from '../export/builder.js';
import { listItem } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string) => listItem(t);

const doc = () =>
  makeDoc({
    blocks: [para('Intro.'), item('One'), item('Last'), para('')],
    lists: { L: { listProperties: { nestingLevels: presetLevels('NUMBERED_DECIMAL_ALPHA_ROMAN') } } },
  });

const table = '| a | b |\n| - | - |\n| c | d |\n';

describe('new paragraphs after the last item, the last of them empty', () => {
  for (const [name, after] of [
    ['a paragraph, an empty one, a table', `\nNew.\n{!}\n\n${table}`],
    ['a paragraph and an empty one, then another', '\nNew.\n{!}\n\nMore.\n'],
  ] as const)
    it(name, async () => {
      const be = new MemoryBackend(doc());
      const section = exportSection(be.doc, undefined, '').content;
      const edited = section.replace('2. Last\n{!}\n', `2. Last\n${after}`);
      expect(edited).not.toBe(section);
      await importSectionService(be, { document_id: 'doc', anchor_id: '' }, edited);
      expect(exportSection(be.doc, undefined, '').content).toBe(edited);
    });
});
