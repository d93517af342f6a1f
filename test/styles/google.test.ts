/**
 * The formatting use cases through GoogleBackend and the real googleapis client against the
 * loopback Docs emulator: the exact calls (one get, one guarded batchUpdate; no write for a
 * no-op), the request shapes Google's schema accepts, and a write retried through a 503.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleBackend } from '../../src/docs/backends/google.js';
import {
  applyStylesService,
  extractStylesService,
  normalizeService,
} from '../../src/docs/service/formatting.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { instantClock } from '../google/fake-api.js';
import { DOCS } from './helpers.js';

const REAL = join(import.meta.dirname, '..', 'fixtures', 'real');
let dir: string;
let emulator: RunningEmulator;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-styles-google-'));
  await mkdir(join(dir, 'store'));
  for (const [id, name] of [
    ['contract', DOCS.contract],
    ['template', DOCS.markdownSingle],
    ['target', DOCS.encoda],
    ['retry', DOCS.simple],
  ] as const) {
    await writeFile(join(dir, 'store', `${id}.json`), await readFile(join(REAL, name)), { mode: 0o644 });
  }
  emulator = await startEmulator({ storeDir: join(dir, 'store') });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.setFaults(undefined);
  emulator.clearCalls();
});

function google(): GoogleBackend {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: 'token' });
  return new GoogleBackend({
    auth,
    config: { apiRoot: emulator.url, maxRetries: 3 },
    clock: instantClock(),
    random: () => 0,
  });
}

describe('formatting over the Google backend', () => {
  it('normalize is one get and one guarded batchUpdate; the second run only reads', async () => {
    const params = { document_id: 'contract', body_font: 'Georgia', body_size: '11pt', space_after: '6pt' };
    const result = await normalizeService(google(), params);
    expect(result.changes_made).toBeGreaterThan(0);
    const calls = emulator.calls().map((c) => c.operation);
    expect(calls).toEqual(['get', 'batchUpdate']);
    const write = emulator.calls()[1]!.body as {
      requests: unknown[];
      writeControl: { requiredRevisionId: string };
    };
    expect(write.writeControl.requiredRevisionId).toBeTruthy();
    expect(write.requests.length).toBeGreaterThan(0);
    expect(emulator.calls()[1]!.status).toBe(200);

    emulator.clearCalls();
    const again = await normalizeService(google(), params);
    expect(again.changes_made).toBe(0);
    expect(emulator.calls().map((c) => c.operation)).toEqual(['get']);
  });

  it('a dry run only reads', async () => {
    const dry = await normalizeService(google(), {
      document_id: 'target',
      line_spacing: 'double',
      dry_run: true,
    });
    expect(dry.changes_made).toBeGreaterThan(0);
    expect(emulator.calls().map((c) => c.operation)).toEqual(['get']);
  });

  it('copies a template’s styles across documents', async () => {
    const source = await extractStylesService(google(), { document_id: 'template' });
    await applyStylesService(google(), { document_id: 'target' }, source.styles);
    const after = await extractStylesService(google(), { document_id: 'target' });
    expect(after.styles).toEqual(source.styles);
  });

  it('retries a write that failed with 503 and lands it once', async () => {
    emulator.setFaults({ failFirst: 1, status: 503, on: 'batchUpdate' });
    const result = await normalizeService(google(), { document_id: 'retry', body_size: '13pt' });
    expect(result.changes_made).toBeGreaterThan(0);
    const writes = emulator.calls().filter((c) => c.operation === 'batchUpdate');
    expect(writes.map((c) => c.status)).toEqual([503, 200]);
    const again = await normalizeService(google(), { document_id: 'retry', body_size: '13pt' });
    expect(again.changes_made).toBe(0);
  });
});
