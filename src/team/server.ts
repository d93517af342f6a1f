/**
 * `gdoc serve --http HOST:PORT --team`: one process that is both an OAuth 2.1 authorization
 * server (oidc-provider, signing people in with Google) and the MCP resource server on /mcp, where
 * each person acts in Google as themselves. All state is in the database, so any number of
 * instances can serve behind one public URL, and a restart loses no sign-in.
 *
 * Routes: /mcp (bearer token of ours, audience checked, shared rate limit), the RFC 9728
 * protected-resource metadata, the RFC 8414 authorization-server metadata, the sign-in
 * interactions, /healthz, and everything else oidc-provider serves (/auth, /token, /reg,
 * /token/revocation, /jwks, its OpenID discovery).
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import { createServer as createMcpServer } from '../server/create-server.js';
import { DEFAULT_MAX_BODY_BYTES, MCP_PATH } from '../server/http.js';
import { createGuard } from '../server/http-guard.js';
import type { Database } from './db/database.js';
import { GoogleUpstream, googleEndpoints } from './google-upstream.js';
import { GOOGLE_CALLBACK_PATH, handleInteraction, isInteractionPath } from './interactions.js';
import { createProvider, TEAM_SCOPE } from './provider.js';
import { TeamResources } from './resource-server.js';
import { AccountStore } from './store/accounts.js';
import { AuditLog } from './store/audit-log.js';
import { purgeExpired } from './store/oidc-adapter.js';
import { type RateLimit, RateLimiter } from './store/rate-limit.js';
import type { TokenVault } from './store/token-vault.js';
import { toolCallOf } from './tool-call.js';

export interface TeamServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The URL people and clients reach the server at (a proxy in front of several instances); default http://HOST:PORT. */
  publicUrl?: string | undefined;
  /** Opened and migrated by the caller; closed by `close()`. */
  db: Database;
  vault: TokenVault;
  /** The Google OAuth web client this server signs people in with. */
  googleClient: { clientId: string; clientSecret?: string };
  /** GDOC_API_ROOT: Google's APIs and sign-in at another root (the emulator). */
  apiRoot?: string | undefined;
  /** Per person, shared by all instances. Default: 120 calls burst, 2 per second. */
  rateLimit?: RateLimit;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  accessTokenTtlSeconds?: number;
  log?: (message: string) => void;
  env?: Record<string, string | undefined>;
}

