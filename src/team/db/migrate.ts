/**
 * Brings a database up to the latest migration: all pending migrations in one transaction under a
 * transaction-level advisory lock, so instances starting together apply each migration once and a
 * failure leaves the schema as it was.
 */
import type { Database } from './database.js';
import { MIGRATIONS, type Migration } from './migrations.js';

/** hashtext('gdoc-team-migrations') would do too; a constant keeps the lock visible in pg_locks. */
const MIGRATION_LOCK = 7_141_927_001;

export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
