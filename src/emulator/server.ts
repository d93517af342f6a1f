/**
 * A loopback emulator of the Docs v1 and Drive v3 REST APIs over a folder of documents (each
 * `NAME.json` is the document `NAME`), so tests and demos drive the real googleapis clients over
 * real HTTP. It checks the Bearer token, answers with Google's error JSON, can inject faults and
 * latency, and records every API call it received (`GET`/`DELETE /__emulator/log`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { LocalBackend } from '../docs/backends/local.js';
import type { EngineOptions } from '../docs/engine/index.js';
import { EmulatedApis, type EmulatorOperation, matchRoute } from './api.js';
import { googleError, MISSING_CREDENTIALS, quotaExceeded } from './error-bodies.js';
import { EmulatedOAuth, type OAuthReply } from './oauth.js';
import { DocumentPermissions, type PermissionTable } from './permissions.js';

export type { EmulatorOperation } from './api.js';

export type FaultTarget = EmulatorOperation | 'any';

export interface EmulatorFaults {
  /** How many matching calls fail, counted from the start (or from the last setFaults). */
  failFirst: number;
  /** The HTTP status they fail with, e.g. 429, 500, 503. */
  status: number;
  /** Which operation fails: `get` (documents.get), `batchUpdate`, `create`, `list` (files.list), `metadata` (files.get) or `any`. */
  on: FaultTarget;
}

export interface EmulatorOptions {
  /** The folder of documents; each `NAME.json` is the document `NAME`. */
  storeDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Added before every API answer. */
  latencyMs?: number;
  /** One fault plan, or several (each with its own count; the first that matches a call fails it). */
  faults?: EmulatorFaults | EmulatorFaults[];
  /** When set, only these Bearer tokens are accepted (others get 401, as an expired token would). */
  acceptedTokens?: string[];
  /** Larger request bodies are refused with a 400. Default 10 MiB. */
  maxBodyBytes?: number;
  /** Engine options for the store, e.g. deterministic ids in tests. */
  engine?: EngineOptions;
  /**
   * Test users who can sign in through the emulated Google OAuth endpoints. When set, API calls
   * need an access token issued to one of them and see only what `permissions` shares with them.
   */
  users?: string[];
  /** Document id -> e-mail -> owner|writer|reader; a document not listed is open to every user. */
  permissions?: PermissionTable;
}

