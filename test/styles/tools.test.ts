/**
 * The three formatting tools through a real MCP Client (in-memory transport) over the local store:
 * schemas and hints as listed, results as structured content, failures as typed errors.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { registerApplyStylesTool } from '../../src/tools/apply-styles.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { registerExtractStylesTool } from '../../src/tools/extract-styles.js';
import { registerNormalizeFormattingTool } from '../../src/tools/normalize-formatting.js';
import { DOCS } from './helpers.js';

const REAL = join(import.meta.dirname, '..', 'fixtures', 'real');
let dir: string;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gdoc-styles-tools-'));
  for (const [id, name] of [
    ['template', DOCS.encoda2],
    ['target', DOCS.specialChars],
    ['plain', DOCS.simple],
  ] as const) {
    writeFileSync(join(dir, `${id}.json`), readFileSync(join(REAL, name)));
  }
  const server = new McpServer({ name: 'styles-test', version: '1' });
  const deps = createToolDeps(new LocalBackend({ dir }), { log: () => {} });
  registerExtractStylesTool(server, deps);
  registerApplyStylesTool(server, deps);
  registerNormalizeFormattingTool(server, deps);
  const [a, b] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
});

afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

function errorOf(result: unknown): { type: string; message: string; suggestion: string | null } {
  const r = result as { isError?: boolean; content: Array<{ text: string }> };
  expect(r.isError).toBe(true);
  return (
    JSON.parse(r.content[0]!.text) as { error: { type: string; message: string; suggestion: string | null } }
  ).error;
}

describe('formatting tools', () => {
  it('are listed with descriptions on every field and the right hints', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['apply_styles', 'extract_styles', 'normalize_formatting']);
    expect(byName.extract_styles?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    for (const name of ['apply_styles', 'normalize_formatting']) {
      expect(byName[name]?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: true,
      });
    }
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.outputSchema).toBeTruthy();
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${field}`).toBeTruthy();
      }
    }
  });

  it('extract → apply → extract copies a document’s look, as structured content', async () => {
    const extracted = await client.callTool({
      name: 'extract_styles',
      arguments: { document_id: 'template' },
    });
    expect(extracted.isError).toBeFalsy();
    const source = extracted.structuredContent as { styles: unknown[]; source_document_id: string };
    expect(source.source_document_id).toBe('template');
    const dry = await client.callTool({
      name: 'apply_styles',
      arguments: { document_id: 'target', styles: source.styles, dry_run: true },
    });
    const dryResult = dry.structuredContent as {
      changes_made: number;
      dry_run: boolean;
      requests: unknown[];
    };
    expect(dryResult.dry_run).toBe(true);
    expect(dryResult.changes_made).toBeGreaterThan(0);
    expect(dryResult.requests.length).toBeGreaterThan(0);
    const applied = await client.callTool({
      name: 'apply_styles',
      arguments: { document_id: 'target', styles: source.styles },
    });
    expect((applied.structuredContent as { changes_made: number }).changes_made).toBe(dryResult.changes_made);
    const after = await client.callTool({ name: 'extract_styles', arguments: { document_id: 'target' } });
    expect((after.structuredContent as { styles: unknown[] }).styles).toEqual(source.styles);
  });

  it('normalize_formatting counts real changes only', async () => {
    const args = { document_id: 'plain', body_font: 'Georgia', line_spacing: 'double' };
    const first = await client.callTool({ name: 'normalize_formatting', arguments: args });
    expect((first.structuredContent as { changes_made: number }).changes_made).toBeGreaterThan(0);
    const second = await client.callTool({ name: 'normalize_formatting', arguments: args });
    expect((second.structuredContent as { changes_made: number }).changes_made).toBe(0);
  });

  it('reports bad values as a ValidationError naming the accepted forms', async () => {
    const bad = await client.callTool({
      name: 'normalize_formatting',
      arguments: { document_id: 'plain', body_size: 'huge' },
    });
    const error = errorOf(bad);
    expect(error.type).toBe('ValidationError');
    expect(error.message).toMatch(/body_size/);
    expect(error.suggestion).toMatch(/11pt/);
    const unknown = errorOf(
      await client.callTool({
        name: 'apply_styles',
        arguments: { document_id: 'plain', styles: [{ element_type: 'caption', font_family: 'Arial' }] },
      }),
    );
    expect(unknown.type).toBe('ValidationError');
    const missing = errorOf(
      await client.callTool({ name: 'extract_styles', arguments: { document_id: 'nope' } }),
    );
    expect(missing.type).toBe('DocumentNotFoundError');
  });
});
