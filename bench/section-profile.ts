/**
 * A CPU profile of the in-process one-word section import alone (what bench/section-cpu.ts times):
 * the profiler runs only around the imports, so generating the document, loading modules and
 * the JSON read stay out of it, and many runs make the self times by function steady. Prints the
 * functions with the most self time and writes the .cpuprofile:
 * `node --import tsx bench/section-profile.ts [pages=100] [runs=60] [out.cpuprofile]`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { importSectionService } from '../src/docs/service/import.js';
import type { Document } from '../src/ground/docs-json.js';
import { sectionEdit } from './memory-store.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [pages = 100, runs = 60] = process.argv.slice(2, 4).map(Number);
const out = process.argv[4] ?? `section-import-${pages}p.cpuprofile`;
const TOP = 15;

const { text, store, backend, target, edited } = await sectionEdit(pages);
// One import before the profiler starts, so that what runs once per process stays out.
await importSectionService(backend, target, edited);

const parses = Array.from({ length: runs }, () => JSON.parse(text) as Document);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
for (const parsed of parses) {
  store.reset(parsed);
  await importSectionService(backend, target, edited);
}
const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
session.disconnect();
writeFileSync(out, JSON.stringify(profile));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// The profiler's own stop (the inspector call that hands the profile over) is not the import's.
const profiler = new Set<number>();
const mark = (node: ProfileNode): void => {
  profiler.add(node.id);
  for (const c of node.children ?? []) mark(byId.get(c)!);
};
for (const n of profile.nodes) if (n.callFrame.url === 'node:inspector') mark(n);
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  if (profiler.has(id)) return;
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  total += ms;
  const frame = byId.get(id)?.callFrame;
  if (!frame) return;
  const file = frame.url.replace(/^file:\/\/.*?\/(src|node_modules|bench|test)\//, '$1/');
  const key = `${frame.functionName || '(anonymous)'} ${file}`.trim();
  self.set(key, (self.get(key) ?? 0) + ms);
});
process.stdout.write(
  `${pages} pages, ${runs} section imports: ${total.toFixed(0)} ms sampled, ${(total / runs).toFixed(1)} ms each (${out})\n  self ms  share  function\n`,
);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP))
  process.stdout.write(
    `  ${ms.toFixed(0).padStart(7)}  ${((ms / total) * 100).toFixed(1).padStart(4)}%  ${name}\n`,
  );
