/**
 * Per-person token buckets in the database, so every instance draws from the same bucket. One
 * statement refills and takes a token atomically (the row lock of the upsert orders concurrent
 * takers), so two instances cannot both spend the last token.
 */
import type { Database } from '../db/database.js';

export interface RateLimit {
  /** Bucket size: the burst a person may make. */
  capacity: number;
  /** Tokens added per second. */
  perSecond: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Seconds until one token is back, when refused. */
  retryAfterSeconds: number;
}

export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly limit: RateLimit,
  ) {}

  async take(accountId: string, bucket = 'mcp'): Promise<TakeResult> {
    const { capacity, perSecond } = this.limit;
    const rows = await this.db.query(
      `insert into rate_buckets as b (account_id, bucket, tokens, updated_at)
       values ($1, $2, $3::float8 - 1, clock_timestamp())
       on conflict (account_id, bucket) do update set
         tokens = least($3::float8, b.tokens + extract(epoch from clock_timestamp() - b.updated_at) * $4::float8) - 1,
         updated_at = clock_timestamp()
       where least($3::float8, b.tokens + extract(epoch from clock_timestamp() - b.updated_at) * $4::float8) >= 1
       returning tokens`,
      [accountId, bucket, capacity, perSecond],
    );
    if (rows.length > 0) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(1 / perSecond)) };
  }
}
