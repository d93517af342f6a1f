/**
 * Whole-process timings for `npm run bench`: a command spawned with node, paired run by run with a
 * baseline spawned the same way, so that the figure is the median of the per-run ratios and a
 * busy machine slows both sides of each pair alike.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** Milliseconds of one `node ARGS` run; throws with its stderr when it fails. */
export function spawnMs(args: string[], env: Record<string, string> = {}): number {
  const t0 = performance.now();
  // An export of a large tab writes megabytes to stdout: past maxBuffer spawnSync kills the child.
  const result = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - t0;
  if (result.status !== 0)
    throw new Error(
      `bench: node ${args.join(' ')} failed (${result.error?.message ?? result.status}): ${result.stderr}`,
    );
  return ms;
}

export interface Paired {
  /** Median ms of the command. */
  ms: number;
  /** Median ms of the baseline. */
  baseMs: number;
  /** Median of the per-run ratios command / baseline. */
  ratio: number;
}

const middle = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Runs `command` and `baseline` `runs` times each, alternating which goes first. `command` gets
 * the run's number, so a caller can alternate its input (an edit and its undo).
 */
export function paired(runs: number, command: (run: number) => number, baseline: () => number): Paired {
  const times: number[] = [];
  const bases: number[] = [];
  const ratios: number[] = [];
  for (let run = 0; run < runs; run++) {
    let ms: number;
    let base: number;
    if (run % 2 === 0) {
      base = baseline();
      ms = command(run);
    } else {
      ms = command(run);
      base = baseline();
    }
    times.push(ms);
    bases.push(base);
    ratios.push(ms / base);
  }
  return { ms: middle(times), baseMs: middle(bases), ratio: middle(ratios) };
}

/** `node -e` that reads the file named by $BENCH_FILE and JSON.parses it: the CLI's baseline. */
export const READ_AND_PARSE = [
  '-e',
  "JSON.parse(require('node:fs').readFileSync(process.env.BENCH_FILE, 'utf8'))",
];
