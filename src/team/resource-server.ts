/**
 * The MCP side of the team server: who a bearer token belongs to, and the tools bound to that
 * person's own Google access. A token is one of ours (never Google's), looked up in the database
 * on every call, and must have been issued for this server's /mcp (its audience); the person's
 * Google refresh token is opened only on the server, to act in Google as them.
 */
import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import type { OAuth2Client } from 'google-auth-library';
import type Provider from 'oidc-provider';
import { LazyBackend } from '../cli/lazy-backend.js';
import { GoogleBackend } from '../docs/backends/google.js';
import { readGoogleConfig } from '../docs/backends/google-config.js';
import { AuthRequiredError } from '../errors.js';
import { setNewest } from '../ground/newest.js';
import { createToolDeps, type ToolDeps } from '../tools/deps.js';
import { AuditedBackend } from './audited-backend.js';
import type { GoogleUpstream } from './google-upstream.js';
import type { AccountStore } from './store/accounts.js';
import type { AuditLog } from './store/audit-log.js';
import type { ToolCall } from './tool-call.js';

export interface ResourceServerDeps {
  provider: Provider;
  accounts: AccountStore;
  audit: AuditLog;
  google: GoogleUpstream;
  log: (message: string) => void;
  env?: Record<string, string | undefined>;
}

/** Google clients kept per person on this instance only to reuse their access token; a cache. */
const CLIENT_CACHE_SIZE = 500;

export class TeamResources {
  private readonly clients = new Map<string, { refreshToken: string; client: OAuth2Client }>();

  constructor(private readonly deps: ResourceServerDeps) {}

  readonly verifier: OAuthTokenVerifier = {
    verifyAccessToken: async (token: string): Promise<AuthInfo> => {
      const found = await this.deps.provider.AccessToken.find(token);
      if (!found?.accountId)
        throw new OAuthError(OAuthErrorCode.InvalidToken, 'The access token is unknown, expired or revoked.');
      const audience = Array.isArray(found.aud) ? found.aud[0] : found.aud;
      return {
        token,
        clientId: found.clientId ?? '',
        scopes: (found.scope ?? '').split(' ').filter(Boolean),
        ...(found.exp ? { expiresAt: found.exp } : {}),
        ...(audience ? { resource: new URL(audience) } : {}),
        extra: { accountId: found.accountId },
      };
    },
  };

  /** The tools' dependencies for one request, bound to the person the token belongs to. */
  depsFor(auth: AuthInfo): ToolDeps {
    const accountId = String(auth.extra?.accountId ?? '');
    const backend = new LazyBackend('google', async () => {
      const account = await this.deps.accounts.find(accountId);
      if (!account) {
        throw new AuthRequiredError(
          'Your Google sign-in is gone from this server.',
          'Sign in again from your app.',
        );
      }
      const google = new GoogleBackend({
        auth: this.googleClient(accountId, account.refreshToken),
        config: readGoogleConfig(this.deps.env ?? process.env),
      });
      const call = auth.extra?.call as ToolCall | undefined;
      return new AuditedBackend(google, this.deps.audit, {
        accountId,
        email: account.email,
        clientId: auth.clientId,
        tool: call?.tool,
        section: call?.section,
      });
    });
    return createToolDeps(backend, { log: this.deps.log });
  }

  private googleClient(accountId: string, refreshToken: string): OAuth2Client {
    const cached = this.clients.get(accountId);
    if (cached && cached.refreshToken === refreshToken) return cached.client;
    const client = this.deps.google.clientFor(refreshToken);
    client.on('tokens', (tokens) => {
      // Google may hand out a new refresh token; keep it, or the next instance would lose access.
      if (tokens.refresh_token && tokens.refresh_token !== refreshToken) {
        this.deps.accounts.replaceRefreshToken(accountId, tokens.refresh_token).catch((error: unknown) => {
          this.deps.log(`could not store a rotated Google refresh token: ${(error as Error).message}`);
        });
      }
    });
    setNewest(this.clients, accountId, { refreshToken, client }, CLIENT_CACHE_SIZE);
    return client;
  }
}
