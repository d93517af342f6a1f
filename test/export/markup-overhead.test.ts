/**
 * The export reads like the page: on the real documents' tabs with at least 500 characters of text,
 * the length of the export over the length of its text with the MEBDF markup removed (style name
 * definitions included). The measure
 * is bench/markup-overhead.ts, which `npm run bench` prints against the targets (median ≤ 1.15,
 * worst ≤ 1.6); bench/overhead-by-construct.ts splits it by kind of markup. The stateful canonical
 * form brought it from a median of 1.82 and a worst of 3.61 to 1.36 and 2.40; own directives,
 * tables in their cells' common style with each cell in the state of the cell above, per-cell
 * directives in GFM tables and short captions to 1.32 and 2.22; heading anchors shown only where
 * a link points to the heading, and no caption on objects the API does not expose, to the bounds
 * below, which this test holds. The targets are not reached: what is left is mostly real
 * per-paragraph styles (the markup of a document whose every paragraph has its own spacing, and
 * headings whose style differs from their paragraphs'), then table structure and empty paragraphs.
 */
import { describe, expect, it } from 'vitest';
import { medianOf, tabOverheads, withoutMarkup } from '../../bench/markup-overhead.js';

/**
 * What the canonical form reaches now (1.14 and 1.87, since empty paragraphs are `{!}` and the long
 * property lists a text repeats are style names; before: 1.18 and 2.05, 1.23 and 2.10, 1.32 and
 * 2.22, then 1.82 and 3.61). The median meets its target; the worst tabs (stencila-2, form15g) are
 * image captions and a form whose every cell has its own spacing.
 */
const REACHED_MEDIAN = 1.15;
const REACHED_WORST = 1.88;

describe('markup overhead of the export', () => {
  it('should remove MEBDF markup and the lines it leaves blank, and keep escaped braces and Markdown', () => {
    const text = [
      '{!align:center}',
      '# {^ h.abc}Title',
      '',
      '{!color:#cc0000}red{/!} and \\{!literal} **bold** {^= kix.1 image "a } b"}',
      '{!s1 = size:14pt, color:#3b006f}',
      '{!}',
      '- item',
    ].join('\n');
    expect(withoutMarkup(text)).toBe('# Title\nred and \\{!literal} **bold** \n- item');
  });

  const tabs = tabOverheads();

  it('should measure enough real tabs', () => {
    expect(tabs.length).toBeGreaterThanOrEqual(10);
  });

  it(`should have a median export length ≤ ${REACHED_MEDIAN}× the text without markup`, () => {
    expect(medianOf(tabs.map((t) => t.ratio))).toBeLessThanOrEqual(REACHED_MEDIAN);
  });

  it(`should have no tab over ${REACHED_WORST}× the text without markup`, () => {
    const over = tabs.filter((t) => t.ratio > REACHED_WORST).map((t) => `${t.name}: ${t.ratio.toFixed(2)}×`);
    expect(over).toEqual([]);
  });
});
