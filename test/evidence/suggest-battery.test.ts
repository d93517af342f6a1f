/**
 * The property of suggest mode over the edit battery (suggest-battery.ts), on a sample of the small
 * real documents: every edit that lands in edit mode either lands as suggestions with the four
 * properties (accepted text unchanged, suggested view = the edit, accept-all = the edit, reject-all
 * = the original) or is refused before anything is written; none fails otherwise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Document } from '../../src/ground/docs-json.js';
import { casesOf, fixtureNames } from './edit-battery.js';
import { runSuggestCase, type SuggestResult, summarizeSuggest } from './suggest-battery.js';

const FIXTURES = new URL('../fixtures/real/', import.meta.url);

describe('suggest mode over the edit battery (sample)', () => {
  it('a section edit as suggestions: accepted text unchanged, suggested view = the edit, accept-all = edit, reject-all = original', async () => {
    const small = fixtureNames().filter((f) => f.startsWith('cedricdelpoux__') && !/codes|lists/.test(f));
    const results: SuggestResult[] = [];
    for (const file of small) {
      const doc = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8')) as Document;
      // The first edit of each kind in each document: every kind the battery has is tried.
      const seen = new Set<string>();
      const cases = casesOf(file).filter((k) => !seen.has(k.edit.kind) && seen.add(k.edit.kind));
      for (const kase of cases) results.push(await runSuggestCase(kase, doc));
    }
    const summary = summarizeSuggest(results);
    process.stderr.write(`${summary}\n`);
    const broken = results.filter((r) => !['pass', 'edit-refused', 'suggest-refused'].includes(r.outcome));
    expect(broken, summary).toEqual([]);
    expect(results.filter((r) => r.outcome === 'pass').length, summary).toBeGreaterThan(results.length / 2);
  }, 120_000);
});
