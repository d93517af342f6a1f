/**
 * `gdoc login`, `whoami` and `logout` as a user runs them (in process, through commander): the
 * login plays the browser from the URL printed on stderr; nothing printed ever holds a secret.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { register as registerLogin } from '../../src/cli/commands/login.js';
import { register as registerLogout } from '../../src/cli/commands/logout.js';
import { register as registerWhoami } from '../../src/cli/commands/whoami.js';
import { AuthRequiredError } from '../../src/errors.js';
import {
  ACCESS_TOKEN,
  type FakeOAuthServer,
  REFRESH_TOKEN,
  startFakeOAuthServer,
} from './fake-oauth-server.js';

const SECRETS = [ACCESS_TOKEN, REFRESH_TOKEN, 'client-SECRET-cli', 'bare-SECRET-token'];

let oauth: FakeOAuthServer;
let home: string;
let saved: NodeJS.ProcessEnv;
let out: string;
let err: string;

beforeEach(async () => {
  oauth = await startFakeOAuthServer();
  home = await mkdtemp(join(tmpdir(), 'gdoc-cli-'));
  saved = { ...process.env };
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('GDOC_') || key === 'GOOGLE_APPLICATION_CREDENTIALS') delete process.env[key];
  }
  Object.assign(process.env, {
    HOME: home,
    GDOC_CONFIG_DIR: join(home, 'gdoc'),
    GDOC_CLIENT_ID: 'cli-client.apps.example',
    GDOC_CLIENT_SECRET: 'client-SECRET-cli',
    GDOC_OAUTH_AUTH_URL: oauth.authUrl,
    GDOC_OAUTH_TOKEN_URL: oauth.tokenUrl,
  });
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err += String(chunk);
    // Play the browser: follow the printed authorization URL.
    const url = String(chunk).match(/https?:\/\/127\.0\.0\.1:\d+\/auth\?\S+/)?.[0];
    if (url) void fetch(url);
    return true;
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  process.env = saved;
  await oauth.close();
  await rm(home, { recursive: true, force: true });
});

async function gdoc(...args: string[]): Promise<void> {
  const program = new Command('gdoc').exitOverride();
  registerLogin(program);
  registerLogout(program);
  registerWhoami(program);
  await program.parseAsync(['node', 'gdoc', ...args]);
}

describe('gdoc login / whoami / logout', () => {
  it('logs in without a browser, reports the source, logs out; no secret is ever printed', async () => {
    await gdoc('login', '--no-browser', '--scope', 'drive.file', '--json');
    const login = JSON.parse(out);
    expect(oauth.authRequests[0]?.scope?.split(' ')).toContain('https://www.googleapis.com/auth/drive.file');
    expect(login).toMatchObject({ success: true, credentials_file: join(home, 'gdoc', 'credentials.json') });
    expect(login.scopes).toContain('https://www.googleapis.com/auth/documents');
    expect(err).toMatch(/Open this URL/);
    expect((await stat(login.credentials_file)).mode & 0o777).toBe(0o600);

    out = '';
    await gdoc('whoami', '--json');
    const who = JSON.parse(out);
    expect(who).toMatchObject({
      success: true,
      source: 'user',
      details: { from: login.credentials_file },
      missing_scopes: [],
    });

    out = '';
    await gdoc('whoami');
    expect(out).toMatch(/your Google login/);

    process.env.GDOC_ACCESS_TOKEN = 'bare-SECRET-token';
    out = '';
    await gdoc('whoami', '--json');
    expect(JSON.parse(out).source).toBe('access-token');
    delete process.env.GDOC_ACCESS_TOKEN;

    out = '';
    await gdoc('logout', '--json');
    expect(JSON.parse(out)).toMatchObject({ success: true, removed: true });
    await expect(stat(login.credentials_file)).rejects.toThrow();

    await expect(gdoc('whoami')).rejects.toSatisfy(
      (e: unknown) => e instanceof AuthRequiredError && /gdoc login/.test(e.suggestion ?? ''),
    );
    for (const secret of SECRETS) {
      expect(out).not.toContain(secret);
      expect(err).not.toContain(secret);
    }
  });

  it('tells how to get a client when none is configured', async () => {
    delete process.env.GDOC_CLIENT_ID;
    await expect(gdoc('login', '--no-browser')).rejects.toSatisfy(
      (e: unknown) => e instanceof AuthRequiredError && /--client-secret/.test(e.suggestion ?? ''),
    );
  });

  it('rejects a bad --port', async () => {
    await expect(gdoc('login', '--port', 'eighty')).rejects.toThrow(/--port/);
  });
});

describe('gdoc whoami with a narrower stored login', () => {
  it('names the scopes the stored login lacks', async () => {
    const { FileCredentialStore } = await import('../../src/auth/index.js');
    await new FileCredentialStore(join(home, 'gdoc', 'credentials.json')).save({
      type: 'authorized_user',
      client_id: 'x',
      refresh_token: 'r',
      scope: 'https://www.googleapis.com/auth/documents',
    });
    await gdoc('whoami');
    expect(out).toMatch(/missing scopes: https:\/\/www\.googleapis\.com\/auth\/drive\.metadata\.readonly/);
    out = '';
    await gdoc('whoami', '--json');
    expect(JSON.parse(out).missing_scopes).toEqual([
      'https://www.googleapis.com/auth/drive.metadata.readonly',
    ]);
  });
});