export interface RunningTeamServer {
  /** The public origin (the issuer). */
  url: string;
  /** The MCP endpoint (the resource tokens are issued for). */
  mcpUrl: string;
  /** Where this instance listens (differs from `url` behind a proxy). */
  localUrl: string;
  close(): Promise<void>;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { capacity: 120, perSecond: 2 };

export async function startTeamServer(options: TeamServerOptions): Promise<RunningTeamServer> {
  const log = options.log ?? ((message: string) => process.stderr.write(`gdoc team: ${message}\n`));
  let handler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const http = createHttpServer((req, res) => {
    const work = handler ? handler(req, res) : Promise.resolve(plain(res, 503, 'Starting.'));
    work.catch((error: unknown) => {
      log(`http: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) plain(res, 500, 'Internal server error.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  const localUrl = `http://${shownHost}:${port}`;
  const issuer = (options.publicUrl ?? localUrl).replace(/\/$/, '');
  const resource = `${issuer}${MCP_PATH}`;

  const provider = createProvider({
    issuer,
    resource,
    db: options.db,
    vault: options.vault,
    ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
  });
  provider.on('server_error', (_ctx, error) => log(`authorization server: ${error.message}`));
  const oidc = provider.callback();
  const accounts = new AccountStore(options.db, options.vault);
  // A key put in front of GDOC_TEAM_KEY takes over as instances start: Google tokens sealed under
  // an older key are re-sealed under it, after which the older key can be dropped.
  const resealed = await accounts.resealAll();
  if (resealed) log(`re-sealed ${resealed} Google token(s) under key ${options.vault.currentKeyId}`);
  const audit = new AuditLog(options.db);
  const google = new GoogleUpstream(
    options.googleClient,
    googleEndpoints(options.apiRoot),
    `${issuer}${GOOGLE_CALLBACK_PATH}`,
  );
  const resources = new TeamResources({
    provider,
    accounts,
    audit,
    google,
    log,
    env: options.env ?? process.env,
  });
  const limiter = new RateLimiter(options.db, options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const interactionDeps = {
    provider,
    db: options.db,
    google,
    accounts,
    keys: options.vault.derive('gdoc-team interaction forms'),
    log,
  };

  const publicHost = new URL(issuer).host;
  const guard = createGuard({
    host: options.host,
    port,
    allowedHosts: [publicHost, new URL(issuer).hostname, ...(options.allowedHosts ?? [])],
    allowedOrigins: [new URL(issuer).origin, ...(options.allowedOrigins ?? [])],
  });
  const prmUrl = getOAuthProtectedResourceMetadataUrl(new URL(resource));
  const prm = buildOAuthProtectedResourceMetadata({
    oauthMetadata: {
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      response_types_supported: ['code'],
    },
    resourceServerUrl: new URL(resource),
    scopesSupported: [TEAM_SCOPE],
    resourceName: 'gdoc-mcp team server',
    dangerouslyAllowInsecureIssuerUrl: issuer.startsWith('http:'),
  });
  const bearer = {
    verifier: resources.verifier,
    requiredScopes: [TEAM_SCOPE],
    resourceMetadataUrl: prmUrl,
    expectedResource: new URL(resource),
  };
  const mcp = createMcpHandler((ctx) => createMcpServer(resources.depsFor(ctx.authInfo as AuthInfo)), {
    maxRequestBodySize: DEFAULT_MAX_BODY_BYTES,
    onerror: (error) => log(`mcp: ${error.message}`),
  });
  const serveMcp = toNodeHandler(mcp, { maxRequestBodySize: DEFAULT_MAX_BODY_BYTES });

  // Expired codes, tokens and upstream states are dropped now and then by whichever instance.
  const purge = setInterval(() => void purgeExpired(options.db).catch(() => {}), 10 * 60_000);
  purge.unref();

  handler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const denied = guard.check({
      host: req.headers.host,
      origin: path === MCP_PATH ? req.headers.origin : undefined,
      authorization: undefined,
    });
    if (denied) return plain(res, denied.status, denied.reason);

    if (path === '/healthz') return plain(res, 200, 'ok');
    if (path === '/.well-known/oauth-protected-resource' || path === new URL(prmUrl).pathname) {
      return json(res, 200, prm, { 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' });
    }
    if (path === '/.well-known/oauth-authorization-server') {
      // RFC 8414 metadata is oidc-provider's discovery document (it carries `issuer`).
      req.url = `/.well-known/openid-configuration${url.search}`;
      return await oidc(req, res);
    }
    if (path === MCP_PATH) {
      let auth: AuthInfo;
      try {
        auth = await verifyBearerToken(req.headers.authorization, bearer);
      } catch (error) {
        return await sendResponse(res, bearerAuthChallengeResponse(error, bearer));
      }
      const accountId = String(auth.extra?.accountId);
      const allowed = await limiter.take(accountId);
      if (!allowed.allowed) {
        return json(
          res,
          429,
          { jsonrpc: '2.0', error: { code: -32000, message: 'Too many requests: slow down.' }, id: null },
          { 'retry-after': String(allowed.retryAfterSeconds) },
        );
      }
      const body = await readBody(req, DEFAULT_MAX_BODY_BYTES);
      if (body === undefined) {
        return json(res, 413, {
          jsonrpc: '2.0',
          error: { code: -32000, message: `Request body larger than ${DEFAULT_MAX_BODY_BYTES} bytes.` },
          id: null,
        });
      }
      let message: unknown;
      try {
        message = body === '' ? undefined : JSON.parse(body);
      } catch {
        return json(res, 400, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error.' }, id: null });
      }
      // The tool and section travel with the token's identity to the audit log.
      const call = toolCallOf(message);
      const authed: AuthInfo = { ...auth, extra: { ...auth.extra, ...(call ? { call } : {}) } };
      (req as IncomingMessage & { auth?: AuthInfo }).auth = authed;
      return await serveMcp(req, res, message);
    }
    if (isInteractionPath(path)) return await handleInteraction(interactionDeps, req, res);
    return await oidc(req, res);
  };

  log(`team server: issuer ${issuer}, MCP on ${resource}, listening on ${localUrl} (${options.db.kind})`);
  return {
    url: issuer,
    mcpUrl: resource,
    localUrl,
    close: async () => {
      clearInterval(purge);
      await mcp.close();
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
      await options.db.close();
    },
  };
}

/** The whole body as text, or undefined past `limit` bytes (the rest is drained unread). */
async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = declared > limit;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) tooLarge = true;
    if (!tooLarge) chunks.push(chunk as Buffer);
  }
  return tooLarge ? undefined : Buffer.concat(chunks).toString('utf8');
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function plain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
}
