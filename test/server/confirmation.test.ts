/**
 * Destructive tools ask the user where the client can show a form: over both protocol revisions
 * (2025-11-25 on a connection, as stdio is: an elicitation/create request during the call;
 * 2026-07-28 over HTTP: an input-required result the client fulfils and retries). A yes goes
 * ahead without allow_deletions; a no changes nothing, even with allow_deletions. A 2025-11-25
 * client of the stateless HTTP endpoint cannot be asked (its initialize is not remembered), so
 * there allow_deletions is needed.
 */
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import type { RunningHttpServer } from '../../src/server/http.js';
import { createServer } from '../../src/server/index.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { errorOf, type HttpStore, serveStoreOverHttp } from './harness.js';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

let served: HttpStore;
let dir: string;
let server: RunningHttpServer;

beforeAll(async () => {
  served = await serveStoreOverHttp();
  ({ dir, server } = served);
});

afterAll(async () => await served?.close());

/** A client that can show forms, answering each with `answer`; `asked` collects the messages. */
async function connect(revision: string, answer: boolean): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client(
    { name: `confirming-${revision}`, version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(revision === MODERN ? { versionNegotiation: { mode: { pin: MODERN } } } : {}),
    },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(String((request.params as { message?: string }).message));
    return answer ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
  });
  if (revision === MODERN) {
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  } else {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const mcp = createServer(createToolDeps(new LocalBackend({ dir }), { log: () => {} }));
    await Promise.all([mcp.connect(a), client.connect(b)]);
  }
  return { client, asked };
}

async function anchors(client: Client): Promise<string[]> {
  const result = await client.callTool({ name: 'get_hierarchy', arguments: { document_id: 'golden' } });
  return (result.structuredContent as { headings: Array<{ anchor_id: string }> }).headings.map(
    (h) => h.anchor_id,
  );
}

describe.each([LEGACY, MODERN])('confirmation on %s', (revision) => {
  it('a no changes nothing, even with allow_deletions', async () => {
    const { client, asked } = await connect(revision, false);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      const before = await anchors(client);
      const error = errorOf(
        await client.callTool({
          name: 'delete_section',
          arguments: { document_id: 'golden', anchor_id: before[1], allow_deletions: true },
        }),
      );
      expect(error.message).toContain('did not confirm');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(before[1]);
      expect(await anchors(client)).toEqual(before);
    } finally {
      await client.close();
    }
  });

  it('a yes goes ahead without allow_deletions', async () => {
    const { client, asked } = await connect(revision, true);
    try {
      const inserted = await client.callTool({
        name: 'insert_section',
        arguments: { document_id: 'golden', content: `# To remove (${revision})\n\nSoon gone.\n` },
      });
      const anchor = (inserted.structuredContent as { new_headings: Array<{ anchor_id: string }> })
        .new_headings[0]!.anchor_id;
      expect(asked).toEqual([]); // adding asks nothing
      const deleted = await client.callTool({
        name: 'delete_section',
        arguments: { document_id: 'golden', anchor_id: anchor },
      });
      expect(deleted.isError, JSON.stringify(deleted.content)).toBeFalsy();
      expect(asked).toHaveLength(1);
      expect(await anchors(client)).not.toContain(anchor);
    } finally {
      await client.close();
    }
  });
});

it('a 2025-11-25 client of the stateless HTTP endpoint needs allow_deletions', async () => {
  const client = new Client(
    { name: 'legacy-http', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: { confirm: true },
  }));
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  try {
    expect(client.getNegotiatedProtocolVersion()).toBe(LEGACY);
    const [, second] = await anchors(client);
    const error = errorOf(
      await client.callTool({
        name: 'delete_section',
        arguments: { document_id: 'golden', anchor_id: second },
      }),
    );
    expect(error.suggestion).toContain('allow_deletions: true');
  } finally {
    await client.close();
  }
});
