/** The block merge under the import: disjoint edits merge (neighbours too), overlapping ones conflict. */
import { describe, expect, it } from 'vitest';
import { joinBlocks, mergeBlocks, splitBlocks } from '../../src/docs/service/three-way-merge.js';

const base = '# H\n\nMarch plan\n\nBudget\n\nRisks\n';
const edit = (text: string, from: string, to: string) => text.replace(from, to);

describe('mergeBlocks', () => {
  it('applies my edit onto theirs when they touch different paragraphs, neighbours included', () => {
    const theirs = edit(base, 'March', 'April');
    const mine = edit(base, 'Budget', 'Budget v2');
    const merged = mergeBlocks(base, mine, theirs);
    expect(merged).toEqual({ ok: true, text: '# H\n\nApril plan\n\nBudget v2\n\nRisks\n', kept: 1 });
  });

  it('keeps their insertions and deletions and mine', () => {
    const theirs = '# H\n\nIntro\n\nMarch plan\n\nBudget\n';
    const mine = '# H\n\nMarch plan\n\nBudget\n\nRisks\n\nNext steps\n';
    expect(mergeBlocks(base, mine, theirs)).toMatchObject({
      ok: true,
      text: '# H\n\nIntro\n\nMarch plan\n\nBudget\n\nNext steps\n',
    });
  });

  it('refuses when both change the same paragraph, naming the base, mine and theirs', () => {
    const result = mergeBlocks(base, edit(base, 'March', 'May'), edit(base, 'March', 'April'));
    expect(result).toEqual({
      ok: false,
      conflicts: [{ base: ['March plan'], mine: ['May plan'], theirs: ['April plan'] }],
    });
  });

  it('refuses two different insertions at one place, and takes the same change made by both once', () => {
    expect(mergeBlocks(base, `${base}\nA\n`, `${base}\nB\n`).ok).toBe(false);
    const both = edit(base, 'March', 'April');
    expect(mergeBlocks(base, both, both)).toEqual({ ok: true, text: both, kept: 0 });
  });

  it('an unchanged mine gives theirs, and an unchanged theirs gives mine', () => {
    const other = edit(base, 'Risks', 'No risks');
    expect(mergeBlocks(base, base, other)).toMatchObject({ ok: true, text: other });
    expect(mergeBlocks(base, other, base)).toMatchObject({ ok: true, text: other, kept: 0 });
  });

  it('splits and joins blocks without loss', () => {
    expect(joinBlocks(splitBlocks(base))).toBe(base);
    expect(splitBlocks('')).toEqual([]);
  });
});
