/**
 * How DOC is understood (a .json path, --local NAME, a docs.google.com URL, a bare id, nonsense),
 * that Google is connected lazily (serve starts signed out; a later call works after login), and
 * the small CLI helpers: --http parsing and the stderr spinner.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseHostPort } from '../../src/cli/commands/serve.js';
import { LazyBackend } from '../../src/cli/lazy-backend.js';
import { openDocument, openStore } from '../../src/cli/open-doc.js';
import { withProgress } from '../../src/cli/progress.js';
import { AuthRequiredError } from '../../src/errors.js';
import { FakeBackend, loadFixture } from '../server/fake-backend.js';
import { FIXTURES, makeStore } from '../server/harness.js';

let dir: string;
beforeEach(() => {
  dir = makeStore({ golden: true });
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe('openDocument', () => {
  it('opens a .json path as a one-file local store named after the file', async () => {
    const { backend, documentId } = await openDocument(join(dir, 'golden.json'));
    expect(backend.kind).toBe('local');
    expect(documentId).toBe('golden');
    expect((await backend.get(documentId)).title).toBe('MD Serde Golden');
  });

  it('opens NAME (or NAME.json) in a --local folder', async () => {
    for (const ref of ['golden', 'golden.json']) {
      const { backend, documentId } = await openDocument(ref, { local: dir });
      expect(documentId).toBe('golden');
      expect((await backend.metadata(documentId)).title).toBe('MD Serde Golden');
    }
  });

  it('takes the id out of a docs.google.com URL and goes to Google', async () => {
    const id = '1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0';
    const url = await openDocument(`https://docs.google.com/document/d/${id}/edit?tab=t.0#heading=h.x`);
    expect(url).toMatchObject({ documentId: id });
    expect(url.backend.kind).toBe('google');
    const bare = await openDocument(id);
    expect(bare).toMatchObject({ documentId: id });
    expect(bare.backend.kind).toBe('google');
  });

  it('refuses what is neither an id, a URL nor a .json path', async () => {
    await expect(openDocument('notes.txt')).rejects.toMatchObject({ type: 'ValidationError' });
    await expect(openDocument('  ')).rejects.toMatchObject({ type: 'ValidationError' });
  });

  it('starts Google signed out: the first call is AuthRequiredError, not a crash at start', async () => {
    vi.stubEnv('GDOC_CONFIG_DIR', join(dir, 'no-config'));
    vi.stubEnv('GDOC_ACCESS_TOKEN', '');
    vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', '');
    vi.stubEnv('GDOC_USE_ADC', '');
    vi.stubEnv('HOME', dir);
    vi.stubEnv('XDG_CONFIG_HOME', join(dir, 'xdg'));
    vi.stubEnv('CLOUDSDK_CONFIG', join(dir, 'gcloud'));
    const backend = await openStore();
    expect(backend.kind).toBe('google');
    await expect(backend.list(undefined, 1)).rejects.toBeInstanceOf(AuthRequiredError);
  });
});

describe('LazyBackend', () => {
  it('connects once, and retries after a failed connection', async () => {
    let attempts = 0;
    const real = new FakeBackend(new Map([['golden', loadFixture(FIXTURES.golden)]]));
    const lazy = new LazyBackend('fake', async () => {
      attempts += 1;
      if (attempts === 1) throw new AuthRequiredError('not yet', 'gdoc login');
      return real;
    });
    expect(attempts).toBe(0);
    await expect(lazy.get('golden')).rejects.toBeInstanceOf(AuthRequiredError);
    expect((await lazy.get('golden')).title).toBe('MD Serde Golden');
    await lazy.metadata('golden');
    await lazy.list(undefined, 5);
    expect(attempts).toBe(2);
  });
});

describe('parseHostPort', () => {
  it('reads HOST:PORT, [v6]:PORT and PORT', () => {
    expect(parseHostPort('127.0.0.1:8765')).toEqual({ host: '127.0.0.1', port: 8765 });
    expect(parseHostPort('[::1]:9000')).toEqual({ host: '::1', port: 9000 });
    expect(parseHostPort('0.0.0.0:80')).toEqual({ host: '0.0.0.0', port: 80 });
    expect(parseHostPort('8765')).toEqual({ host: '127.0.0.1', port: 8765 });
    expect(() => parseHostPort('localhost:99999')).toThrow(/HOST:PORT/);
    expect(() => parseHostPort('nonsense')).toThrow(/HOST:PORT/);
  });
});

describe('withProgress', () => {
  function stream(isTTY: boolean) {
    const writes: string[] = [];
    return { isTTY, writes, write: (chunk: string) => writes.push(chunk) > 0 };
  }

  it('draws a spinner on a terminal once a task is slow, then erases it', async () => {
    vi.useFakeTimers();
    try {
      const tty = stream(true);
      let finish: (value: number) => void = () => {};
      const running = withProgress('Exporting', () => new Promise<number>((r) => (finish = r)), tty);
      vi.advanceTimersByTime(100);
      expect(tty.writes).toEqual([]);
      vi.advanceTimersByTime(500);
      expect(tty.writes.some((w) => w.includes('Exporting…'))).toBe(true);
      finish(42);
      expect(await running).toBe(42);
      expect(tty.writes.at(-1)).toBe('\r\x1b[2K');
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes nothing when stderr is not a terminal, and passes failures through', async () => {
    const pipe = stream(false);
    await expect(withProgress('x', async () => Promise.reject(new Error('boom')), pipe)).rejects.toThrow(
      'boom',
    );
    expect(await withProgress('x', async () => 'ok', pipe)).toBe('ok');
    expect(pipe.writes).toEqual([]);
  });
});
