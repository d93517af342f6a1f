/**
 * Both protocol revisions on one Streamable HTTP endpoint, over loopback: a 2026-07-28 client
 * (stateless: `server/discover`, the `_meta` envelope on every request, cache hints on list and
 * read results) and a 2025-11-25 client (`initialize` handshake) talk to the same `/mcp` of the
 * same running server, and both list and call tools, read resources and complete arguments.
 */
import { Client, ProtocolErrorCode, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHttpServer } from '../../src/server/http.js';
import { type HttpStore, serveStoreOverHttp } from './harness.js';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

let served: HttpStore;
let server: RunningHttpServer;

beforeAll(async () => {
  served = await serveStoreOverHttp();
  ({ server } = served);
});

afterAll(async () => await served?.close());

interface Connected {
  client: Client;
  /** JSON-RPC methods the client POSTed, with the protocol-version header each carried. */
  sent: Array<{ method: string; version: string | null; mcpMethod: string | null }>;
}

async function connect(revision: typeof MODERN | typeof LEGACY): Promise<Connected> {
  const sent: Connected['sent'] = [];
  const recording: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') {
      const headers = new Headers(init.headers);
      sent.push({
        method: (JSON.parse(init.body) as { method?: string }).method ?? '(response)',
        version: headers.get('mcp-protocol-version'),
        mcpMethod: headers.get('mcp-method'),
      });
    }
    return await fetch(input, init);
  };
  const client = new Client(
    { name: `revision-${revision}`, version: '1.0.0' },
    revision === MODERN ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { fetch: recording }));
  return { client, sent };
}

describe.each([MODERN, LEGACY] as const)('protocol revision %s on the shared /mcp endpoint', (revision) => {
  let c: Connected;
  beforeAll(async () => {
    c = await connect(revision);
  });
  afterAll(async () => {
    await c?.client.close();
  });

  it('opens with the revision’s own handshake', () => {
    expect(c.client.getNegotiatedProtocolVersion()).toBe(revision);
    const opening = c.sent[0]?.method;
    if (revision === MODERN) {
      expect(opening).toBe('server/discover');
      expect(c.sent.map((s) => s.method)).not.toContain('initialize');
    } else {
      expect(opening).toBe('initialize');
    }
    expect(c.client.getServerVersion()?.name).toBe('gdoc-mcp');
  });

  it('lists and calls tools', async () => {
    const { tools } = await c.client.listTools();
    expect(tools).toHaveLength(27);
    const result = await c.client.callTool({ name: 'get_metadata', arguments: { document_id: 'multi' } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { tabs: unknown[] }).tabs).toHaveLength(4);
  });

  it('answers bad tool arguments with the typed ValidationError result', async () => {
    const result = await c.client.callTool({ name: 'get_metadata', arguments: { document_id: 7 } });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    expect(JSON.parse(text).error.type).toBe('ValidationError');
  });

  it('reads a resource, and answers a missing document with resource-not-found (-32602, uri)', async () => {
    const read = await c.client.readResource({ uri: 'gdoc://documents/golden' });
    expect((read.contents[0] as { text: string }).text).toContain('# MD Serde Golden');
    await expect(c.client.readResource({ uri: 'gdoc://documents/nope' })).rejects.toMatchObject({
      code: ProtocolErrorCode.InvalidParams,
      data: { uri: 'gdoc://documents/nope', type: 'DocumentNotFoundError' },
    });
  });

  it('completes a resource template variable from the store', async () => {
    const { completion } = await c.client.complete({
      ref: { type: 'ref/resource', uri: 'gdoc://documents/{document_id}' },
      argument: { name: 'document_id', value: 'mul' },
    });
    expect(completion.values).toEqual(['multi']);
  });

  it(revision === MODERN ? 'puts cache hints on list and read results' : 'sends no cache hints', async () => {
    const tools = (await c.client.listTools()) as { ttlMs?: number; cacheScope?: string };
    const resources = (await c.client.listResources()) as { ttlMs?: number; cacheScope?: string };
    const read = (await c.client.readResource({ uri: 'gdoc://documents/golden' })) as {
      ttlMs?: number;
      cacheScope?: string;
    };
    if (revision === MODERN) {
      expect(tools).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });
      expect(resources).toMatchObject({ ttlMs: 30_000, cacheScope: 'private' });
      expect(read).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    } else {
      for (const result of [tools, resources, read]) {
        expect(result.ttlMs).toBeUndefined();
        expect(result.cacheScope).toBeUndefined();
      }
    }
  });

  if (revision === MODERN) {
    it('sends the protocol version and method as headers on every request', () => {
      const requests = c.sent.filter((s) => s.method !== '(response)');
      expect(requests.length).toBeGreaterThan(3);
      for (const s of requests) {
        expect(s.version).toBe(MODERN);
        expect(s.mcpMethod).toBe(s.method);
      }
    });
  }
});
