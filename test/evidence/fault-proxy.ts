/**
 * A loopback HTTP proxy in front of the Docs/Drive emulator that injects the faults the emulator
 * itself does not: a connection dropped after the upstream answered (the write landed, the client
 * never hears so), a slow answer, and a hook that runs between the client's request and its
 * forwarding (another writer editing the document, a token expiring). Every request is counted
 * per operation so a rule can target "the first batchUpdate".
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyOperation = 'get' | 'batchUpdate' | 'other';

export interface ProxyAction {
  /** Runs before the request is forwarded (e.g. a concurrent edit, a token revoked). */
  before?: () => Promise<void> | void;
  /** Runs after the upstream answered, before the client hears anything. */
  after?: () => Promise<void> | void;
  /** Destroy the client's socket once the upstream has answered: the answer is lost. */
  dropAfterUpstream?: boolean;
  /** Hold the answer this long before sending it. */
  delayMs?: number;
}

export interface ProxyRequest {
  op: ProxyOperation;
  method: string;
  path: string;
  /** 1-based count of requests of this operation so far, this one included. */
  nth: number;
  body: string;
}

export interface FaultProxy {
  /** `http://127.0.0.1:PORT/`, to use as the API root. */
  url: string;
  /** Requests seen, in order, with what was done to them. */
  seen: Array<ProxyRequest & { dropped: boolean; upstreamStatus: number }>;
  close(): Promise<void>;
}

function operationOf(method: string, path: string): ProxyOperation {
  if (method === 'POST' && path.endsWith(':batchUpdate')) return 'batchUpdate';
  if (method === 'GET' && path.startsWith('/v1/documents/')) return 'get';
  return 'other';
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startFaultProxy(
  upstream: string,
  rule: (request: ProxyRequest) => ProxyAction | undefined,
): Promise<FaultProxy> {
  const target = new URL(upstream);
  const counts: Record<ProxyOperation, number> = { get: 0, batchUpdate: 0, other: 0 };
  const seen: FaultProxy['seen'] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0]!;
      const op = operationOf(method, path);
      counts[op]++;
      const info: ProxyRequest = { op, method, path, nth: counts[op], body: body.toString('utf8') };
      const action = rule(info) ?? {};
      await action.before?.();
      const headers = { ...req.headers, host: target.host };
      const upstreamRes = await new Promise<IncomingMessage>((resolve, reject) => {
        const out = httpRequest(
          { hostname: target.hostname, port: target.port, method, path: req.url, headers },
          resolve,
        );
        out.on('error', reject);
        out.end(body);
      });
      const answer = await readAll(upstreamRes);
      seen.push({
        ...info,
        dropped: action.dropAfterUpstream === true,
        upstreamStatus: upstreamRes.statusCode ?? 0,
      });
      await action.after?.();
      if (action.dropAfterUpstream) {
        req.socket.destroy();
        return;
      }
      if (action.delayMs) await new Promise((r) => setTimeout(r, action.delayMs));
      const out = { ...upstreamRes.headers };
      delete out['transfer-encoding'];
      out['content-length'] = String(answer.length);
      res.writeHead(upstreamRes.statusCode ?? 502, out);
      res.end(answer);
    })().catch((error: unknown) => {
      process.stderr.write(`fault proxy: ${String(error)}\n`);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
