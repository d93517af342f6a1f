/**
 * list_documents, get_metadata and health_check through a real MCP Client, over a fake backend
 * holding real documents (a nested multi-tab one among them) and able to fail on demand.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthRequiredError } from '../../src/errors.js';
import { createServer } from '../../src/server/index.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { FakeBackend, loadFixture } from './fake-backend.js';

const MULTI = 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json';
const SINGLE = 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json';

let backend: FakeBackend;
let client: Client;

beforeEach(async () => {
  backend = new FakeBackend(
    new Map([
      ['multi', loadFixture(MULTI)],
      ['single', loadFixture(SINGLE)],
    ]),
  );
  let tick = 0;
  const server = createServer(createToolDeps(backend, { log: () => {}, now: () => (tick += 7) }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
});
afterEach(async () => await client.close());

function text(result: unknown): unknown {
  return JSON.parse((result as { content: Array<{ text: string }> }).content[0]!.text);
}

describe('navigation tools', () => {
  it('get_metadata lists every tab with its parent and depth', async () => {
    const result = await client.callTool({ name: 'get_metadata', arguments: { document_id: 'multi' } });
    expect(result.isError).toBeFalsy();
    const meta = result.structuredContent as {
      title: string;
      tabs: Array<{ tab_id: string; parent_tab_id: string | null; nesting_level: number; index: number }>;
      revision_id: string;
    };
    expect(meta.title).toBe('Markdown Conversion Example - Multi-Tab');
    expect(meta.tabs.map((t) => [t.tab_id, t.parent_tab_id, t.nesting_level])).toEqual([
      ['t.0', null, 0],
      ['t.ytrmrxold3qv', null, 0],
      ['t.lkp7hl41vf2d', 't.ytrmrxold3qv', 1],
      ['t.a2r49ovghki6', 't.lkp7hl41vf2d', 2],
    ]);
    expect(meta.revision_id).toBe(loadFixture(MULTI).revisionId);
  });

  it('get_metadata accepts a docs.google.com URL', async () => {
    const result = await client.callTool({
      name: 'get_metadata',
      arguments: { document_id: 'https://docs.google.com/document/d/single/edit?tab=t.0' },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { document_id: string }).document_id).toBe('single');
  });

  it('get_metadata on an unknown document is a DocumentNotFoundError', async () => {
    const result = await client.callTool({ name: 'get_metadata', arguments: { document_id: 'missing' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatchObject({ success: false, error: { type: 'DocumentNotFoundError' } });
  });

  it('list_documents filters by name and honours limit', async () => {
    const all = await client.callTool({ name: 'list_documents', arguments: {} });
    expect((all.structuredContent as { total_count: number }).total_count).toBe(2);
    const some = await client.callTool({ name: 'list_documents', arguments: { query: 'multi', limit: 1 } });
    const listing = some.structuredContent as {
      documents: Array<{ document_id: string }>;
      total_count: number;
    };
    expect(listing.documents.map((d) => d.document_id)).toEqual(['multi']);
    const bad = await client.callTool({ name: 'list_documents', arguments: { limit: 1000 } });
    expect(text(bad)).toMatchObject({ error: { type: 'ValidationError' } });
  });

  it('the document resource outlines every tab from a single read', async () => {
    const before = backend.gets;
    const doc = await client.readResource({ uri: 'gdoc://documents/multi' });
    expect(backend.gets - before).toBe(1);
    const text = (doc.contents[0] as { text: string }).text;
    for (const tab of ['t.0', 't.ytrmrxold3qv', 't.lkp7hl41vf2d', 't.a2r49ovghki6']) {
      expect(text).toContain(`tab_id ${tab}`);
    }
  });

  it('health_check reports latency, and an auth failure as unhealthy', async () => {
    const ok = (await client.callTool({ name: 'health_check', arguments: {} })).structuredContent;
    expect(ok).toMatchObject({
      healthy: true,
      auth_ok: true,
      api_reachable: true,
      backend: 'fake',
      latency_ms: 7,
    });
    backend.failWith = new AuthRequiredError('Not signed in.', 'Run gdoc login.');
    const bad = (await client.callTool({ name: 'health_check', arguments: {} })).structuredContent;
    expect(bad).toMatchObject({
      healthy: false,
      auth_ok: false,
      api_reachable: true,
      problem: { type: 'AuthRequiredError', suggestion: 'Run gdoc login.' },
    });
  });
});