export interface CallRecord {
  method: string;
  /** The URL path without the query string. */
  path: string;
  query: Record<string, string>;
  /** The operation the call was routed to; absent for an unknown path. */
  operation?: EmulatorOperation;
  status: number;
  /** The request body as parsed JSON (or the raw text when it was not JSON); absent when empty. */
  body?: unknown;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT/`, the rootUrl for the googleapis clients. */
  url: string;
  port: number;
  /** Every API call received so far, oldest first (a copy). */
  calls(): CallRecord[];
  clearCalls(): void;
  /** Replaces the accepted Bearer tokens (undefined: any token), e.g. to expire one mid-test. */
  setAcceptedTokens(tokens: string[] | undefined): void;
  /** Replaces the fault plans and restarts their counts (undefined: no faults). */
  setFaults(faults: EmulatorFaults | EmulatorFaults[] | undefined): void;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 10 * 1024 * 1024;

class BodyTooLargeError extends Error {}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const store = new LocalBackend({ dir: options.storeDir, engine: options.engine, newNames: 'id' });
  const apis = new EmulatedApis(store);
  const log: CallRecord[] = [];
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  let faults = faultPlans(options.faults);
  let acceptedTokens = options.acceptedTokens;
  const oauth = options.users?.length ? new EmulatedOAuth(options.users) : undefined;
  const permissions = new DocumentPermissions(options.permissions);

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const route = matchRoute(method, url.pathname);
    const record: CallRecord = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
    };
    if (route) record.operation = route.operation;
    log.push(record);
    const respond = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, body, headers);
    };

    let text: string;
    try {
      text = await readBody(req, maxBody);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        respond(400, googleError(400, `Request payload size exceeds the limit: ${maxBody} bytes.`));
        return;
      }
      throw error;
    }
    let body: unknown;
    let bodyError: string | undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch (error) {
        body = text;
        bodyError = error instanceof Error ? error.message : String(error);
      }
      record.body = body;
    }

    if (options.latencyMs) await delay(options.latencyMs);

    const token = bearerToken(req.headers.authorization);
    if (token === undefined) {
      respond(401, googleError(401, MISSING_CREDENTIALS), {
        'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/"',
      });
      return;
    }
    const email = oauth?.userOf(token);
    if ((acceptedTokens && !acceptedTokens.includes(token)) || (oauth && email === undefined)) {
      respond(401, googleError(401), {
        'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
      return;
    }
    if (!route) {
      respond(404, googleError(404, `Method not found: ${method} ${url.pathname}`));
      return;
    }
    const fault = faults.find(
      (plan) => plan.used < plan.failFirst && (plan.on === 'any' || plan.on === route.operation),
    );
    if (fault) {
      fault.used++;
      const service =
        route.operation === 'list' || route.operation === 'metadata'
          ? 'drive.googleapis.com'
          : 'docs.googleapis.com';
      if (fault.status === 429) {
        const kind = route.operation === 'batchUpdate' || route.operation === 'create' ? 'write' : 'read';
        respond(429, quotaExceeded(kind, service), { 'Retry-After': '1' });
      } else {
        respond(fault.status, googleError(fault.status));
      }
      return;
    }
    if (bodyError !== undefined) {
      respond(400, googleError(400, `Invalid JSON payload received. ${bodyError}`));
      return;
    }
    const viewer = email === undefined ? undefined : { email, permissions };
    const result = await apis.handle(route, url.searchParams, body, viewer);
    respond(result.status, result.body);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const work = url.pathname.startsWith('/__emulator/')
      ? handleControl(req, res, url, log)
      : oauth && isOAuthPath(url.pathname)
        ? handleOAuth(oauth, req, res, url)
        : handleApi(req, res, url);
    work.catch((error: unknown) => {
      process.stderr.write(
        `emulator: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      if (!res.headersSent) send(res, 500, googleError(500, 'Internal error encountered.'));
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    calls: () => log.map((record) => ({ ...record })),
    clearCalls: () => {
      log.length = 0;
    },
    setAcceptedTokens: (tokens) => {
      acceptedTokens = tokens;
    },
    setFaults: (next) => {
      faults = faultPlans(next);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Fault plans with their own counters (copies: the caller's objects are left alone). */
function faultPlans(
  faults: EmulatorFaults | EmulatorFaults[] | undefined,
): (EmulatorFaults & { used: number })[] {
  const list = faults === undefined ? [] : Array.isArray(faults) ? faults : [faults];
  return list.map((plan) => ({ ...plan, used: 0 }));
}

const OAUTH_PATHS = new Set(['/o/oauth2/v2/auth', '/token', '/revoke', '/oauth2/v3/userinfo']);

function isOAuthPath(path: string): boolean {
  return OAUTH_PATHS.has(path);
}

/** Google's sign-in endpoints; their calls are not logged with the API calls. */
async function handleOAuth(
  oauth: EmulatedOAuth,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const body = await readBody(req, DEFAULT_MAX_BODY);
  const reply: OAuthReply = oauth.handle(
    req.method ?? 'GET',
    url.pathname,
    url.searchParams,
    body,
    req.headers.authorization,
  ) ?? {
    status: 405,
    body: { error: 'invalid_request', error_description: `${req.method} is not allowed here.` },
  };
  if (typeof reply.body === 'string') {
    res.writeHead(reply.status, {
      'Content-Type': 'text/html; charset=utf-8',
      // The sign-in page runs no script and may not be framed.
      'Content-Security-Policy':
        "default-src 'none'; form-action 'self' http: https:; frame-ancestors 'none'",
      ...reply.headers,
    });
    res.end(reply.body);
    return;
  }
  send(res, reply.status, reply.body, reply.headers);
}

/** `GET /__emulator/log` lists the calls; `DELETE` clears them. No token needed: it is not Google's. */
async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  log: CallRecord[],
): Promise<void> {
  await readBody(req, DEFAULT_MAX_BODY).catch(() => '');
  if (url.pathname === '/__emulator/log' && req.method === 'GET') {
    send(res, 200, log);
  } else if (url.pathname === '/__emulator/log' && req.method === 'DELETE') {
    log.length = 0;
    send(res, 200, {});
  } else {
    send(res, 404, googleError(404, `Method not found: ${req.method} ${url.pathname}`));
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : undefined;
}

/** Reads the whole body; past `limit` bytes it keeps draining (so the client can read our 400) but throws. */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () =>
      tooLarge ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
