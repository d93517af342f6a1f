/**
 * A section added, moved and deleted in a 250k-token document through MCP, over the real Google
 * backend and the emulator: the model never receives the tab (every answer is small), and each
 * write is one batchUpdate of a few small requests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleBackend } from '../../src/docs/backends/google.js';
import { estimateTokens, exportSection, exportTab } from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import type { Document } from '../../src/ground/docs-json.js';
import { createServer } from '../../src/server/index.js';
import { createToolDeps } from '../../src/tools/deps.js';

let dir: string;
let emulator: RunningEmulator;
let client: Client;
let original: Document;

beforeAll(async () => {
  original = generateDocument({ pages: 330, seed: 7 });
  dir = mkdtempSync(join(tmpdir(), 'gdoc-large-'));
  writeFileSync(join(dir, 'big.json'), JSON.stringify(original));
  emulator = await startEmulator({ storeDir: dir });
  const backend = await createGoogleBackend(
    { GDOC_API_ROOT: emulator.url, GDOC_ACCESS_TOKEN: 'test-token', GDOC_MAX_RETRIES: '2' },
    {},
  );
  const server = createServer(createToolDeps(backend, { log: () => {} }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'large', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await emulator?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A tool call's answer, and how large it was as the model reads it. */
async function call(
  name: string,
  args: Record<string, unknown>,
): Promise<{ out: Record<string, unknown>; chars: number }> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content).slice(0, 500)).toBeFalsy();
  const text = (result.content as Array<{ text: string }>)[0]!.text;
  return { out: result.structuredContent as Record<string, unknown>, chars: text.length };
}

/** The batchUpdates sent since the last clear: how many, and the largest body. */
function writes(): { count: number; largest: number; requests: number } {
  const bodies = emulator
    .calls()
    .filter((c) => c.operation === 'batchUpdate')
    .map((c) => JSON.stringify(c.body));
  const requests = emulator
    .calls()
    .filter((c) => c.operation === 'batchUpdate')
    .reduce((n, c) => n + ((c.body as { requests: unknown[] }).requests?.length ?? 0), 0);
  return { count: bodies.length, largest: Math.max(0, ...bodies.map((b) => b.length)), requests };
}

describe('a 250k-token document', () => {
  it('is that large', () => {
    expect(estimateTokens(exportTab(original).content)).toBeGreaterThan(250_000);
  });

  it('takes a new section, moves it and deletes it without the tab ever travelling to the model', async () => {
    const { out: outline } = await call('get_hierarchy', { document_id: 'big' });
    const headings = outline.headings as Array<{ anchor_id: string; level: number; text: string }>;
    const middle = headings[Math.floor(headings.length / 2)]!;
    const neighbour = exportSection(original, null, middle.anchor_id).content;

    emulator.clearCalls();
    const inserted = await call('insert_section', {
      document_id: 'big',
      anchor_id: middle.anchor_id,
      content: `${'#'.repeat(middle.level)} Open questions\n\nWho signs off the *budget*?\n`,
    });
    expect(inserted.chars).toBeLessThan(2_000);
    expect(writes()).toMatchObject({ count: 1 });
    expect(writes().largest).toBeLessThan(2_000);
    const added = (inserted.out.new_headings as Array<{ anchor_id: string }>)[0]!.anchor_id;

    // A heading of the new section's level or higher, so that the moved section ends right there.
    const target = headings.slice(10).find((h) => h.level <= middle.level)!;
    emulator.clearCalls();
    const moved = await call('move_section', {
      document_id: 'big',
      anchor_id: added,
      position: 'before',
      to_anchor_id: target.anchor_id,
      allow_deletions: true,
    });
    expect(moved.chars).toBeLessThan(2_000);
    expect(writes()).toMatchObject({ count: 1 });
    expect(writes().largest).toBeLessThan(3_000);
    const movedTo = (moved.out.new_headings as Array<{ anchor_id: string }>)[0]!.anchor_id;
    const { out: section } = await call('export_section', { document_id: 'big', anchor_id: movedTo });
    expect(section.content).toContain('Who signs off the *budget*?');

    emulator.clearCalls();
    const deleted = await call('delete_section', {
      document_id: 'big',
      anchor_id: movedTo,
      allow_deletions: true,
    });
    expect(deleted.out.removed_anchors).toEqual([movedTo]);
    expect(writes()).toMatchObject({ count: 1, requests: 1 });

    const { out: after } = await call('get_hierarchy', { document_id: 'big' });
    expect(after.headings).toEqual(headings);
    const { out: again } = await call('export_section', { document_id: 'big', anchor_id: middle.anchor_id });
    expect(again.content).toBe(neighbour);
  }, 120_000);
});
