/**
 * Truncated exponential backoff with jitter, as Google recommends for 429 and 5xx:
 * wait = min(2^n s + random(0–1 s), cap), or the server's Retry-After when it gives one. Other 4xx
 * are never retried (they would fail the same way). The operation decides per failure whether a
 * retry is allowed, because a write may only be repeated when it is guarded.
 */

import { type ApiFailure, describeFailure, isTransient } from './google-error-mapping.js';
import type { Clock } from './google-limiter.js';

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxBackoffMs: number;
  /** A Retry-After above this is not waited out; the failure goes to the caller. */
  maxRetryAfterMs: number;
  clock: Pick<Clock, 'sleep'>;
  random: () => number;
}

export interface RetryHooks {
  /** May this failure be retried? Default: `isTransient`. */
  retryable?: (failure: ApiFailure, attempt: number) => boolean;
  /** Observes each retry (logging, tests). */
  onRetry?: (failure: ApiFailure, attempt: number, delayMs: number) => void;
}

/** The delay before retry number `retry` (0-based). */
export function backoffDelay(retry: number, failure: ApiFailure, policy: RetryPolicy): number {
  if (failure.retryAfterSeconds !== undefined) return failure.retryAfterSeconds * 1000;
  const exponential = policy.baseDelayMs * 2 ** retry;
  return Math.min(exponential + Math.floor(policy.random() * 1000), policy.maxBackoffMs);
}

/** Runs `operation(attempt)` until it succeeds or a failure may not be retried; throws the raw error. */
export async function withRetries<T>(
  operation: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks = {},
): Promise<T> {
  const retryable = hooks.retryable ?? ((failure: ApiFailure) => isTransient(failure));
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= policy.maxRetries) throw error;
      const failure = describeFailure(error);
      if (!retryable(failure, attempt)) throw error;
      const delay = backoffDelay(attempt, failure, policy);
      if (delay > policy.maxRetryAfterMs) throw error;
      hooks.onRetry?.(failure, attempt, delay);
      await policy.clock.sleep(delay);
    }
  }
}
