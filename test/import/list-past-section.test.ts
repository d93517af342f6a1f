/**
 * A Docs list that goes on past the section imported (the next section's heading numbered in the
 * same list, as the Docs editor numbers headings and items together): its items in the section may
 * change, but the items after the section must read as they did, in the same list, numbered on
 * from the section's last item. A new first item typed before the list copies its bullet; the old
 * first item put under it is bulleted on its own, and the list is not bulleted anew (that left
 * the next heading a list of its own, numbered from 1). So is a paragraph made the first item,
 * typed anew at the old first item's start; one holding what typing anew would lose (a chip) needs
 * the list bulleted anew, which the section cannot do: refused, naming the whole tab.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { el, makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string, style: Record<string, unknown> = {}) =>
  para(
    t,
    { indentStart: { magnitude: 36, unit: 'PT' }, indentFirstLine: { magnitude: 18, unit: 'PT' }, ...style },
    { bullet: { listId: 'L', textStyle: {} } },
  );

/** The section's plain paragraph, or one holding a chip (which typing the paragraph anew would lose). */
const plain = para('Intro.');
const withChip = para([
  text('Intro by '),
  el({ person: { personId: 'p.ann', personProperties: { name: 'Ann', email: 'ann@example.com' } } }),
  text('.'),
]);

const doc = (intro = plain): Document =>
  makeDoc({
    blocks: [
      para('Terms', { namedStyleType: 'HEADING_1', headingId: 'h.terms' }),
      intro,
      item('One'),
      item('Two'),
      item('Three'),
      item('Signatures', { namedStyleType: 'HEADING_1', headingId: 'h.sign' }),
      para('Sign here.'),
      para(''),
    ],
    lists: { L: { listProperties: { nestingLevels: presetLevels('NUMBERED_DECIMAL_ALPHA_ROMAN') } } },
  });

