/** The section, tab, find and create tools over the local store (see structure-suite.ts). */
import { connectLocal } from './harness.js';
import { structureSuite } from './structure-suite.js';

structureSuite('local store', async () => {
  const h = await connectLocal({ golden: true, multi: true });
  return { client: h.client, folders: false, close: h.close };
});
