import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { lockPathFor, withLockFile } from '../../src/docs/backends/local-lockfile.js';
import { ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeStore } from './store-fixtures.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited (so certainly holds no lock). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('close', resolve));
  return child.pid as number;
}

describe('withLockFile', () => {
  it('holds a hidden lock file during the task and removes it after, also on failure', async () => {
    const path = join(dir, 'doc.json');
    const seen = await withLockFile(path, async () => readdir(dir));
    expect(seen).toEqual(['.doc.json.lock']);
    await expect(
      withLockFile(path, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes over a lock left by a process that died', async () => {
    const path = join(dir, 'doc.json');
    await writeFile(lockPathFor(path), `${await deadPid()}:1:x`);
    expect(await withLockFile(path, async () => 'ran')).toBe('ran');
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes over a lock older than the stale limit even if its process lives', async () => {
    const path = join(dir, 'doc.json');
    await writeFile(lockPathFor(path), `${process.ppid}:1:x`);
    const old = new Date(Date.now() - 120_000);
    await utimes(lockPathFor(path), old, old);
    expect(await withLockFile(path, async () => 'ran')).toBe('ran');
  });

  it('gives up with a clear error while a live process holds the lock', async () => {
    const path = join(dir, 'doc.json');
    await writeFile(lockPathFor(path), `${process.ppid}:1:x`);
    const error = await withLockFile(path, async () => 'ran', { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain(path);
    expect((error as ValidationError).suggestion).toContain(lockPathFor(path));
  });
});

describe('LocalBackend writers in two processes', () => {
  it('take turns, so no update is lost', async () => {
    const store = await makeStore(['poem']);
    try {
      const backend = new LocalBackend({ dir: store });
      const before = (await backend.get('poem')).tabs?.[0]?.documentTab?.body?.content?.length;
      const child = fileURLToPath(new URL('./writer-child.ts', import.meta.url));
      const runs = ['a', 'b'].map((letter) => {
        const proc = spawn(process.execPath, ['--import', 'tsx', child, store, 'poem', letter, '12'], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        proc.stderr?.on('data', (d: Buffer) => {
          stderr += d.toString();
        });
        return new Promise<{ code: number | null; stderr: string }>((resolve) =>
          proc.on('close', (code) => resolve({ code, stderr })),
        );
      });
      for (const run of await Promise.all(runs)) expect(run, run.stderr).toMatchObject({ code: 0 });
      const doc: Document = await backend.get('poem');
      const first =
        doc.tabs?.[0]?.documentTab?.body?.content?.[1]?.paragraph?.elements?.[0]?.textRun?.content ?? '';
      const inserted = first.slice(0, 24);
      expect([...inserted].filter((c) => c === 'a')).toHaveLength(12);
      expect([...inserted].filter((c) => c === 'b')).toHaveLength(12);
      expect(doc.tabs?.[0]?.documentTab?.body?.content?.length).toBe(before);
      expect((await readdir(store)).sort()).toEqual(['poem.json']);
    } finally {
      await rm(store, { recursive: true, force: true });
    }
  });
});
