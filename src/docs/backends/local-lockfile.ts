/**
 * A lock file beside a document (`.NAME.json.lock`, created exclusively) so that writers in
 * different processes — say `gdoc emulator` and `gdoc apply` on the same folder — take turns at
 * the read-modify-write. Within one process `withFileLock` already queues writers; this adds the
 * cross-process part. A lock left by a process that died is taken over.
 */
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { PermissionDeniedError, ValidationError } from '../../errors.js';

export interface LockFileOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is stale whoever holds it (default 60 s; a write takes far less). */
  staleMs?: number;
}

export function lockPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.lock`);
}

export async function withLockFile<T>(
  path: string,
  task: () => Promise<T>,
  options: LockFileOptions = {},
): Promise<T> {
  const lock = lockPathFor(path);
  const token = `${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}`;
  await acquire(path, lock, token, options.timeoutMs ?? 10_000, options.staleMs ?? 60_000);
  try {
    return await task();
  } finally {
    // Remove the lock only if it is still ours (a stale-lock takeover may have replaced it).
    const holder = await readFile(lock, 'utf8').catch(() => undefined);
    if (holder === token) await unlink(lock).catch(() => undefined);
  }
}

async function acquire(
  path: string,
  lock: string,
  token: string,
  timeoutMs: number,
  staleMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lock, 'wx', 0o644);
      try {
        await handle.writeFile(token, 'utf8');
      } finally {
        await handle.close();
      }
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        throw new PermissionDeniedError(
          `Cannot write in ${dirname(lock)}: ${(error as Error).message}`,
          'A local document is rewritten through a temp file in its folder: make the folder writable.',
        );
      }
      if (code !== 'EEXIST') throw error;
    }
    if (await isStale(lock, staleMs)) {
      await unlink(lock).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) {
      throw new ValidationError(
        `The local document ${path} is locked by another writer.`,
        `Retry in a moment; if no gdoc process is running, delete ${lock}.`,
      );
    }
    // Small jittered waits: a write holds the lock for milliseconds.
    await delay(5 + Math.min(attempt, 10) * 5 + Math.floor(Math.random() * 10));
  }
}

/** Stale: its process is gone, or it is older than `staleMs` (pids get reused). */
async function isStale(lock: string, staleMs: number): Promise<boolean> {
  const [text, info] = await Promise.all([
    readFile(lock, 'utf8').catch(() => undefined),
    stat(lock).catch(() => undefined),
  ]);
  if (text === undefined || info === undefined) return false; // released meanwhile: just retry
  if (Date.now() - info.mtimeMs > staleMs) return true;
  const pid = Number(text.split(':')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return text !== '' || Date.now() - info.mtimeMs > 1000;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
