/**
 * The OAuth client settings: the client id and secret (from Google's downloaded JSON or the
 * environment) and the authorization/token endpoints, which `GDOC_OAUTH_AUTH_URL` and
 * `GDOC_OAUTH_TOKEN_URL` can move so a test can run the whole flow against a fake server.
 */
import { readFile } from 'node:fs/promises';
import { OAuth2Client } from 'google-auth-library';
import { AuthRequiredError, ValidationError } from '../errors.js';
import type { Env } from './config-dir.js';

export interface OAuthClientSettings {
  clientId: string;
  clientSecret?: string;
  /** Overrides Google's authorization endpoint (`https://accounts.google.com/o/oauth2/v2/auth`). */
  authUrl?: string;
  /** Overrides Google's token endpoint (`https://oauth2.googleapis.com/token`). */
  tokenUrl?: string;
}

export function endpointOverrides(env: Env): Pick<OAuthClientSettings, 'authUrl' | 'tokenUrl'> {
  return {
    ...(env.GDOC_OAUTH_AUTH_URL ? { authUrl: env.GDOC_OAUTH_AUTH_URL } : {}),
    ...(env.GDOC_OAUTH_TOKEN_URL ? { tokenUrl: env.GDOC_OAUTH_TOKEN_URL } : {}),
  };
}

/**
 * Reads the client from `--client-secret FILE` (the JSON Google offers for download, under an
 * `installed` or `web` key) or from GDOC_CLIENT_ID / GDOC_CLIENT_SECRET.
 */
export async function loadClientSettings(file: string | undefined, env: Env): Promise<OAuthClientSettings> {
  const endpoints = endpointOverrides(env);
  if (file) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new ValidationError(
        `Cannot read the client secret file ${file}: ${(error as Error).message}`,
        'Pass the JSON file downloaded from Google Cloud Console > APIs & Services > Credentials.',
      );
    }
    return { ...parseClientSecretJson(text, file), ...endpoints };
  }
  if (env.GDOC_CLIENT_ID) {
    return {
      clientId: env.GDOC_CLIENT_ID,
      ...(env.GDOC_CLIENT_SECRET ? { clientSecret: env.GDOC_CLIENT_SECRET } : {}),
      ...endpoints,
    };
  }
  throw new AuthRequiredError(
    'No OAuth client configured for `gdoc login`.',
    'Pass --client-secret FILE (a Desktop app OAuth client downloaded from Google Cloud Console) ' +
      'or set GDOC_CLIENT_ID and GDOC_CLIENT_SECRET; see docs/google-setup.md.',
  );
}

export function parseClientSecretJson(text: string, source: string): OAuthClientSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError(`The client secret file ${source} is not valid JSON.`);
  }
  const root = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const section = (root.installed ?? root.web) as Record<string, unknown> | undefined;
  const clientId = section?.client_id;
  if (typeof clientId !== 'string' || clientId === '') {
    throw new ValidationError(
      `The client secret file ${source} has no installed.client_id or web.client_id.`,
      'Download the JSON of an OAuth client of type "Desktop app" (see docs/google-setup.md).',
    );
  }
  const secret = section?.client_secret;
  return { clientId, ...(typeof secret === 'string' && secret ? { clientSecret: secret } : {}) };
}

export function createOAuthClient(settings: OAuthClientSettings, redirectUri?: string): OAuth2Client {
  return new OAuth2Client({
    clientId: settings.clientId,
    ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}),
    ...(redirectUri ? { redirectUri } : {}),
    // A token revoked before its recorded expiry answers 401: refresh once and retry rather than
    // send the user back to `gdoc login` while the refresh token is still good.
    forceRefreshOnFailure: true,
    endpoints: {
      ...(settings.authUrl ? { oauth2AuthBaseUrl: settings.authUrl } : {}),
      ...(settings.tokenUrl ? { oauth2TokenUrl: settings.tokenUrl } : {}),
    },
  });
}
