import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFileExclusive,
  isWritableMode,
  tempPathFor,
  withFileLock,
  writeFileAtomic,
} from '../../src/docs/backends/local-files.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces the content and leaves no temp file behind', async () => {
    const path = join(dir, 'doc.json');
    await writeFile(path, 'old');
    await writeFileAtomic(path, 'new content ✓ 😀');
    expect(await readFile(path, 'utf8')).toBe('new content ✓ 😀');
    expect(await readdir(dir)).toEqual(['doc.json']);
  });

  it('keeps the permission bits of the file it replaces', async () => {
    const path = join(dir, 'doc.json');
    await writeFile(path, 'old');
    await chmod(path, 0o600);
    await writeFileAtomic(path, 'new');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('fails without touching anything when the folder is missing', async () => {
    await expect(writeFileAtomic(join(dir, 'nope', 'doc.json'), 'x')).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('createFileExclusive', () => {
  it('creates a new file and refuses to replace an existing one', async () => {
    const path = join(dir, 'a.json');
    expect(await createFileExclusive(path, 'first')).toBe(true);
    expect(await createFileExclusive(path, 'second')).toBe(false);
    expect(await readFile(path, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['a.json']);
  });
});

describe('tempPathFor', () => {
  it('names a hidden .tmp file in the same folder, never a .json document', () => {
    const temp = tempPathFor(join(dir, 'doc.json'));
    expect(temp.startsWith(join(dir, '.doc.json.'))).toBe(true);
    expect(temp.endsWith('.tmp')).toBe(true);
  });
});

describe('isWritableMode', () => {
  it('reads the owner write bit', () => {
    expect(isWritableMode(0o100644)).toBe(true);
    expect(isWritableMode(0o100444)).toBe(false);
  });
});

describe('withFileLock', () => {
  it('runs tasks on the same file one after another, even when an earlier one fails', async () => {
    const events: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        events.push(`${name}:start`);
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        events.push(`${name}:end`);
        if (fail) throw new Error(name);
        return name;
      };
    const path = join(dir, 'x.json');
    const results = await Promise.allSettled([
      withFileLock(path, task('a')),
      withFileLock(path, task('b', true)),
      withFileLock(join(dir, '.', 'x.json'), task('c')),
    ]);
    expect(events).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('lets tasks on different files overlap', async () => {
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name}:start`);
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`${name}:end`);
    };
    await Promise.all([
      withFileLock(join(dir, 'p.json'), task('p')),
      withFileLock(join(dir, 'q.json'), task('q')),
    ]);
    expect(events.slice(0, 2)).toEqual(['p:start', 'q:start']);
  });
});
