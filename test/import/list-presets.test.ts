/**
 * Lists made with any of Google's presets (A., I., arrows, stars), not only the three the planner
 * makes lists with: a new item joins such a list with its own preset (createParagraphBullets joins
 * the list before only when the preset's outer level is that list's); a paragraph made the item
 * before a list's first is typed anew before it (copying its bullet), or, when it holds what
 * typing anew would lose, takes the list in as one set, keeping its glyphs.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document, List } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { el, listDef, makeDoc, para, text } from '../export/builder.js';
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
    tab,
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

  /** A list of its own look: A. at level 0, numbered from 3. */
  const ownLook = (): List => {
    const own = listDef('ordered');
    own.listProperties!.nestingLevels![0]!.glyphType = 'UPPER_ALPHA';
    own.listProperties!.nestingLevels![0]!.startNumber = 3;
    return own;
  };

  it('a plain paragraph made the item before the first of a list of its own look: typed anew into that list', async () => {
    const doc = docWith(ownLook());
    const list = structuredClone(doc.tabs![0]!.documentTab!.lists!.L);
    const r = await run(doc, (c) => c.replace(/^Intro\n\n/, 'M Intro\n'));
    expect(r.after).toBe(r.intended);
    expect([r.listOf('Intro'), r.listOf('One'), r.listOf('Two')]).toEqual(['L', 'L', 'L']);
    expect(r.tab.lists!.L).toEqual(list);
    expect(r.warnings.join('\n')).not.toMatch(/bulleted anew/);
  });

  it('a paragraph holding a footnote made that item: the list is bulleted anew, and the warning says so', async () => {
    const doc = makeDoc({
      blocks: [
        para([text('Intro'), el({ footnoteReference: { footnoteId: 'f1', footnoteNumber: '1' } })]),
        item('One', 'L'),
        item('Two', 'L'),
        para('After'),
        para(''),
      ],
      lists: { L: ownLook() },
      footnotes: { f1: [para(' A note.')] },
    });
    const r = await run(doc, (c) => c.replace(/^Intro/, 'M Intro').replace(/\n\n(\S+ One)/, '\n$1'));
    expect(r.after).toBe(r.intended);
    const id = r.tab.body!.content!.find((se) => se.paragraph?.elements?.[1]?.footnoteReference)?.paragraph
      ?.bullet?.listId;
    expect([r.listOf('One'), r.listOf('Two')]).toEqual([id, id]);
    expect(r.level0(id!).glyphType).toBe('UPPER_ALPHA');
    expect(r.warnings.join('\n')).toMatch(/list of "One" was bulleted anew.*NUMBERED_UPPERALPHA_ALPHA_ROMAN/);
  });

  it('a paragraph made the item after the last of a list no preset joins ((i), (ii)): typed anew after that item', async () => {
    const roman = listDef('ordered');
    Object.assign(roman.listProperties!.nestingLevels![0]!, { glyphType: 'ROMAN', glyphFormat: '(%0)' });
    const r = await run(docWith(roman), (c) => c.replace(/Two\n\nAfter/, 'Two\nM After'));
    expect(r.after).toBe(r.intended);
    expect(r.listOf('After')).toBe('L');
  });
});

describe('paragraphs made items of a list next to them', () => {
  it('two paragraphs after the last item of a list no preset joins: both typed anew after it', async () => {
    const roman = listDef('ordered');
    Object.assign(roman.listProperties!.nestingLevels![0]!, { glyphType: 'ROMAN', glyphFormat: '(%0)' });
    const doc = makeDoc({
      blocks: [para('Intro'), item('One', 'L'), item('Two', 'L'), para('After'), para('More'), para('')],
      lists: { L: roman },
    });
    const r = await run(doc, (c) => c.replace(/Two\n\nAfter\n\nMore/, 'Two\nM After\nM More'));
    expect(r.after).toBe(r.intended);
    expect([r.listOf('After'), r.listOf('More')]).toEqual(['L', 'L']);
  });

  it('two paragraphs before the first item of a list: both typed anew before it', async () => {
    const doc = makeDoc({
      blocks: [para('Intro'), para('Lead'), item('One', 'L'), item('Two', 'L'), para('')],
      lists: { L: presetList('NUMBERED_UPPERALPHA_ALPHA_ROMAN') },
    });
    const r = await run(doc, (c) => c.replace(/^Intro\n\nLead\n\n/, 'M Intro\nM Lead\n'));
    expect(r.after).toBe(r.intended);
    expect([r.listOf('Intro'), r.listOf('Lead'), r.listOf('One')]).toEqual(['L', 'L', 'L']);
  });
});

