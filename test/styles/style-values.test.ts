import { describe, expect, it } from 'vitest';
import {
  formatLineSpacing,
  formatPoints,
  parseColor,
  parseFontFamily,
  parseFontSize,
  parseFontWeight,
  parseLineSpacing,
  parseSpace,
  renderedWeight,
} from '../../src/docs/styles/index.js';
import { ValidationError } from '../../src/errors.js';

function rejection(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

describe('value forms', () => {
  it('reads sizes in points with or without the unit', () => {
    expect(parseFontSize('11pt')).toBe(11);
    expect(parseFontSize(' 10.5 PT ')).toBe(10.5);
    expect(parseFontSize('12')).toBe(12);
    expect(parseSpace('0pt')).toBe(0);
    expect(parseSpace('6')).toBe(6);
  });

  it('rejects other units and out-of-range sizes, naming the accepted forms', () => {
    for (const bad of ['12px', '1em', 'big', '', '0pt', '500pt', '-3pt']) {
      const error = rejection(() => parseFontSize(bad));
      expect(error.suggestion).toMatch(/11pt/);
    }
    expect(rejection(() => parseSpace('-1pt')).suggestion).toMatch(/6pt/);
  });

  it('reads weights as numbers or names', () => {
    expect(parseFontWeight('400')).toBe(400);
    expect(parseFontWeight('bold')).toBe(700);
    expect(parseFontWeight('Light')).toBe(300);
    for (const bad of ['450', '1000', '0', 'heavyish']) {
      expect(rejection(() => parseFontWeight(bad)).suggestion).toMatch(/700/);
    }
  });

  it('reads colours as #rrggbb or #rgb', () => {
    expect(parseColor('#1A2B3C')).toBe('#1a2b3c');
    expect(parseColor('#abc')).toBe('#aabbcc');
    for (const bad of ['red', '#12345', '123456', 'rgb(0,0,0)']) {
      expect(rejection(() => parseColor(bad)).suggestion).toMatch(/#rrggbb/);
    }
  });

  it('reads line spacing as names, multiples or percentages', () => {
    expect(parseLineSpacing('single')).toBe(100);
    expect(parseLineSpacing('double')).toBe(200);
    expect(parseLineSpacing('1.15')).toBe(115);
    expect(parseLineSpacing('1.5')).toBe(150);
    expect(parseLineSpacing('115%')).toBe(115);
    for (const bad of ['triple', '0.1', '50', '1.5x']) {
      expect(rejection(() => parseLineSpacing(bad)).suggestion).toMatch(/single/);
    }
    expect(formatLineSpacing(100)).toBe('single');
    expect(formatLineSpacing(115)).toBe('1.15');
    expect(formatLineSpacing(200)).toBe('double');
    expect(formatPoints(10.5)).toBe('10.5pt');
  });

  it('rejects empty or odd font names', () => {
    expect(parseFontFamily('  Roboto Mono ')).toBe('Roboto Mono');
    for (const bad of ['', '   ', 'a\nb', '<script>']) rejection(() => parseFontFamily(bad));
  });

  it('follows Google’s rendered-weight rule for bold', () => {
    expect(renderedWeight(400, true)).toBe(700);
    expect(renderedWeight(300, true)).toBe(400);
    expect(renderedWeight(800, true)).toBe(800);
    expect(renderedWeight(300, false)).toBe(300);
  });
});
