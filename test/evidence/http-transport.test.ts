/**
 * The HTTP transport's guards beyond test/server/http.test.ts (which covers a foreign Host, a
 * foreign Origin, the bearer token, the refusal to bind off loopback without one, and an
 * explicit body limit): the default body limit with and without a Content-Length (a chunked body
 * is cut off while streaming), the loopback Host on another port, an opaque `null` Origin, a
 * token sent without the Bearer scheme or with a different case, and error answers that never
 * echo the expected token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES, type RunningHttpServer, serveHttp } from '../../src/server/http.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { FakeBackend, loadFixture } from '../server/fake-backend.js';
import { PING, post } from '../support/raw-post.js';

const running: RunningHttpServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

async function start(options: Parameters<typeof serveHttp>[1]): Promise<RunningHttpServer> {
  const backend = new FakeBackend(
    new Map([
      ['golden', loadFixture('think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json')],
    ]),
  );
  const server = await serveHttp(createToolDeps(backend, { log: () => {} }), options);
  running.push(server);
  return server;
}

describe('HTTP transport guards', () => {
  it('binds to 127.0.0.1 when no host is given', async () => {
    const server = await start({ port: 0 });
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it(`refuses a body over the default limit (${DEFAULT_MAX_BODY_BYTES} bytes) by its Content-Length`, async () => {
    const server = await start({ port: 0 });
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) },
    });
    const answer = await post(server.url, {}, big);
    expect(answer.status).toBe(413);
    expect(answer.text).toMatch(/larger than/);
  });

  it('refuses a chunked body (no Content-Length) once it passes the limit while streaming', async () => {
    const server = await start({ port: 0, maxBodyBytes: 4096 });
    const chunks = [
      '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"',
      ...Array(20).fill('y'.repeat(1024)),
      '"}}',
    ];
    expect((await post(server.url, {}, chunks)).status).toBe(413);
    // A small chunked body still goes through.
    expect((await post(server.url, {}, [PING.slice(0, 10), PING.slice(10)])).status).toBe(200);
  });

  it('rejects a loopback Host naming another port, and an opaque null Origin', async () => {
    const server = await start({ port: 0 });
    const port = Number(new URL(server.url).port);
    expect((await post(server.url, { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await post(server.url, { host: `localhost:${port + 1}` })).status).toBe(403);
    expect((await post(server.url, { origin: 'null' })).status).toBe(403);
    expect((await post(server.url, { origin: `http://127.0.0.1:${port}.evil.example` })).status).toBe(403);
  });

  it('accepts the bearer token only in the Bearer scheme and exactly; errors never echo it', async () => {
    const token = 'evidence-http-token-6c1f';
    const server = await start({ port: 0, token });
    const tries = [
      { authorization: token },
      { authorization: `Basic ${token}` },
      { authorization: `Bearer ${token.toUpperCase()}` },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}` },
    ];
    for (const headers of tries) {
      const answer = await post(server.url, headers);
      expect(answer.status, headers.authorization).toBe(401);
      expect(answer.text.includes(token)).toBe(false);
    }
    expect((await post(server.url, { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});
