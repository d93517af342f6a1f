/** The public API of src/mebdf: the names other modules build on. */
import { describe, expect, it } from 'vitest';
import * as mebdf from '../../src/mebdf/index.js';

describe('mebdf public API', () => {
  it('should export exactly the documented names', () => {
    expect(Object.keys(mebdf).sort()).toEqual(
      [
        'EMBED_KINDS',
        'MAX_EMPHASIS_DELIMITERS',
        'MAX_NESTING_DEPTH',
        'MebdfParseError',
        'formatMebdf',
        'isLintError',
        'lintMebdf',
        'mebdfFromMarkdown',
        'mebdfSyntax',
        'mebdfToMarkdown',
        'parseMebdf',
        'parseMebdfWithWarnings',
        'parseMebdfTree',
        'remarkMebdf',
        'stringifyMebdf',
        'stringifyMebdfTree',
      ].sort(),
    );
  });

  it('should throw MebdfParseError carrying every diagnostic', () => {
    let error: unknown;
    try {
      mebdf.parseMebdf('{!colr:red}a{/!}\n\nb {/!}\n');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(mebdf.MebdfParseError);
    const parseError = error as InstanceType<typeof mebdf.MebdfParseError>;
    expect(parseError.type).toBe('MebdfParseError');
    expect(parseError.diagnostics.map((d) => [d.line, d.column])).toEqual([
      [1, 3],
      [3, 3],
    ]);
    expect(parseError.message).toContain('line 1, column 3');
    expect(parseError.message).toContain('and 1 more');
  });

  it('should not throw from lintMebdf, and return nothing for valid text', () => {
    expect(mebdf.lintMebdf('# Title\n\nText with {!underline}a span{/!}.\n')).toEqual([]);
    expect(mebdf.lintMebdf('{!bogus}\n')).toHaveLength(1);
  });

  it('should give formatMebdf the canonical text and stringifyMebdf the same for the parsed model', () => {
    const source = 'Some  *text*\nwrapped.\n';
    expect(mebdf.formatMebdf(source)).toBe('Some  *text* wrapped.\n');
    expect(mebdf.stringifyMebdf(mebdf.parseMebdf(source))).toBe(mebdf.formatMebdf(source));
  });
});
