/**
 * The people who signed in: their Google subject, e-mail and sealed Google refresh token.
 */
import type { Database } from '../db/database.js';
import type { TokenVault } from './token-vault.js';

export interface Account {
  accountId: string;
  email: string;
}

export class AccountStore {
  constructor(
    private readonly db: Database,
    private readonly vault: TokenVault,
  ) {}

  async save(account: Account, refreshToken: string, scope: string): Promise<void> {
    const sealed = this.vault.seal(refreshToken, account.accountId);
    await this.db.query(
      `insert into google_accounts (account_id, email, sealed_refresh_token, key_id, scope)
       values ($1, $2, $3, $4, $5)
       on conflict (account_id) do update set email = excluded.email,
         sealed_refresh_token = excluded.sealed_refresh_token, key_id = excluded.key_id,
         scope = excluded.scope, updated_at = now()`,
      [account.accountId, account.email, sealed.blob, sealed.keyId, scope],
    );
  }

  /** Keeps the person but replaces the refresh token (Google may rotate it on refresh). */
  async replaceRefreshToken(accountId: string, refreshToken: string): Promise<void> {
    const sealed = this.vault.seal(refreshToken, accountId);
    await this.db.query(
      'update google_accounts set sealed_refresh_token = $2, key_id = $3, updated_at = now() where account_id = $1',
      [accountId, sealed.blob, sealed.keyId],
    );
  }

  async find(accountId: string): Promise<(Account & { refreshToken: string }) | undefined> {
    const rows = await this.db.query<{ email: string; sealed_refresh_token: Uint8Array; key_id: string }>(
      'select email, sealed_refresh_token, key_id from google_accounts where account_id = $1',
      [accountId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const refreshToken = this.vault.open(
      { keyId: row.key_id, blob: Buffer.from(row.sealed_refresh_token) },
      accountId,
    );
    return { accountId, email: row.email, refreshToken };
  }

  /** Re-seals every token not under the current key; returns how many were re-sealed. */
  async resealAll(): Promise<number> {
    const rows = await this.db.query<{
      account_id: string;
      sealed_refresh_token: Uint8Array;
      key_id: string;
    }>('select account_id, sealed_refresh_token, key_id from google_accounts where key_id <> $1', [
      this.vault.currentKeyId,
    ]);
    for (const row of rows) {
      const plain = this.vault.open(
        { keyId: row.key_id, blob: Buffer.from(row.sealed_refresh_token) },
        row.account_id,
      );
      await this.replaceRefreshToken(row.account_id, plain);
    }
    return rows.length;
  }
}
