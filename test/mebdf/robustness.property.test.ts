/**
 * Robustness: on arbitrary text built from syntax fragments (unbalanced braces, stray markers,
 * half tables, footnotes in odd places, emoji), linting never throws, every diagnostic points at
 * a real position, and whatever is valid formats to a fixed point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMebdf, lintMebdf } from '../../src/mebdf/index.js';

const FRAGMENTS = [
  ...'{}!^=/\\*_`[]()#|-+>.:1 \n\t"<&~a😀'.split(''),
  '{!',
  '{/!}',
  '{^',
  '{^=',
  '{!table}\n',
  '{!cell}\n',
  '{!row}\n',
  '{!end-table}\n',
  '- [ ]\n',
  '[^a]',
  '[^a]: x\n',
  '{!Title}\n',
  '{!empty}\n',
  '<br>',
];

const sourceArb = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));

describe('MEBDF robustness (property)', () => {
  it('should never throw from lintMebdf, and should point every diagnostic inside the text', () => {
    fc.assert(
      fc.property(sourceArb, (source) => {
        const lines = source.split(/\r\n|\r|\n/);
        for (const diagnostic of lintMebdf(source)) {
          expect(diagnostic.line).toBeGreaterThanOrEqual(1);
          expect(diagnostic.line).toBeLessThanOrEqual(lines.length);
          expect(diagnostic.column).toBeGreaterThanOrEqual(1);
          expect(diagnostic.column).toBeLessThanOrEqual(lines[diagnostic.line - 1]!.length + 1);
          expect(diagnostic.message).not.toBe('');
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('should format whatever is valid to a fixed point', () => {
    fc.assert(
      fc.property(sourceArb, (source) => {
        if (lintMebdf(source).length > 0) return;
        const once = formatMebdf(source);
        expect(formatMebdf(once)).toBe(once);
      }),
      { numRuns: 1500 },
    );
  });
});
