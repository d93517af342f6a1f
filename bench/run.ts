/**
 * `npm run bench`: every benchmark, printed as one Markdown table (the README shows the latest),
 * or as JSON with `--json`. Each figure carries its ratio to a baseline measured in the same run.
 */
import { benchHttpCalls } from './http-calls.js';
import { type Figure, formatTable } from './measure.js';
import { benchRealDocuments } from './real-documents.js';
import { benchScaling } from './scaling.js';
import { benchStartup } from './startup.js';

const suites: Array<[string, () => Promise<Figure[]>]> = [
  ['generated documents', benchScaling],
  ['real documents', benchRealDocuments],
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
