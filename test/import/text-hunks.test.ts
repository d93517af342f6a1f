/**
 * The character edit of a paragraph as data: stretches that stay and hunks replaced, on index
 * units, before any request.
 */
import { describe, expect, it } from 'vitest';
import { ObjectCodes, toUnits } from '../../src/docs/import/paragraph-units.js';
import { textHunks } from '../../src/docs/import/text-hunks.js';
import type { Inline, ParagraphBlock } from '../../src/mebdf/model.js';

const codes = new ObjectCodes();
const units = (...inlines: Inline[]) => {
  const p: ParagraphBlock = { type: 'paragraph', style: { namedStyle: 'NORMAL_TEXT' }, inlines };
  return toUnits(p, codes, () => false);
};
const text = (t: string): Inline => ({ type: 'text', text: t, style: {} });

/** The hunks as "old text -> new text" strings. */
function changes(a: string, b: string): string[] {
  const ou = units(text(a));
  const nu = units(text(b));
  return textHunks(ou, nu)
    .filter((h) => !h.equal)
    .map((h) => `${ou.text.slice(h.o, h.o + h.oLen)}->${nu.text.slice(h.n, h.n + h.nLen)}`);
}

describe('textHunks', () => {
  it('one word replaced is one hunk, not scattered letters', () => {
    expect(changes('the item here', 'the thing here')).toEqual(['item->thing']);
  });

  it('equal and replaced stretches alternate and cover both texts', () => {
    const ou = units(text('alpha beta gamma'));
    const nu = units(text('alpha BETA gamma delta'));
    const hs = textHunks(ou, nu);
    for (let k = 1; k < hs.length; k++) expect(hs[k]!.equal).not.toBe(hs[k - 1]!.equal);
    expect(hs.reduce((t, h) => t + h.oLen, 0)).toBe(ou.text.length);
    expect(hs.reduce((t, h) => t + h.nLen, 0)).toBe(nu.text.length);
  });

  it('never splits a surrogate pair', () => {
    expect(changes('Mood: 😀 today', 'Mood: 😁 today')).toEqual(['😀->😁']);
  });

  it('an object between two changes keeps them apart', () => {
    const embed: Inline = { type: 'embed', id: 'kix.1', kind: 'image' } as Inline;
    const ou = units(text('ab'), embed, text('cd'));
    const nu = units(text('xb'), embed, text('cy'));
    const replaced = textHunks(ou, nu).filter((h) => !h.equal);
    expect(replaced).toHaveLength(2);
  });

  it('a sentence written anew is one replacement, not the letters the two share', () => {
    // The two share "T", "en " and more: kept, they cost a deletion and an insertion each.
    expect(
      changes('Teams report on time and under budget.', 'This paragraph was written anew by the model.'),
    ).toHaveLength(1);
  });

  it('a long stretch kept between two short changes stays kept', () => {
    expect(changes('one quick brown fox jumps over cat', 'six quick brown fox jumps over dog')).toEqual([
      'one->six',
      'cat->dog',
    ]);
  });

  it('a shared stretch holding an anchor is never typed again', () => {
    const anchor: Inline = { type: 'anchor', id: 'kix.a' } as Inline;
    const ou = units(text('abc'), anchor, text('def'));
    const nu = units(text('xyzbc'), anchor, text('dqrstu'));
    const replaced = textHunks(ou, nu).filter((h) => !h.equal);
    expect(replaced.length).toBeGreaterThan(1);
    expect(ou.markers).toHaveLength(1);
  });
});
