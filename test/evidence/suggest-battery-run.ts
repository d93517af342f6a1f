/**
 * `npm run evidence:suggest`: the edit battery in suggest mode (suggest-battery.ts) over the real
 * fixtures, printing counts by edit kind and outcome. `BATTERY_FILTER=<substring>` limits it to the
 * fixtures whose name contains it, `BATTERY_SKIP` leaves out those whose name contains it,
 * `BATTERY_KINDS=<kind>,<kind>` runs only those edit kinds, and `BATTERY_COMPOSE=<seed>` (with
 * `BATTERY_DEPTH`, `BATTERY_PER`) chains of edits in one import, as `npm run evidence` does
 * (edit-battery-compose.ts). Exits 1
 * when an edit neither holds as suggestions nor is refused before writing.
 */
import { readFileSync } from 'node:fs';
import type { Document } from '../../src/ground/docs-json.js';
import { casesOf, fixtureNames } from './edit-battery.js';
import { composedCases } from './edit-battery-compose.js';
import { runSuggestCase, type SuggestResult, summarizeSuggest } from './suggest-battery.js';

const FIXTURES = new URL('../fixtures/real/', import.meta.url);
const filter = process.env.BATTERY_FILTER ?? '';
const skip = process.env.BATTERY_SKIP;
const kinds = process.env.BATTERY_KINDS?.split(',').filter(Boolean);
const compose = process.env.BATTERY_COMPOSE;
const per = Number(process.env.BATTERY_PER ?? 40);
const depth = Number(process.env.BATTERY_DEPTH ?? 2);
const results: SuggestResult[] = [];
for (const file of fixtureNames().filter((f) => f.includes(filter) && !(skip && f.includes(skip)))) {
  const started = Date.now();
  const doc = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8')) as Document;
  const cases = (
    compose === undefined ? casesOf(file) : composedCases(file, Number(compose), per, depth)
  ).filter((c) => !kinds || kinds.includes(c.edit.kind));
  for (const kase of cases) results.push(await runSuggestCase(kase, doc));
  process.stderr.write(`${file}: ${cases.length} edits, ${Date.now() - started} ms\n`);
}
process.stdout.write(`${summarizeSuggest(results)}\n`);
process.exitCode = results.every((r) => ['pass', 'edit-refused', 'suggest-refused'].includes(r.outcome))
  ? 0
  : 1;
