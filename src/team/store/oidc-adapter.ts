/**
 * oidc-provider's storage adapter over our database: storage only (upsert, find, findByUid,
 * findByUserCode, consume, destroy, revokeByGrantId); the protocol stays the library's.
 * Ids are kept as SHA-256 hashes, and a token's own id (its value, for opaque tokens) is left out
 * of the stored payload and put back from the id the caller presents, so the table holds no
 * bearer secret.
 */
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.js';

/** Models whose id is a bearer secret: the payload is stored without it. */
const SECRET_IDS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'ClientCredentials',
  'BackchannelAuthenticationRequest',
  'RegistrationAccessToken',
]);

export function hashId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

interface Row {
  payload: AdapterPayload;
  consumed: boolean;
}

export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const stored: AdapterPayload = { ...payload };
    if (SECRET_IDS.has(this.model)) delete stored.jti;
    await this.db.query(
      `insert into oidc_payloads (model, id_hash, payload, grant_id, user_code, uid, expires_at)
       values ($1, $2, $3, $4, $5, $6, case when $7::integer > 0 then now() + make_interval(secs => $7::integer) end)
       on conflict (model, id_hash) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      [
        this.model,
        hashId(id),
        JSON.stringify(stored),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresIn ?? 0,
      ],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const row = await this.one('id_hash = $2', hashId(id));
    if (!row) return undefined;
    return SECRET_IDS.has(this.model) ? { ...row, jti: id } : row;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return await this.one('uid = $2', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return await this.one('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query(
      'update oidc_payloads set consumed_at = now() where model = $1 and id_hash = $2 and consumed_at is null',
      [this.model, hashId(id)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('delete from oidc_payloads where model = $1 and id_hash = $2', [
      this.model,
      hashId(id),
    ]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('delete from oidc_payloads where grant_id = $1', [grantId]);
  }

  private async one(where: string, value: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<Row>(
      `select payload, consumed_at is not null as consumed from oidc_payloads
       where model = $1 and ${where} and (expires_at is null or expires_at > now())`,
      [this.model, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    // oidc-provider reads `consumed` to detect a replayed code or refresh token.
    return row.consumed ? { ...row.payload, consumed: Math.floor(Date.now() / 1000) } : row.payload;
  }
}

/** What oidc-provider's `adapter` option takes: a factory per model name. */
export function adapterFactory(db: Database): (model: string) => Adapter {
  return (model) => new PostgresAdapter(db, model);
}

/** Drops expired rows; any instance may call it now and then. */
export async function purgeExpired(db: Database): Promise<void> {
  await db.query('delete from oidc_payloads where expires_at < now()');
  await db.query('delete from upstream_logins where expires_at < now()');
}
