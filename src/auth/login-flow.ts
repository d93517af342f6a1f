/**
 * The installed-app OAuth login (RFC 8252): a one-shot HTTP server on 127.0.0.1 receives the
 * redirect, `state` ties the redirect to this run (so a forged redirect cannot inject a code), and
 * PKCE (S256) ties the code to this process. `access_type=offline` + `prompt=consent` make Google
 * return a refresh token every time, so the login lasts beyond the first hour.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CodeChallengeMethod, type Credentials } from 'google-auth-library';
import { AuthRequiredError, ValidationError } from '../errors.js';
import { createOAuthClient, type OAuthClientSettings } from './oauth-client.js';

export interface LoginFlowOptions {
  client: OAuthClientSettings;
  scopes: readonly string[];
  /** 0 (default) picks a free port. */
  port?: number;
  /** Called with the authorization URL when the browser should open; absent = only print. */
  openBrowser?: (url: string) => void;
  /** Where the URL and progress lines go (stderr in the CLI). */
  log: (line: string) => void;
  /** How long to wait for the browser to come back (default 5 minutes). */
  timeoutMs?: number;
}

export interface LoginResult {
  credentials: Credentials;
  redirectUri: string;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

export class LoopbackLoginFlow {
  private readonly options: LoginFlowOptions;

  constructor(options: LoginFlowOptions) {
    this.options = options;
  }

  async run(): Promise<LoginResult> {
    const server = createServer();
    try {
      const port = await listen(server, this.options.port ?? 0);
      const redirectUri = `http://127.0.0.1:${port}/`;
      const client = createOAuthClient(this.options.client, redirectUri);
      const state = randomBytes(24).toString('base64url');
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      const url = client.generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        scope: [...this.options.scopes],
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
      });
      const code = this.waitForCode(server, state);
      this.options.log(`Open this URL in a browser to authorize gdoc:\n\n  ${url}\n`);
      this.options.openBrowser?.(url);
      const authCode = await code;
      const tokens = await exchange(() =>
        client.getToken({ code: authCode, codeVerifier, redirect_uri: redirectUri }),
      );
      if (!tokens.access_token) {
        throw new AuthRequiredError(
          'The token endpoint returned no access token.',
          'Run `gdoc login` again.',
        );
      }
      return { credentials: tokens, redirectUri };
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** Resolves with the code of the first redirect that carries our state; rejects on a mismatch. */
  private waitForCode(server: Server, state: string): Promise<string> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new AuthRequiredError(
            `No authorization arrived within ${Math.round(timeoutMs / 1000)} s.`,
            'Run `gdoc login` again and finish the consent in the browser (use --no-browser on a remote machine).',
          ),
        );
      }, timeoutMs);
      timer.unref();
      const settle = (fn: () => void): void => {
        clearTimeout(timer);
        fn();
      };
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        const params = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
        const error = params.get('error');
        const code = params.get('code');
        const returnedState = params.get('state');
        if (!error && !code) {
          // A favicon or a stray probe: not the redirect, keep waiting.
          reply(response, 404, 'Not found.');
          return;
        }
        if (returnedState !== state) {
          reply(response, 400, 'This sign-in response does not belong to the running `gdoc login`.');
          settle(() =>
            reject(
              new AuthRequiredError(
                'The authorization response carried the wrong state; it was rejected.',
                'Run `gdoc login` again and use only the URL it prints.',
              ),
            ),
          );
          return;
        }
        if (error) {
          reply(response, 400, `Authorization failed: ${error}. You can close this tab.`);
          settle(() =>
            reject(
              new AuthRequiredError(
                `Google did not authorize gdoc (${error}).`,
                'Run `gdoc login` again and accept the requested access.',
              ),
            ),
          );
          return;
        }
        reply(response, 200, 'gdoc is now authorized. You can close this tab.');
        settle(() => resolve(code as string));
      });
    });
  }
}

/** The code-for-token exchange, its failure told in OAuth's words (never echoing a secret). */
async function exchange(getToken: () => Promise<{ tokens: Credentials }>): Promise<Credentials> {
  try {
    return (await getToken()).tokens;
  } catch (error) {
    const data = (error as { response?: { data?: { error?: unknown; error_description?: unknown } } })
      .response?.data;
    const code = typeof data?.error === 'string' ? data.error : 'token exchange failed';
    const detail = typeof data?.error_description === 'string' ? `: ${data.error_description}` : '';
    throw new AuthRequiredError(
      `Google refused to exchange the authorization code (${code}${detail}).`,
      'Run `gdoc login` again; check that the client is a "Desktop app" client and its secret is current.',
    );
  }
}

function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
  response.end(`${text}\n`);
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new ValidationError(
              `Port ${port} on 127.0.0.1 is in use.`,
              'Pick another with --port, or omit it.',
            )
          : error,
      );
    });
    // Loopback only: the redirect must never be reachable from another machine.
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}
