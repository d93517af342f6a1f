/**
 * `npm run bench`: what a user runs (export, imports through the service and the CLI at 25 to 400
 * pages, CLI start, the export's markup overhead on the real tabs, HTTP calls), printed as one Markdown table (the README shows the latest), or
 * as JSON with `--json`. `--all` adds the component benchmarks (MEBDF parser, exporter, planner,
 * real documents). Each figure carries its ratio to a baseline measured in the same run.
 * `--imports` runs only the import rows of the user suite, with user.ts's arguments (sizes,
 * `--scenario=section,tab,unchanged`): `npm run bench -- --imports 25 100 400`. `--export` runs
 * only the export rows (and their growth line): `npm run bench -- --export 25 100 400`.
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
import { benchUser, userBenchArgs } from './user.js';

/** The exporter's own figures: the largest real document and its 100-page generated tab. */
async function exportFigures(): Promise<Figure[]> {
  return (await benchExport()).map((r) => ({
    name: `exportTab ${r.name}`,
    ms: r.exportMs,
    baseline: 'JSON.parse',
    ratio: r.ratio,
    note: `model ${r.modelMs.toFixed(0)} ms + render ${r.renderMs.toFixed(0)} ms (serializer alone ${r.serializeMs.toFixed(0)} ms, ${(r.serializeMs / r.parseMs).toFixed(1)}× JSON.parse); ${(r.bytes / 1e6).toFixed(2)} MB`,
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

const userSuites: Array<[string, () => Promise<Figure[]>]> = [
  ['CLI start-up', benchStartup],
  ['export and import at 25-400 pages', () => benchUser()],
  ['markup overhead', benchMarkupOverhead],
  ['Google path', benchHttpCalls],
];

const componentSuites: Array<[string, () => Promise<Figure[]>]> = [
  ['MEBDF parse', benchMebdfParse],
  ['export', exportFigures],
  ['import planning', importFigures],
  ['generated documents', benchScaling],
  ['real documents', benchRealDocuments],
];

const json = process.argv.includes('--json');
const importsOnly: Array<[string, () => Promise<Figure[]>]> = [
  [
    'imports',
    () => {
      const { pages, options } = userBenchArgs(process.argv.slice(2).filter((a) => a !== '--json'));
      return benchUser(pages, { ...options, export: false });
    },
  ],
];
const exportOnly: Array<[string, () => Promise<Figure[]>]> = [
  [
    'export',
    () => {
      const { pages } = userBenchArgs(process.argv.slice(2).filter((a) => a !== '--json'));
      return benchUser(pages, { scenarios: [] });
    },
  ],
];
const suites = process.argv.includes('--imports')
  ? importsOnly
  : process.argv.includes('--export')
    ? exportOnly
    : process.argv.includes('--all')
      ? [...userSuites, ...componentSuites]
      : userSuites;
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
