/**
 * The canonical serializer (`stringifyMebdf`: model -> mdast -> mdast-util-to-markdown) against
 * `JSON.parse` of the pretty-printed Docs JSON, on the exports of the largest real document and of
 * a generated 100-page document, with its two halves (`modelToTree`, `stringifyTree`). Run alone
 * with `node --import tsx bench/serialize.ts`; figures are the fastest of 20 runs.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportTab } from '../src/docs/export/index.js';
import { generateDocument } from '../src/docs/generate-document.js';
import type { Document } from '../src/ground/docs-json.js';
import { stringifyMebdf } from '../src/mebdf/index.js';
import type { MebdfDocument } from '../src/mebdf/model.js';
import { modelToTree } from '../src/mebdf/semantic/from-model.js';
import { stringifyTree } from '../src/mebdf/tree.js';
import { type Figure, formatTable } from './measure.js';

/**
 * The fastest of `runs` timed runs after a warm-up: on a shared, loaded machine the minimum is the
 * stable figure. (Forcing a collection before each run makes every run slower, not steadier: the
 * young generation shrinks.)
 */
function fastest(fn: () => unknown, runs = 20): number {
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    fn();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const here = dirname(fileURLToPath(import.meta.url));
const LARGEST = 'think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI.json';

function figure(name: string, doc: Document): Figure {
  const text = JSON.stringify(doc, null, 2);
  const model: MebdfDocument = exportTab(doc).model;
  const parseMs = fastest(() => JSON.parse(text));
  const ms = fastest(() => stringifyMebdf(model));
  const tree = modelToTree(model);
  const treeMs = fastest(() => modelToTree(model));
  const writeMs = fastest(() => stringifyTree(tree));
  return {
    name: `stringifyMebdf ${name}`,
    ms,
    baseline: 'JSON.parse',
    ratio: ms / parseMs,
    note: `${(text.length / 1e6).toFixed(2)} MB JSON; modelToTree ${treeMs.toFixed(1)} ms + write ${writeMs.toFixed(1)} ms`,
  };
}

export async function benchSerialize(): Promise<Figure[]> {
  const real = JSON.parse(readFileSync(join(here, '../test/fixtures/real', LARGEST), 'utf8')) as Document;
  return [
    figure('largest real document', real),
    figure('100 generated pages', generateDocument({ pages: 100 })),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${formatTable(await benchSerialize())}\n`);
}
