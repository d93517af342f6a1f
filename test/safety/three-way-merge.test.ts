/** The block merge under the import: disjoint edits merge (neighbours too), overlapping ones conflict. */
import { describe, expect, it } from 'vitest';
import { blockKey } from '../../src/docs/service/text-blocks.js';
import { joinBlocks, mergeBlocks, splitBlocks } from '../../src/docs/service/three-way-merge.js';

const base = '# H\n\nMarch plan\n\nBudget\n\nRisks\n';
const edit = (text: string, from: string, to: string) => text.replace(from, to);

describe('mergeBlocks', () => {
  it('takes blocks that differ only by blank lines above or white space at the end as unchanged', () => {
    const theirs = edit(base, 'March', 'April');
    const mine = edit(base, 'Budget', 'Budget v2').replace('\n\nMarch plan\n', '\n\n\nMarch plan  \n');
    const merged = mergeBlocks(base, mine, theirs);
    expect(merged).toEqual({ ok: true, text: '# H\n\nApril plan\n\nBudget v2\n\nRisks\n', kept: 1 });
  });

  it('still takes two spaces ending a line inside a block (a line break) as an edit', () => {
    const theirs = edit(base, 'March plan', 'March plan\nand April');
    const mine = edit(base, 'March plan', 'March  \nplan');
    expect(mergeBlocks(base, mine, theirs).ok).toBe(false);
  });

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

  describe('style names', () => {
    const defs = '{!sa = space-before:12pt, size:14pt}\n{!sb = align:justify, indent-left:36pt}';
    const named = `${defs}\n\n# H\n\n{!sa}Scope\n\nBody\n\n{!sa}Costs\n`;

    it('defines in the result every name my paragraphs use, when theirs no longer defines it', () => {
      // Their Scope took another style: the list is used once now, and their export writes it out.
      const theirs = '# H\n\n{!space-before:6pt}Scope\n\nBody\n\n{!space-before:12pt, size:14pt}Costs\n';
      const mine = `${named}\n{!sa}Next steps\n`;
      const merged = mergeBlocks(named, mine, theirs);
      expect(merged).toMatchObject({ ok: true });
      expect(merged.ok && merged.text).toBe(`${defs}\n\n${theirs}\n{!sa}Next steps\n`);
    });

    it('takes their new names along with the paragraphs that use them', () => {
      const theirs = `{!sc = color:#3b006f, size:14pt}\n${edit(named, 'Body', '{!sc}Body')}`;
      const mine = edit(named, 'Scope', 'Scope v2');
      const merged = mergeBlocks(named, mine, theirs);
      expect(merged.ok && merged.text).toBe(
        `{!sc = color:#3b006f, size:14pt}\n${defs}\n\n# H\n\n{!sa}Scope v2\n\n{!sc}Body\n\n{!sa}Costs\n`,
      );
    });

    it('refuses a name that the two sides define with different lists', () => {
      const mine = edit(named, 'sa = space-before:12pt', 'sa = space-before:24pt');
      const theirs = edit(named, 'Body', 'Body v2');
      expect(mergeBlocks(named, mine, theirs)).toEqual({
        ok: false,
        conflicts: [
          {
            base: ['{!sa = space-before:12pt, size:14pt}'],
            mine: ['{!sa = space-before:24pt, size:14pt}'],
            theirs: ['{!sa = space-before:12pt, size:14pt}'],
          },
        ],
      });
    });
  });

  it('splits and joins blocks without loss', () => {
    expect(joinBlocks(splitBlocks(base))).toBe(base);
    expect(splitBlocks('')).toEqual([]);
  });
});

describe('blockKey: what a block says, for telling blocks apart', () => {
  it('drops the blank lines above a block and the white space at its end, and nothing else', () => {
    expect(blockKey('Plain paragraph.')).toBe('Plain paragraph.');
    expect(blockKey('\nAfter a second blank line.')).toBe('After a second blank line.');
    expect(blockKey('  \n\t\nAfter blank lines with spaces.')).toBe('After blank lines with spaces.');
    expect(blockKey('Trailing spaces.  ')).toBe('Trailing spaces.');
    expect(blockKey('Trailing no-break space.\u00a0')).toBe('Trailing no-break space.');
    expect(blockKey('Line break  \nkept inside.')).toBe('Line break  \nkept inside.');
    expect(blockKey('    indented code')).toBe('    indented code');
  });
});