describe('a paragraph made the first item of a list, with new blocks typed right before it', () => {
  const doc = () =>
    makeDoc({
      blocks: [para([text('Note:', { bold: true })]), item('One', 'L'), item('Two', 'L'), para('')],
      lists: { L: presetList('BULLET_DISC_CIRCLE_SQUARE') },
    });

  it('a new plain paragraph first in the body: it takes none of the item typed after it (its bold)', async () => {
    const r = await run(doc(), (c) => c.replace('**Note:**\n\n', 'A new paragraph.\n\nM **Note:**\n'));
    expect(r.after).toBe(r.intended);
    expect(r.listOf('One')).toBe('L');
  });

  it('a new table: the list is bulleted anew with the paragraph (its cells would take the bold of text typed there)', async () => {
    const r = await run(doc(), (c) =>
      c.replace('**Note:**\n\n', '| a | b |\n| - | - |\n| c | d |\n\nM **Note:**\n'),
    );
    expect(r.after).toBe(r.intended);
    expect(r.listOf('Two')).toBe(r.listOf('One'));
    expect(r.warnings.join('\n')).not.toMatch(/bulleted anew/);
  });

  it('a new item of that list: both go in before the list, into it', async () => {
    const r = await run(doc(), (c) => c.replace('**Note:**\n\n', 'M New\nM **Note:**\n'));
    expect(r.after).toBe(r.intended);
    expect([r.listOf('New'), r.listOf('One')]).toEqual(['L', 'L']);
  });
});

describe('an item made a paragraph in the middle of a list', () => {
  const three = (kind: 'bullet' | 'ordered') =>
    makeDoc({
      blocks: [item('One', 'L'), item('Two', 'L'), item('Three', 'L'), para('')],
      lists: { L: listDef(kind) },
    });
  const unbullet = (c: string) => c.replace(/\S+ Two\n/, '\nTwo\n\n');

  it('bullets: the items after it keep their bullet, untouched (read back, they are a list of their own anyway)', async () => {
    const doc = three('bullet');
    const be = new MemoryBackend(doc);
    const threeBefore = structuredClone(be.doc.tabs![0]!.documentTab!.body!.content![3]);
    const r = await importTabService(be, { document_id: 'doc' }, unbullet(exportTab(be.doc).content));
    expect(exportTab(be.doc).content).toBe('- One\n\nTwo\n\n- Three\n{!}\n');
    expect((r.requests as object[]).map((q) => Object.keys(q)[0])).not.toContain('createParagraphBullets');
    const threeAfter = be.doc.tabs![0]!.documentTab!.body!.content![3]!;
    expect(threeAfter.paragraph).toEqual(threeBefore!.paragraph);
  });

  it('numbers: the items after it are numbered anew from 1, as the text says (kept, Docs would go on at 3)', async () => {
    const be = new MemoryBackend(three('ordered'));
    await importTabService(be, { document_id: 'doc' }, unbullet(exportTab(be.doc).content));
    const content = be.doc.tabs![0]!.documentTab!.body!.content!;
    expect(content[3]!.paragraph!.bullet!.listId).not.toBe('L');
    expect(exportTab(be.doc).content).toBe('1. One\n\nTwo\n\n1. Three\n{!}\n');
  });
});
