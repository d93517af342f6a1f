/**
 * A sample of the edit battery (edit-battery.ts) on the small real documents, fast enough for
 * every test run: the edit kinds that land must land exactly (the four checks), and no edit may
 * fault. `npm run evidence` runs every edit on every document and prints the counts.
 */
import { describe, expect, it } from 'vitest';
import { type BatteryCase, casesOf, fixtureNames, runCase, summarize } from './edit-battery.js';
import { EDIT_KINDS, type EditKind } from './edit-battery-edits.js';

/** Every edit kind lands on every small document: a failure of one of them is a regression. */
const LANDS: readonly EditKind[] = EDIT_KINDS;

/** Every third edit of the small documents. */
function sample(): BatteryCase[] {
  const small = fixtureNames().filter((f) => f.startsWith('cedricdelpoux__') && !/codes|lists/.test(f));
  return small.flatMap((f) => casesOf(f)).filter((_, i) => i % 3 === 0);
}

describe('edit battery (sample)', () => {
  it('edits of the small real documents land exactly', async () => {
    const cases = sample();
    expect(cases.length).toBeGreaterThan(20);
    const results = [];
    for (const kase of cases) results.push(await runCase(kase));
    const summary = summarize(results);
    const faults = results.filter((r) => r.outcome === 'fault');
    expect(faults, summary).toEqual([]);
    const regressions = results.filter((r) => LANDS.includes(r.kase.edit.kind) && r.outcome !== 'pass');
    expect(regressions, summary).toEqual([]);
  }, 60_000);
});
