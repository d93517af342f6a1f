/**
 * Picks the credentials gdoc uses, in this order, without any network call:
 *   1. GDOC_ACCESS_TOKEN: a bare access token (CI, quick tests; no refresh).
 *   2. the user credentials stored by `gdoc login` (refreshed tokens are written back).
 *   3. GOOGLE_APPLICATION_CREDENTIALS: a key file; a service account may impersonate a Workspace
 *      user through domain-wide delegation with GDOC_IMPERSONATE.
 *   4. Application Default Credentials, when gcloud's ADC file exists (or GDOC_USE_ADC=1, which also
 *      allows the metadata server of Google Cloud runtimes).
 * None of them: AuthRequiredError naming `gdoc login`, at once.
 */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AuthClient, GoogleAuth, JWT, OAuth2Client } from 'google-auth-library';
import { AuthRequiredError, ValidationError } from '../errors.js';
import { credentialsPath, type Env, homeDir } from './config-dir.js';
import type { CredentialStore, StoredCredential } from './credential-store.js';
import { FileCredentialStore } from './file-credential-store.js';
import { createOAuthClient, endpointOverrides } from './oauth-client.js';
import { GDOC_SCOPES } from './scopes.js';

export type AuthSource = 'access-token' | 'user' | 'service-account' | 'external-account' | 'adc';

export interface ResolvedAuth {
  source: AuthSource;
  /** What the googleapis clients take as `auth`. */
  client: AuthClient | GoogleAuth;
  scopes: readonly string[];
  /** Non-secret facts for `gdoc whoami`: file paths, service account e-mail, subject. */
  details: Record<string, string>;
  /** Resolves once every refreshed token has been persisted (tests and clean exits wait on it). */
  flush(): Promise<void>;
}

export interface ResolveAuthOptions {
  store?: CredentialStore;
  scopes?: readonly string[];
}

export const LOGIN_SUGGESTION =
  'Run `gdoc login` (or set GDOC_ACCESS_TOKEN, or GOOGLE_APPLICATION_CREDENTIALS to a service account key); see docs/google-setup.md.';

export async function resolveAuth(
  env: Env = process.env,
  options: ResolveAuthOptions = {},
): Promise<ResolvedAuth> {
  const scopes = options.scopes ?? GDOC_SCOPES;
  const done = async (): Promise<void> => {};

  if (env.GDOC_ACCESS_TOKEN) {
    const client = new OAuth2Client();
    client.setCredentials({ access_token: env.GDOC_ACCESS_TOKEN });
    return { source: 'access-token', client, scopes, details: { from: 'GDOC_ACCESS_TOKEN' }, flush: done };
  }

  const store = options.store ?? new FileCredentialStore(credentialsPath(env));
  const stored = await store.load();
  if (stored) return userAuth(stored, store, env, scopes);

  if (env.GOOGLE_APPLICATION_CREDENTIALS) {
    return keyFileAuth(env.GOOGLE_APPLICATION_CREDENTIALS, env, scopes);
  }

  const adcFile = await findAdcFile(env);
  if (adcFile || env.GDOC_USE_ADC === '1') {
    const auth = new GoogleAuth({ scopes: [...scopes], ...(adcFile ? { keyFilename: adcFile } : {}) });
    return {
      source: 'adc',
      client: auth,
      scopes,
      details: { from: adcFile ?? 'Application Default Credentials (metadata server)' },
      flush: done,
    };
  }

  throw new AuthRequiredError('No Google credentials found.', LOGIN_SUGGESTION);
}

function userAuth(
  stored: StoredCredential,
  store: CredentialStore,
  env: Env,
  scopes: readonly string[],
): ResolvedAuth {
  if (!stored.refresh_token && !stored.access_token) {
    throw new AuthRequiredError(
      `The stored credentials in ${store.location} hold no token.`,
      LOGIN_SUGGESTION,
    );
  }
  const client = createOAuthClient({
    clientId: stored.client_id,
    ...(stored.client_secret ? { clientSecret: stored.client_secret } : {}),
    ...endpointOverrides(env),
  });
  client.setCredentials({
    ...(stored.refresh_token ? { refresh_token: stored.refresh_token } : {}),
    ...(stored.access_token ? { access_token: stored.access_token } : {}),
    ...(stored.expiry_date !== undefined ? { expiry_date: stored.expiry_date } : {}),
    ...(stored.scope ? { scope: stored.scope } : {}),
    ...(stored.token_type ? { token_type: stored.token_type } : {}),
  });
  // Persist every refresh so the next run starts with a valid access token; a refresh response
  // usually omits the refresh token, which must then be kept, or the login would be lost.
  let pending: Promise<void> = Promise.resolve();
  let current = stored;
  client.on('tokens', (tokens) => {
    current = {
      ...current,
      ...(tokens.access_token ? { access_token: tokens.access_token } : {}),
      ...(tokens.expiry_date ? { expiry_date: tokens.expiry_date } : {}),
      ...(tokens.scope ? { scope: tokens.scope } : {}),
      ...(tokens.token_type ? { token_type: tokens.token_type } : {}),
      ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
    };
    const snapshot = current;
    pending = pending
      .then(() => store.save(snapshot))
      .catch((error: unknown) => {
        process.stderr.write(`gdoc: could not save refreshed credentials: ${(error as Error).message}\n`);
      });
  });
  const grantedScopes = stored.scope ? stored.scope.split(/\s+/).filter(Boolean) : scopes;
  return {
    source: 'user',
    client,
    scopes: grantedScopes,
    details: { from: store.location, ...(stored.created ? { logged_in: stored.created } : {}) },
    flush: () => pending,
  };
}

async function keyFileAuth(file: string, env: Env, scopes: readonly string[]): Promise<ResolvedAuth> {
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new AuthRequiredError(
      `Cannot read GOOGLE_APPLICATION_CREDENTIALS (${file}): ${(error as Error).message.split('\n')[0]}`,
      'Point GOOGLE_APPLICATION_CREDENTIALS at a readable JSON key file, or unset it.',
    );
  }
  const subject = env.GDOC_IMPERSONATE;
  if (key.type === 'service_account') {
    if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
      throw new AuthRequiredError(`The service account key ${file} lacks client_email or private_key.`);
    }
    const client = new JWT({
      email: key.client_email,
      key: key.private_key,
      scopes: [...scopes],
      ...(subject ? { subject } : {}),
    });
    return {
      source: 'service-account',
      client,
      scopes,
      details: {
        from: file,
        service_account: key.client_email,
        ...(subject ? { impersonating: subject } : {}),
      },
      flush: async () => {},
    };
  }
  if (subject) {
    throw new ValidationError(
      'GDOC_IMPERSONATE needs a service account key in GOOGLE_APPLICATION_CREDENTIALS.',
      'Unset GDOC_IMPERSONATE, or use a service account key with domain-wide delegation.',
    );
  }
  const auth = new GoogleAuth({ keyFilename: file, scopes: [...scopes] });
  return {
    source: key.type === 'authorized_user' ? 'adc' : 'external-account',
    client: auth,
    scopes,
    details: { from: file },
    flush: async () => {},
  };
}

async function findAdcFile(env: Env): Promise<string | undefined> {
  const base = env.CLOUDSDK_CONFIG
    ? env.CLOUDSDK_CONFIG
    : process.platform === 'win32' && env.APPDATA
      ? join(env.APPDATA, 'gcloud')
      : join(homeDir(env), '.config', 'gcloud');
  const file = join(base, 'application_default_credentials.json');
  try {
    await access(file);
    return file;
  } catch {
    return undefined;
  }
}
