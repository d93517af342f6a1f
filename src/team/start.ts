/**
 * What `gdoc serve --http HOST:PORT --team` runs: reads the key, the Google web client and the
 * database from options and environment, opens and migrates the database (PostgreSQL with
 * `--database-url`, else PGlite in the config dir), and starts the team server.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { configDir, type Env } from '../auth/config-dir.js';
import { loadClientSettings } from '../auth/oauth-client.js';
import { readGoogleConfig } from '../docs/backends/google-config.js';
import { ValidationError } from '../errors.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { type RunningTeamServer, startTeamServer } from './server.js';
import type { RateLimit } from './store/rate-limit.js';
import { parseTeamKeys, TokenVault } from './store/token-vault.js';

export interface TeamCliOptions {
  host: string;
  port: number;
  databaseUrl?: string | undefined;
  /** Schema inside the database (default: the search_path's first, usually public). */
  schema?: string | undefined;
  publicUrl?: string | undefined;
  /** Google's downloaded client JSON (a "Web application" client); else GDOC_CLIENT_ID/SECRET. */
  clientSecretFile?: string | undefined;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  /** `BURST/PER_SECOND` per person, e.g. `120/2` (the default). */
  rateLimit?: string | undefined;
}

export function parseRateLimit(value: string): RateLimit {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(value.trim());
  const capacity = Number(match?.[1]);
  const perSecond = Number(match?.[2]);
  if (!match || capacity < 1 || perSecond <= 0) {
    throw new ValidationError(
      `--rate-limit takes BURST/PER_SECOND, e.g. 120/2, not "${value}".`,
      'BURST is how many calls a person may make at once; PER_SECOND how fast the allowance comes back.',
    );
  }
  return { capacity, perSecond };
}

export async function startTeamFromCli(
  options: TeamCliOptions,
  env: Env = process.env,
): Promise<RunningTeamServer> {
  const vault = new TokenVault(parseTeamKeys(env.GDOC_TEAM_KEY));
  const rateLimit = options.rateLimit ? parseRateLimit(options.rateLimit) : undefined;
  const client = await loadClientSettings(options.clientSecretFile, env);
  const apiRoot = readGoogleConfig(env).apiRoot;
  let pgliteDir: string | undefined;
  if (!options.databaseUrl) {
    pgliteDir = join(configDir(env), 'team-db');
    await mkdir(pgliteDir, { recursive: true, mode: 0o700 });
  }
  const db = await openDatabase({
    url: options.databaseUrl,
    ...(pgliteDir ? { pgliteDir } : {}),
    ...(options.schema ? { schema: options.schema } : {}),
  });
  const applied = await migrate(db);
  if (applied.length) process.stderr.write(`gdoc team: applied migrations ${applied.join(', ')}\n`);
  return await startTeamServer({
    host: options.host,
    port: options.port,
    publicUrl: options.publicUrl,
    db,
    vault,
    googleClient: {
      clientId: client.clientId,
      ...(client.clientSecret ? { clientSecret: client.clientSecret } : {}),
    },
    apiRoot,
    allowedHosts: options.allowedHosts ?? [],
    allowedOrigins: options.allowedOrigins ?? [],
    ...(rateLimit ? { rateLimit } : {}),
    env,
  });
}
