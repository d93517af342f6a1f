/**
 * The MCP tools over the real Google backend (googleapis clients, auth header, retries, error
 * mapping) talking HTTP to our Docs/Drive emulator — the path a real user's calls take, minus
 * Google. Checks the wire: an import is one documents.get and one guarded batchUpdate.
 */
import { rmSync } from 'node:fs';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogleBackend } from '../../src/docs/backends/google.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { createServer } from '../../src/server/index.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { errorOf, makeStore } from './harness.js';

let dir: string;
let emulator: RunningEmulator;
let client: Client;

beforeEach(async () => {
  dir = makeStore({ golden: true, multi: true });
  emulator = await startEmulator({ storeDir: dir });
  const backend = await createGoogleBackend(
    { GDOC_API_ROOT: emulator.url, GDOC_ACCESS_TOKEN: 'test-token', GDOC_MAX_RETRIES: '2' },
    {},
  );
  const server = createServer(createToolDeps(backend, { log: () => {} }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'google-path', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
});

afterEach(async () => {
  await client.close();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('tools over GoogleBackend + emulator', () => {
  it('health_check and list_documents go through Drive', async () => {
    const health = (await client.callTool({ name: 'health_check', arguments: {} })).structuredContent;
    expect(health).toMatchObject({ healthy: true, backend: 'google', auth_ok: true, api_reachable: true });
    const list = (await client.callTool({ name: 'list_documents', arguments: { query: 'Serde' } }))
      .structuredContent as {
      documents: Array<{ document_id: string; title: string }>;
    };
    expect(list.documents.map((d) => d.title)).toEqual(['MD Serde Golden']);
  });

  it('export then import a section: one get and one guarded batchUpdate on the wire', async () => {
    const exported = (
      await client.callTool({
        name: 'export_section',
        arguments: { document_id: 'golden', anchor_id: 'h.ryalwp7mpmhm' },
      })
    ).structuredContent as { content: string; base: string; revision_id: string };
    emulator.clearCalls();
    const result = await client.callTool({
      name: 'import_section',
      arguments: {
        document_id: 'golden',
        anchor_id: 'h.ryalwp7mpmhm',
        content: exported.content.replace('in it.', 'in it, via the API.'),
        base: exported.base,
      },
    });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const ops = emulator.calls().map((c) => c.operation);
    expect(ops.filter((o) => o === 'get')).toHaveLength(1);
    expect(ops.filter((o) => o === 'batchUpdate')).toHaveLength(1);
    const write = emulator.calls().find((c) => c.operation === 'batchUpdate')?.body as {
      requests: unknown[];
      writeControl?: { requiredRevisionId?: string };
    };
    expect(write.writeControl?.requiredRevisionId).toBe(exported.revision_id);
    expect(write.requests.length).toBe((result.structuredContent as { request_count: number }).request_count);
  });

  it('maps an unknown document and an expired token to typed errors', async () => {
    const missing = errorOf(
      await client.callTool({ name: 'get_metadata', arguments: { document_id: 'nope' } }),
    );
    expect(missing.type).toBe('DocumentNotFoundError');
    emulator.setAcceptedTokens(['another-token']);
    const expired = errorOf(
      await client.callTool({ name: 'get_hierarchy', arguments: { document_id: 'golden' } }),
    );
    expect(expired.type).toBe('AuthRequiredError');
    const health = (await client.callTool({ name: 'health_check', arguments: {} })).structuredContent;
    expect(health).toMatchObject({ healthy: false, auth_ok: false, api_reachable: true });
  });
});
