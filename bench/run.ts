/**
 * `npm run bench`: every benchmark, printed as one Markdown table (the README shows the latest),
 * or as JSON with `--json`. Each figure carries its ratio to a baseline measured in the same run.
 */
import { benchExport } from './export.js';
import { benchHttpCalls } from './http-calls.js';
import { benchImport } from './import.js';
import { benchMarkupOverhead } from './markup-overhead.js';
import { type Figure, formatTable } from './measure.js';
import { benchMebdfParse } from './mebdf-parse.js';
import { benchRealDocuments } from './real-documents.js';
import { benchScaling } from './scaling.js';
import { benchStartup } from './startup.js';

/** The exporter's own figures: the largest real document and its 100-page generated tab. */
async function exportFigures(): Promise<Figure[]> {
  return (await benchExport()).map((r) => ({
    name: `exportTab ${r.name}`,
    ms: r.exportMs,
    baseline: 'JSON.parse',
    ratio: r.ratio,
    note: `model ${r.modelMs.toFixed(0)} ms + render ${r.renderMs.toFixed(0)} ms; ${(r.bytes / 1e6).toFixed(2)} MB`,
  }));
}

/** The planner's own figures on its 100-page document. */
async function importFigures(): Promise<Figure[]> {
  return (await benchImport()).flatMap((r) => [
    {
      name: `plan: ${r.name}`,
      ms: r.planMs,
      baseline: 'JSON.parse',
      ratio: r.ratio,
      note: `${r.requests} requests`,
    },
    {
      name: `export + parse + plan: ${r.name}`,
      ms: r.pipelineMs,
      baseline: 'JSON.parse',
      ratio: r.pipelineRatio,
      note: `verify-before-write adds ${r.verifyMs.toFixed(0)} ms`,
    },
  ]);
}

const suites: Array<[string, () => Promise<Figure[]>]> = [
  ['MEBDF parse', benchMebdfParse],
  ['export', exportFigures],
  ['import planning', importFigures],
  ['generated documents', benchScaling],
  ['real documents', benchRealDocuments],
  ['markup overhead', benchMarkupOverhead],
  ['CLI start-up', benchStartup],
  ['Google path', benchHttpCalls],
];

const json = process.argv.includes('--json');
const figures: Figure[] = [];
for (const [name, run] of suites) {
  process.stderr.write(`bench: ${name}…\n`);
  figures.push(...(await run()));
}
if (json) {
  process.stdout.write(`${JSON.stringify({ node: process.version, figures }, null, 2)}\n`);
} else {
  process.stdout.write(`${formatTable(figures)}\n`);
  const missed = figures.filter((f) => f.ok === false);
  if (missed.length) process.stdout.write(`\nTargets missed: ${missed.map((f) => f.name).join('; ')}\n`);
}
