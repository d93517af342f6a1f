/**
 * The embedded side of `Database`: PGlite, PostgreSQL compiled to WebAssembly, in this process.
 * It runs the same SQL as the server; it is one connection, so it serves one instance.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.js';

export async function openPglite(dataDir: string, schema: string | undefined): Promise<Database> {
  const db = await PGlite.create(dataDir);
  if (schema) {
    await db.exec(`create schema if not exists ${schema}; set search_path to ${schema}`);
  }
  return {
    kind: 'pglite',
    query: async (text, params) => (await db.query(text, params)).rows as never,
    exec: async (script) => void (await db.exec(script)),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async (text, params) => (await tx.query(text, params)).rows as never,
          exec: async (script) => void (await tx.exec(script)),
        }),
      ),
    close: () => db.close(),
  };
}
