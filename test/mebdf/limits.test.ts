/**
 * The parser's limits: hostile input is refused with a MebdfParseError (position, message,
 * suggestion) instead of stalling in micromark or overflowing the stack; input just inside the
 * limits still parses.
 */
import { describe, expect, it } from 'vitest';
import { MebdfParseError } from '../../src/errors.js';
import { lintMebdf, MAX_EMPHASIS_DELIMITERS, MAX_NESTING_DEPTH, parseMebdf } from '../../src/mebdf/index.js';

describe('emphasis delimiters per paragraph', () => {
  it('should refuse a paragraph with more unescaped * or _ than the limit, naming where', () => {
    const text = `Intro.\n\n${'*a'.repeat(MAX_EMPHASIS_DELIMITERS)}_`;
    const [problem, ...rest] = lintMebdf(text);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ line: 3, column: 1 });
    expect(problem?.message).toContain(String(MAX_EMPHASIS_DELIMITERS));
    expect(problem?.suggestion).toContain('\\*');
    expect(() => parseMebdf(text)).toThrow(MebdfParseError);
  });

  it('should not count escaped delimiters, nor delimiters of other paragraphs', () => {
    const half = '*a*'.repeat(MAX_EMPHASIS_DELIMITERS / 4);
    const escaped = '\\*'.repeat(MAX_EMPHASIS_DELIMITERS * 2);
    expect(lintMebdf(`${half}\n\n${half}\n\n${escaped}`)).toEqual([]);
  });
});

describe('nesting depth', () => {
  it('should refuse spans nested deeper than the limit with a MebdfParseError, not a stack overflow', () => {
    const depth = 5000;
    const text = `${'{!underline}'.repeat(depth)}x${'{/!}'.repeat(depth)}`;
    const problems = lintMebdf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain(`${MAX_NESTING_DEPTH} levels`);
    expect(problems[0]?.text.startsWith('{!underline}')).toBe(true);
    expect(() => parseMebdf(text)).toThrow(MebdfParseError);
  });

  it('should parse nesting well inside the limit', () => {
    const depth = 100;
    const model = parseMebdf(`${'{!underline}'.repeat(depth)}x${'{/!}'.repeat(depth)}`);
    expect(model.blocks).toHaveLength(1);
    const block = model.blocks[0];
    expect(block?.type === 'paragraph' && block.inlines[0]).toMatchObject({
      type: 'text',
      text: 'x',
      style: { underline: true },
    });
  });
});
