/**
 * A client-side rate limiter: at most `perMinute` requests start in any sliding 60-second window,
 * so a burst never trips Google's per-minute quota. Waiters are served in arrival order. The clock
 * and the sleep are injectable so tests run instantly.
 */

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly perMinute: number;
  private readonly clock: Clock;
  /** Start times inside the current window, oldest first. */
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(perMinute: number, clock: Clock = realClock) {
    if (!Number.isInteger(perMinute) || perMinute < 1)
      throw new RangeError('perMinute must be a positive integer');
    this.perMinute = perMinute;
    this.clock = clock;
  }

  /** Waits until one more request may start, then records it. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.take());
    // A failed sleep must not wedge later callers.
    this.queue = turn.catch(() => {});
    return turn;
  }

  private async take(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      while (this.starts.length > 0 && (this.starts[0] as number) <= now - WINDOW_MS) this.starts.shift();
      if (this.starts.length < this.perMinute) {
        this.starts.push(now);
        return;
      }
      await this.clock.sleep((this.starts[0] as number) + WINDOW_MS - now);
    }
  }
}
