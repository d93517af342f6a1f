/**
 * Tunables of the Google client, read from the environment and documented in
 * docs/google-setup.md. Defaults stay below Google's per-user quotas (300 reads and 60 writes per
 * minute for the Docs API) so one busy session does not lock the user out for a minute.
 */
import { ValidationError } from '../../errors.js';

export interface GoogleClientConfig {
  /** Root for both APIs (the emulator, a proxy); undefined = Google's own hosts. */
  apiRoot: string | undefined;
  /** Per HTTP request. */
  timeoutMs: number;
  readsPerMinute: number;
  writesPerMinute: number;
  /** Retries after the first attempt, for 429/5xx/network failures. */
  maxRetries: number;
  /** Cap of one backoff wait (Google recommends 32–64 s). */
  maxBackoffMs: number;
  /** A Retry-After longer than this is not waited out: the caller gets RateLimitedError. */
  maxRetryAfterMs: number;
}

export const DEFAULT_GOOGLE_CONFIG: GoogleClientConfig = {
  apiRoot: undefined,
  timeoutMs: 30_000,
  readsPerMinute: 270,
  writesPerMinute: 54,
  maxRetries: 5,
  maxBackoffMs: 32_000,
  maxRetryAfterMs: 60_000,
};

export function readGoogleConfig(env: Record<string, string | undefined> = process.env): GoogleClientConfig {
  const root = env.GDOC_API_ROOT?.trim();
  if (root) checkApiRoot(root);
  return {
    ...DEFAULT_GOOGLE_CONFIG,
    apiRoot: root || undefined,
    timeoutMs: positiveInt(env, 'GDOC_TIMEOUT_MS', DEFAULT_GOOGLE_CONFIG.timeoutMs, 1),
    readsPerMinute: positiveInt(env, 'GDOC_READS_PER_MINUTE', DEFAULT_GOOGLE_CONFIG.readsPerMinute, 1),
    writesPerMinute: positiveInt(env, 'GDOC_WRITES_PER_MINUTE', DEFAULT_GOOGLE_CONFIG.writesPerMinute, 1),
    maxRetries: positiveInt(env, 'GDOC_MAX_RETRIES', DEFAULT_GOOGLE_CONFIG.maxRetries, 0),
  };
}

function positiveInt(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ValidationError(`${name} must be an integer >= ${min}, got "${raw}".`, `Fix or unset ${name}.`);
  }
  return value;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The access token travels to this root, so plain HTTP is allowed only on loopback. */
function checkApiRoot(root: string): void {
  let url: URL;
  try {
    url = new URL(root);
  } catch {
    throw new ValidationError(`GDOC_API_ROOT is not a URL: ${root}`, 'Set it like http://127.0.0.1:8080/');
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return;
  throw new ValidationError(
    `GDOC_API_ROOT must be https, or http on loopback (127.0.0.1), got ${root}.`,
    'Your access token is sent to that address: use https, or the local emulator on 127.0.0.1.',
  );
}
