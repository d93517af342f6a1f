/**
 * Streamable HTTP on `/mcp`, stateless, for both protocol revisions: the SDK's `createMcpHandler`
 * answers 2026-07-28 requests (each one self-describing, `_meta` envelope) and 2025-11-25 ones
 * (`initialize`, then plain requests) from the same factory, a fresh server per request, so no
 * session state lives in memory and one client's failure cannot leak into another's. In front of
 * it: bound to 127.0.0.1 by default; Host/Origin validated on every request; off loopback a bearer
 * token is required; bodies above `maxBodyBytes` are refused before they are read in full.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { ListenError, ValidationError } from '../errors.js';
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
  const onerror = (error: Error) => deps.log(`http: ${error.message}`);
  const mcp = createMcpHandler(() => createServer(deps), { maxRequestBodySize: maxBody, onerror });
  const serve = toNodeHandler(mcp, { maxRequestBodySize: maxBody, onerror });

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
    // A declared size is refused before reading; a chunked body is cut off by the adapter.
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBody) return reply(res, 413, `Request body larger than ${maxBody} bytes.`);
    await serve(req, res);
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', (error) => reject(listenError(error, host, options.port)));
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
    close: async () => {
      await mcp.close();
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
    },
  };
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Why `listen` failed, in words and with what to do; anything unexpected stays as it was. */
function listenError(error: Error, host: string, port: number): Error {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new ListenError(
      `${where} is already in use by another program.`,
      `Stop that program, or pick another port (e.g. --http ${host.includes(':') ? `[${host}]` : host}:${port + 1}).`,
    );
  }
  if (code === 'EACCES') {
    return new ListenError(`Not allowed to listen on ${where}.`, 'Use a port above 1023.');
  }
  if (code === 'EADDRNOTAVAIL') {
    return new ListenError(
      `${host} is not an address of this machine.`,
      'Use 127.0.0.1, or an address this machine has.',
    );
  }
  return error;
}
