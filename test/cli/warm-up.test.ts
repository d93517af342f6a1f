/**
 * The background gdoc's warm-up (src/cli/daemon/warm-up.ts) runs a user's edit loop on the bundled
 * sample and on a generated large document before it listens. Every step must succeed: a step
 * that fails would compile the failure's path, not the command's, and the first commands handed
 * over would pay for it.
 */
import { describe, expect, it } from 'vitest';
import { warmUp } from '../../src/cli/daemon/warm-up.js';

describe('warm-up', () => {
  it('runs every step of the loop on the sample and the large document', async () => {
    await expect(warmUp()).resolves.toBeUndefined();
  }, 60_000);
});
