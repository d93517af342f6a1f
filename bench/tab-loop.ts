/**
 * The loop a person runs, in one process as a server or the background gdoc runs it: export the
 * whole tab, change one word, import it; again and again. Prints the import's elapsed time and
 * CPU time (medians after two warm-up rounds) at each size. Beside tab-cpu.ts, whose imports
 * follow one another with no export between them.
 * `node --import tsx bench/tab-loop.ts 25 100 400`
 */
import { toTabsShape } from '../src/docs/engine/index.js';
import { exportTabService } from '../src/docs/service/export.js';
import { importTabService } from '../src/docs/service/import.js';
import type { Backend } from '../src/ground/backend.js';
import { generateDocument } from '../test/support/generate-document.js';
import { MemoryStore } from './memory-store.js';
import { editOneWord } from './user.js';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const WORDS = ['edited', 'amended'];
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const pages of sizes.length ? sizes : [25, 100, 400]) {
  const doc = toTabsShape(generateDocument({ pages }));
  doc.revisionId = 'r0';
  const backend = new MemoryStore(doc) as unknown as Backend;
  const target = { document_id: 'doc' };
  const elapsed: number[] = [];
  const cpu: number[] = [];
  const runs = pages >= 400 ? 7 : 15;
  for (let i = 0; i < runs + 2; i++) {
    // Another word each round: the first plain word of the text, which the last round wrote.
    const edited = editOneWord((await exportTabService(backend, target)).content, WORDS[i % 2]);
    const t0 = performance.now();
    const start = process.cpuUsage();
    const result = await importTabService(backend, target, edited);
    const used = process.cpuUsage(start);
    if (result.requests.length === 0) throw new Error('bench: the edit changed nothing');
    if (i < 2) continue; // warm-up rounds
    elapsed.push(performance.now() - t0);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(
    `${pages} pages: import ${middle(elapsed).toFixed(1)} ms elapsed, ${middle(cpu).toFixed(1)} ms CPU (medians of ${runs})`,
  );
}
