/** The file credential store: owner-only modes, atomic replacement, clear failures. */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  configDir,
  credentialsPath,
  FileCredentialStore,
  type StoredCredential,
} from '../../src/auth/index.js';
import { AuthRequiredError } from '../../src/errors.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const credential = (refresh: string): StoredCredential => ({
  type: 'authorized_user',
  client_id: 'id.apps.example',
  client_secret: 'shh',
  refresh_token: refresh,
});

describe('configDir', () => {
  it('prefers GDOC_CONFIG_DIR, then XDG_CONFIG_HOME/gdoc, then ~/.config/gdoc', () => {
    expect(configDir({ GDOC_CONFIG_DIR: '/a', XDG_CONFIG_HOME: '/b', HOME: '/h' })).toBe('/a');
    expect(configDir({ XDG_CONFIG_HOME: '/b', HOME: '/h' })).toBe(join('/b', 'gdoc'));
    if (process.platform !== 'win32') expect(configDir({ HOME: '/h' })).toBe(join('/h', '.config', 'gdoc'));
    expect(credentialsPath({ GDOC_CONFIG_DIR: '/a' })).toBe(join('/a', 'credentials.json'));
  });
});

describe('FileCredentialStore', () => {
  it('creates the folder 0700 and the file 0600, even under a permissive umask', async () => {
    const previous = process.umask(0o000);
    try {
      const store = new FileCredentialStore(join(dir, 'nested', 'gdoc', 'credentials.json'));
      await store.save(credential('r1'));
      expect((await stat(join(dir, 'nested', 'gdoc'))).mode & 0o777).toBe(0o700);
      expect((await stat(store.location)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('tightens an existing folder that was too open', async () => {
    const folder = join(dir, 'open');
    await mkdir(folder, { mode: 0o755 });
    await chmod(folder, 0o755);
    const store = new FileCredentialStore(join(folder, 'credentials.json'));
    await store.save(credential('r1'));
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('round-trips, replaces atomically (no temp files left) and deletes', async () => {
    const store = new FileCredentialStore(join(dir, 'credentials.json'));
    expect(await store.load()).toBeUndefined();
    await store.save(credential('r1'));
    const before = await stat(store.location);
    await store.save(credential('r2'));
    const after = await stat(store.location);
    // A rename installs a new inode; an in-place write would keep the old one.
    expect(after.ino).not.toBe(before.ino);
    expect((await store.load())?.refresh_token).toBe('r2');
    expect(await readdir(dir)).toEqual(['credentials.json']);
    expect(await store.delete()).toBe(true);
    expect(await store.delete()).toBe(false);
    expect(await store.load()).toBeUndefined();
  });

  it('keeps the old file intact when several saves race', async () => {
    const store = new FileCredentialStore(join(dir, 'credentials.json'));
    await Promise.all(Array.from({ length: 8 }, (_, i) => store.save(credential(`r${i}`))));
    const loaded = await store.load();
    expect(loaded?.refresh_token).toMatch(/^r[0-7]$/);
    expect(await readdir(dir)).toEqual(['credentials.json']);
  });

  it('rejects a corrupt file with AuthRequiredError without echoing its content', async () => {
    const file = join(dir, 'credentials.json');
    await writeFile(file, '{"refresh_token":"leaky-SECRET"');
    const store = new FileCredentialStore(file);
    const error = await store.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(String((error as Error).message)).not.toContain('leaky-SECRET');
    expect((error as AuthRequiredError).suggestion).toMatch(/gdoc login/);
    await writeFile(file, '{"type":"service_account"}');
    await expect(store.load()).rejects.toThrow(/does not hold user credentials/);
    expect(await readFile(file, 'utf8')).toContain('service_account');
  });
});
