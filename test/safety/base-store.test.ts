/**
 * The BaseStore implementations and what an import does when the base's text is gone: a store
 * is bounded, a folder store is shared by every instance on it, a target keeps its last reads,
 * and a part whose text is no longer kept is refused rather than written as the whole.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import {
  answeringFirst,
  FileBaseStore,
  lastReads,
  MemoryBaseStore,
  READS_PER_TARGET,
  rememberRead,
} from '../../src/docs/service/base-store.js';
import { exportSectionService, exportTabService } from '../../src/docs/service/export.js';
import { importTabService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import { makeStore } from '../server/harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('BaseStore', () => {
  it('a memory store drops its oldest entries beyond its size', async () => {
    const store = new MemoryBaseStore(3);
    for (const k of ['a', 'b', 'c', 'd']) await store.put(k, k.toUpperCase());
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('d')).toBe('D');
  });

  it('a folder store is shared by every instance on the folder and pruned to its size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gdoc-bases-'));
    dirs.push(dir);
    const one = new FileBaseStore(dir, 5);
    const two = new FileBaseStore(dir, 5);
    await one.put('key', 'text');
    expect(await two.get('key')).toBe('text');
    expect(await two.get('missing')).toBeUndefined();
    for (let i = 0; i < 10; i++) await one.put(`k${i}`, String(i));
    expect(readdirSync(dir).filter((n) => !n.startsWith('.')).length).toBe(5);
    expect(await two.get('k9')).toBe('9');
    await expect(one.put('../escape', 'x')).rejects.toThrow();
  });

  it('a large folder store is pruned every eighth of its size, never far above it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gdoc-bases-'));
    dirs.push(dir);
    const store = new FileBaseStore(dir, 16);
    const sizes: number[] = [];
    for (let i = 0; i < 40; i++) {
      await store.put(`k${i}`, String(i));
      sizes.push(readdirSync(dir).filter((n) => !n.startsWith('.')).length);
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(16 + 2);
    expect(sizes.at(-1)).toBeGreaterThanOrEqual(16);
    expect(await store.get('k39')).toBe('39');
  });

  it('a folder store removed after its first write is made again by the next', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'gdoc-bases-'));
    dirs.push(parent);
    const dir = join(parent, '.gdoc-bases');
    const store = new FileBaseStore(dir);
    await store.put('one', '1');
    rmSync(dir, { recursive: true, force: true });
    await store.put('two', '2');
    expect(await store.get('two')).toBe('2');
    expect(await store.get('one')).toBeUndefined();
  });

  it('a target keeps its last reads, newest last, without repeats', async () => {
    const store = new MemoryBaseStore();
    const target = { documentId: 'd', tabId: 't.0', anchorId: 'h.a' };
    for (let i = 0; i < READS_PER_TARGET + 2; i++) await rememberRead(store, target, `text ${i}`, `tok${i}`);
    await rememberRead(store, target, 'text 9', 'tok9');
    const reads = await lastReads(store, target);
    expect(reads).toHaveLength(READS_PER_TARGET);
    expect(reads.at(-1)).toBe('tok9');
    expect(reads[0]).toBe('tok2');
    expect(await lastReads(store, { ...target, anchorId: null })).toEqual([]);
  });
});

describe("a server's store (answeringFirst)", () => {
  it('does later work after the call has answered, one piece after another, and logs a failure', async () => {
    const logged: string[] = [];
    const store = answeringFirst(new MemoryBaseStore(), (m) => logged.push(m));
    const done: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      done.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      await store.put(name, name);
      done.push(`${name} ends`);
    };
    store.later!(slow('a', 20));
    store.later!(async () => {
      throw new Error('disk full');
    });
    store.later!(slow('b', 0));
    // The call that queued them answers first.
    await Promise.resolve();
    expect(done).toEqual([]);
    expect(await store.get('a')).toBeUndefined();
    for (let i = 0; i < 50 && done.length < 4; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
    expect(await store.get('b')).toBe('b');
    expect(logged).toEqual(['keeping a read for later failed: disk full']);
  });

  it("leaves a store that has its own later as it is (the CLI's)", () => {
    const own = Object.assign(new MemoryBaseStore(), { later: () => undefined });
    expect(answeringFirst(own, () => undefined)).toBe(own);
  });
});

describe('an import whose base text is gone', () => {
  it('a part is refused, never written as the whole tab', async () => {
    const dir = makeStore();
    dirs.push(dir);
    const backend = new LocalBackend({ dir });
    const target = { document_id: 'golden' };
    const whole = (await exportTabService(backend, target)).content;
    const part = await exportTabService(backend, target, { bases: new MemoryBaseStore(), maxTokens: 200 });
    expect(part.part?.count).toBeGreaterThan(1);
    // Another process, or a restart: this store never saw the read.
    await expect(
      importTabService(backend, target, part.content, { base: part.base }, new MemoryBaseStore()),
    ).rejects.toThrow(ValidationError);
    expect((await exportTabService(backend, target)).content).toBe(whole);
  });

  it('a changed section is refused when the base text is gone, and written when unchanged', async () => {
    const dir = makeStore();
    dirs.push(dir);
    const backend = new LocalBackend({ dir });
    const target = { document_id: 'golden', anchor_id: 'h.ryalwp7mpmhm' };
    const read = await exportSectionService(backend, target);
    const { importSectionService } = await import('../../src/docs/service/import.js');
    const edited = read.content.replace('in it.', 'in it!');
    const ok = await importSectionService(
      backend,
      target,
      edited,
      { base: read.base },
      new MemoryBaseStore(),
    );
    expect(ok.requests.length).toBeGreaterThan(0);
    await expect(
      importSectionService(backend, target, read.content.replace('here.', 'here!'), { base: read.base }),
    ).rejects.toMatchObject({ type: 'RevisionConflictError' });
  });
});
