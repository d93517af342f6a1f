/**
 * Shared knobs of the evidence fuzzers: how many runs (FUZZ_RUNS, raised by `npm run test:fuzz`),
 * which seed (FUZZ_SEED, so a failure found locally replays exactly), the corpus of real exports
 * to mutate, and a guard that fails a call which throws the wrong kind of error or takes longer
 * than a generous bound (a hang or a blow-up, not a speed target).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs per property: `FUZZ_RUNS` when set (the long local mode), else `ciRuns`. */
export function fuzzRuns(ciRuns: number): number {
  const raw = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(raw) && raw > 0 ? raw : ciRuns;
}

/** The seed of every property: fixed in CI so a run is reproducible, overridable to explore. */
export function fuzzSeed(): number {
  const raw = Number(process.env.FUZZ_SEED);
  return Number.isInteger(raw) ? raw : 90_210;
}

/** Upper bound of the longer local mode's per-test timeout: runs scale the budget. */
export function fuzzTimeout(ciMs: number): number {
  const runs = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(runs) && runs > 0 ? Math.max(ciMs, runs * 200) : ciMs;
}

const GOLDEN = fileURLToPath(new URL('../golden/', import.meta.url));

/** Every MEBDF text the exporter produced for the golden cases (exports, sections, edits). */
export function goldenTexts(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const dir of readdirSync(GOLDEN).sort()) {
    for (const file of readdirSync(join(GOLDEN, dir)).sort()) {
      if (!file.endsWith('.md')) continue;
      out.push({ name: `${dir}/${file}`, text: readFileSync(join(GOLDEN, dir, file), 'utf8') });
    }
  }
  return out;
}

export interface Outcome {
  /** `ok` (returned), `typed` (threw the expected error type) or the unexpected error. */
  kind: 'ok' | 'typed' | 'unexpected';
  error?: unknown;
  ms: number;
  value?: unknown;
}

/** Runs `f`, classifying what it threw against `expected`, and timing it. */
export function guarded<T>(f: () => T, expected: abstract new (...args: never[]) => unknown): Outcome {
  const t0 = performance.now();
  try {
    const value = f();
    return { kind: 'ok', ms: performance.now() - t0, value };
  } catch (error) {
    const ms = performance.now() - t0;
    return error instanceof expected ? { kind: 'typed', error, ms } : { kind: 'unexpected', error, ms };
  }
}

/** A short, printable description of an input for assertion messages. */
export function describeInput(text: string): string {
  const head = JSON.stringify(text.slice(0, 160));
  return `${text.length} chars: ${head}${text.length > 160 ? '…' : ''}`;
}
