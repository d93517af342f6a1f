/**
 * The live tier (`npm run test:live`): end-to-end checks against a real Google account. Its files
 * end in `.live.ts`, so the default `npm test` (which includes `test/**\/*.test.ts`) never runs them.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/live/**/*.live.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
