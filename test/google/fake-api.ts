/**
 * A tiny scripted HTTP server standing in for Google in the retry / limiter / error-mapping tests:
 * each request goes to the test's handler, and every request is recorded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeApi {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeApi(
  handler: (request: SeenRequest) => Reply | Promise<Reply>,
): Promise<FakeApi> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(seen);
      const reply = await handler(seen);
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Google's error JSON. */
export function googleError(code: number, status: string, message: string, details?: unknown[]): Reply {
  return { status: code, body: { error: { code, message, status, ...(details ? { details } : {}) } } };
}

/** A clock whose sleeps return at once and are recorded. */
export function instantClock(): { now(): number; sleep(ms: number): Promise<void>; sleeps: number[] } {
  let time = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}
