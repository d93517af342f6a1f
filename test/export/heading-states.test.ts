/**
 * The writer's heading states (grammar §2 and §7): a style the headings of a level share is stated
 * once in a `{!## …}` line, the headings then say only how they differ from it, and the body's
 * state no longer goes back and forth around them. Whatever is written reads back as the model.
 */
import { describe, expect, it } from 'vitest';
import { toTabsShape } from '../../src/docs/engine/index.js';
import { exportTab, listTabs } from '../../src/docs/export/index.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { MebdfDocument, ParagraphBlock } from '../../src/mebdf/model.js';
import { para, text } from '../mebdf/helpers.js';
import { loadReal } from './real-docs.js';

function exported(name: string): string {
  const doc = toTabsShape(loadReal(name));
  return exportTab(doc, listTabs(doc)[0]!.tabId).content;
}

const lines = (content: string, pattern: RegExp): string[] =>
  content.split('\n').filter((line) => pattern.test(line));

const heading = (level: number, words: string, style: Partial<ParagraphBlock['style']> = {}, size = 14) =>
  para([text(words, { size })], { namedStyle: `HEADING_${level}` as 'HEADING_1', ...style });

describe('heading states in an export', () => {
  it('states the style the headings of a level share once, and the headings bare', () => {
    const content = exported('think41__extrasuite__1tlHGpgjoibP0eVXRvCGSmkqrLATrXYTo7dUnmV7x01o');
    expect(lines(content, /^\{!### /)).toEqual(['{!### space-before:14pt, size:13pt, color:#000000}']);
    expect(lines(content, /^\{!## /)).toEqual(['{!## space-after:4pt, size:17pt}']);
    const headings = lines(content, /^#{2,3} /);
    expect(headings.length).toBeGreaterThan(10);
    for (const line of headings) expect(line).not.toContain('{!');
  });

  it('leaves the body state alone across headings (no span to restore it)', () => {
    const content = exported('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab');
    // The body text is Arial, the headings are not: before heading states, the body's paragraphs
    // after a heading took the font back in a span each.
    expect(content).not.toMatch(/\{!font:Arial\}[^\n]*\{\/!\}$/m);
    expect(lines(content, /^\{!## /)).toHaveLength(1);
  });
});

describe('heading states written from a model', () => {
  const roundTrip = (model: MebdfDocument): string => {
    const written = stringifyMebdf(model);
    expect(parseMebdf(written)).toEqual(model);
    expect(stringifyMebdf(parseMebdf(written))).toBe(written);
    return written;
  };

  it('sets a heading state before the first heading that needs it, and another where the style changes', () => {
    const model: MebdfDocument = {
      blocks: [
        para([text('intro', { font: 'Arial' })]),
        heading(2, 'a', { spaceAfter: 6 }),
        para([text('x', { font: 'Arial' })]),
        heading(2, 'b', { spaceAfter: 6 }),
        para([text('y', { font: 'Arial' })]),
        heading(2, 'c', { spaceBefore: 20 }, 18),
        para([text('z', { font: 'Arial' })]),
        heading(2, 'd', { spaceBefore: 20 }, 18),
        para([text('w', { font: 'Arial' })]),
      ],
      footnotes: {},
    };
    const written = roundTrip(model);
    expect(lines(written, /^\{!## /)).toEqual([
      '{!## space-after:6pt, size:14pt}',
      '{!## space-before:20pt, size:18pt}',
    ]);
    // The body's font is stated once.
    expect(written.split('font:Arial')).toHaveLength(2);
  });

  it('does not set one where the headings fit the body state', () => {
    const model: MebdfDocument = {
      blocks: [heading(1, 'a', {}, 14), para([text('x', { size: 14 })]), heading(1, 'b', {}, 14)],
      footnotes: {},
    };
    expect(roundTrip(model)).not.toContain('{!#');
  });

  it('writes headings in lists, quotes, table cells and footnotes under the heading state they are read in', () => {
    const listed = (block: ParagraphBlock, level = 0): ParagraphBlock => ({
      ...block,
      list: { key: '1', level, kind: 'ordered' },
    });
    const cellHeading = heading(2, 'in a cell', { spaceAfter: 6 });
    const model: MebdfDocument = {
      blocks: [
        listed(heading(2, 'one', { spaceAfter: 6 })),
        listed(para([text('item')]), 1),
        listed(heading(2, 'two', { spaceAfter: 6 })),
        { ...heading(2, 'quoted', { spaceAfter: 6 }), quote: '>' },
        {
          type: 'table',
          rows: [[{ blocks: [cellHeading, para([text('cell')])] }, { blocks: [heading(2, 'other')] }]],
        },
        para([text('note'), { type: 'footnoteRef', label: '1' }]),
      ],
      footnotes: { '1': [heading(2, 'f', { spaceAfter: 6 }), heading(2, 'g', { spaceAfter: 6 })] },
    };
    const written = roundTrip(model);
    // Footnotes start without heading states: a definition sets its own where it pays.
    expect(written).toContain('{!## space-after:6pt, size:14pt}');
  });
});
