/**
 * Property tests: on generated valid models, parse ∘ stringify is the identity and the canonical
 * text is a fixed point of `formatMebdf`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMebdf, parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { documentArb } from './arbitraries.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

describe('MEBDF round trip (property)', () => {
  it('should read back every generated model exactly (parse ∘ stringify = identity)', () => {
    fc.assert(
      fc.property(documentArb, (document) => {
        const text = stringifyMebdf(document);
        expect(parseMebdf(text), text).toEqual(document);
      }),
      { numRuns: RUNS },
    );
  });

  it('should make formatMebdf idempotent on canonical text', () => {
    fc.assert(
      fc.property(documentArb, (document) => {
        const once = formatMebdf(stringifyMebdf(document));
        expect(formatMebdf(once)).toBe(once);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
