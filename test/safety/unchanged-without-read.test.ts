/**
 * An import of the very text a read handed out, and an export of a tab whose text the store kept,
 * on the local store, are answered from the file's identity alone (inode, size, time: every write
 * renames a new file into place), without reading the document. What must hold: only while the
 * file is the one read; a write by anyone since, or a file put back by hand, takes the whole way,
 * which shows and keeps their edit.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { serializeDocument } from '../../src/docs/engine/json.js';
import { FileBaseStore } from '../../src/docs/service/base-store.js';
import { exportTabService } from '../../src/docs/service/export.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { GetOptions } from '../../src/ground/comments-json.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeStore } from '../server/harness.js';

/** The local store, counting its reads of documents. */
class CountingStore extends LocalBackend {
  gets = 0;
  override async get(documentId: string, options?: GetOptions): Promise<Document> {
    this.gets += 1;
    return super.get(documentId, options);
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function store(): { dir: string; bases: FileBaseStore } {
  const dir = makeStore({ golden: true });
  dirs.push(dir);
  return { dir, bases: new FileBaseStore(join(dir, '.gdoc-bases')) };
}

describe('an unchanged import on the local store', () => {
  it('is answered without reading the document while the file is the one read', async () => {
    const { dir, bases } = store();
    const exported = await exportTabService(new LocalBackend({ dir }), { document_id: 'golden' }, { bases });
    const backend = new CountingStore({ dir }); // another process
    const result = await importTabService(backend, { document_id: 'golden' }, exported.content, {}, bases);
    expect(backend.gets).toBe(0);
    expect(result.requests).toEqual([]);
    expect(result.revision_id).toBe(exported.revision_id);
    expect(result.base).toBeDefined();
  });

  it('reads the document once someone wrote to it since, and keeps their edit', async () => {
    const { dir, bases } = store();
    const exported = await exportTabService(new LocalBackend({ dir }), { document_id: 'golden' }, { bases });
    await new LocalBackend({ dir }).batchUpdate('golden', {
      requests: [{ insertText: { location: { index: 1 }, text: 'Theirs. ' } }],
    });
    const backend = new CountingStore({ dir });
    const result = await importTabService(backend, { document_id: 'golden' }, exported.content, {}, bases);
    expect(backend.gets).toBeGreaterThan(0);
    expect(result.revision_id).not.toBe(exported.revision_id);
    const now = await exportTabService(new LocalBackend({ dir }), { document_id: 'golden' });
    expect(now.content).toContain('Theirs. ');
  });

  it('reads the document when the file was replaced, even with the same revision', async () => {
    const { dir, bases } = store();
    const local = new LocalBackend({ dir });
    const exported = await exportTabService(local, { document_id: 'golden' }, { bases });
    // The same document written again (a copy put back): another file, so the whole way.
    const doc = await local.get('golden');
    const { suggestionsViewMode: _, ...saved } = doc;
    writeFileSync(join(dir, 'golden.json'), serializeDocument(saved));
    const backend = new CountingStore({ dir });
    const result = await importTabService(backend, { document_id: 'golden' }, exported.content, {}, bases);
    expect(backend.gets).toBe(1);
    expect(result.requests).toEqual([]);
  });
});

describe('an export again on the local store', () => {
  it('is the kept text, without reading the document, while the file is the one read', async () => {
    const { dir, bases } = store();
    const first = await exportTabService(new LocalBackend({ dir }), { document_id: 'golden' }, { bases });
    const backend = new CountingStore({ dir }); // another process
    const again = await exportTabService(backend, { document_id: 'golden' }, { bases });
    expect(backend.gets).toBe(0);
    expect(again).toEqual(first);
  });

  it('reads the document once someone wrote to it since, and shows their edit', async () => {
    const { dir, bases } = store();
    await exportTabService(new LocalBackend({ dir }), { document_id: 'golden' }, { bases });
    await new LocalBackend({ dir }).batchUpdate('golden', {
      requests: [{ insertText: { location: { index: 1 }, text: 'Theirs. ' } }],
    });
    const backend = new CountingStore({ dir });
    const again = await exportTabService(backend, { document_id: 'golden' }, { bases });
    expect(backend.gets).toBe(1);
    expect(again.content).toContain('Theirs. ');
  });

  it('reads the document for comments, every anchor, or a text above the ceiling', async () => {
    const { dir, bases } = store();
    const first = await exportTabService(new LocalBackend({ dir }), { document_id: 'golden' }, { bases });
    const backend = new CountingStore({ dir });
    await exportTabService(backend, { document_id: 'golden' }, { bases, comments: true });
    await exportTabService(backend, { document_id: 'golden' }, { bases, anchors: 'all' });
    const maxTokens = Math.ceil(first.estimated_tokens / 2);
    const part = await exportTabService(backend, { document_id: 'golden' }, { bases, maxTokens });
    expect(part.part?.index).toBe(1);
    expect(backend.gets).toBe(3);
  });
});
