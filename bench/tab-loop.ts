/**
 * The loop a person runs, in one process as a server or the background gdoc runs it: export the
 * whole tab, change one word, import it; again and again. Prints the import's elapsed time and
 * CPU time (medians after fifteen untimed rounds) at each size. Beside tab-cpu.ts, whose imports
 * follow one another with no export between them.
 * `node --import tsx bench/tab-loop.ts 25 100 400`
 */
import { toTabsShape } from '../src/docs/engine/index.js';
import { generateDocument } from '../src/docs/generate-document.js';
import { exportTabService } from '../src/docs/service/export.js';
import { importTabService } from '../src/docs/service/import.js';
import type { Backend } from '../src/ground/backend.js';
import { editLoop, pagesFromArgs } from './edit-loop.js';
import { MemoryStore } from './memory-store.js';

for (const pages of pagesFromArgs()) {
  const doc = toTabsShape(generateDocument({ pages }));
  doc.revisionId = 'r0';
  const backend = new MemoryStore(doc) as unknown as Backend;
  const target = { document_id: 'doc' };
  const runs = pages >= 400 ? 7 : 15;
  const { elapsed, cpu } = await editLoop(
    runs,
    async () => (await exportTabService(backend, target)).content,
    (text) => importTabService(backend, target, text),
  );
  console.log(
    `${pages} pages: import ${elapsed.toFixed(1)} ms elapsed, ${cpu.toFixed(1)} ms CPU (medians of ${runs})`,
  );
}
