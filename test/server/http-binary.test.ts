/**
 * `gdoc serve --http` from the built binary: it prints its URL, serves an SDK client over
 * Streamable HTTP, enforces the token it was given, and refuses to bind off loopback without one.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from './harness.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
let child: ChildProcess | undefined;
let dir: string | undefined;

afterEach(() => {
  child?.kill();
  child = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function start(args: string[]): Promise<string> {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: run \`npm run build\` first (the vitest globalSetup does).`);
  const proc = spawn(process.execPath, [BIN, 'serve', ...args, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    proc.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

describe('gdoc serve --http (built binary)', () => {
  it('serves tools over Streamable HTTP with a bearer token', async () => {
    dir = makeStore({ golden: true });
    const url = await start(['--http', '127.0.0.1:0', '--local', dir, '--token', 'tok-123']);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const denied = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(denied.status).toBe(401);

    const client = new Client({ name: 'http-smoke', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: 'Bearer tok-123' } },
      }),
    );
    const outline = await client.callTool({ name: 'get_hierarchy', arguments: { document_id: 'golden' } });
    expect((outline.structuredContent as { headings: unknown[] }).headings).toHaveLength(5);
    await client.close();
  });

  it('refuses to bind off loopback without a token', () => {
    dir = makeStore({ golden: true });
    const run = spawnSync(process.execPath, [BIN, 'serve', '--http', '0.0.0.0:0', '--local', dir], {
      encoding: 'utf8',
      env: { ...process.env, GDOC_MCP_TOKEN: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ValidationError');
    expect(run.stderr).toContain('--token');
  });
});
