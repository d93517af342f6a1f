/**
 * Streamable HTTP on `/mcp`, stateless: each POST gets a fresh server and transport, so no
 * session state lives in memory and one client's failure cannot leak into another's. Bound to
 * 127.0.0.1 by default; Host/Origin validated on every request; off loopback a bearer token is
 * required; bodies above `maxBodyBytes` are refused before they are read in full.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ValidationError } from '../errors.js';
import type { ToolDeps } from '../tools/deps.js';
import { createServer } from './create-server.js';
import { createGuard, isLoopbackHost } from './http-guard.js';

export const MCP_PATH = '/mcp';
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HttpOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  token?: string | undefined;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  maxBodyBytes?: number;
}

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(deps: ToolDeps, options: HttpOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !options.token) {
    throw new ValidationError(
      `Refusing to serve on ${host} without a bearer token: anyone on the network could edit your documents.`,
      'Pass --token <secret> (or set GDOC_MCP_TOKEN), or bind to 127.0.0.1.',
    );
  }
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let guard = createGuard({ ...options, host });

  const http = createHttpServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      deps.log(`http: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) reply(res, 500, 'Internal server error.');
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MCP_PATH) return reply(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    const denied = guard.check({
      host: req.headers.host,
      origin: req.headers.origin,
      authorization: req.headers.authorization,
    });
    if (denied) return reply(res, denied.status, denied.reason);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return reply(res, 405, 'This server is stateless: send JSON-RPC messages with POST.');
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBody) return reply(res, 413, `Request body larger than ${maxBody} bytes.`);
    const raw = await readBody(req, maxBody);
    if (raw === undefined) return reply(res, 413, `Request body larger than ${maxBody} bytes.`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return reply(res, 400, 'The body is not valid JSON.', -32700);
    }
    const server = createServer(deps);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  guard = createGuard({ ...options, host, port });
  const shown = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}${MCP_PATH}`;
  deps.log(
    `serving ${deps.backend.kind} documents on ${url}${options.token ? ' (bearer token required)' : ''}`,
  );
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The body as text, or undefined once it exceeds `limit` bytes (reading stops there). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
