/**
 * Seals each person's Google refresh token with AES-256-GCM before it reaches the database.
 * `GDOC_TEAM_KEY` holds one or more keys, newest first (`id:base64key,old:base64key`): the first
 * seals, any of them opens, so a key is rotated by putting a new one in front, running
 * `resealAll`, and later dropping the old one. The account id is the additional authenticated
 * data: a sealed token copied onto another person's row does not open.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { ValidationError } from '../../errors.js';

export interface TeamKey {
  id: string;
  key: Buffer;
}

export interface Sealed {
  keyId: string;
  blob: Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class KeyUnavailableError extends Error {
  constructor(keyId: string) {
    super(`The token was sealed under key "${keyId}", which GDOC_TEAM_KEY no longer holds.`);
    this.name = 'KeyUnavailableError';
  }
}

/** Parses `GDOC_TEAM_KEY`: comma-separated `id:base64` entries (or one bare base64 key), 32 bytes each. */
export function parseTeamKeys(value: string | undefined): TeamKey[] {
  if (!value?.trim()) {
    throw new ValidationError(
      'GDOC_TEAM_KEY is not set: the team server needs a key to seal Google refresh tokens.',
      'Set GDOC_TEAM_KEY to 32 random bytes in base64, e.g. `openssl rand -base64 32`.',
    );
  }
  const keys = value.split(',').map((entry) => {
    const text = entry.trim();
    const colon = text.indexOf(':');
    const raw = colon >= 0 ? text.slice(colon + 1) : text;
    const key = Buffer.from(raw, 'base64');
    if (key.length !== 32) {
      throw new ValidationError(
        'Each GDOC_TEAM_KEY entry must be 32 bytes in base64.',
        'Generate one with `openssl rand -base64 32`; list several as id:key,id:key (newest first).',
      );
    }
    const id = colon >= 0 ? text.slice(0, colon) : createHash('sha256').update(key).digest('hex').slice(0, 8);
    return { id, key };
  });
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new ValidationError('GDOC_TEAM_KEY names the same key id twice.');
  }
  return keys;
}

export class TokenVault {
  constructor(private readonly keys: readonly TeamKey[]) {
    if (keys.length === 0) throw new ValidationError('The token vault needs at least one key.');
  }

  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  seal(plain: string, accountId: string): Sealed {
    const current = this.keys[0]!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(Buffer.from(accountId));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { keyId: current.id, blob: Buffer.concat([iv, cipher.getAuthTag(), body]) };
  }

  /** Throws KeyUnavailableError for a retired key, and the cipher's error for a tampered blob. */
  open(sealed: Sealed, accountId: string): string {
    const entry = this.keys.find((k) => k.id === sealed.keyId);
    if (!entry) throw new KeyUnavailableError(sealed.keyId);
    const iv = sealed.blob.subarray(0, IV_BYTES);
    const tag = sealed.blob.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', entry.key, iv);
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.blob.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  /**
   * A secret for another purpose (cookie signing, the authorization server's signing key), derived
   * from every key so that cookies signed before a rotation stay valid until the old key is dropped.
   */
  derive(purpose: string): Buffer[] {
    return this.keys.map((k) => Buffer.from(hkdfSync('sha256', k.key, Buffer.alloc(0), purpose, 32)));
  }
}
