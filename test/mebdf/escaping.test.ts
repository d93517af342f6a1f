/**
 * Escaping: one test per rule of grammar/README.md § Escaping. Each checks the canonical spelling
 * of a literal and that it reads back as the same plain text (never as formatting).
 */
import { describe, expect, it } from 'vitest';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { Inline } from '../../src/mebdf/model.js';
import { doc, inlines, para, text } from './helpers.js';

const mono = { font: 'Courier New' };

/** Writes one paragraph of `inline`s, checks the spelling, and reads it back. */
function spelled(content: Inline[], expected: string): void {
  const model = doc(para(content));
  const written = stringifyMebdf(model);
  expect(written).toBe(`${expected}\n`);
  expect(parseMebdf(written)).toEqual(model);
}

describe('escaping of literal text', () => {
  it('should escape `{!` so it is not a span or block directive', () => {
    spelled([text('{!underline}')], '\\{!underline}');
  });
  it('should escape `{/!}` so it does not close a span', () => {
    spelled([text('a {/!} b')], 'a \\{/!} b');
  });
  it('should escape `{^` so it is not an anchor or embed', () => {
    spelled([text('{^ h.1} and {^= x image}')], '\\{^ h.1} and \\{^= x image}');
  });
  it('should leave a `{` that starts nothing alone', () => {
    spelled([text('f(x) = {1, 2}')], 'f(x) = {1, 2}');
  });
  it('should read a backslash-escaped `\\{!` as literal text', () => {
    expect(inlines('\\{!bold}x\\{/!}')).toEqual([text('{!bold}x{/!}')]);
  });
  it('should escape `*` and `_` so they are not emphasis', () => {
    spelled([text('*a* and _b_')], '\\*a\\* and \\_b\\_');
  });
  it('should escape `#` at the start of a paragraph so it is not a heading', () => {
    spelled([text('# not a heading')], '\\# not a heading');
  });
  it('should escape `[` so it is not a link, footnote or task box', () => {
    spelled([text('[a](b) [^c]')], '\\[a]\\(b) \\[^c]');
  });
  it('should escape `` ` `` so it is not a code span', () => {
    spelled([text('a `b` c')], 'a \\`b\\` c');
  });
  it('should escape `|` inside a GFM table cell', () => {
    const model = doc({ type: 'table', rows: [[{ blocks: [para([text('a|b')])] }]] });
    const written = stringifyMebdf(model);
    expect(written).toBe('| a\\|b |\n| - |\n');
    expect(parseMebdf(written)).toEqual(model);
  });
  it('should escape `|` inside code in a GFM table cell, after an even number of backslashes too', () => {
    const cases: [string, string][] = [
      ['|', '`\\|`'],
      ['a||b', '`a\\|\\|b`'],
      ['\\\\|', '`\\\\\\|`'],
      ['|`', '`` \\|` ``'],
      ['a\\', '`a\\`'],
      ['\\a|', '`\\a\\|`'],
    ];
    for (const [code, spelling] of cases) {
      const model = doc({ type: 'table', rows: [[{ blocks: [para([text(code, mono)])] }]] });
      const written = stringifyMebdf(model);
      expect(written).toBe(`| ${spelling} |\n| - |\n`);
      expect(parseMebdf(written)).toEqual(model);
    }
  });
  it('should write a table as {!table} when its code has `|` after an odd number of backslashes', () => {
    // In a GFM cell `\\` in code reads as two backslashes and `\|` as `|`: no spelling of such
    // code reads back, so the table takes the form whose cells are plain Markdown.
    for (const code of ['\\|', 'a\\|b', '\\\\\\|', '|\\|', '`\\|', '\\|\\', 'x \\| y']) {
      const model = doc({ type: 'table', rows: [[{ blocks: [para([text(code, mono)])] }]] });
      const written = stringifyMebdf(model);
      expect(written.startsWith('{!table}\n'), written).toBe(true);
      expect(parseMebdf(written)).toEqual(model);
    }
  });
  it("should write a table as {!table} when an object's caption has `|`", () => {
    // An image described "Revenue | Q1" (or a chip's value) in a cell: the GFM row would be cut
    // inside the placeholder's caption (found by the round-trip property test).
    for (const caption of ['|\n|', 'Revenue | Q1', '|']) {
      const model = doc({
        type: 'table',
        rows: [
          [{ blocks: [para([])] }],
          [{ blocks: [para([{ type: 'embed', id: 'kix.1', kind: 'image', caption }])] }],
        ],
      });
      const written = stringifyMebdf(model);
      expect(written.startsWith('{!table}\n'), written).toBe(true);
      expect(parseMebdf(written)).toEqual(model);
    }
  });
  it('should write a table as {!table} when a footnote label in it has `|`', () => {
    const model = {
      ...doc({
        type: 'table',
        rows: [[{ blocks: [para([text('x'), { type: 'footnoteRef', label: 'a|b' }])] }]],
      }),
      footnotes: { 'a|b': [para([text('note')])] },
    };
    const written = stringifyMebdf(model);
    expect(written.startsWith('{!table}\n'), written).toBe(true);
    expect(parseMebdf(written)).toEqual(model);
  });
  it('should escape a leading `1.` so it is not an ordered list', () => {
    spelled([text('1. not a list')], '1\\. not a list');
  });
  it('should escape a leading `-` or `+` so it is not a bullet', () => {
    spelled([text('- not a bullet')], '\\- not a bullet');
    spelled([text('+ neither')], '\\+ neither');
  });
  it('should escape a leading `>` so it is not a block quote', () => {
    spelled([text('> not a quote')], '\\> not a quote');
  });
  it('should escape `<` before a letter so it is not HTML or an autolink', () => {
    spelled([text('<b> and <https://x.y>')], '\\<b> and \\<https://x.y>');
  });
  it('should escape `&` before a name so it is not a character reference', () => {
    spelled([text('&amp; &#32;')], '\\&amp; \\&#32;');
  });
  it('should escape `~` so it is not strikethrough', () => {
    spelled([text('~~a~~')], '\\~\\~a\\~\\~');
  });
  it('should escape `:` after a footnote reference at the start of a line', () => {
    const model = {
      blocks: [para([{ type: 'footnoteRef', label: 'n' }, text(':x')])],
      footnotes: { n: [para([text('N')])] },
    };
    const written = stringifyMebdf(model);
    expect(written).toBe('[^n]\\:x\n\n[^n]: N\n');
    expect(parseMebdf(written)).toEqual(model);
  });
  it('should keep spaces at the start and end of a line as character references', () => {
    spelled([text(' a '), { type: 'break' }, text('\tb')], '&#x20;a&#x20;\\\n&#x9;b');
  });
  it('should keep a space that starts heading text after its anchor as a character reference', () => {
    const model = doc({
      ...para([{ type: 'anchor', id: 'h.1' }, text(' a')]),
      style: { namedStyle: 'HEADING_2' },
    });
    const written = stringifyMebdf(model);
    expect(written).toBe('## {^ h.1}&#x20;a\n');
    expect(parseMebdf(written)).toEqual(model);
  });
  it('should keep a literal backslash', () => {
    spelled([text('a\\b\\')], 'a\\b\\\\');
  });
  it('should not turn text that looks like a URL into a link', () => {
    spelled([text('https://x.y')], 'https://x.y');
  });
  it('should write line ends and tabs in an embed caption as \\n, \\r, \\t, \\v', () => {
    spelled([{ type: 'embed', id: 'k.1', kind: 'image', caption: 'a\nb\tc' }], '{^= k.1 image "a\\nb\\tc"}');
  });
  it('should escape `"` and `\\` in an embed caption', () => {
    spelled(
      [{ type: 'embed', id: 'k.1', kind: 'image', caption: 'say "hi" \\o/' }],
      '{^= k.1 image "say \\"hi\\" \\\\o/"}',
    );
  });
});

describe('formatting never leaks out as text', () => {
  it('should write bold/italic/strikethrough with delimiters only where they read back', () => {
    spelled([text('a'), text('bold', { bold: true }), text('c')], 'a**bold**c');
    spelled([text('a '), text(' bold ', { bold: true })], 'a {!bold} bold {/!}');
    spelled([text('x'), text('😀', { italic: true })], 'x*😀*');
    spelled([text('Lead:', { bold: true }), text(' x')], '**Lead:** x');
    spelled([text('a'), text('.b', { bold: true })], 'a{!bold}.b{/!}');
  });
  it('should write the mono font as a code span, with a longer fence around backticks', () => {
    spelled([text('a`b', { font: 'Courier New' })], '``a`b``');
  });
  it('should write a line break that ends a paragraph as <br>', () => {
    spelled([text('a'), { type: 'break' }], 'a<br>');
  });
});
