/**
 * MEBDF parsing speed and linearity: `parseMebdf` (micromark + GFM + MEBDF extensions + semantic
 * layer) on a generated ~1 MB document with 10,000 inline spans, against plain remark-parse +
 * remark-gfm on the same text, and at 0.25, 0.5 and 1 MB to show the time grows linearly.
 * Standalone: `node --expose-gc --import tsx bench/mebdf-parse.ts`. Figures are the fastest of five runs.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parseMebdf } from '../src/mebdf/index.js';

export interface MebdfParseFigure {
  name: string;
  ms: number;
  baseline?: string;
  ratio?: number;
  note?: string;
  target?: string;
  ok?: boolean;
}

const PARAGRAPHS = [
  'Quarterly results {!underline}beat the forecast{/!} in every region, with **strong** growth in *Asia* and a {!color:#cc0000}small dip{/!} in Europe.',
  '## {^ h.k2x9}Outlook {!highlight:yellow}for next year{/!}',
  '- Revenue {!weight:Bold, size:12pt}up 12%{/!} on the year, see [the report](https://example.com/r) and {^= kix.ab12 chart "Q3 revenue"}.',
  '- Costs {!mono}flat{/!}; margins {!sup}wider{/!} than planned.[^n1]',
  'A paragraph with `code`, ~~struck~~ text, {!smallcaps}small caps{/!} and nested {!underline}a {!color:#00f}b{/!} c{/!} spans.',
  'Plain prose keeps the ratio of spans to text near one per hundred bytes, as in a formatted report.',
  'Most sentences in a real document carry no formatting at all; this one is here to say so, at some length.',
  'Plain prose keeps the ratio of spans to text realistic: most sentences in a real document carry no formatting at all, and some are long.',
];

/** A document of about `bytes` bytes with about one inline span per 100 bytes (10,000 per MB). */
export function generateDocument(bytes: number): { text: string; spans: number } {
  const parts: string[] = [];
  let size = 0;
  let spans = 0;
  let index = 0;
  while (size < bytes) {
    const paragraph = PARAGRAPHS[index % PARAGRAPHS.length]!;
    parts.push(paragraph);
    size += paragraph.length + 2;
    spans += paragraph.split('{/!}').length - 1;
    index++;
  }
  parts.push('[^n1]: The footnote.');
  return { text: `${parts.join('\n\n')}\n`, spans };
}

/**
 * The fastest of `runs` timed runs (after a warm-up), collecting garbage before each when `--expose-gc`
 * is on: on a shared machine the minimum is the figure least disturbed by other work.
 */
function fastest(fn: () => unknown, runs: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    gc?.();
    const started = performance.now();
    fn();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export async function benchMebdfParse(): Promise<MebdfParseFigure[]> {
  const remark = unified().use(remarkParse).use(remarkGfm);
  const figures: MebdfParseFigure[] = [];
  const MB = 1024 * 1024;
  const full = generateDocument(MB);
  const baseline = fastest(() => remark.parse(full.text), 5);
  const ms = fastest(() => parseMebdf(full.text), 5);
  figures.push({
    name: 'parseMebdf 1 MB',
    ms,
    baseline: 'remark-parse + remark-gfm',
    ratio: ms / baseline,
    note: `${(full.text.length / MB).toFixed(2)} MB, ${full.spans} spans; baseline ${baseline.toFixed(0)} ms`,
  });
  let perMbSmallest = 0;
  for (const fraction of [0.25, 0.5, 1]) {
    const document = generateDocument(fraction * MB);
    const time = fraction === 1 ? ms : fastest(() => parseMebdf(document.text), Math.round(5 / fraction));
    const perMb = time / (document.text.length / MB);
    if (fraction === 0.25) perMbSmallest = perMb;
    const figure: MebdfParseFigure = {
      name: `parseMebdf ${fraction} MB`,
      ms: time,
      baseline: 'ms/MB at 0.25 MB',
      ratio: perMb / perMbSmallest,
      note: `${perMb.toFixed(0)} ms/MB, ${document.spans} spans`,
    };
    if (fraction === 1) {
      figure.target = '≤ 1.5× (linear)';
      figure.ok = perMb / perMbSmallest <= 1.5;
    }
    figures.push(figure);
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const figure of await benchMebdfParse()) {
    const ratio = figure.ratio === undefined ? '' : ` ${figure.ratio.toFixed(2)}× ${figure.baseline}`;
    const target = figure.target ? ` [${figure.target}: ${figure.ok ? 'ok' : 'MISSED'}]` : '';
    process.stdout.write(`${figure.name}: ${figure.ms.toFixed(1)} ms${ratio}${target} (${figure.note})\n`);
  }
}
