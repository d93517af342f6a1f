/**
 * CPU time of a one-word whole-tab import in process, as a server runs it: the document in memory
 * (parsed before the clock starts), the texts this process exported and imported kept, the write
 * taking the document verification predicted. Edits and undos alternate, so every run is a
 * one-word change. The issue asks under 33 ms at 100 pages. Run old and new code alternately on
 * a busy machine: `node --import tsx bench/tab-cpu.ts 25 100 400`.
 */
import { toTabsShape } from '../src/docs/engine/index.js';
import { generateDocument } from '../src/docs/generate-document.js';
import { exportTabService } from '../src/docs/service/export.js';
import { importTabService } from '../src/docs/service/import.js';
import type { Backend } from '../src/ground/backend.js';
import { pagesFromArgs } from './edit-loop.js';
import { MemoryStore } from './memory-store.js';
import { editOneWord } from './user.js';

for (const pages of pagesFromArgs()) {
  const doc = toTabsShape(generateDocument({ pages }));
  doc.revisionId = 'r0';
  const backend = new MemoryStore(doc) as unknown as Backend;
  const target = { document_id: 'doc' };
  const original = (await exportTabService(backend, target)).content;
  const edited = editOneWord(original);
  const times: number[] = [];
  const runs = pages >= 400 ? 7 : 15;
  for (let i = 0; i < runs + 2; i++) {
    const start = process.cpuUsage();
    await importTabService(backend, target, i % 2 === 0 ? edited : original);
    const used = process.cpuUsage(start);
    if (i >= 2) times.push((used.user + used.system) / 1000); // two warm-up runs
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)]!;
  console.log(`${pages} pages: ${ms.toFixed(1)} ms CPU (median of ${runs}; min ${times[0]!.toFixed(1)})`);
}
