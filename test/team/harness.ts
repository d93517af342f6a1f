/**
 * The team-server test rig: the emulator with two test users and documents each of them owns,
 * team-server instances over one database, an in-memory OAuth client provider for the real MCP
 * client, and a minimal user agent (cookies, redirects, the first form of each page) that signs a
 * person in through the consent page and the emulated Google.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import type { Database } from '../../src/team/db/database.js';
import { migrate } from '../../src/team/db/migrate.js';
import { type RunningTeamServer, startTeamServer } from '../../src/team/server.js';
import type { RateLimit } from '../../src/team/store/rate-limit.js';
import { parseTeamKeys, TokenVault } from '../../src/team/store/token-vault.js';
import { makeStore } from '../local/store-fixtures.js';

export const ALICE = 'alice@example.com';
export const BOB = 'bob@example.com';
export const CLIENT_REDIRECT = 'http://127.0.0.1:1/callback';

export interface Emulated {
  emulator: RunningEmulator;
  close(): Promise<void>;
}

/** Alice owns `poem`, Bob owns `lists`; `single` is shared with both. */
export async function startUsersEmulator(): Promise<Emulated> {
  const dir = await makeStore(['poem', 'lists', 'single']);
  const emulator = await startEmulator({
    storeDir: dir,
    users: [ALICE, BOB],
    permissions: { poem: { [ALICE]: 'owner' }, lists: { [BOB]: 'owner' } },
  });
  return {
    emulator,
    close: async () => {
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const TEAM_KEY = `k1:${randomBytes(32).toString('base64')}`;

export async function startInstance(
  db: Database,
  emulator: RunningEmulator,
  options: { publicUrl?: string; rateLimit?: RateLimit; key?: string } = {},
): Promise<RunningTeamServer> {
  await migrate(db);
  return await startTeamServer({
    host: '127.0.0.1',
    port: 0,
    publicUrl: options.publicUrl,
    db,
    vault: new TokenVault(parseTeamKeys(options.key ?? TEAM_KEY)),
    googleClient: { clientId: 'team-web-client', clientSecret: 'team-web-secret' },
    apiRoot: emulator.url,
    env: { GDOC_API_ROOT: emulator.url },
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    log: (message) => {
      if (process.env.TEAM_TEST_LOG) process.stderr.write(`${message}\n`);
    },
  });
}

/** The MCP client's side of OAuth, kept in memory. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private info: Parameters<NonNullable<OAuthClientProvider['saveClientInformation']>>[0] | undefined;
  private saved: Parameters<OAuthClientProvider['saveTokens']>[0] | undefined;
  private verifier = '';
  private discovery: unknown;

  constructor(readonly name: string) {}

  get redirectUrl(): string {
    return CLIENT_REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: NonNullable<typeof this.info>) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: NonNullable<typeof this.saved>) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
  get clientId(): string {
    return String(this.info?.client_id);
  }
  get accessToken(): string {
    return String(this.saved?.access_token);
  }
  get refreshToken(): string {
    return String(this.saved?.refresh_token);
  }
}

/** A user agent: follows redirects, keeps cookies per origin, submits each page's first form. */
export class UserAgent {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every HTML page seen, in order, with its headers. */
  readonly pages: { url: string; html: string; headers: Headers }[] = [];

  async request(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const cookies = [...(this.jar.get(origin) ?? new Map())].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: cookies ? { cookie: cookies } : {},
      ...(init.body ? { body: init.body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, eq).trim();
      const value = (pair as string).slice(eq + 1).trim();
      const jar = this.jar.get(origin) ?? new Map<string, string>();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
      this.jar.set(origin, jar);
    }
    return response;
  }

  /**
   * Starts at `url` and goes on until a redirect to `stopAt`, submitting the form `choose` picks
   * on each page (default: the first). Returns the final redirect target.
   */
  async run(url: string, stopAt: string, choose: (html: string) => number = () => 0): Promise<URL> {
    let next: { url: string; method: string; body?: URLSearchParams } = { url, method: 'GET' };
    for (let step = 0; step < 20; step++) {
      const response = await this.request(next.url, next);
      if (process.env.TEAM_TEST_LOG)
        process.stderr.write(
          `UA ${next.method} ${next.url} -> ${response.status} ${response.headers.get('location') ?? ''}\n`,
        );
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const target = new URL(location, next.url);
        if (target.href.startsWith(stopAt)) return target;
        next = { url: target.href, method: 'GET' };
        continue;
      }
      const html = await response.text();
      this.pages.push({ url: next.url, html, headers: response.headers });
      if (response.status !== 200)
        throw new Error(`${next.url} answered ${response.status}: ${html.slice(0, 300)}`);
      const form = forms(html)[choose(html)];
      if (!form) throw new Error(`No form on ${next.url}: ${html.slice(0, 300)}`);
      next = { url: new URL(form.action, next.url).href, method: 'POST', body: form.fields };
    }
    throw new Error('Too many steps');
  }
}

export function forms(html: string): { action: string; fields: URLSearchParams }[] {
  return [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].map(
    ([, action, inner]) => {
      const fields = new URLSearchParams();
      for (const [, type, name, value, checked] of (inner as string).matchAll(
        /<input type="(hidden|radio)" name="([^"]+)" value="([^"]*)"( checked)?>/g,
      )) {
        if (type === 'hidden' || checked) fields.append(name as string, unescapeHtml(value as string));
      }
      return { action: unescapeHtml(action as string), fields };
    },
  );
}

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

/** Runs the whole sign-in of `email` for a new MCP client against `mcpUrl`; returns the connected client. */
export async function signIn(
  mcpUrl: string,
  email: string,
  clientName = `test client for ${email}`,
  agent = new UserAgent(),
): Promise<{ client: Client; oauth: MemoryOAuthProvider; agent: UserAgent }> {
  const oauth = new MemoryOAuthProvider(clientName);
  const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: oauth });
  const probe = new Client({ name: clientName, version: '1.0.0' });
  await probe.connect(first).then(
    () => {
      throw new Error('expected the server to ask for sign-in');
    },
    (error: unknown) => {
      if (!(error instanceof UnauthorizedError)) throw error;
    },
  );
  const authUrl = new URL(oauth.authorizationUrl as URL);
  authUrl.searchParams.set('login_hint', email);
  const callback = await agent.run(authUrl.href, CLIENT_REDIRECT);
  await first.finishAuth(callback.searchParams);
  return { client: await connect(mcpUrl, oauth, clientName), oauth, agent };
}

export async function connect(mcpUrl: string, oauth: OAuthClientProvider, name = 'test'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: oauth }));
  return client;
}

/** A client that presents a fixed bearer token and never signs in. */
export async function connectWithToken(mcpUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'token', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: { token: async () => token } }),
  );
  return client;
}
