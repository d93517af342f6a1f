/** find_in_document's core: places and snippets, and a runaway regular expression stopped in time. */
import { describe, expect, it } from 'vitest';
import { generateDocument } from '../../src/docs/generate-document.js';
import { boundedMatcher } from '../../src/docs/service/find.js';
import { findInDocument, matchHere } from '../../src/docs/structure/find.js';
import { ValidationError } from '../../src/errors.js';

describe('findInDocument', () => {
  const doc = generateDocument({ pages: 3, seed: 3 });

  it('places every match in its section, with a snippet around it, and counts past the limit', () => {
    const all = findInDocument(doc, { query: 'budget', limit: 500 });
    expect(all.total_count).toBeGreaterThan(3);
    for (const m of all.matches) {
      expect(m.match.toLowerCase()).toBe('budget');
      expect(m.snippet).toContain(m.match);
      expect(m.snippet.length).toBeLessThanOrEqual(m.match.length + 82);
    }
    const few = findInDocument(doc, { query: 'budget', limit: 2 });
    expect(few.matches).toEqual(all.matches.slice(0, 2));
    expect(few.total_count).toBe(all.total_count);
  });

  it('treats plain text literally and a pattern as a pattern', () => {
    expect(findInDocument(doc, { query: 'b.dget', limit: 10 }).total_count).toBe(0);
    expect(findInDocument(doc, { query: 'b.dget', regex: true, limit: 10 }).total_count).toBeGreaterThan(0);
    expect(() => findInDocument(doc, { query: '(', regex: true, limit: 10 })).toThrow(ValidationError);
  });

  it('gives the same matches through the time-bounded matcher', () => {
    const q = { query: 'plan|review', regex: true, limit: 500 };
    expect(findInDocument(doc, q, boundedMatcher(2_000))).toEqual(findInDocument(doc, q, matchHere));
  });
});

describe('boundedMatcher', () => {
  it('stops a pattern that backtracks without end', () => {
    const started = Date.now();
    expect(() => boundedMatcher(100)([`${'a'.repeat(40)}!`], /(a+)+$/gu)).toThrow(/took more than 0.1 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
