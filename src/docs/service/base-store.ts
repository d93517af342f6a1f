/**
 * Where the server keeps what it handed out, so an import can find its base again: the text of
 * each read under its digest (the `f` of the base token), and the last few tokens handed out for
 * each target (document, tab, section), among which an import without a base finds its own. A `BaseStore` is two
 * calls over string keys and values so a database can implement it; here: one in memory (one
 * process) and one in a folder (the CLI, and servers sharing a local store).
 *
 * Keys are base64url digests, so they are safe as file names.
 */

import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setNewest } from '../../ground/newest.js';
import { contentFingerprint } from './base-token.js';

export interface BaseStore {
  get(key: string): Promise<string | undefined>;
  put(key: string, value: string): Promise<void>;
  /**
   * Takes work that only speeds up a later call (known-store.ts: the text kept for the next
   * import's parse) and does it once the caller has its answer, before the next command (the
   * background gdoc). Absent: such work is done in the call itself.
   */
  later?(work: () => Promise<void>): void;
}

/** The key of the text whose digest is `fingerprint`. */
export function textKey(fingerprint: string): string {
  return fingerprint;
}

/** The key under which the last tokens handed out for a target are kept (a JSON array, oldest first). */
export function lastReadKey(documentId: string, tabId: string, anchorId: string | null): string {
  const id = JSON.stringify([documentId, tabId, anchorId]);
  return `r-${createHash('sha256').update(id, 'utf8').digest('base64url')}`;
}

/** How many reads of one target are remembered. */
export const READS_PER_TARGET = 8;

type Target = { documentId: string; tabId: string; anchorId: string | null };

/** Keeps the text of a read and adds its token to the target's last reads. */
export async function rememberRead(
  store: BaseStore,
  target: Target,
  content: string,
  token: string,
): Promise<void> {
  await store.put(textKey(contentFingerprint(content)), content);
  const key = lastReadKey(target.documentId, target.tabId, target.anchorId);
  const reads = (await lastReads(store, target)).filter((t) => t !== token);
  await store.put(key, JSON.stringify([...reads, token].slice(-READS_PER_TARGET)));
}

/**
 * The key under which the reads whose exported text has this digest are kept: which document,
 * tab and section said it at which revision. A revision names one state of the whole document, so
 * the target's text at it never changes; `EXPORT_FORM` changes when the exporter's output does,
 * so a read by an older exporter is not taken for today's.
 */
export function knownTextKey(fingerprint: string): string {
  return `k${EXPORT_FORM}-${fingerprint}`;
}

/** Bumped when the export of an unchanged document changes (so old records stop matching). */
const EXPORT_FORM = 1;

/** One read of a target whose exported text has a known digest. */
export interface ExactRead extends Target {
  revisionId: string;
  /** Ids of the objects (embeds) the target holds, as an import that keeps them all reports them. */
  objects: string[];
  /**
   * The version of the document read, as a store that can tell without reading the document that
   * it is still that version names it (`Backend.readStamp`: the local store's file identity).
   */
  stamp?: string;
  /** The tab read was the document's only one (what an import naming no tab imports into). */
  only?: boolean;
}

/** How many reads one text is remembered for (the same text in several documents, tabs, revisions). */
const READS_PER_TEXT = 8;

/**
 * Keeps that the target said the text with digest `fingerprint` at `read.revisionId`, as an
 * export or an import read it: an import of that very text at that revision is then known to
 * change nothing before any parsing (unchanged-import.ts).
 */
export async function rememberExactRead(
  store: BaseStore,
  fingerprint: string,
  read: ExactRead,
): Promise<void> {
  const key = knownTextKey(fingerprint);
  const reads = await exactReads(store, fingerprint);
  const same = (r: ExactRead) =>
    r.documentId === read.documentId &&
    r.tabId === read.tabId &&
    r.anchorId === read.anchorId &&
    r.revisionId === read.revisionId &&
    r.stamp === read.stamp;
  if (reads.some(same)) return;
  const kept = [...reads, read].slice(-READS_PER_TEXT);
  await store.put(
    key,
    JSON.stringify(
      kept.map((r) => ({
        d: r.documentId,
        t: r.tabId,
        a: r.anchorId,
        r: r.revisionId,
        o: r.objects,
        ...(r.stamp !== undefined ? { s: r.stamp } : {}),
        ...(r.only ? { u: true } : {}),
      })),
    ),
  );
}

