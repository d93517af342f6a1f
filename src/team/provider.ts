/**
 * The authorization server: oidc-provider, configured for MCP clients. The protocol is the
 * library's (authorization code with PKCE S256 only, dynamic registration, Client ID Metadata
 * Documents, resource indicators with one resource — our /mcp —, refresh-token rotation,
 * revocation, `iss` in the authorization response); storage is our adapter. Every secret it
 * needs is derived from GDOC_TEAM_KEY, so all instances agree without sharing memory.
 */
import { createPrivateKey } from 'node:crypto';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from './db/database.js';
import { isFetchableMetadataUrl } from './metadata-url-policy.js';
import { adapterFactory } from './store/oidc-adapter.js';
import type { TokenVault } from './store/token-vault.js';

/** The one scope our access tokens carry. */
export const TEAM_SCOPE = 'docs';

export interface ProviderOptions {
  /** The public origin, e.g. https://gdoc.example.com (no path): the issuer. */
  issuer: string;
  /** The MCP endpoint's URL: the only resource tokens are issued for (their audience). */
  resource: string;
  db: Database;
  vault: TokenVault;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
}

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function createProvider(options: ProviderOptions): Provider {
  const { resource } = options;
  const signing = options.vault.derive('gdoc-team signing key').map((seed, index) => ({
    ...createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    }).export({
      format: 'jwk',
    }),
    kid: `k${index}`,
    alg: 'EdDSA',
    use: 'sig',
  }));
  const configuration: Configuration = {
    adapter: adapterFactory(options.db),
    clients: [],
    jwks: { keys: signing as never },
    cookies: {
      keys: options.vault.derive('gdoc-team cookies').map((k) => k.toString('base64url')),
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    // `docs` is the resource server's scope (getResourceServerInfo below); it is listed here too so
    // that clients may register it.
    scopes: ['openid', 'offline_access', TEAM_SCOPE],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'EdDSA',
    },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] } as never,
    // Errors that cannot go back to the client (a bad redirect_uri, an unknown client) are shown
    // here: plain escaped text, no script, not frameable.
    renderError: async (ctx, out) => {
      const esc = (t: unknown) => String(t ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.type = 'html';
      ctx.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      ctx.set('x-frame-options', 'DENY');
      ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><p><code>${esc(out.error)}</code>: ${esc(out.error_description)}</p></body></html>`;
    },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Every client that may refresh gets a refresh token, rotated on each use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: options.accessTokenTtlSeconds ?? 3600,
      AuthorizationCode: 60,
      Interaction: 600,
      Grant: options.refreshTokenTtlSeconds ?? 30 * 24 * 3600,
      Session: 600,
      RefreshToken: options.refreshTokenTtlSeconds ?? 30 * 24 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      // A client revokes its own tokens only (a public client is identified by client_id alone).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      } as never,
      introspection: { enabled: false },
      userinfo: { enabled: false },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        // The client picks the URL we fetch: never a local address (SSRF).
        allowFetch: async (_ctx: unknown, clientId: string) => isFetchableMetadataUrl(clientId),
      } as never,
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (!sameResource(indicator, resource)) {
            throw new errors.InvalidTarget(`this server issues tokens for ${resource} only`);
          }
          return {
            scope: TEAM_SCOPE,
            audience: resource,
            accessTokenFormat: 'opaque',
            accessTokenTTL: options.accessTokenTtlSeconds ?? 3600,
          };
        },
      },
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // Redirect URIs match exactly. oidc-provider lets a native client's loopback redirect change
  // port (RFC 8252 §7.3); MCP clients register the port they listen on, so nothing needs that
  // leeway, and without it a code can only go where the client said.
  provider.Client.prototype.redirectUriAllowed = function exactRedirect(
    this: { redirectUris: string[] },
    value: string,
  ) {
    return this.redirectUris.includes(value);
  };
  return provider;
}

/** RFC 8707 resources compared as the MCP SDK does: no fragment, one trailing slash ignored. */
export function sameResource(a: string, b: string): boolean {
  const norm = (u: string) => u.replace(/#.*$/, '').replace(/\/$/, '');
  return norm(a) === norm(b);
}
