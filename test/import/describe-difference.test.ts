/**
 * The verification describer: the first differing block of two models, in words — its position,
 * kind and excerpt, and what differs in it — never the whole text.
 */
import { describe, expect, it } from 'vitest';
import {
  blockLabel,
  describeDifference,
  firstLineDifference,
} from '../../src/docs/import/describe-difference.js';
import { parseMebdf } from '../../src/mebdf/index.js';

const INTENDED = [
  '# Budget',
  '',
  'The plan for next year keeps every line of the budget as it was.',
  '',
  '- first item',
  '- second item',
  '',
  '| Name | Amount |',
  '| --- | --- |',
  '| Rent | 100 |',
  '',
  'A note.[^n]',
  '',
  '[^n]: The footnote text.',
  '',
].join('\n');

/** The difference between INTENDED and INTENDED with `from` replaced by `to`. */
function differenceAfter(from: string, to: string): string | null {
  expect(INTENDED).toContain(from);
  return describeDifference(parseMebdf(INTENDED), parseMebdf(INTENDED.replace(from, to)));
}

describe('describeDifference', () => {
  it('is null for equal models', () => {
    expect(describeDifference(parseMebdf(INTENDED), parseMebdf(INTENDED))).toBeNull();
  });

  it('names the block and quotes the text around the first changed character', () => {
    const d = differenceAfter('every line', 'no line');
    expect(d).toBe(
      'block 2 (paragraph "The plan for next year keeps e…"): its text would be "…ear keeps no line of the budge…" instead of "…ear keeps every line of the bu…"',
    );
  });

  it('tells a paragraph style, a list and a character style apart', () => {
    expect(differenceAfter('# Budget', '## Budget')).toBe(
      'block 1 (heading 1 "Budget"): its paragraph style would have namedStyle "HEADING_2" instead of "HEADING_1"',
    );
    expect(differenceAfter('- second item', '1. second item')).toMatch(
      /^block 4 \(bullet list item "second item"\): its list (kind|key) would be /,
    );
    expect(differenceAfter('A note.', '**A note.**')).toBe(
      'block 6 (paragraph "A note."): the formatting of "A note." would have bold true instead of unset',
    );
  });

  it('says which table cell differs', () => {
    expect(differenceAfter('| Rent | 100 |', '| Rent | 200 |')).toBe(
      'block 5 (table 2×2): cell (row 2, column 2): paragraph 1 (paragraph "100"): its text would be "200" instead of "100"',
    );
    expect(differenceAfter('| Rent | 100 |', '| Rent | 100 |\n| Food | 5 |')).toBe(
      'block 5 (table 2×2): it would be 3×2 instead of 2×2',
    );
  });

  it('says when a block would be missing or extra, and when only a footnote differs', () => {
    expect(describeDifference(parseMebdf('One.\n\nTwo.\n'), parseMebdf('One.\n'))).toBe(
      'block 2 (paragraph "Two.") would be missing',
    );
    expect(differenceAfter('| Name | Amount |\n| --- | --- |\n| Rent | 100 |\n\n', '')).toBe(
      'block 5 (table 2×2): it would be a paragraph "A note."',
    );
    expect(differenceAfter('A note.', 'A note.\n\nMore.')).toBe(
      'block 6 (paragraph "A note."): inline 2 would be nothing instead of footnote reference [^n]',
    );
    expect(describeDifference(parseMebdf('One.\n'), parseMebdf('One.\n\nTwo.\n'))).toBe(
      'there would be an extra block 2 (paragraph "Two.")',
    );
    expect(differenceAfter('The footnote text.', 'Another text.')).toBe(
      'footnote [^n], paragraph 1 (paragraph "The footnote text."): its text would be "Another text." instead of "The footnote text."',
    );
  });

  it('names an inline that is not text', () => {
    const d = describeDifference(parseMebdf('See {^ kix.a}here.\n'), parseMebdf('See {^ kix.b}here.\n'));
    expect(d).toBe('block 1 (paragraph "See here."): inline 2 would be anchor kix.b instead of anchor kix.a');
  });

  it('stays short however long the blocks are', () => {
    const long = `${'word '.repeat(2000)}end.`;
    const d = describeDifference(parseMebdf(`${long}\n`), parseMebdf(`${long.replace('end.', 'fin.')}\n`));
    expect(d!.length).toBeLessThan(200);
    expect(d).toContain('fin.');
  });
});

describe('blockLabel and firstLineDifference', () => {
  it('labels empty paragraphs, titles and tables', () => {
    const [title, table] = parseMebdf('{!Title}\nMy title\n\n| a |\n| --- |\n| b |\n').blocks;
    expect(blockLabel(title!)).toBe('title "My title"');
    expect(blockLabel(table!)).toBe('table 2×1');
    expect(blockLabel({ type: 'paragraph', style: { namedStyle: 'NORMAL_TEXT' }, inlines: [] })).toBe(
      'empty paragraph',
    );
  });

  it('falls back to the first differing line', () => {
    expect(firstLineDifference('a\nb\nc', 'a\nB\nc')).toBe('line 2 would be "B" instead of "b"');
    expect(firstLineDifference('a\nb', 'a')).toBe('line 2 ("b") would be missing');
  });
});
