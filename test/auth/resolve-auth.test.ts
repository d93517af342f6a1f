/** Which credentials resolveAuth picks, refresh persistence, and the fast no-credentials failure. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GoogleAuth, JWT, type OAuth2Client } from 'google-auth-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as authModule from '../../src/auth/index.js';
import { FileCredentialStore, GDOC_SCOPES, resolveAuth } from '../../src/auth/index.js';
import { AuthRequiredError, ValidationError } from '../../src/errors.js';
import {
  type FakeOAuthServer,
  REFRESH_TOKEN,
  REFRESHED_ACCESS_TOKEN,
  startFakeOAuthServer,
} from './fake-oauth-server.js';

let dir: string;
let env: Record<string, string>;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-resolve-'));
  // A private home: no real gcloud ADC file or stored login can leak into the test.
  env = { HOME: dir, GDOC_CONFIG_DIR: join(dir, 'gdoc') };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function storeUser(extra: Record<string, unknown> = {}): Promise<void> {
  await new FileCredentialStore(join(dir, 'gdoc', 'credentials.json')).save({
    type: 'authorized_user',
    client_id: 'id.apps.example',
    client_secret: 'client-secret',
    refresh_token: REFRESH_TOKEN,
    ...extra,
  });
}

async function serviceAccountKey(): Promise<string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = join(dir, 'sa.json');
  await writeFile(
    file,
    JSON.stringify({
      type: 'service_account',
      client_email: 'robot@project.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    }),
  );
  return file;
}

describe('auth module exports', () => {
  it('exposes the documented names', () => {
    expect(Object.keys(authModule).sort()).toEqual(
      [
        'DOCS_SCOPE',
        'DRIVE_FILE_SCOPE',
        'DRIVE_METADATA_SCOPE',
        'expandScope',
        'FileCredentialStore',
        'GDOC_SCOPES',
        'LOGIN_SUGGESTION',
        'LoopbackLoginFlow',
        'configDir',
        'createOAuthClient',
        'credentialsPath',
        'endpointOverrides',
        'loadClientSettings',
        'login',
        'openBrowser',
        'parseClientSecretJson',
        'resolveAuth',
      ].sort(),
    );
    expect(GDOC_SCOPES).toEqual([
      'https://www.googleapis.com/auth/documents',
      'https://www.googleapis.com/auth/drive.metadata.readonly',
    ]);
  });
});

describe('resolveAuth', () => {
  it('fails with AuthRequiredError naming `gdoc login` when nothing is configured', async () => {
    const error = await resolveAuth(env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).suggestion).toMatch(/gdoc login/);
  });

  it('uses GDOC_ACCESS_TOKEN first, even over a stored login', async () => {
    await storeUser();
    const resolved = await resolveAuth({ ...env, GDOC_ACCESS_TOKEN: 'bare-token' });
    expect(resolved.source).toBe('access-token');
    expect(await (resolved.client as OAuth2Client).getAccessToken()).toMatchObject({ token: 'bare-token' });
    expect(JSON.stringify(resolved.details)).not.toContain('bare-token');
  });

  it('uses the stored login before a service account key', async () => {
    await storeUser({ scope: 'https://www.googleapis.com/auth/documents' });
    const resolved = await resolveAuth({ ...env, GOOGLE_APPLICATION_CREDENTIALS: await serviceAccountKey() });
    expect(resolved.source).toBe('user');
    expect(resolved.details.from).toBe(join(dir, 'gdoc', 'credentials.json'));
    expect(resolved.scopes).toEqual(['https://www.googleapis.com/auth/documents']);
  });

  it('uses a service account key, impersonating a user through domain-wide delegation', async () => {
    const key = await serviceAccountKey();
    const resolved = await resolveAuth({
      ...env,
      GOOGLE_APPLICATION_CREDENTIALS: key,
      GDOC_IMPERSONATE: 'ann@example.com',
    });
    expect(resolved.source).toBe('service-account');
    expect(resolved.client).toBeInstanceOf(JWT);
    expect((resolved.client as JWT).subject).toBe('ann@example.com');
    expect((resolved.client as JWT).scopes).toEqual([...GDOC_SCOPES]);
    expect(resolved.details).toEqual({
      from: key,
      service_account: 'robot@project.iam.gserviceaccount.com',
      impersonating: 'ann@example.com',
    });
    expect(JSON.stringify(resolved.details)).not.toContain('PRIVATE KEY');
  });

  it('refuses GDOC_IMPERSONATE without a service account key', async () => {
    const file = join(dir, 'user.json');
    await writeFile(file, JSON.stringify({ type: 'authorized_user', client_id: 'x', refresh_token: 'y' }));
    await expect(
      resolveAuth({ ...env, GOOGLE_APPLICATION_CREDENTIALS: file, GDOC_IMPERSONATE: 'a@b.c' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('reports an unreadable key file as AuthRequiredError', async () => {
    await expect(
      resolveAuth({ ...env, GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'missing.json') }),
    ).rejects.toBeInstanceOf(AuthRequiredError);
  });

  it('falls back to gcloud Application Default Credentials when their file exists', async () => {
    const gcloud = join(dir, '.config', 'gcloud');
    await mkdir(gcloud, { recursive: true });
    await writeFile(
      join(gcloud, 'application_default_credentials.json'),
      JSON.stringify({ type: 'authorized_user', client_id: 'x', client_secret: 'y', refresh_token: 'z' }),
    );
    const resolved = await resolveAuth(env);
    expect(resolved.source).toBe('adc');
    expect(resolved.client).toBeInstanceOf(GoogleAuth);
    expect(resolved.details.from).toBe(join(gcloud, 'application_default_credentials.json'));
  });
});

describe('token refresh', () => {
  let oauth: FakeOAuthServer;
  beforeEach(async () => {
    oauth = await startFakeOAuthServer();
  });
  afterEach(async () => {
    await oauth.close();
  });

  it('persists a refreshed access token and keeps the refresh token the response lacked', async () => {
    await storeUser({ access_token: 'expired-token', expiry_date: Date.now() - 60_000 });
    const resolved = await resolveAuth({ ...env, GDOC_OAUTH_TOKEN_URL: oauth.tokenUrl });
    const { token } = await (resolved.client as OAuth2Client).getAccessToken();
    expect(token).toBe(REFRESHED_ACCESS_TOKEN);
    await resolved.flush();
    const saved = JSON.parse(await readFile(join(dir, 'gdoc', 'credentials.json'), 'utf8'));
    expect(saved.access_token).toBe(REFRESHED_ACCESS_TOKEN);
    expect(saved.refresh_token).toBe(REFRESH_TOKEN);
    expect(saved.client_id).toBe('id.apps.example');
    expect(saved.expiry_date).toBeGreaterThan(Date.now());
    const refresh = oauth.tokenRequests.at(-1)!;
    expect(refresh.grant_type).toBe('refresh_token');

    // The next run starts from the stored token: no second refresh.
    const again = await resolveAuth({ ...env, GDOC_OAUTH_TOKEN_URL: oauth.tokenUrl });
    expect((await (again.client as OAuth2Client).getAccessToken()).token).toBe(REFRESHED_ACCESS_TOKEN);
    expect(oauth.tokenRequests).toHaveLength(1);
  });
});
