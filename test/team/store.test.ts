/**
 * The team server's storage on PostgreSQL and on PGlite alike: migrations, the oidc-provider
 * adapter (hashed ids, no token in the payload), sealed refresh tokens and key rotation, shared
 * rate-limit buckets and the audit log.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/team/db/migrate.js';
import { AccountStore } from '../../src/team/store/accounts.js';
import { AuditLog } from '../../src/team/store/audit-log.js';
import { hashId, PostgresAdapter } from '../../src/team/store/oidc-adapter.js';
import { RateLimiter } from '../../src/team/store/rate-limit.js';
import { KeyUnavailableError, parseTeamKeys, TokenVault } from '../../src/team/store/token-vault.js';
import { pgliteTestDatabase, postgresTestDatabase, type TestDatabase } from './databases.js';

const key = () => randomBytes(32).toString('base64');

describe.each([
  ['PostgreSQL', postgresTestDatabase],
  ['PGlite', pgliteTestDatabase],
])('team store on %s', (_name, make) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await make();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('applies each migration once, even when two instances migrate at the same time', async () => {
    const other = await t.open();
    const again = await Promise.all([migrate(t.db), migrate(other)]);
    expect(again).toEqual([[], []]);
    const rows = await t.db.query<{ version: number }>('select version from schema_migrations');
    expect(rows.map((r) => r.version)).toEqual([1]);
    if (other !== t.db) await other.close();
  });

  it('stores oidc payloads under hashed ids, without the token in the payload', async () => {
    const tokens = new PostgresAdapter(t.db, 'AccessToken');
    const secret = randomBytes(16).toString('base64url');
    await tokens.upsert(secret, { jti: secret, grantId: 'g1', accountId: 'a1' } as never, 60);
    const raw = await t.db.query<{ id_hash: string; payload: Record<string, unknown> }>(
      "select id_hash, payload from oidc_payloads where model = 'AccessToken'",
    );
    expect(raw).toHaveLength(1);
    expect(raw[0]!.id_hash).toBe(hashId(secret));
    expect(JSON.stringify(raw[0]!.payload)).not.toContain(secret);
    expect(await tokens.find(secret)).toMatchObject({ jti: secret, accountId: 'a1' });

    await tokens.consume(secret);
    expect((await tokens.find(secret))?.consumed).toBeTypeOf('number');

    const codes = new PostgresAdapter(t.db, 'AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1' } as never, 60);
    await codes.upsert('c2', { jti: 'c2', grantId: 'g2' } as never, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find(secret)).toBeUndefined();
    expect(await codes.find('c1')).toBeUndefined();
    expect(await codes.find('c2')).toBeDefined();

    const sessions = new PostgresAdapter(t.db, 'Session');
    await sessions.upsert('s1', { jti: 's1', uid: 'u1' } as never, 60);
    expect(await sessions.findByUid('u1')).toMatchObject({ jti: 's1' });
    await sessions.destroy('s1');
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('forgets payloads past their expiry', async () => {
    const codes = new PostgresAdapter(t.db, 'AuthorizationCode');
    await codes.upsert('old', { jti: 'old' } as never, 1);
    await t.db.query(
      "update oidc_payloads set expires_at = now() - interval '1 second' where model = 'AuthorizationCode'",
    );
    expect(await codes.find('old')).toBeUndefined();
  });

  it('seals refresh tokens, opens them after a key rotation, and re-seals under the new key', async () => {
    const oldKey = `old:${key()}`;
    const accounts = new AccountStore(t.db, new TokenVault(parseTeamKeys(oldKey)));
    await accounts.save({ accountId: 'sub-alice', email: 'alice@example.com' }, 'google-refresh-1', 'docs');
    const raw = await t.db.query<{ sealed_refresh_token: Uint8Array }>(
      'select sealed_refresh_token from google_accounts',
    );
    expect(Buffer.from(raw[0]!.sealed_refresh_token).toString('latin1')).not.toContain('google-refresh-1');

    const rotated = new AccountStore(t.db, new TokenVault(parseTeamKeys(`new:${key()},${oldKey}`)));
    expect((await rotated.find('sub-alice'))?.refreshToken).toBe('google-refresh-1');
    expect(await rotated.resealAll()).toBe(1);
    const keyIds = await t.db.query<{ key_id: string }>('select key_id from google_accounts');
    expect(keyIds.map((r) => r.key_id)).toEqual(['new']);

    // Re-sealed under the new key: a store holding only the old key can no longer open it.
    await expect(accounts.find('sub-alice')).rejects.toBeInstanceOf(KeyUnavailableError);
  });

  it('does not open a sealed token moved onto another person', async () => {
    const vault = new TokenVault(parseTeamKeys(key()));
    const accounts = new AccountStore(t.db, vault);
    await accounts.save({ accountId: 'sub-a', email: 'a@example.com' }, 'token-a', '');
    await accounts.save({ accountId: 'sub-b', email: 'b@example.com' }, 'token-b', '');
    await t.db.query(
      "update google_accounts set sealed_refresh_token = (select sealed_refresh_token from google_accounts where account_id = 'sub-a') where account_id = 'sub-b'",
    );
    await expect(accounts.find('sub-b')).rejects.toThrow();
    expect((await accounts.find('sub-a'))?.refreshToken).toBe('token-a');
  });

  it('shares one bucket per person between instances', async () => {
    const other = await t.open();
    const a = new RateLimiter(t.db, { capacity: 5, perSecond: 0.001 });
    const b = new RateLimiter(other, { capacity: 5, perSecond: 0.001 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).take('alice')));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.find((r) => !r.allowed)?.retryAfterSeconds).toBeGreaterThan(0);
    expect((await a.take('bob')).allowed).toBe(true);
    if (other !== t.db) await other.close();
  });

  it('records writes in the audit log', async () => {
    const audit = new AuditLog(t.db);
    await audit.record({
      accountId: 'sub-alice',
      email: 'alice@example.com',
      documentId: 'doc1',
      tabId: 't.0',
      revisionBefore: 'r1',
      revisionAfter: 'r2',
      requestCount: 3,
    });
    const rows = await audit.forAccount('sub-alice');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      documentId: 'doc1',
      revisionBefore: 'r1',
      revisionAfter: 'r2',
      requestCount: 3,
    });
    expect(await audit.forAccount('sub-bob')).toEqual([]);
  });
});
