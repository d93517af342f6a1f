/**
 * The section loop a person runs in one process, as a server or the background gdoc runs it: read
 * the outline once, then export one section, change one word, import it; again and again. Prints
 * the import's elapsed time and CPU time (medians after fifteen untimed rounds) at each size, and the
 * growth from the first size to the last. Beside section-cpu.ts, which hands every import a
 * document parsed afresh (as a read from Google is), here the store holds the document written
 * last, as the local store does: the tab's build is the one verification made of the write.
 * `node --import tsx bench/section-loop.ts 25 100 400`
 */
import { toTabsShape } from '../src/docs/engine/index.js';
import { getHierarchy } from '../src/docs/export/index.js';
import { generateDocument } from '../src/docs/generate-document.js';
import { exportSectionService } from '../src/docs/service/export.js';
import { importSectionService } from '../src/docs/service/import.js';
import type { Backend } from '../src/ground/backend.js';
import { editLoop, pagesFromArgs } from './edit-loop.js';
import { MemoryStore } from './memory-store.js';
import { middleAnchor } from './user.js';

const results: Array<[number, number]> = [];
for (const pages of pagesFromArgs()) {
  const doc = toTabsShape(generateDocument({ pages }));
  doc.revisionId = 'r0';
  const store = new MemoryStore(doc);
  const backend = store as unknown as Backend;
  const target = { document_id: 'doc', anchor_id: middleAnchor(doc) };
  // `gdoc outline`, to find the section's anchor.
  getHierarchy(await store.get(), null);
  const runs = 30;
  const { elapsed, cpu } = await editLoop(
    runs,
    async () => (await exportSectionService(backend, target)).content,
    (text) => importSectionService(backend, target, text),
  );
  results.push([pages, elapsed]);
  console.log(
    `${pages} pages: import ${elapsed.toFixed(1)} ms elapsed, ${cpu.toFixed(1)} ms CPU (medians of ${runs})`,
  );
}
if (results.length > 1) {
  const [first, last] = [results[0]!, results.at(-1)!];
  console.log(`growth ${first[0]}→${last[0]} pages: ${(last[1] / first[1]).toFixed(2)}× (elapsed)`);
}