/** The Docs list of the paragraph saying `text`. */
const listOf = (d: Document, text: string) =>
  d.tabs![0]!.documentTab!.body!.content!.find(
    (se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`,
  )?.paragraph?.bullet?.listId;

describe('a list that goes on past the section', () => {
  it('a new first item and the old first put under it: the next heading stays in the list, numbered on', async () => {
    const be = new MemoryBackend(doc());
    const tab = exportTab(be.doc).content;
    expect(tab).toContain('3. Three\n4. # Signatures');
    const section = exportSection(be.doc, undefined, 'h.terms').content;
    const edited = section.replace('1. One\n', '1. New\n   1. One\n');
    expect(edited).not.toBe(section);
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.terms' }, edited);
    expect(exportSection(be.doc, undefined, 'h.terms').content).toBe(edited);
    const after = exportTab(be.doc).content;
    expect(after).toContain('3. Three\n4. # Signatures');
    expect(listOf(be.doc, 'New')).toBe('L');
    expect(listOf(be.doc, 'Signatures')).toBe('L');
  });

  it('the list made bulleted (through the tab): the heading after is numbered from 1, as Docs numbers what is left of its list', async () => {
    const be = new MemoryBackend(doc());
    const tab = exportTab(be.doc).content;
    const edited = tab.replace(
      '1. One\n2. Two\n3. Three\n4. # Signatures',
      '- One\n- Two\n- Three\n\n1. # Signatures',
    );
    expect(edited).not.toBe(tab);
    await importTabService(be, { document_id: 'doc' }, edited);
    expect(exportTab(be.doc).content).toBe(edited);
  });

  it("a paragraph made its first item, the old first put under it: typed anew at the old first item's start, in its list", async () => {
    const be = new MemoryBackend(doc());
    const section = exportSection(be.doc, undefined, 'h.terms').content;
    const edited = section.replace('Intro.\n\n1. One\n', '1. Intro.\n   1. One\n');
    expect(edited).not.toBe(section);
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.terms' }, edited);
    expect(exportSection(be.doc, undefined, 'h.terms').content).toBe(edited);
    expect(exportTab(be.doc).content).toContain('3. Three\n4. # Signatures');
    expect(listOf(be.doc, 'Intro.')).toBe('L');
  });

  it('the same with a chip in the paragraph (typing it anew would lose it): refused in the section, written through the tab', async () => {
    const be = new MemoryBackend(doc(withChip));
    const before = structuredClone(be.doc);
    const section = exportSection(be.doc, undefined, 'h.terms').content;
    const intro = section.split('\n').find((l) => l.startsWith('Intro'))!;
    const edited = section.replace(`${intro}\n\n1. One\n`, `1. ${intro}\n   1. One\n`);
    expect(edited).not.toBe(section);
    const error = await importSectionService(be, { document_id: 'doc', anchor_id: 'h.terms' }, edited).catch(
      (e: unknown) => e,
    );
    // Bulleted anew, the items would leave the list and the heading after them would read "1.".
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(
      /goes on after this section \(its item "Signatures"\)/,
    );
    expect((error as ValidationError).suggestion).toMatch(/whole tab/);
    expect(be.doc).toEqual(before);
    const tab = exportTab(be.doc).content;
    const whole = tab.replace(`${intro}\n\n1. One\n`, `1. ${intro}\n   1. One\n`);
    await importTabService(be, { document_id: 'doc' }, whole);
    expect(exportTab(be.doc).content).toBe(whole);
    expect(whole).toContain('3. Three\n4. # Signatures');
  });
  // The section ends with a new list after a paragraph: the heading after it stays in its Docs
  // list, which Docs numbers on past what comes between ("4." after "Three"), so it reads as it did.
  // Verification took the new list's run for the one the heading had to go on, and refused.
  for (const [name, change] of [
    [
      'a paragraph and a new numbered list typed after the last item',
      (s: string) => `${s}\nA paragraph.\n\n1. First\n2. Second\n`,
    ],
    [
      'the last item made a paragraph, a new numbered list typed after it',
      (s: string) => `${s.replace('3. Three\n', '\nThree\n')}\n1. First\n2. Second\n`,
    ],
  ] as const) {
    it(`${name}: lands, the heading after the section still in the section's old list`, async () => {
      const be = new MemoryBackend(doc());
      const section = exportSection(be.doc, undefined, 'h.terms').content;
      const edited = change(section);
      await importSectionService(be, { document_id: 'doc', anchor_id: 'h.terms' }, edited);
      expect(exportSection(be.doc, undefined, 'h.terms').content).toBe(edited);
      expect(listOf(be.doc, 'Signatures')).toBe('L');
      expect(listOf(be.doc, 'Two')).toBe('L');
      expect(listOf(be.doc, 'First')).not.toBe('L');
    });
  }

  it('its items made paragraphs and a new numbered list typed after them: the new items go in the list, and the heading after numbers on from them', async () => {
    // Bulleted as a list of their own, the heading was left the first item of its list, numbered
    // anew, and verification refused the edit: typed at the heading's start, they copy its bullet.
    const be = new MemoryBackend(doc());
    const section = exportSection(be.doc, undefined, 'h.terms').content;
    const edited = `${section.replace('1. One\n2. Two\n3. Three\n', 'One\n\nTwo\n\nThree\n')}\n1. First\n2. Second\n`;
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.terms' }, edited);
    expect(exportSection(be.doc, undefined, 'h.terms').content).toBe(edited);
    expect(exportTab(be.doc).content).toContain('1. First\n2. Second\n3. # Signatures');
    for (const t of ['First', 'Second', 'Signatures']) expect(listOf(be.doc, t), t).toBe('L');
    expect(listOf(be.doc, 'One')).toBeUndefined();
  });

  it('a section that ends with a paragraph, the next heading the first item of its list: a new numbered list typed at the end stays a list of its own', async () => {
    // The heading went on from nothing in the section: typed at its start, the new items joined
    // its list, the heading read "3." after them, and verification refused the edit.
    const be = new MemoryBackend(
      makeDoc({
        blocks: [
          para('Terms', { namedStyleType: 'HEADING_1', headingId: 'h.terms' }),
          para('Intro.'),
          item('Signatures', { namedStyleType: 'HEADING_1', headingId: 'h.sign' }),
          para('Sign here.'),
          item('Annex', { namedStyleType: 'HEADING_1', headingId: 'h.annex' }),
          para(''),
        ],
        lists: { L: { listProperties: { nestingLevels: presetLevels('NUMBERED_DECIMAL_ALPHA_ROMAN') } } },
      }),
    );
    const section = exportSection(be.doc, undefined, 'h.terms').content;
    const edited = `${section}\n1. First\n2. Second\n`;
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.terms' }, edited);
    expect(exportSection(be.doc, undefined, 'h.terms').content).toBe(edited);
    for (const t of ['Signatures', 'Annex']) expect(listOf(be.doc, t), t).toBe('L');
    for (const t of ['First', 'Second']) expect(listOf(be.doc, t), t).not.toBe('L');
  });
});
