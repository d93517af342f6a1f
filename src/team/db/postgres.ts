/**
 * The PostgreSQL side of `Database`, on a `pg` pool. A schema of its own is created up front and
 * put first on every connection's search_path, so the SQL above never names it.
 */
import pg from 'pg';
import type { Database, Queryable } from './database.js';

export async function openPostgres(url: string, schema: string | undefined, max: number): Promise<Database> {
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      // Two instances starting at once may both try: the lock makes the second wait, then see it.
      await setup.query('begin');
      await setup.query("select pg_advisory_xact_lock(hashtext('gdoc-team-schema'))");
      await setup.query(`create schema if not exists ${schema}`);
      await setup.query('commit');
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => process.stderr.write(`gdoc team: database: ${error.message}\n`));
  const query = async <Row>(client: Pick<pg.Pool, 'query'>, text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as Row[];
  return {
    kind: 'postgres',
    query: (text, params) => query(pool, text, params),
    exec: async (script) => void (await pool.query(script)),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const tx: Queryable = {
          query: (text, params) => query(client, text, params),
          exec: async (script) => void (await client.query(script)),
        };
        const result = await work(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
