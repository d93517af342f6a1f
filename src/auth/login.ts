/**
 * `gdoc login` as a use case: run the loopback flow and keep the result in the credential store,
 * together with the client id/secret so later runs can refresh without the client file.
 */
import type { CredentialStore, StoredCredential } from './credential-store.js';
import { type LoginFlowOptions, LoopbackLoginFlow } from './login-flow.js';

export interface LoginOutcome {
  location: string;
  scopes: string[];
  /** False when Google sent no refresh token (the login would then end with the access token). */
  hasRefreshToken: boolean;
}

export async function login(options: LoginFlowOptions, store: CredentialStore): Promise<LoginOutcome> {
  const { credentials } = await new LoopbackLoginFlow(options).run();
  const stored: StoredCredential = {
    type: 'authorized_user',
    client_id: options.client.clientId,
    ...(options.client.clientSecret ? { client_secret: options.client.clientSecret } : {}),
    ...(credentials.refresh_token ? { refresh_token: credentials.refresh_token } : {}),
    ...(credentials.access_token ? { access_token: credentials.access_token } : {}),
    ...(credentials.expiry_date ? { expiry_date: credentials.expiry_date } : {}),
    ...(credentials.scope ? { scope: credentials.scope } : {}),
    ...(credentials.token_type ? { token_type: credentials.token_type } : {}),
    created: new Date().toISOString(),
  };
  await store.save(stored);
  return {
    location: store.location,
    scopes: (credentials.scope ?? options.scopes.join(' ')).split(/\s+/).filter(Boolean),
    hasRefreshToken: Boolean(credentials.refresh_token),
  };
}
