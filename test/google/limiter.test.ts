/** The sliding-window rate limiter: never more than N starts in any 60 s, in arrival order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/docs/backends/google-limiter.js';
import { instantClock } from './fake-api.js';

describe('RateLimiter', () => {
  it('lets N requests through at once and makes the next wait until the window frees', async () => {
    const clock = instantClock();
    const limiter = new RateLimiter(3, clock);
    for (let i = 0; i < 3; i++) await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire();
    expect(clock.sleeps).toEqual([60_000]);
  });

  it('serves concurrent callers in arrival order', async () => {
    const clock = instantClock();
    const limiter = new RateLimiter(2, clock);
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map((i) => limiter.acquire().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(clock.sleeps).toEqual([60_000, 60_000]);
  });

  it('never starts more than perMinute requests in any 60-second window', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 1, maxLength: 40 }),
        async (perMinute, gaps) => {
          let time = 0;
          const clock = {
            now: () => time,
            sleep: async (ms: number) => {
              time += ms;
            },
          };
          const limiter = new RateLimiter(perMinute, clock);
          const starts: number[] = [];
          for (const gap of gaps) {
            time += gap;
            await limiter.acquire();
            starts.push(time);
          }
          for (let i = 0; i + perMinute < starts.length; i++) {
            expect((starts[i + perMinute] as number) - (starts[i] as number)).toBeGreaterThanOrEqual(60_000);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a non-positive limit', () => {
    expect(() => new RateLimiter(0)).toThrow(RangeError);
  });
});
