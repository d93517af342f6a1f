/** Public surface of the auth module: login, credential storage and credential resolution. */
export { configDir, credentialsPath, type Env } from './config-dir.js';
export type { CredentialStore, StoredCredential } from './credential-store.js';
export { FileCredentialStore } from './file-credential-store.js';
export { type LoginOutcome, login } from './login.js';
export { type LoginFlowOptions, type LoginResult, LoopbackLoginFlow } from './login-flow.js';
export {
  createOAuthClient,
  endpointOverrides,
  loadClientSettings,
  type OAuthClientSettings,
  parseClientSecretJson,
} from './oauth-client.js';
export { openBrowser } from './open-browser.js';
export {
  type AuthSource,
  LOGIN_SUGGESTION,
  type ResolveAuthOptions,
  type ResolvedAuth,
  resolveAuth,
} from './resolve-auth.js';
export { DOCS_SCOPE, DRIVE_FILE_SCOPE, DRIVE_METADATA_SCOPE, expandScope, GDOC_SCOPES } from './scopes.js';
