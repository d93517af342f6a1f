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

/**
 * Chains of four battery edits in one import that verification refused (our bug), or that wrote
 * something else, until fixed, by document, seed and where: each now lands exactly, or is refused
 * naming a Docs API limit.
 */
const FOUND_BY_CHAINS: Array<[file: string, seed: number, where: string, outcome: 'pass' | 'refused']> = [
  [
    'cedricdelpoux__gatsby-source-google-docs__breaks',
    1,
    'block 5, then add-table at block 5, then delete-paragraph block 3',
    'pass',
  ],
  [
    'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab',
    1,
    'block 5, then add-table at block 8, then delete-paragraph block 7',
    'pass',
  ],
  [
    'cedricdelpoux__gatsby-source-google-docs__lists',
    2,
    'block 13, then trailing-whitespace block 13, then numbered-under-bullet after block 13',
    'pass',
  ],
  [
    'cedricdelpoux__gatsby-source-google-docs__lists',
    2,
    'block 1, then item-to-paragraph block 1, then paragraph-to-bullet block 1',
    'refused',
  ],
  [
    'cedricdelpoux__gatsby-source-google-docs__lists',
    4,
    'at block 0, then add-list-item before block 2, then numbered-under-bullet after block 2',
    'pass',
  ],
  [
    'think41__extrasuite__form15g_base',
    3,
    'after block 42, then join-list block 16 before, then add-paragraph at block 2',
    'pass',
  ],
  [
    'think41__extrasuite__1YKyqqH8wZa3kSnoBEdlwAumI94gRivSsZB1qvc9y4CA',
    4,
    'block 9, then numbered-under-bullet after block 8, then join-list block 10 after',
    'pass',
  ],
  [
    'think41__extrasuite__1arcBS-A_LqbvrstLAADAjCZj4kvTlqmQ0ztFNfyAEyc',
    5,
    'block 12, then change-word block 1, then item-to-paragraph block 12',
    'pass',
  ],
  [
    'think41__extrasuite__1tlHGpgjoibP0eVXRvCGSmkqrLATrXYTo7dUnmV7x01o',
    5,
    'after block 14, then join-list block 16 after, then add-paragraph at block 1',
    'pass',
  ],
  [
    'think41__extrasuite__1YicNYwId9u4okuK4uNfWdTEuKyS1QWb1RcnZl9eVyTc',
    8,
    'after block 4, then item-to-paragraph block 5, then indent-item block 4, then join-list block 5 after',
    'pass',
  ],
  [
    'think41__extrasuite__1arcBS-A_LqbvrstLAADAjCZj4kvTlqmQ0ztFNfyAEyc',
    11,
    'block 1, then add-paragraph at block 12, then delete-paragraph block 1, then join-list block 11 after',
    'pass',
  ],
  // Verification passed, but the next section's numbered heading was left a list of its own.
  [
    'think41__extrasuite__1arcBS-A_LqbvrstLAADAjCZj4kvTlqmQ0ztFNfyAEyc',
    13,
    'block 6, then trailing-whitespace block 5, then add-list-item before block 1, then indent-item block 2',
    'pass',
  ],
  [
    'think41__extrasuite__form15g_base',
    14,
    'before block 41, then add-list-item before block 41, then paragraph-to-bullet block 2, then add-list-item after block 2',
    'pass',
  ],
  [
    'cedricdelpoux__gatsby-source-google-docs__lists',
    10,
    'at block 0, then numbered-under-bullet after block 2, then indent-item block 4, then split-list after 2',
    'pass',
  ],
  [
    'think41__extrasuite__operational_notes_repair.base',
    7,
    'after block 17, then split-list after 17, then indent-item block 20, then numbered-under-bullet after block 32',
    'refused',
  ],
];

describe('edit battery, chains of four edits that were our bugs', () => {
  it.each(FOUND_BY_CHAINS)(
    '%s (seed %d): %s',
    async (file, seed, where, outcome) => {
      const kase = composedCases(`${file}.json`, seed, 40, 4).find((c) => c.edit.where.includes(where));
      expect(kase, 'the chain is still drawn').toBeDefined();
      const result = await runCase(kase!);
      expect(result.outcome, result.detail).toBe(outcome);
      if (outcome === 'refused') expect(result.detail).toMatch(/^ValidationError: /);
    },
    60_000,
  );
});
