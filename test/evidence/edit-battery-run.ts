/**
 * `npm run evidence`: the whole edit battery (edit-battery.ts) over every real fixture, printing
 * pass counts by edit kind and the failures grouped by kind and message. Exits 1 when any fails.
 * `BATTERY_FILTER=<substring>` limits it to the fixtures whose name contains it, `BATTERY_SKIP` leaves
 * out those whose name contains it, `BATTERY_KINDS=<kind>,<kind>` runs only those edit kinds.
 * `BATTERY_COMPOSE=<seed>` runs pairs of edits in one import instead (edit-battery-compose.ts),
 * `BATTERY_PER` of them a document (default 40), counted under the first edit's kind;
 * `BATTERY_DEPTH=<n>` chains n edits in one import instead of two.
 */
import { type CaseResult, casesOf, fixtureNames, runCase, summarize } from './edit-battery.js';
import { composedCases } from './edit-battery-compose.js';

const filter = process.env.BATTERY_FILTER ?? '';
const skip = process.env.BATTERY_SKIP;
const kinds = process.env.BATTERY_KINDS?.split(',').filter(Boolean);
const compose = process.env.BATTERY_COMPOSE;
const per = Number(process.env.BATTERY_PER ?? 40);
const depth = Number(process.env.BATTERY_DEPTH ?? 2);
const results: CaseResult[] = [];
for (const file of fixtureNames().filter((f) => f.includes(filter) && !(skip && f.includes(skip)))) {
  const started = Date.now();
  const cases = (
    compose === undefined ? casesOf(file) : composedCases(file, Number(compose), per, depth)
  ).filter((c) => !kinds || kinds.includes(c.edit.kind));
  for (const kase of cases) results.push(await runCase(kase));
  process.stderr.write(`${file}: ${cases.length} edits, ${Date.now() - started} ms\n`);
}
process.stdout.write(`${summarize(results)}\n`);
process.exitCode = results.every((r) => r.outcome === 'pass') ? 0 : 1;
