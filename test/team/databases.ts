/**
 * The databases the team tests run on: PostgreSQL from DATABASE_URL (default: the local test
 * database), each run in a schema of its own so parallel runs do not collide, and PGlite in memory.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/team/db/database.js';
import { migrate } from '../../src/team/db/migrate.js';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  kind: 'postgres' | 'pglite';
  /** Opens another connection to the same data (a second instance); PGlite has only one. */
  open(): Promise<Database>;
  db: Database;
  /** The options to pass to a server instance. */
  url: string | undefined;
  schema: string | undefined;
  drop(): Promise<void>;
}

export function uniqueSchema(): string {
  return `t_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function postgresTestDatabase(): Promise<TestDatabase> {
  const schema = uniqueSchema();
  const open = async () => openDatabase({ url: DATABASE_URL, schema, maxConnections: 5 });
  const db = await open();
  await migrate(db);
  return {
    kind: 'postgres',
    db,
    open,
    url: DATABASE_URL,
    schema,
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export async function pgliteTestDatabase(): Promise<TestDatabase> {
  const db = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(db);
  return {
    kind: 'pglite',
    db,
    open: async () => db,
    url: undefined,
    schema: undefined,
    drop: () => db.close(),
  };
}
