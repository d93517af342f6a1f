/**
 * Test harness: a temporary local store holding copies of real documents, a server built by the
 * real factory over it, and an MCP Client connected through an in-memory transport pair.
 */
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { type RunningHttpServer, serveHttp } from '../../src/server/http.js';
import { createServer } from '../../src/server/index.js';
import { createToolDeps, type ToolDeps } from '../../src/tools/deps.js';

export const FIXTURES = {
  golden: 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json',
  multi: 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
  single: 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json',
  support: 'think41__extrasuite__1tlHGpgjoibP0eVXRvCGSmkqrLATrXYTo7dUnmV7x01o.json',
} as const;

export function fixturePath(name: string): string {
  return new URL(`../fixtures/real/${name}`, import.meta.url).pathname;
}

/** A temp folder with `<key>.json` copies of the given fixtures. */
export function makeStore(names: Partial<Record<keyof typeof FIXTURES, true>> = { golden: true }): string {
  const dir = mkdtempSync(join(tmpdir(), 'gdoc-test-'));
  for (const key of Object.keys(names) as Array<keyof typeof FIXTURES>) {
    const copy = join(dir, `${key}.json`);
    copyFileSync(fixturePath(FIXTURES[key]), copy);
    chmodSync(copy, 0o644); // fixtures may be checked out read-only; the copy is the test's to edit
  }
  return dir;
}

export interface Harness {
  client: Client;
  backend: LocalBackend;
  dir: string;
  /** The dependencies the server was made from: another client's server shares them. */
  deps: ToolDeps;
  close(): Promise<void>;
}

export async function connectLocal(
  names: Partial<Record<keyof typeof FIXTURES, true>> = { golden: true },
  overrides: Partial<Omit<ToolDeps, 'backend'>> = {},
): Promise<Harness> {
  const dir = makeStore(names);
  const backend = new LocalBackend({ dir });
  const deps = createToolDeps(backend, { log: () => {}, ...overrides });
  const client = await connectClient(deps);
  return {
    client,
    backend,
    dir,
    deps,
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A client of a server instance of its own made from `deps` (one connection, as on stdio). */
export async function connectClient(deps: ToolDeps): Promise<Client> {
  const server = createServer(deps);
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

/** The JSON text of a tool result (success or error). */
export function payload(result: unknown): Record<string, unknown> {
  const content = (result as { content: Array<{ type: string; text: string }> }).content;
  return JSON.parse(content[0]!.text) as Record<string, unknown>;
}

export function errorOf(result: unknown): { type: string; message: string; suggestion: string | null } {
  const r = result as { isError?: boolean };
  if (!r.isError) throw new Error(`expected an error result, got ${JSON.stringify(result)}`);
  return payload(result).error as { type: string; message: string; suggestion: string | null };
}

export interface HttpStore {
  server: RunningHttpServer;
  dir: string;
  close(): Promise<void>;
}

/** `gdoc serve --http` as the factory builds it, on a free loopback port over a temp store. */
export async function serveStoreOverHttp(
  names: Partial<Record<keyof typeof FIXTURES, true>> = { golden: true, multi: true },
): Promise<HttpStore> {
  const dir = makeStore(names);
  const server = await serveHttp(createToolDeps(new LocalBackend({ dir }), { log: () => {} }), { port: 0 });
  return {
    server,
    dir,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
