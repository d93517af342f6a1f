/**
 * Diagnostics: positions are 1-based lines and UTF-16 columns (emoji count two, a combining mark
 * one, as in JavaScript strings and Docs indices), and every diagnostic carries its source text.
 */
import { describe, expect, it } from 'vitest';
import { lintMebdf } from '../../src/mebdf/index.js';

describe('MEBDF diagnostics', () => {
  it('should count columns in UTF-16 code units after emoji, CJK and combining marks', () => {
    expect(lintMebdf('😀 {!colr:red}a{/!}')[0]).toMatchObject({ line: 1, column: 6, text: 'colr:red' });
    expect(lintMebdf('漢字{!colr:red}a{/!}')[0]).toMatchObject({ column: 5 });
    expect(lintMebdf('e\u0301{/!}')[0]).toMatchObject({ column: 3, text: '{/!}' });
  });
  it('should point at the property inside the braces, after leading spaces and earlier properties', () => {
    expect(lintMebdf('{!  underline, colr:red}a{/!}')[0]).toMatchObject({ column: 16, text: 'colr:red' });
  });
  it('should report positions on later lines and inside list items and table cells', () => {
    const diagnostics = lintMebdf('a\n\n- item {!colr:x}b{/!}\n\n| h |\n| - |\n| {/!} |\n');
    expect(diagnostics.map((d) => [d.line, d.column, d.text])).toEqual([
      [3, 10, 'colr:x'],
      [7, 3, '{/!}'],
    ]);
  });
  it('should not lose a problem when there are several: all are reported, sorted by position', () => {
    const diagnostics = lintMebdf('{!b0gus}\n\nx {/!} {!colr:1}y{/!}\n\n{!Titel}\n');
    expect(diagnostics.map((d) => d.line)).toEqual([1, 3, 3, 5]);
    expect(diagnostics.every((d) => d.text !== '' && d.message !== '')).toBe(true);
  });
  it("should say that a `|` in a GFM cell cut a placeholder's caption short", () => {
    const [cut] = lintMebdf('| h |\n| - |\n| {^= kix.1 image "a|b"} |\n');
    expect(cut).toMatchObject({ line: 3, column: 3 });
    expect(cut?.message).toContain('before its table cell ends');
    expect(cut?.suggestion).toContain('{!table}');
    // Outside a table the same text is a whole placeholder, and a missing `}` is said as before.
    expect(lintMebdf('{^= kix.1 image "a|b"}\n')).toEqual([]);
    expect(lintMebdf('{^= kix.1 image\n')[0]?.message).toContain('on the same line');
  });
});