/** The reads recorded for the text with digest `fingerprint`, oldest first. */
export async function exactReads(store: BaseStore, fingerprint: string): Promise<ExactRead[]> {
  const raw = await store.get(knownTextKey(fingerprint));
  if (raw === undefined) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((x: Record<string, unknown>) =>
      typeof x?.d === 'string' &&
      typeof x.t === 'string' &&
      (x.a === null || typeof x.a === 'string') &&
      typeof x.r === 'string' &&
      Array.isArray(x.o) &&
      x.o.every((o) => typeof o === 'string')
        ? [
            {
              documentId: x.d,
              tabId: x.t,
              anchorId: x.a as string | null,
              revisionId: x.r,
              objects: x.o as string[],
              ...(typeof x.s === 'string' ? { stamp: x.s } : {}),
              ...(x.u === true ? { only: true } : {}),
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

/** The target's last reads' tokens, oldest first (two processes writing at once may lose one). */
export async function lastReads(store: BaseStore, target: Target): Promise<string[]> {
  const raw = await store.get(lastReadKey(target.documentId, target.tabId, target.anchorId));
  if (raw === undefined) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** How many entries a store keeps; older ones are dropped (a base that old is re-read). */
export const MAX_ENTRIES = 256;

/** One process: a bounded map, oldest entry out first. */
export class MemoryBaseStore implements BaseStore {
  private readonly entries = new Map<string, string>();
  constructor(private readonly max = MAX_ENTRIES) {}

  async get(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }

  async put(key: string, value: string): Promise<void> {
    setNewest(this.entries, key, value, this.max);
  }
}

/**
 * `store` for a server: work that only speeds up a later call (`BaseStore.later`) runs once the
 * call has answered, on a later turn of the event loop (after the response is written), one piece
 * after another; a failure is logged. At 100 pages that is the 17–25 ms of keeping an export's
 * text for the next import's parse, out of every export's answer. A store that has its own `later`
 * (the CLI's, in the background gdoc) is left as it is.
 */
export function answeringFirst(store: BaseStore, log: (message: string) => void): BaseStore {
  if (store.later) return store;
  let queue = Promise.resolve();
  return {
    get: (key) => store.get(key),
    put: (key, value) => store.put(key, value),
    later(work) {
      queue = queue
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(work)
        .catch((error: unknown) =>
          log(`keeping a read for later failed: ${(error as Error).message ?? error}`),
        );
    },
  };
}

/**
 * A folder shared by every process that opens it: one file per key, written atomically (temp file
 * and rename), so two servers on one local store see each other's reads. The folder is made at
 * the first write, and pruned at the first write and then every `max / 8` writes (a listing of
 * the folder each time an import writes its half-dozen entries was most of their cost), so it
 * holds at most an eighth more than `max` between prunes.
 */
export class FileBaseStore implements BaseStore {
  private made = false;
  private readonly pruneEvery: number;
  private sincePrune: number;

  constructor(
    readonly dir: string,
    private readonly max = MAX_ENTRIES,
  ) {
    this.pruneEvery = Math.max(1, Math.floor(max / 8));
    this.sincePrune = this.pruneEvery;
  }

  async get(key: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) return undefined;
    try {
      return await readFile(join(this.dir, key), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async put(key: string, value: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`Not a store key: ${key.slice(0, 60)}`);
    const temp = join(this.dir, `.${key}.${randomUUID()}.tmp`);
    await this.writeNew(temp, value);
    await rename(temp, join(this.dir, key));
    if (++this.sincePrune < this.pruneEvery) return;
    this.sincePrune = 0;
    await this.prune();
  }

  /** Writes `path`, making the folder first when it is missing (at the first write, or removed since). */
  private async writeNew(path: string, value: string): Promise<void> {
    if (!this.made) {
      await mkdir(this.dir, { recursive: true });
      this.made = true;
    }
    try {
      await writeFile(path, value, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(this.dir, { recursive: true });
      await writeFile(path, value, 'utf8');
    }
  }

  /** Drops the oldest files beyond `max`; another process pruning at once is harmless. */
  private async prune(): Promise<void> {
    const names = (await readdir(this.dir)).filter((n) => !n.startsWith('.'));
    if (names.length <= this.max) return;
    const dated = await Promise.all(
      names.map(async (name) => {
        try {
          return { name, mtime: (await stat(join(this.dir, name))).mtimeMs };
        } catch {
          return { name, mtime: 0 };
        }
      }),
    );
    dated.sort((x, y) => x.mtime - y.mtime);
    for (const { name } of dated.slice(0, dated.length - this.max)) {
      await unlink(join(this.dir, name)).catch(() => undefined);
    }
  }
}
