/**
 * The fast canonical serializer against the mdast path it replaces: `serializeMebdf(model)` vs
 * `stringifyMebdf(model)` vs `JSON.parse` of the pretty-printed Docs JSON, on the exports of the
 * largest real document and of a generated 100-page document. Run alone with
 * `node --import tsx bench/serialize.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportTab } from '../src/docs/export/index.js';
import type { Document } from '../src/docs/types.js';
import { stringifyMebdf } from '../src/mebdf/index.js';
import type { MebdfDocument } from '../src/mebdf/model.js';
import { serializeMebdf } from '../src/mebdf/serialize/index.js';
import { generateDocument } from '../test/support/generate-document.js';
import { type Figure, formatTable, median } from './measure.js';

const here = dirname(fileURLToPath(import.meta.url));
const LARGEST = 'think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI.json';

function figures(name: string, doc: Document): Figure[] {
  const text = JSON.stringify(doc, null, 2);
  const model: MebdfDocument = exportTab(doc).model;
  if (serializeMebdf(model) !== stringifyMebdf(model)) throw new Error(`${name}: the serializers disagree`);
  const parseMs = median(() => JSON.parse(text));
  const oldMs = median(() => stringifyMebdf(model));
  const newMs = median(() => serializeMebdf(model));
  const mb = `${(text.length / 1e6).toFixed(2)} MB JSON`;
  return [
    { name: `stringifyMebdf ${name}`, ms: oldMs, baseline: 'JSON.parse', ratio: oldMs / parseMs, note: mb },
    {
      name: `serializeMebdf ${name}`,
      ms: newMs,
      baseline: 'JSON.parse',
      ratio: newMs / parseMs,
      note: `${(oldMs / newMs).toFixed(1)}× faster than stringifyMebdf`,
    },
  ];
}

export async function benchSerialize(): Promise<Figure[]> {
  const real = JSON.parse(readFileSync(join(here, '../test/fixtures/real', LARGEST), 'utf8')) as Document;
  return [
    ...figures('largest real document', real),
    ...figures('100 generated pages', generateDocument({ pages: 100 })),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${formatTable(await benchSerialize())}\n`);
}
