/**
 * Timing helpers for `npm run bench`. Each figure is the median of repeated runs, and is reported
 * with a ratio to a baseline measured in the same run, so that machine noise cancels out.
 */
import { performance } from 'node:perf_hooks';

export interface Figure {
  /** What was measured, e.g. "export 100 pages". */
  name: string;
  /** Median milliseconds of one run; NaN for a figure that is not a time (a size ratio). */
  ms: number;
  /** What the ratio is against, e.g. "JSON.parse". */
  baseline?: string;
  /** ms / baseline ms. */
  ratio?: number;
  /** Anything else worth printing (counts, sizes, MB). */
  note?: string;
  /** A target the figure is checked against, e.g. "≤ 4×". */
  target?: string;
  ok?: boolean;
}

/** Median time of `fn`, run at least `minRuns` times and for at least `minMs` in total. */
export function median(fn: () => unknown, options: { minRuns?: number; minMs?: number } = {}): number {
  const minRuns = options.minRuns ?? 5;
  const minMs = options.minMs ?? 300;
  fn(); // warm-up: JIT and caches
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < minRuns || performance.now() - started < minMs) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
    if (samples.length >= 200) break;
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** A figure with its ratio against a baseline measured just before it. */
export function compare(
  name: string,
  fn: () => unknown,
  baselineName: string,
  baseline: () => unknown,
  target?: { max: number },
): Figure {
  const base = median(baseline);
  const ms = median(fn);
  const ratio = ms / base;
  const figure: Figure = { name, ms, baseline: baselineName, ratio };
  if (target) {
    figure.target = `≤ ${target.max}×`;
    figure.ok = ratio <= target.max;
  }
  return figure;
}

export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    Number.isNaN(f.ms) ? '' : f.ms < 10 ? f.ms.toFixed(2) : f.ms.toFixed(1),
    f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}× ${f.baseline}`,
    f.target ? `${f.target} ${f.ok ? 'ok' : 'MISSED'}` : '',
    f.note ?? '',
  ]);
  const header = ['figure', 'ms', 'ratio', 'target', 'note'];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
  return lines.join('\n');
}
