/**
 * A whole-tab import with a base after a colleague changed another paragraph: the import merges
 * the edit onto the current text (the Merged warning), in one process over the local store, as a
 * server runs it. Prints the median elapsed time at each size against `JSON.parse` of the same
 * file. `node --import tsx bench/merge-import.ts 25 100 400`
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalBackend } from '../src/docs/backends/local.js';
import { MemoryBaseStore } from '../src/docs/service/base-store.js';
import { exportTabService } from '../src/docs/service/export.js';
import { importTabService } from '../src/docs/service/import.js';
import { pagesFromArgs } from './edit-loop.js';
import { median } from './measure.js';
import { editOneWord, makeStore } from './user.js';

const RUNS = 9;

/** The store's document as a colleague leaves it: one word changed near the end of the tab. */
async function changedNearTheEnd(pristine: string, tab: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gdoc-bench-colleague-'));
  try {
    writeFileSync(join(dir, 'doc.json'), pristine);
    const lines = tab.split('\n');
    let at = lines.length - 40;
    while (/^[#|{<!]/.test(lines[at]!) || !/ ([a-z]{4,}) /.test(lines[at]!)) at++;
    lines[at] = lines[at]!.replace(/ ([a-z]{4,}) /, ' colleague ');
    await importTabService(new LocalBackend({ dir }), { document_id: 'doc' }, lines.join('\n'));
    return readFileSync(join(dir, 'doc.json'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const pages of pagesFromArgs()) {
  const store = await makeStore(pages);
  const changed = await changedNearTheEnd(store.pristine, store.tab);
  const times: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    writeFileSync(store.file, store.pristine);
    const backend = new LocalBackend({ dir: store.dir });
    const bases = new MemoryBaseStore();
    const read = await exportTabService(backend, { document_id: 'doc' }, { bases });
    writeFileSync(store.file, changed);
    const t0 = performance.now();
    const result = await importTabService(
      backend,
      { document_id: 'doc' },
      editOneWord(read.content, 'mine'),
      { base: read.base },
      bases,
    );
    if (run > 0) times.push(performance.now() - t0);
    if (!result.warnings.some((w) => w.startsWith('Merged')))
      throw new Error('bench: the import did not merge');
  }
  const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const parse = median(() => JSON.parse(store.pristine), { minRuns: 3, minMs: 200 });
  console.log(
    `${pages} pages: ${ms.toFixed(1)} ms, ${(ms / parse).toFixed(1)}× JSON.parse (${parse.toFixed(1)} ms)`,
  );
  rmSync(store.dir, { recursive: true, force: true });
}
