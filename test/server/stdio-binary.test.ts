/**
 * Smoke test of the built binary as an editor launches it: `node dist/cli/main.js serve --local
 * DIR` over stdio with the SDK's StdioClientTransport — list tools, read, write one section — and
 * nothing but MCP on stdout; a 2025-11-25 client (initialize) and a 2026-07-28 one (server/discover)
 * are both served. Needs dist/ (the vitest globalSetup builds it when out of date).
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from './harness.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

let dir: string;
let client: Client;
let stderr = '';

beforeAll(async () => {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: run \`npm run build\` first (the vitest globalSetup does).`);
  dir = makeStore({ golden: true, multi: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'serve', '--local', dir],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  client = new Client({ name: 'smoke', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('gdoc serve over stdio (built binary)', () => {
  it('lists the twenty-four tools and identifies itself', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(27);
    expect(client.getServerVersion()?.name).toBe('gdoc-mcp');
    expect(client.getInstructions()).toContain('export_section');
  });

  it('reads metadata and writes one section of a local document', async () => {
    const meta = await client.callTool({ name: 'get_metadata', arguments: { document_id: 'multi' } });
    expect((meta.structuredContent as { tabs: unknown[] }).tabs).toHaveLength(4);
    const exported = (
      await client.callTool({
        name: 'export_section',
        arguments: { document_id: 'golden', anchor_id: 'h.vfzix7fdzbxd' },
      })
    ).structuredContent as { content: string; base: string };
    const imported = await client.callTool({
      name: 'import_section',
      arguments: {
        document_id: 'golden',
        anchor_id: 'h.vfzix7fdzbxd',
        content: exported.content.replace('links.', 'links, among others.'),
        base: exported.base,
      },
    });
    expect(imported.isError, JSON.stringify(imported)).toBeFalsy();
    const again = (
      await client.callTool({
        name: 'export_section',
        arguments: { document_id: 'golden', anchor_id: 'h.vfzix7fdzbxd' },
      })
    ).structuredContent as { content: string };
    expect(again.content).toContain('links, among others.');
  });

  it('serves the MEBDF grammar, a file the bundled server finds beside the package', async () => {
    const read = await client.readResource({ uri: 'gdoc://mebdf/grammar' });
    expect((read.contents[0] as { text: string }).text).toContain('# The MEBDF grammar (normative)');
  });

  it('answers errors as typed results and logs only to stderr', async () => {
    const result = await client.callTool({ name: 'export_tab', arguments: { document_id: 'multi' } });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text).error.type).toBe(
      'MultipleTabsError',
    );
    expect(stderr).toContain('serving local documents on stdio');
  });
});

describe('gdoc serve over stdio, 2026-07-28 client (built binary)', () => {
  it('answers server/discover instead of initialize and serves tools and resources', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--local', dir],
      stderr: 'ignore',
    });
    const modern = new Client(
      { name: 'smoke-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await modern.connect(transport);
    try {
      expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const tools = await modern.listTools();
      expect(tools.tools).toHaveLength(27);
      expect(tools).toMatchObject({ cacheScope: 'public' });
      const read = await modern.readResource({ uri: 'gdoc://documents/multi' });
      expect((read.contents[0] as { text: string }).text).toContain('tab_id');
    } finally {
      await modern.close();
    }
  });
});
