/**
 * The built code in dist/, typed as its sources, for the bench's in-process rows: a server and the
 * background gdoc run tsc's output, and tsx's transform of src/ (which the bench itself runs under)
 * wraps every function it makes in a naming helper, 5–10% of an export at 100 pages. `npm run
 * bench` builds first; run alone, a bench that takes this needs `npm run build` before it.
 * Imported dynamically so that type-checking (which runs before the build) never needs dist/.
 */
import { existsSync } from 'node:fs';

type Built = typeof import('../src/docs/backends/local.js') &
  typeof import('../src/docs/engine/json.js') &
  typeof import('../src/docs/export/index.js') &
  typeof import('../src/docs/generate-document.js') &
  typeof import('../src/docs/service/export.js') &
  typeof import('../src/docs/service/import.js') &
  typeof import('../src/errors.js');

const MODULES = [
  'docs/backends/local.js',
  'docs/engine/json.js',
  'docs/export/index.js',
  'docs/generate-document.js',
  'docs/service/export.js',
  'docs/service/import.js',
  'errors.js',
];

/** One object of every export the in-process rows use, from dist/. */
export async function loadBuilt(): Promise<Built> {
  const dist = new URL('../dist/', import.meta.url);
  const missing = MODULES.find((path) => !existsSync(new URL(path, dist)));
  if (missing)
    throw new Error(`dist/${missing} is missing: run \`npm run build\` first (npm run bench does).`);
  const modules = await Promise.all(MODULES.map((path) => import(new URL(path, dist).href)));
  return Object.assign({}, ...modules) as Built;
}
