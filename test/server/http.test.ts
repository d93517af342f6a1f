/**
 * Streamable HTTP: a real SDK client over HTTP to /mcp, and the guards a browser or a network
 * attacker would meet — a foreign Host (DNS rebinding), a foreign Origin, a missing bearer token,
 * an oversized body — plus the refusal to bind off loopback without a token.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningHttpServer, serveHttp } from '../../src/server/http.js';
import { createGuard } from '../../src/server/http-guard.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { post } from '../support/raw-post.js';
import { FakeBackend, loadFixture } from './fake-backend.js';

const running: RunningHttpServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

function deps() {
  const backend = new FakeBackend(
    new Map([
      ['golden', loadFixture('think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json')],
    ]),
  );
  return createToolDeps(backend, { log: () => {} });
}

async function start(options: Parameters<typeof serveHttp>[1]): Promise<RunningHttpServer> {
  const server = await serveHttp(deps(), options);
  running.push(server);
  return server;
}

describe('Streamable HTTP server', () => {
  it('serves tools to an SDK client on /mcp', async () => {
    const server = await start({ port: 0 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('get_metadata');
    const result = await client.callTool({ name: 'get_metadata', arguments: { document_id: 'golden' } });
    expect(result.structuredContent).toMatchObject({ title: 'MD Serde Golden' });
    await client.close();
  });

  it('rejects a foreign Host and a foreign Origin, accepts its own', async () => {
    const server = await start({ port: 0 });
    const port = new URL(server.url).port;
    expect((await post(server.url, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await post(server.url, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(server.url, { origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('requires the bearer token when one is set', async () => {
    const server = await start({ port: 0, token: 's3cret-token' });
    expect((await post(server.url, {})).status).toBe(401);
    expect((await post(server.url, { authorization: 'Bearer wrong-token!' })).status).toBe(401);
    expect((await post(server.url, { authorization: 'Bearer s3cret-token' })).status).toBe(200);
  });

  it('refuses to bind off loopback without a token, and serves with one', async () => {
    await expect(serveHttp(deps(), { host: '0.0.0.0', port: 0 })).rejects.toMatchObject({
      type: 'ValidationError',
    });
    const server = await start({ host: '0.0.0.0', port: 0, token: 'tok' });
    const port = new URL(server.url).port;
    const url = `http://127.0.0.1:${port}/mcp`;
    expect((await post(url, {})).status).toBe(401);
    expect((await post(url, { authorization: 'Bearer tok' })).status).toBe(200);
  });

  it('refuses a body over the limit and other paths', async () => {
    const server = await start({ port: 0, maxBodyBytes: 2048 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(5000) } });
    expect((await post(server.url, {}, big)).status).toBe(413);
    expect((await post(server.url.replace('/mcp', '/other'), {})).status).toBe(404);
  });
});

describe('createGuard', () => {
  it('accepts loopback names with the port and extra allowed hosts only', () => {
    const guard = createGuard({ host: '0.0.0.0', port: 8765, allowedHosts: ['box.lan'] });
    expect(guard.check({ host: 'localhost:8765' })).toBeNull();
    expect(guard.check({ host: '[::1]:8765' })).toBeNull();
    expect(guard.check({ host: 'box.lan:8765' })).toBeNull();
    expect(guard.check({ host: 'box.lan:8765', origin: 'http://box.lan:8765' })).toBeNull();
    expect(guard.check({ host: 'attacker.example:8765' })?.status).toBe(403);
    expect(guard.check({})?.status).toBe(403);
  });
});
