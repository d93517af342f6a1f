/**
 * File primitives for the local document store: atomic writes (temp file + rename in the same
 * folder, so a reader sees the old file or the new one, never half of either), a per-file queue
 * that serialises writers within this process, and JSON reading with errors that name the file.
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Temp files start with a dot and end in `.tmp`, so a folder listing of `*.json` never sees them. */
export function tempPathFor(path: string): string {
  const name = `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  return join(dirname(path), name);
}

/**
 * Writes `data` to a new temp file beside `path` and flushes it to disk; returns the temp path and
 * the file's stats (a rename keeps its inode, size and modification time).
 */
async function writeTemp(path: string, data: string, mode: number): Promise<{ temp: string; info: Stats }> {
  const temp = tempPathFor(path);
  const handle = await open(temp, 'wx', mode);
  let info: Stats;
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
    info = await handle.stat();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return { temp, info };
}

/**
 * Replaces `path` with `data` atomically. The rename is atomic on POSIX file systems when both
 * names are in the same folder, which is why the temp file is created beside the target. Returns
 * the stats of the file written.
 */
export async function writeFileAtomic(path: string, data: string): Promise<Stats> {
  const mode = await stat(path).then(
    (s) => s.mode & 0o777,
    () => 0o644,
  );
  const { temp, info } = await writeTemp(path, data, mode);
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return info;
}

/**
 * Creates `path` with `data` only if it does not exist yet, atomically: the complete temp file is
 * hard-linked to the final name (which fails if the name is taken). Returns false when it exists.
 */
export async function createFileExclusive(path: string, data: string): Promise<boolean> {
  const { temp } = await writeTemp(path, data, 0o644);
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** True when the file's permission bits allow the owner to write (root ignores them, so check bits). */
export function isWritableMode(mode: number): boolean {
  return (mode & 0o200) !== 0;
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every earlier task queued for the same file has settled, so two writers in
 * this process never interleave their read-modify-write. The queue is keyed by absolute path and
 * shared by every LocalBackend instance.
 */
export function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  const key = resolve(path);
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  // Drop the entry once the queue is idle so the map does not grow with every file ever touched.
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
