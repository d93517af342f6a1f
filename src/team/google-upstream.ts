/**
 * Google as the team server's upstream sign-in: one configured web client, `access_type=offline`
 * and `prompt=consent` so Google hands us a refresh token, PKCE, and the scopes the tools need
 * plus `openid email` to learn who signed in. `GDOC_API_ROOT` moves every endpoint (the emulator).
 * Google's tokens stay on the server: clients only ever see ours.
 */
import type { OAuth2Client } from 'google-auth-library';
import { createOAuthClient, type OAuthClientSettings } from '../auth/oauth-client.js';
import { GDOC_SCOPES } from '../auth/scopes.js';
import { AuthRequiredError } from '../errors.js';

export interface GoogleEndpoints {
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export const GOOGLE_SIGN_IN_SCOPES: readonly string[] = ['openid', 'email', ...GDOC_SCOPES];

export function googleEndpoints(apiRoot: string | undefined): GoogleEndpoints {
  if (!apiRoot) {
    return {
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    };
  }
  const root = apiRoot.endsWith('/') ? apiRoot : `${apiRoot}/`;
  return {
    authUrl: `${root}o/oauth2/v2/auth`,
    tokenUrl: `${root}token`,
    userinfoUrl: `${root}oauth2/v3/userinfo`,
  };
}

export interface GoogleIdentity {
  /** Google's stable subject: our account id. */
  sub: string;
  email: string;
}

export class GoogleUpstream {
  constructor(
    private readonly client: { clientId: string; clientSecret?: string },
    readonly endpoints: GoogleEndpoints,
    private readonly redirectUri: string,
  ) {}

  private oauth(): OAuth2Client {
    const settings: OAuthClientSettings = {
      ...this.client,
      authUrl: this.endpoints.authUrl,
      tokenUrl: this.endpoints.tokenUrl,
    };
    return createOAuthClient(settings, this.redirectUri);
  }

  /** A client that acts in Google as one person, from their refresh token. */
  clientFor(refreshToken: string): OAuth2Client {
    const client = this.oauth();
    client.setCredentials({ refresh_token: refreshToken });
    return client;
  }

  authorizationUrl(state: string, codeChallenge: string, loginHint: string | undefined): string {
    return this.oauth().generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [...GOOGLE_SIGN_IN_SCOPES],
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
      include_granted_scopes: false,
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
  }

  async codeVerifier(): Promise<{ verifier: string; challenge: string }> {
    const { codeVerifier, codeChallenge } = await this.oauth().generateCodeVerifierAsync();
    return { verifier: codeVerifier, challenge: codeChallenge as string };
  }

  /** Exchanges the code, then asks Google who signed in. */
  async finishSignIn(
    code: string,
    verifier: string,
  ): Promise<{ identity: GoogleIdentity; refreshToken: string; scope: string }> {
    const { tokens } = await this.oauth().getToken({
      code,
      codeVerifier: verifier,
      redirect_uri: this.redirectUri,
    });
    if (!tokens.refresh_token || !tokens.access_token) {
      throw new AuthRequiredError(
        'Google returned no refresh token.',
        'Sign in again and grant offline access.',
      );
    }
    const answer = await fetch(this.endpoints.userinfoUrl, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    if (!answer.ok) throw new AuthRequiredError(`Google userinfo answered ${answer.status}.`);
    const info = (await answer.json()) as { sub?: unknown; email?: unknown; email_verified?: unknown };
    if (typeof info.sub !== 'string' || typeof info.email !== 'string' || info.email_verified === false) {
      throw new AuthRequiredError('Google did not tell who signed in (no verified e-mail).');
    }
    return {
      identity: { sub: info.sub, email: info.email },
      refreshToken: tokens.refresh_token,
      scope: tokens.scope ?? '',
    };
  }
}
