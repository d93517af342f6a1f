/**
 * A fake Google authorization + token server on loopback for the login tests. `/auth` checks the
 * request a real consent screen would get and redirects to the app with a code; `/token` checks the
 * PKCE verifier against the stored challenge and hands out tokens; a refresh returns a new access
 * token without a refresh token, as Google does.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TokenRequest {
  params: Record<string, string>;
}

export interface FakeOAuthServer {
  url: string;
  authUrl: string;
  tokenUrl: string;
  /** Query of every /auth request. */
  authRequests: Record<string, string>[];
  /** Form of every /token request. */
  tokenRequests: Record<string, string>[];
  /** Overrides the state the redirect carries (to simulate a forged redirect). */
  forgeState?: string;
  close(): Promise<void>;
}

export const ACCESS_TOKEN = 'ya29.fake-access-token-SECRET-1';
export const REFRESH_TOKEN = '1//fake-refresh-token-SECRET-2';
export const REFRESHED_ACCESS_TOKEN = 'ya29.fake-refreshed-token-SECRET-3';

export async function startFakeOAuthServer(): Promise<FakeOAuthServer> {
  const challenges = new Map<string, string>();
  let counter = 0;
  const state: FakeOAuthServer = {
    url: '',
    authUrl: '',
    tokenUrl: '',
    authRequests: [],
    tokenRequests: [],
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/auth') {
      const query = Object.fromEntries(url.searchParams);
      state.authRequests.push(query);
      const code = `code-${++counter}`;
      challenges.set(code, query.code_challenge ?? '');
      const redirect = new URL(query.redirect_uri ?? 'http://invalid/');
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', state.forgeState ?? query.state ?? '');
      res.writeHead(302, { Location: redirect.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(text));
        state.tokenRequests.push(params);
        const json = (status: number, body: unknown): void => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (params.grant_type === 'authorization_code') {
          const challenge = challenges.get(params.code ?? '');
          const computed = createHash('sha256')
            .update(params.code_verifier ?? '')
            .digest('base64url');
          if (!challenge || computed !== challenge) {
            json(400, { error: 'invalid_grant', error_description: 'code_verifier does not match' });
            return;
          }
          challenges.delete(params.code ?? '');
          json(200, {
            access_token: ACCESS_TOKEN,
            refresh_token: REFRESH_TOKEN,
            expires_in: 3599,
            scope:
              'https://www.googleapis.com/auth/documents https://www.googleapis.com/auth/drive.metadata.readonly',
            token_type: 'Bearer',
          });
          return;
        }
        if (params.grant_type === 'refresh_token') {
          if (params.refresh_token !== REFRESH_TOKEN) {
            json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
            return;
          }
          json(200, { access_token: REFRESHED_ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
          return;
        }
        json(400, { error: 'unsupported_grant_type' });
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.authUrl = `${state.url}/auth`;
  state.tokenUrl = `${state.url}/token`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
