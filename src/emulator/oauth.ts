/**
 * Google's OAuth endpoints for test users, so a sign-in with Google runs offline: the
 * authorization page (a plain HTML form, no script, that picks the user named by `login_hint`),
 * the token endpoint (authorization code with PKCE, refresh), revocation and userinfo. Tokens are
 * random and kept in memory; each one belongs to one test user, whose documents the API then shows.
 */
import { createHash, randomBytes } from 'node:crypto';

export const AUTH_PATH = '/o/oauth2/v2/auth';
export const TOKEN_PATH = '/token';
export const REVOKE_PATH = '/revoke';
export const USERINFO_PATH = '/oauth2/v3/userinfo';

export interface OAuthReply {
  status: number;
  headers?: Record<string, string>;
  /** JSON for API answers; a string is sent as HTML. */
  body: unknown;
}

interface CodeGrant {
  email: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string | undefined;
  offline: boolean;
  expires: number;
}

interface IssuedToken {
  email: string;
  clientId: string;
  scope: string;
  expires: number;
  /** The refresh token an access token came from, so revoking that also ends this. */
  family: string;
}

const CODE_TTL_MS = 60_000;
const ACCESS_TTL_S = 3599;

export function subjectOf(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 21);
}

export class EmulatedOAuth {
  private readonly users: string[];
  private readonly codes = new Map<string, CodeGrant>();
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, Omit<IssuedToken, 'expires' | 'family'>>();

  constructor(
    users: readonly string[],
    private readonly now: () => number = Date.now,
  ) {
    this.users = users.map((u) => u.toLowerCase());
  }

  /** The test user an access token belongs to; undefined when unknown, expired or revoked. */
  userOf(accessToken: string): string | undefined {
    const token = this.accessTokens.get(accessToken);
    if (!token || token.expires <= this.now()) return undefined;
    return token.email;
  }

  /** Handles one OAuth call; undefined when the path is not an OAuth endpoint. */
  handle(
    method: string,
    path: string,
    query: URLSearchParams,
    body: string,
    authorization?: string,
  ): OAuthReply | undefined {
    if (path === AUTH_PATH && method === 'GET') return this.signInPage(query);
    if (path === AUTH_PATH && method === 'POST') return this.signIn(new URLSearchParams(body));
    if (path === TOKEN_PATH && method === 'POST') return this.token(new URLSearchParams(body), authorization);
    if (path === REVOKE_PATH && method === 'POST') {
      return this.revoke(query.get('token') ?? new URLSearchParams(body).get('token'));
    }
    if (path === USERINFO_PATH && method === 'GET') return this.userinfo(authorization);
    return undefined;
  }

  private signInPage(query: URLSearchParams): OAuthReply {
    const problem = authorizeProblem(query);
    if (problem)
      return { status: 400, body: page('Error 400: invalid_request', `<p>${escapeHtml(problem)}</p>`) };
    const hint = query.get('login_hint')?.toLowerCase();
    const hidden = [...query]
      .filter(([name]) => name !== 'user')
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    const choices = this.users
      .map(
        (email) =>
          `<label><input type="radio" name="user" value="${escapeHtml(email)}"${email === hint ? ' checked' : ''}> ${escapeHtml(email)}</label><br>`,
      )
      .join('');
    return {
      status: 200,
      body: page(
        'Sign in - Google Accounts (emulator)',
        `<form method="post" action="${AUTH_PATH}">${hidden}${choices}<button type="submit">Continue</button></form>`,
      ),
    };
  }

