/**
 * The one storage interface of the team server: parameterised SQL with a transaction helper, over
 * either a PostgreSQL pool (`pg`, for any number of instances) or PGlite (the same PostgreSQL,
 * in-process, a folder under the config dir, so one command starts a working team server).
 * Everything above this file speaks plain SQL and cannot tell which one it runs on.
 */

export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…`; absent: PGlite in `pgliteDir`. */
  url?: string | undefined;
  /** The PGlite data folder (required without `url`); `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** A schema of its own (created when missing): parallel test runs share one database this way. */
  schema?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`Schema name "${options.schema}" must be lower-case letters, digits and _.`);
  }
  if (options.url) {
    const { openPostgres } = await import('./postgres.js');
    return await openPostgres(options.url, options.schema, options.maxConnections ?? 10);
  }
  if (!options.pgliteDir) throw new Error('PGlite needs a data folder (pgliteDir).');
  const { openPglite } = await import('./pglite.js');
  return await openPglite(options.pgliteDir, options.schema);
}
