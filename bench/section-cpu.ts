/**
 * CPU time of a one-word section import without reading and writing the stored JSON, at each size
 * given (default 25, 100 and 400 pages): the document is parsed before the clock starts, and the
 * write takes the document verification predicted without serialising it. Each run imports into a
 * fresh parse as a user's `gdoc import --section` does after `gdoc export --section` of the same
 * file: the export has read the section first (the background gdoc keeps the file's document and
 * what it built of it, local-recent.ts); `cold` times the import into a parse nothing read before.
 * The issue asks under 5 ms at 100 pages and at most 1.5× from 25 to 400. Run old and new code
 * alternately on a busy machine: `node --import tsx bench/section-cpu.ts 25 100 400`.
 */

import { exportSectionService } from '../src/docs/service/export.js';
import { importSectionService } from '../src/docs/service/import.js';
import type { Document } from '../src/ground/docs-json.js';
import { pagesFromArgs } from './edit-loop.js';
import { sectionEdit } from './memory-store.js';

const results: Array<[number, number]> = [];
for (const pages of pagesFromArgs()) {
  const { text, store, backend, target, edited } = await sectionEdit(pages);
  const times: number[] = [];
  const walls: number[] = [];
  const colds: number[] = [];
  const runs = Number(process.env.RUNS ?? (pages >= 400 ? 7 : 15));
  for (let i = 0; i < runs; i++) {
    store.reset(JSON.parse(text) as Document);
    const t0 = performance.now();
    const cold = await importSectionService(backend, target, edited);
    colds.push(performance.now() - t0);
    if (cold.requests.length === 0) throw new Error('bench: the edit sent no requests');
  }
  for (let i = 0; i < runs; i++) {
    store.reset(JSON.parse(text) as Document);
    await exportSectionService(backend, target);
    const start = process.cpuUsage();
    const t0 = performance.now();
    const result = await importSectionService(backend, target, edited);
    walls.push(performance.now() - t0);
    const used = process.cpuUsage(start);
    if (result.requests.length === 0) throw new Error('bench: the edit sent no requests');
    times.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ms = median(times);
  results.push([pages, ms]);
  console.log(
    `${pages} pages: ${ms.toFixed(1)} ms CPU (median of ${runs}; min ${times[0]!.toFixed(1)}), ${median(walls).toFixed(1)} ms elapsed; cold ${median(colds).toFixed(1)} ms elapsed`,
  );
}
if (results.length > 1) {
  const [first, last] = [results[0]!, results.at(-1)!];
  console.log(`growth ${first[0]}→${last[0]} pages: ${(last[1] / first[1]).toFixed(2)}×`);
}
