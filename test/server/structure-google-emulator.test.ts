/**
 * The section, tab, find and create tools over the real Google backend (googleapis clients, auth,
 * retries, error mapping) talking HTTP to our Docs/Drive emulator (see structure-suite.ts).
 */
import { rmSync } from 'node:fs';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createGoogleBackend } from '../../src/docs/backends/google.js';
import { startEmulator } from '../../src/emulator/server.js';
import { createServer } from '../../src/server/index.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { makeStore } from './harness.js';
import { structureSuite } from './structure-suite.js';

structureSuite('Google backend + emulator', async () => {
  const dir = makeStore({ golden: true, multi: true });
  const emulator = await startEmulator({ storeDir: dir });
  const backend = await createGoogleBackend(
    { GDOC_API_ROOT: emulator.url, GDOC_ACCESS_TOKEN: 'test-token', GDOC_MAX_RETRIES: '2' },
    {},
  );
  const server = createServer(createToolDeps(backend, { log: () => {} }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'google-path', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return {
    client,
    folders: true,
    close: async () => {
      await client.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
