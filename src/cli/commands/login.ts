/** `gdoc login`: sign in to Google in the browser and keep the credentials for later runs. */
import type { Command } from 'commander';
import { ValidationError } from '../../errors.js';
import { cliIo } from '../io.js';

interface LoginOptions {
  clientSecret?: string;
  browser: boolean;
  port?: string;
  scope: string[];
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('login')
    .description('Sign in to Google (OAuth in the browser) and store the credentials owner-only.')
    .option(
      '--client-secret <file>',
      "the OAuth client JSON downloaded from Google Cloud (a 'Desktop app' client)",
    )
    .option('--no-browser', 'do not open a browser; only print the URL to visit')
    .option('--port <n>', 'loopback port for the redirect (default: a free port)')
    .option(
      '--scope <scope>',
      'also ask for this scope (repeatable), e.g. drive.file so `npm run test:live` can delete its scratch doc',
      (value: string, all: string[]) => [...all, value],
      [] as string[],
    )
    .option('--json', 'print {success, credentials_file, scopes} as JSON')
    .addHelpText(
      'after',
      `
The client can also come from GDOC_CLIENT_ID and GDOC_CLIENT_SECRET. Credentials are stored in
$GDOC_CONFIG_DIR (default ~/.config/gdoc). See docs/google-setup.md.

Examples:
  gdoc login --client-secret ~/Downloads/client_secret_123.json
  gdoc login --no-browser        on a remote machine: open the printed URL yourself`,
    )
    .action(async (opts: LoginOptions) => {
      const port = parsePort(opts.port);
      const auth = await import('../../auth/index.js');
      const env = process.env;
      const client = await auth.loadClientSettings(opts.clientSecret, env);
      const store = new auth.FileCredentialStore(auth.credentialsPath(env));
      const log = (line: string): void => {
        cliIo().stderr.write(`${line}\n`);
      };
      const timeout = env.GDOC_LOGIN_TIMEOUT_MS ? Number(env.GDOC_LOGIN_TIMEOUT_MS) : undefined;
      const outcome = await auth.login(
        {
          client,
          scopes: [...new Set([...auth.GDOC_SCOPES, ...opts.scope.map(auth.expandScope)])],
          ...(port !== undefined ? { port } : {}),
          ...(opts.browser ? { openBrowser: auth.openBrowser } : {}),
          log,
          ...(timeout && timeout > 0 ? { timeoutMs: timeout } : {}),
        },
        store,
      );
      if (env.GDOC_ACCESS_TOKEN) {
        log('Note: GDOC_ACCESS_TOKEN is set and takes precedence over the stored login; unset it to use it.');
      }
      if (!outcome.hasRefreshToken) {
        log(
          'Warning: Google sent no refresh token, so this login ends when the access token expires (1 hour).',
        );
      }
      if (opts.json) {
        cliIo().stdout.write(
          `${JSON.stringify({ success: true, credentials_file: outcome.location, scopes: outcome.scopes }, null, 2)}\n`,
        );
        return;
      }
      cliIo().stdout.write(
        `Logged in. Credentials saved to ${outcome.location}\nScopes: ${outcome.scopes.join(' ')}\n`,
      );
    });
}

function parsePort(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ValidationError(`--port must be a port number (0-65535), got "${raw}".`);
  }
  return port;
}
