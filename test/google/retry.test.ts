/** Backoff policy: which failures are retried, how long it waits, when it gives up. */
import { describe, expect, it } from 'vitest';
import { describeFailure, isTransient } from '../../src/docs/backends/google-error-mapping.js';
import { backoffDelay, type RetryPolicy, withRetries } from '../../src/docs/backends/google-retry.js';
import { instantClock } from './fake-api.js';

function httpError(status: number, headers: Record<string, string> = {}, data: unknown = {}): Error {
  return Object.assign(new Error(`HTTP ${status}`), { response: { status, headers, data } });
}

function policy(
  overrides: Partial<RetryPolicy> = {},
): RetryPolicy & { clock: ReturnType<typeof instantClock> } {
  const clock = instantClock();
  return {
    maxRetries: 5,
    baseDelayMs: 1000,
    maxBackoffMs: 32_000,
    maxRetryAfterMs: 60_000,
    clock,
    random: () => 0.5,
    ...overrides,
  } as never;
}

describe('backoffDelay', () => {
  it('doubles from 1 s with up to 1 s of jitter, truncated at the cap', () => {
    const p = policy();
    const failure = describeFailure(httpError(503));
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, failure, p))).toEqual([
      1500, 2500, 4500, 8500, 16_500, 32_000, 32_000,
    ]);
    expect(backoffDelay(0, failure, { ...p, random: () => 0 })).toBe(1000);
    expect(backoffDelay(0, failure, { ...p, random: () => 0.999 })).toBe(1999);
  });

  it('honours Retry-After in seconds and as an HTTP date', () => {
    const p = policy();
    expect(backoffDelay(0, describeFailure(httpError(429, { 'retry-after': '7' })), p)).toBe(7000);
    const date = new Date(Date.now() + 20_000).toUTCString();
    const fromDate = backoffDelay(0, describeFailure(httpError(429, { 'retry-after': date })), p);
    expect(fromDate).toBeGreaterThanOrEqual(18_000);
    expect(fromDate).toBeLessThanOrEqual(21_000);
  });
});

describe('isTransient', () => {
  it('retries 429, 500, 502, 503, 504, Drive 403 rate limits and network failures only', () => {
    for (const status of [429, 500, 502, 503, 504])
      expect(isTransient(describeFailure(httpError(status)))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 412, 501]) {
      expect(isTransient(describeFailure(httpError(status)))).toBe(false);
    }
    const driveRate = httpError(
      403,
      {},
      { error: { code: 403, message: 'slow', errors: [{ reason: 'userRateLimitExceeded' }] } },
    );
    expect(isTransient(describeFailure(driveRate))).toBe(true);
    expect(
      isTransient(describeFailure(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))),
    ).toBe(true);
    expect(isTransient(describeFailure(new Error('a bug')))).toBe(false);
  });
});

describe('withRetries', () => {
  it('retries transient failures with backoff, then returns the result', async () => {
    const p = policy();
    let calls = 0;
    const result = await withRetries(async () => {
      calls++;
      if (calls === 1) throw httpError(429, { 'retry-after': '2' });
      if (calls === 2) throw httpError(503);
      return 'ok';
    }, p);
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(p.clock.sleeps).toEqual([2000, 2500]);
  });

  it('never retries a 400 or 404', async () => {
    for (const status of [400, 404]) {
      const p = policy();
      let calls = 0;
      await expect(
        withRetries(async () => {
          calls++;
          throw httpError(status);
        }, p),
      ).rejects.toThrow(`HTTP ${status}`);
      expect(calls).toBe(1);
      expect(p.clock.sleeps).toEqual([]);
    }
  });

  it('gives up after maxRetries and throws the last failure', async () => {
    const p = policy({ maxRetries: 2 });
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw httpError(500);
      }, p),
    ).rejects.toThrow('HTTP 500');
    expect(calls).toBe(3);
  });

  it('does not wait out a Retry-After beyond the limit', async () => {
    const p = policy();
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw httpError(429, { 'retry-after': '3600' });
      }, p),
    ).rejects.toThrow('HTTP 429');
    expect(calls).toBe(1);
    expect(p.clock.sleeps).toEqual([]);
  });

  it('lets the caller veto a retry', async () => {
    const p = policy();
    let calls = 0;
    await expect(
      withRetries(
        async () => {
          calls++;
          throw httpError(503);
        },
        p,
        { retryable: () => false },
      ),
    ).rejects.toThrow('HTTP 503');
    expect(calls).toBe(1);
  });
});
