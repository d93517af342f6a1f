/**
 * Export of every real document in test/fixtures/real (each tab), against JSON.parse of the same
 * document text: the ratio on documents people actually wrote, from 11 KB to 2.4 MB.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toTabsShape } from '../src/docs/engine/index.js';
import { exportTab, listTabs } from '../src/docs/export/index.js';
import type { Document } from '../src/ground/docs-json.js';
import { type Figure, median } from './measure.js';

const dir = fileURLToPath(new URL('../test/fixtures/real/', import.meta.url));

export async function benchRealDocuments(): Promise<Figure[]> {
  let parseTotal = 0;
  let exportTotal = 0;
  let largest: Figure | undefined;
  let largestBytes = 0;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.includes('.requests.'));
  for (const file of files) {
    const text = readFileSync(`${dir}${file}`, 'utf8');
    const doc = toTabsShape(JSON.parse(text) as Document);
    const tabIds = listTabs(doc).map((t) => t.tabId);
    const parseMs = median(() => JSON.parse(text), { minRuns: 3, minMs: 100 });
    const exportMs = median(
      () => {
        for (const tabId of tabIds) exportTab(doc, tabId);
      },
      { minRuns: 3, minMs: 100 },
    );
    parseTotal += parseMs;
    exportTotal += exportMs;
    if (text.length > largestBytes) {
      largestBytes = text.length;
      largest = {
        name: `export largest real doc (${(text.length / 1e6).toFixed(2)} MB)`,
        ms: exportMs,
        baseline: 'JSON.parse',
        ratio: exportMs / parseMs,
      };
    }
  }
  return [
    {
      name: `export all ${files.length} real docs (every tab)`,
      ms: exportTotal,
      baseline: 'JSON.parse',
      ratio: exportTotal / parseTotal,
    },
    ...(largest ? [largest] : []),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of await benchRealDocuments()) console.log(f);
}
