/**
 * The default tier (`npm test`, `npx vitest run`): every test/**\/*.test.ts, after a build of dist/
 * when it is out of date (the binary tests spawn dist/cli/main.js).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/build-dist.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every `gdoc` the tests spawn runs in its own process and leaves nothing running behind it;
    // test/cli/daemon.test.ts turns the background gdoc on for itself.
    env: { GDOC_DAEMON: '0' },
  },
});
