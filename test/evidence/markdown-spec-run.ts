/**
 * `npm run spec-examples`: every CommonMark and GFM spec example through markdown-spec.ts, printing
 * how many round-trip, are warned about, are refused by lint, change silently or fault, by section.
 * `SPEC_VERBOSE=1` prints each example that changed silently or faulted; `SPEC_WHY=1` what each
 * warned or refused example was told.
 */
import { runExample, type SpecOutcome, specExamples } from './markdown-spec.js';

const verbose = process.env.SPEC_VERBOSE === '1';
const why = process.env.SPEC_WHY === '1';
const counts = new Map<string, number>();
const bySection = new Map<string, Map<string, number>>();
for (const example of specExamples()) {
  const outcome: SpecOutcome = await runExample(example);
  counts.set(outcome.kind, (counts.get(outcome.kind) ?? 0) + 1);
  const section = bySection.get(example.section) ?? new Map<string, number>();
  section.set(outcome.kind, (section.get(outcome.kind) ?? 0) + 1);
  bySection.set(example.section, section);
  if (why && outcome.kind === 'warned')
    process.stdout.write(`warned ${example.id}: ${outcome.warnings.join(' | ')}\n`);
  if (why && outcome.kind === 'rejected')
    process.stdout.write(`rejected ${example.id}: ${outcome.diagnostic}\n`);
  if (verbose && (outcome.kind === 'silent-change' || outcome.kind === 'fault')) {
    process.stdout.write(`--- ${example.id} (${example.section}): ${outcome.kind}\n`);
    process.stdout.write(`${JSON.stringify(example.markdown)}\n`);
    process.stdout.write(
      outcome.kind === 'fault' ? `${outcome.error}\n` : `exported: ${JSON.stringify(outcome.exported)}\n`,
    );
  }
}
for (const [section, c] of bySection) {
  process.stdout.write(`${section}: ${[...c].map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
}
const total = [...counts.values()].reduce((a, b) => a + b, 0);
process.stdout.write(`\n${total} examples: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
process.exitCode = (counts.get('silent-change') ?? 0) + (counts.get('fault') ?? 0) > 0 ? 1 : 0;
