import { generateDocument } from '../test/support/generate-document.js';
import { exportTab, getHierarchy } from '../src/docs/export/index.js';
for (const pages of [300, 340]) {
  const t0 = performance.now();
  const doc = generateDocument({ pages });
  const c = exportTab(doc).content;
  const h = getHierarchy(doc);
  console.log(pages, Math.ceil(c.length / 4), JSON.stringify(doc).length, h.headings.length, h.headings.slice(0,5), Math.round(performance.now()-t0));
}