  private signIn(form: URLSearchParams): OAuthReply {
    const problem = authorizeProblem(form);
    if (problem)
      return { status: 400, body: page('Error 400: invalid_request', `<p>${escapeHtml(problem)}</p>`) };
    const email = (form.get('user') ?? form.get('login_hint') ?? '').toLowerCase();
    if (!this.users.includes(email)) {
      return { status: 400, body: page('Sign in', '<p>Choose one of the test users.</p>') };
    }
    const code = `4/${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, {
      email,
      clientId: form.get('client_id') ?? '',
      redirectUri: form.get('redirect_uri') ?? '',
      scope: form.get('scope') ?? '',
      challenge: form.get('code_challenge') ?? undefined,
      offline: form.get('access_type') === 'offline',
      expires: this.now() + CODE_TTL_MS,
    });
    const target = new URL(form.get('redirect_uri') as string);
    target.searchParams.set('code', code);
    const state = form.get('state');
    if (state !== null) target.searchParams.set('state', state);
    target.searchParams.set('scope', form.get('scope') ?? '');
    return { status: 302, headers: { Location: target.href }, body: '' };
  }

  private token(form: URLSearchParams, authorization: string | undefined): OAuthReply {
    const clientId = form.get('client_id') ?? basicClientId(authorization);
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = this.codes.get(code);
      this.codes.delete(code); // single use, even when the exchange fails
      if (!grant || grant.expires <= this.now()) return invalidGrant('Malformed auth code.');
      if (grant.redirectUri !== form.get('redirect_uri')) return invalidGrant('Bad Request');
      if (clientId !== undefined && clientId !== grant.clientId) return invalidGrant('Unauthorized');
      if (grant.challenge !== undefined) {
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
          return invalidGrant('Invalid code verifier.');
        }
      }
      const family = `1//${randomBytes(24).toString('base64url')}`;
      const answer: Record<string, unknown> = this.issue(grant.email, grant.clientId, grant.scope, family);
      if (grant.offline) {
        this.refreshTokens.set(family, { email: grant.email, clientId: grant.clientId, scope: grant.scope });
        answer.refresh_token = family;
      }
      return { status: 200, body: answer };
    }
    if (grantType === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const held = this.refreshTokens.get(refresh);
      if (!held) return invalidGrant('Token has been expired or revoked.');
      return { status: 200, body: this.issue(held.email, held.clientId, held.scope, refresh) };
    }
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType}` },
    };
  }

  private issue(email: string, clientId: string, scope: string, family: string) {
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(accessToken, {
      email,
      clientId,
      scope,
      family,
      expires: this.now() + ACCESS_TTL_S * 1000,
    });
    return { access_token: accessToken, expires_in: ACCESS_TTL_S, scope, token_type: 'Bearer' };
  }

  private revoke(token: string | null): OAuthReply {
    if (!token)
      return { status: 400, body: { error: 'invalid_request', error_description: 'Missing token.' } };
    if (this.refreshTokens.delete(token)) {
      for (const [value, issued] of this.accessTokens)
        if (issued.family === token) this.accessTokens.delete(value);
      return { status: 200, body: {} };
    }
    if (this.accessTokens.delete(token)) return { status: 200, body: {} };
    return { status: 400, body: { error: 'invalid_token', error_description: 'Token expired or revoked' } };
  }

  private userinfo(authorization: string | undefined): OAuthReply {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const email = token ? this.userOf(token) : undefined;
    if (!email) {
      return {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        body: { error: 'invalid_request', error_description: 'Invalid Credentials' },
      };
    }
    return {
      status: 200,
      body: { sub: subjectOf(email), email, email_verified: true, name: email.split('@')[0] },
    };
  }
}

function authorizeProblem(params: URLSearchParams): string | undefined {
  if (params.get('response_type') !== 'code') return 'Only response_type=code is supported.';
  if (!params.get('client_id')) return 'Missing required parameter: client_id';
  const redirect = params.get('redirect_uri');
  if (!redirect || !URL.canParse(redirect)) return 'Missing required parameter: redirect_uri';
  const method = params.get('code_challenge_method');
  if (params.get('code_challenge') && method !== 'S256')
    return 'Only code_challenge_method=S256 is supported.';
  return undefined;
}

function invalidGrant(description: string): OAuthReply {
  return { status: 400, body: { error: 'invalid_grant', error_description: description } };
}

function basicClientId(authorization: string | undefined): string | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return undefined;
  return decodeURIComponent(
    Buffer.from(match[1] as string, 'base64')
      .toString('utf8')
      .split(':')[0] ?? '',
  );
}

function page(title: string, content: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${content}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
