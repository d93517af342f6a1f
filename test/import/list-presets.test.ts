/**
 * Lists made with any of Google's presets (A., I., arrows, stars), not only the three the planner
 * makes lists with: a new item joins such a list with its own preset (createParagraphBullets joins
 * the list before only when the preset's outer level is that list's), and a paragraph made the
 * item before a list's first takes the list in as one set, keeping its glyphs.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document, List } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { listDef, makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string, listId: string) =>
  para(
    t,
    { indentStart: { magnitude: 36, unit: 'PT' }, indentFirstLine: { magnitude: 18, unit: 'PT' } },
    { bullet: { listId, textStyle: {} } },
  );
const presetList = (preset: string): List => ({ listProperties: { nestingLevels: presetLevels(preset) } });
const docWith = (list: List): Document =>
  makeDoc({
    blocks: [para('Intro'), item('One', 'L'), item('Two', 'L'), para('After'), para('')],
    lists: { L: list },
  });

/** Imports `edit` of the tab's export: the export after, the edit in canonical form, the lists by id. */
async function run(doc: Document, edit: (content: string) => string) {
  const be = new MemoryBackend(doc);
  const content = exportTab(be.doc).content;
  const mark = /\n(\S+) One\n/.exec(content)![1]!;
  const intended = edit(content).replaceAll('M ', `${/^\d/.test(mark) ? '1.' : mark} `);
  expect(intended).not.toBe(content);
  const r = await importTabService(be, { document_id: 'doc' }, intended);
  const tab = be.doc.tabs![0]!.documentTab!;
  const listOf = (text: string): string | undefined =>
    tab.body!.content!.find((se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`)?.paragraph
      ?.bullet?.listId ?? undefined;
  return {
    after: exportTab(be.doc).content,
    intended: stringifyMebdf(parseMebdf(intended)),
    warnings: r.warnings ?? [],
    listOf,
    level0: (id: string) => tab.lists![id]!.listProperties!.nestingLevels![0]!,
  };
}

const PRESETS = [
  'NUMBERED_UPPERALPHA_ALPHA_ROMAN',
  'NUMBERED_UPPERROMAN_UPPERALPHA_DECIMAL',
  'BULLET_ARROW_DIAMOND_DISC',
];

describe('a list made with another of Google presets', () => {
  for (const preset of PRESETS) {
    it(`${preset}: a paragraph made an item after the list joins it`, async () => {
      const r = await run(docWith(presetList(preset)), (c) => c.replace(/Two\n\nAfter/, 'Two\nM After'));
      expect(r.after).toBe(r.intended);
      expect(r.listOf('After')).toBe('L');
    });

    it(`${preset}: a new item in the body's last paragraph joins the list before it`, async () => {
      const doc = makeDoc({
        blocks: [para('Intro'), item('One', 'L'), item('Two', 'L'), para('')],
        lists: { L: presetList(preset) },
      });
      const r = await run(doc, (c) => c.replace(/Two\n[\s\S]*$/, 'Two\nM Three\n'));
      expect(r.after).toBe(r.intended);
      expect(r.listOf('Three')).toBe('L');
    });

    it(`${preset}: a paragraph made the item before the first takes the list in, glyphs kept`, async () => {
      const r = await run(docWith(presetList(preset)), (c) => c.replace(/^Intro\n\n/, 'M Intro\n'));
      expect(r.after).toBe(r.intended);
      const id = r.listOf('Intro')!;
      expect([r.listOf('One'), r.listOf('Two')]).toEqual([id, id]);
      expect(r.level0(id)).toEqual(presetLevels(preset)[0]);
      expect(r.warnings.join('\n')).not.toMatch(/bulleted anew/);
    });
  }

  it('a list of its own look taken in by a new first item: done, and the warning names what changed', async () => {
    const own = listDef('ordered');
    own.listProperties!.nestingLevels![0]!.glyphType = 'UPPER_ALPHA';
    own.listProperties!.nestingLevels![0]!.startNumber = 3;
    const r = await run(docWith(own), (c) => c.replace(/^Intro\n\n/, 'M Intro\n'));
    expect(r.after).toBe(r.intended);
    expect(r.level0(r.listOf('One')!).glyphType).toBe('UPPER_ALPHA');
    expect(r.warnings.join('\n')).toMatch(/list of "One" was bulleted anew.*NUMBERED_UPPERALPHA_ALPHA_ROMAN/);
  });
});
