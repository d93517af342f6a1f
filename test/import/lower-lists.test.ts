/**
 * Which bulleted sets a run of nested list items gets, decided before any request: joining the
 * list of the item before when that list has the items' kinds at their levels, else a list of its
 * own per kind, kept apart from a list before that its preset would join.
 */
import { describe, expect, it } from 'vitest';
import { bulletSets, joinsByPreset } from '../../src/docs/import/lower-lists.js';
import type { DocumentTab } from '../../src/ground/docs-json.js';
import type { ListKind, ParagraphBlock } from '../../src/mebdf/model.js';
import { listDef } from '../export/builder.js';

const item = (level: number, kind: ListKind = 'bullet'): ParagraphBlock => ({
  type: 'paragraph',
  style: { namedStyle: 'NORMAL_TEXT' },
  inlines: [],
  list: { key: 'l', level, kind },
});

/** Lists as Google's presets make them (glyph formats included), and one mixing kinds as the Docs editor can. */
const bullets = listDef('bullet');
for (const [n, level] of bullets.listProperties!.nestingLevels!.entries()) level.glyphFormat = `%${n}`;
const mixed = structuredClone(bullets);
mixed.listProperties!.nestingLevels![1] = { glyphType: 'ALPHA', glyphFormat: '%1.' };
const tab: DocumentTab = { lists: { B: bullets, O: listDef('ordered'), M: mixed } };

describe('bulletSets', () => {
  it('a nested item of the kind its list has at that level joins the list', () => {
    expect(bulletSets(tab, { listId: 'B' }, [item(1), item(2)])).toEqual([
      { from: 0, to: 1, preset: 'BULLET_DISC_CIRCLE_SQUARE', separate: false, anchor: true, listId: 'B' },
    ]);
  });

  it('a numbered item under bullets is a numbered list of its own (the bullet list would not take it in)', () => {
    expect(bulletSets(tab, { listId: 'B' }, [item(1, 'ordered')])).toEqual([
      { from: 0, to: 0, preset: 'NUMBERED_DECIMAL_ALPHA_ROMAN', separate: false, anchor: true },
    ]);
  });

  it('a bullet at a numbered level of a bullet list is kept apart from that list by a paragraph without bullet', () => {
    expect(bulletSets(tab, { listId: 'M' }, [item(1)])).toEqual([
      { from: 0, to: 0, preset: 'BULLET_DISC_CIRCLE_SQUARE', separate: true, anchor: true },
    ]);
  });

  it('a run mixing kinds that the list before cannot hold is split by kind', () => {
    expect(bulletSets(tab, { listId: 'O' }, [item(1), item(2, 'ordered'), item(2, 'ordered')])).toEqual([
      { from: 0, to: 0, preset: 'BULLET_DISC_CIRCLE_SQUARE', separate: false, anchor: true },
      { from: 1, to: 2, preset: 'NUMBERED_DECIMAL_ALPHA_ROMAN', separate: false, anchor: true },
    ]);
  });

  it('a level-0 item starting a list of its own is kept apart from a list before that would take it in', () => {
    expect(bulletSets(tab, { listId: 'B' }, [item(0)], false)).toEqual([
      { from: 0, to: 0, preset: 'BULLET_DISC_CIRCLE_SQUARE', separate: true, anchor: false },
    ]);
    expect(bulletSets(tab, { listId: 'B' }, [item(0)], true)).toEqual([
      { from: 0, to: 0, preset: 'BULLET_DISC_CIRCLE_SQUARE', separate: false, anchor: false, listId: 'B' },
    ]);
  });

  it('after a paragraph whose list is not known, a new list is always kept apart', () => {
    expect(bulletSets(tab, 'unknown', [item(1)], false)[0]!.separate).toBe(true);
    expect(bulletSets(tab, 'none', [item(1)], false)[0]!.separate).toBe(false);
  });

  it('a run that goes on the list of a paragraph bulleted by the same write joins it by preset', () => {
    // That paragraph's list is not known yet: only where its preset alone joins it rightly.
    expect(bulletSets(tab, 'unknown', [item(0)], true, true)[0]!.separate).toBe(false);
    expect(bulletSets(tab, 'unknown', [item(0)], true, false)[0]!.separate).toBe(true);
  });

  it('joinsByPreset: level 0 after level 0 of the same list, nothing else', () => {
    const p = (level: number, key = 'l'): ParagraphBlock => ({
      ...item(level),
      list: { key, level, kind: 'bullet' },
    });
    expect(joinsByPreset(p(0), [p(0), p(0)])).toBe(true);
    // At another level the glyphs of a list not known are not known either.
    expect(joinsByPreset(p(0), [p(1)])).toBe(false);
    expect(joinsByPreset(p(1), [p(0)])).toBe(false);
    // Another list, or no paragraph before.
    expect(joinsByPreset(p(0, 'm'), [p(0)])).toBe(false);
    expect(joinsByPreset(undefined, [p(0)])).toBe(false);
  });
});
