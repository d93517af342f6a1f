/**
 * The emulator's Google sign-in: the login_hint form, the code exchange with PKCE through the real
 * google-auth-library client, refresh, revocation, userinfo, and documents shared per user.
 */
import { rm } from 'node:fs/promises';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { makeStore } from '../local/store-fixtures.js';

let dir: string;
let emulator: RunningEmulator;
const REDIRECT = 'http://127.0.0.1:9/callback';

function oauthClient(): OAuth2Client {
  return new OAuth2Client({
    clientId: 'team-client',
    clientSecret: 'team-secret',
    redirectUri: REDIRECT,
    endpoints: {
      oauth2AuthBaseUrl: `${emulator.url}o/oauth2/v2/auth`,
      oauth2TokenUrl: `${emulator.url}token`,
      oauth2RevokeUrl: `${emulator.url}revoke`,
    },
  });
}

/** Plays the browser: loads the sign-in page, submits its form as is, returns the redirect. */
async function signIn(authUrl: string): Promise<{ page: string; location: URL }> {
  const page = await (await fetch(authUrl)).text();
  const form = new URLSearchParams();
  for (const match of page.matchAll(
    /<input type="(hidden|radio)" name="([^"]+)" value="([^"]*)"( checked)?>/g,
  )) {
    const [, type, name, value, checked] = match;
    if (type === 'hidden' || checked) form.append(name as string, unescapeHtml(value as string));
  }
  const answer = await fetch(`${emulator.url}o/oauth2/v2/auth`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return { page, location: new URL(answer.headers.get('location') as string) };
}

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

async function tokensFor(email: string) {
  const client = oauthClient();
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const url = client.generateAuthUrl({
    access_type: 'offline',
    scope: ['openid', 'email', 'https://www.googleapis.com/auth/documents'],
    state: 'st',
    login_hint: email,
    code_challenge: codeChallenge as string,
    code_challenge_method: 'S256' as never,
  });
  const { page, location } = await signIn(url);
  expect(page).not.toMatch(/<script/i);
  expect(location.searchParams.get('state')).toBe('st');
  const { tokens } = await client.getToken({
    code: location.searchParams.get('code') as string,
    codeVerifier,
  });
  return { client, tokens, codeVerifier, code: location.searchParams.get('code') as string };
}

async function api(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  return await fetch(`${emulator.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
}

beforeAll(async () => {
  dir = await makeStore(['poem', 'lists', 'single']);
  emulator = await startEmulator({
    storeDir: dir,
    users: ['alice@example.com', 'bob@example.com'],
    permissions: {
      poem: { 'alice@example.com': 'owner' },
      lists: { 'alice@example.com': 'owner', 'bob@example.com': 'reader' },
    },
  });
});

afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

describe('emulated Google sign-in', () => {
  it('signs in the user named by login_hint and tells who they are', async () => {
    const { tokens } = await tokensFor('bob@example.com');
    expect(tokens.refresh_token).toBeTruthy();
    const me = await (await api('oauth2/v3/userinfo', tokens.access_token as string)).json();
    expect(me).toMatchObject({ email: 'bob@example.com', email_verified: true });
  });

  it('refuses a code twice, a wrong verifier, and a wrong redirect', async () => {
    const { client, code, codeVerifier } = await tokensFor('alice@example.com');
    await expect(client.getToken({ code, codeVerifier })).rejects.toThrow(/invalid_grant/);

    const other = oauthClient();
    const challenge = await other.generateCodeVerifierAsync();
    const url = other.generateAuthUrl({
      scope: ['openid'],
      login_hint: 'alice@example.com',
      code_challenge: challenge.codeChallenge as string,
      code_challenge_method: 'S256' as never,
    });
    const { location } = await signIn(url);
    await expect(
      other.getToken({ code: location.searchParams.get('code') as string, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toThrow(/invalid_grant/);
  });

  it('refreshes, and revoking the refresh token ends its access tokens', async () => {
    const { client, tokens } = await tokensFor('alice@example.com');
    client.setCredentials({ refresh_token: tokens.refresh_token as string });
    const fresh = (await client.getAccessToken()).token as string;
    expect((await api('v1/documents/poem', fresh)).status).toBe(200);
    await client.revokeToken(tokens.refresh_token as string);
    expect((await api('v1/documents/poem', fresh)).status).toBe(401);
    expect((await api('v1/documents/poem', tokens.access_token as string)).status).toBe(401);
  });

  it('shows each user only what is shared with them', async () => {
    const alice = (await tokensFor('alice@example.com')).tokens.access_token as string;
    const bob = (await tokensFor('bob@example.com')).tokens.access_token as string;
    expect((await api('v1/documents/poem', alice)).status).toBe(200);
    expect((await api('v1/documents/poem', bob)).status).toBe(404);
    expect((await api('drive/v3/files/poem?fields=id', bob)).status).toBe(404);

    const list = async (token: string) =>
      ((await (await api('drive/v3/files', token)).json()) as { files: { id: string }[] }).files
        .map((f) => f.id)
        .sort();
    expect(await list(alice)).toEqual(['lists', 'poem', 'single']);
    expect(await list(bob)).toEqual(['lists', 'single']);

    // A reader reads without a revision and cannot write.
    const read = (await (await api('v1/documents/lists', bob)).json()) as { revisionId?: string };
    expect(read.revisionId).toBeUndefined();
    const write = await api('v1/documents/lists:batchUpdate', bob, {
      method: 'POST',
      body: JSON.stringify({ requests: [] }),
    });
    expect(write.status).toBe(403);
    const meta = await (await api('drive/v3/files/lists?fields=owners,capabilities', bob)).json();
    expect(meta).toMatchObject({
      owners: [{ emailAddress: 'alice@example.com' }],
      capabilities: { canEdit: false },
    });

    // A new document belongs to its creator alone.
    const created = (await (
      await api('v1/documents', bob, { method: 'POST', body: JSON.stringify({ title: 'Bob notes' }) })
    ).json()) as { documentId: string };
    expect((await api(`v1/documents/${created.documentId}`, bob)).status).toBe(200);
    expect((await api(`v1/documents/${created.documentId}`, alice)).status).toBe(404);
  });

  it('refuses API calls with a token it did not issue', async () => {
    expect((await api('v1/documents/single', 'made-up')).status).toBe(401);
  });
});
