/**
 * A text kept in the base store by other code (an older version, before an upgrade) is never
 * taken as the export of an equal model, nor are its renderings used: the code that reads it now
 * might write that model otherwise. The incremental parse may still start from it (its check
 * writes the stitched model out anew).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportTab, RenderCache } from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import type { BaseStore } from '../../src/docs/service/base-store.js';
import { keepKnown, recallKnown } from '../../src/docs/service/known-store.js';
import { forgetKnown } from '../../src/docs/service/known-texts.js';
import { identify, writerIdentity } from '../../src/docs/service/writer-identity.js';

/** A base store whose entries a test can rewrite, as another version would have written them. */
class MapStore implements BaseStore {
  readonly map = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.map.get(key);
  }
  async put(key: string, value: string): Promise<void> {
    this.map.set(key, value);
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the identity of the code that wrote a kept text', () => {
  it('is the build’s id in a build, `source` in the sources, and one of its own without an id', () => {
    const root = mkdtempSync(join(tmpdir(), 'gdoc-identity-'));
    dirs.push(root);
    mkdirSync(join(root, 'dist', 'chunks'), { recursive: true });
    const chunk = join(root, 'dist', 'chunks', 'chunk-X.js');
    const unknown = identify(chunk);
    expect(unknown).toMatch(/^unknown:/);
    expect(identify(chunk)).not.toBe(unknown);
    writeFileSync(join(root, 'dist', 'build-id'), 'abc123\n');
    expect(identify(chunk)).toBe('build:abc123');
    expect(identify(join(root, 'dist', 'docs', 'service', 'known-store.js'))).toBe('build:abc123');
    expect(identify(join(root, 'src', 'docs', 'service', 'known-store.ts'))).toBe('source');
    expect(writerIdentity()).toBe('source');
  });
});

describe('a text kept by other code', () => {
  it('is recalled for the incremental parse, but not reused as an export’s text', async () => {
    const doc = generateDocument({ pages: 2, seed: 3 });
    const first = exportTab(doc, null, { cache: new RenderCache() });
    const bases = new MapStore();
    const target = { documentId: 'doc', tab: undefined, anchorId: null };
    await keepKnown(bases, target, first.known);
    const ours = (await recallKnown(bases, target))!;
    expect(ours.otherWriter).toBeUndefined();
    expect(exportTab(doc, null, { known: [{ ...ours, content: 'OURS' }] }).content).toBe('OURS');
    // The same record as an older version wrote it, recalled by another process (this one holds
    // the record it kept, which is its own code's).
    for (const [key, value] of bases.map)
      bases.map.set(key, value.replace('"writer":"source"', '"writer":"build:older"'));
    expect((await recallKnown(bases, target))?.otherWriter).toBeUndefined();
    forgetKnown();
    const theirs = (await recallKnown(bases, target))!;
    expect(theirs.otherWriter).toBe(true);
    expect(theirs.content).toBe(first.content);
    expect(exportTab(doc, null, { known: [{ ...theirs, content: 'THEIRS' }] }).content).toBe(first.content);
  });

  it('is kept anew when this code hands out the same text, so its next reads reuse it', async () => {
    const doc = generateDocument({ pages: 2, seed: 3 });
    const bases = new MapStore();
    const target = { documentId: 'doc', tab: undefined, anchorId: null };
    await keepKnown(bases, target, exportTab(doc, null, { cache: new RenderCache() }).known, []);
    // An upgrade: the store holds the same text as the older version kept it.
    for (const [key, value] of bases.map)
      bases.map.set(key, value.replace('"writer":"source"', '"writer":"build:older"'));
    forgetKnown();
    expect((await recallKnown(bases, target))?.otherWriter).toBe(true);
    // This code exports the unchanged tab again: the text is the same, the record becomes its own.
    const again = exportTab(doc, null, { cache: new RenderCache() });
    await keepKnown(bases, target, again.known, []);
    forgetKnown();
    const kept = (await recallKnown(bases, target))!;
    expect(kept.otherWriter).toBeUndefined();
    expect(kept.content).toBe(again.content);
    expect(kept.warnings).toEqual([]);
  });
});
