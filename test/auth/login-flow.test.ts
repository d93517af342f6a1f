/**
 * The full installed-app login against a fake authorization server on loopback: the test plays
 * the browser by fetching the printed URL, which redirects to gdoc's loopback listener.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileCredentialStore, GDOC_SCOPES, LoopbackLoginFlow, login } from '../../src/auth/index.js';
import { AuthRequiredError } from '../../src/errors.js';
import {
  ACCESS_TOKEN,
  type FakeOAuthServer,
  REFRESH_TOKEN,
  startFakeOAuthServer,
} from './fake-oauth-server.js';

let oauth: FakeOAuthServer;
let dir: string;

beforeEach(async () => {
  oauth = await startFakeOAuthServer();
  dir = await mkdtemp(join(tmpdir(), 'gdoc-login-'));
});
afterEach(async () => {
  await oauth.close();
  await rm(dir, { recursive: true, force: true });
});

function client() {
  return {
    clientId: 'test-client.apps.example',
    clientSecret: 'client-SECRET-x',
    authUrl: oauth.authUrl,
    tokenUrl: oauth.tokenUrl,
  };
}

/** A log sink that, like a person at a browser, opens the URL the flow prints. */
function browserPlayer(): { log: (line: string) => void; lines: string[]; visited: Promise<Response> } {
  const lines: string[] = [];
  let visit!: (r: Promise<Response>) => void;
  const visited = new Promise<Response>((resolve) => {
    visit = (r) => resolve(r);
  });
  return {
    lines,
    visited,
    log: (line: string) => {
      lines.push(line);
      const url = line.match(/https?:\/\/\S+/)?.[0];
      if (url) visit(fetch(url));
    },
  };
}

describe('LoopbackLoginFlow', () => {
  it('runs the whole flow: loopback redirect, state, PKCE S256, offline access, consent', async () => {
    const player = browserPlayer();
    const result = await new LoopbackLoginFlow({
      client: client(),
      scopes: GDOC_SCOPES,
      log: player.log,
    }).run();

    expect(result.credentials.access_token).toBe(ACCESS_TOKEN);
    expect(result.credentials.refresh_token).toBe(REFRESH_TOKEN);
    const page = await player.visited;
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/authorized/);

    const auth = oauth.authRequests[0]!;
    expect(auth.response_type).toBe('code');
    expect(auth.client_id).toBe('test-client.apps.example');
    expect(auth.access_type).toBe('offline');
    expect(auth.prompt).toBe('consent');
    expect(auth.code_challenge_method).toBe('S256');
    expect(auth.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.state!.length).toBeGreaterThanOrEqual(32);
    expect(auth.scope!.split(' ').sort()).toEqual([...GDOC_SCOPES].sort());
    const redirect = new URL(auth.redirect_uri!);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(Number(redirect.port)).toBeGreaterThan(0);

    // The token exchange carried the verifier matching the challenge (the fake server checks the hash).
    const exchange = oauth.tokenRequests[0]!;
    expect(exchange.grant_type).toBe('authorization_code');
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(exchange.redirect_uri).toBe(auth.redirect_uri);

    // The listener is closed once the flow is over.
    await expect(fetch(`${auth.redirect_uri}?code=x&state=${auth.state}`)).rejects.toThrow();
  });

  it('rejects a redirect whose state does not match and exchanges no code', async () => {
    oauth.forgeState = 'attacker-state';
    const player = browserPlayer();
    const run = new LoopbackLoginFlow({ client: client(), scopes: GDOC_SCOPES, log: player.log }).run();
    await expect(run).rejects.toThrow(AuthRequiredError);
    await expect(run).rejects.toThrow(/state/);
    expect((await player.visited).status).toBe(400);
    expect(oauth.tokenRequests).toHaveLength(0);
  });

  it('fails when the token endpoint refuses the PKCE verifier', async () => {
    const player = browserPlayer();
    // Make the fake server see a different challenge than the one derived from our verifier.
    const flow = new LoopbackLoginFlow({
      client: client(),
      scopes: GDOC_SCOPES,
      log: (line) => player.log(line.replace(/code_challenge=[^&\s]+/, 'code_challenge=wrong')),
    });
    await expect(flow.run()).rejects.toThrow(/invalid_grant: code_verifier does not match/);
    expect(oauth.tokenRequests).toHaveLength(1);
  });

  it('reports the denial when the user refuses consent', async () => {
    const flow = new LoopbackLoginFlow({
      client: client(),
      scopes: GDOC_SCOPES,
      log: (line) => {
        const url = line.match(/https?:\/\/\S+/)?.[0];
        if (!url) return;
        const params = new URL(url).searchParams;
        void fetch(`${params.get('redirect_uri')}?error=access_denied&state=${params.get('state')}`);
      },
    });
    await expect(flow.run()).rejects.toThrow(/access_denied/);
    expect(oauth.tokenRequests).toHaveLength(0);
  });

  it('times out when nobody comes back, and closes the listener', async () => {
    let redirectUri = '';
    const flow = new LoopbackLoginFlow({
      client: client(),
      scopes: GDOC_SCOPES,
      timeoutMs: 50,
      log: (line) => {
        const url = line.match(/https?:\/\/\S+/)?.[0];
        if (url) redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
      },
    });
    await expect(flow.run()).rejects.toThrow(/No authorization arrived/);
    await expect(fetch(redirectUri)).rejects.toThrow();
  });

  it('ignores stray requests to the listener (favicon) and keeps waiting', async () => {
    const flow = new LoopbackLoginFlow({
      client: client(),
      scopes: GDOC_SCOPES,
      log: (line) => {
        const url = line.match(/https?:\/\/\S+/)?.[0];
        if (!url) return;
        const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
        void fetch(new URL('/favicon.ico', redirect)).then(async (r) => {
          expect(r.status).toBe(404);
          await fetch(url);
        });
      },
    });
    const result = await flow.run();
    expect(result.credentials.access_token).toBe(ACCESS_TOKEN);
  });
});

describe('login', () => {
  it('stores the tokens and the client owner-only, and never prints a token', async () => {
    const player = browserPlayer();
    const store = new FileCredentialStore(join(dir, 'cfg', 'credentials.json'));
    const outcome = await login({ client: client(), scopes: GDOC_SCOPES, log: player.log }, store);
    expect(outcome.hasRefreshToken).toBe(true);
    expect(outcome.scopes).toContain('https://www.googleapis.com/auth/documents');
    const saved = JSON.parse(await readFile(store.location, 'utf8'));
    expect(saved).toMatchObject({
      type: 'authorized_user',
      client_id: 'test-client.apps.example',
      client_secret: 'client-SECRET-x',
      refresh_token: REFRESH_TOKEN,
      access_token: ACCESS_TOKEN,
    });
    expect((await stat(store.location)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'cfg'))).mode & 0o777).toBe(0o700);
    const printed = player.lines.join('\n');
    expect(printed).not.toContain('SECRET');
  });
});
