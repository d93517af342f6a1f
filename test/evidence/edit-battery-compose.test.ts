/**
 * A sample of pairs of battery edits in one import (edit-battery-compose.ts) on the small real
 * documents: each lands exactly or is refused for what Google cannot do; none fails verification
 * (a plan that would not write what it means: our bug), faults, or writes something else.
 * `BATTERY_COMPOSE=<seed> npm run evidence` runs pairs on every document.
 */
import { describe, expect, it } from 'vitest';
import { type CaseResult, fixtureNames, runCase, summarize } from './edit-battery.js';
import { composedCases } from './edit-battery-compose.js';

const SMALL = /cedricdelpoux__|stencila__encoda__test-fixture-1|1vL8dY0Ok|operational_notes/;

describe('edit battery, two edits in one import (sample)', () => {
  it('pairs of edits of the small real documents land exactly or are refused for a Docs limit', async () => {
    const results: CaseResult[] = [];
    for (const file of fixtureNames().filter((f) => SMALL.test(f)))
      for (const kase of composedCases(file, 1, 12)) results.push(await runCase(kase));
    expect(results.length).toBeGreaterThan(100);
    const failed = results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'refused');
    expect(failed, summarize(results)).toEqual([]);
    // A refusal names what Google cannot do, never a bug of ours.
    for (const r of results.filter((x) => x.outcome === 'refused'))
      expect(r.detail, r.kase.edit.where).not.toMatch(/bug/i);
  }, 120_000);
});
