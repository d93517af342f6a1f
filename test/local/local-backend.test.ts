import { chmod, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_OWNER, LocalBackend, MAX_DOCUMENT_BYTES } from '../../src/docs/backends/local.js';
import {
  ContentTooLargeError,
  DocsApiError,
  DocumentNotFoundError,
  PermissionDeniedError,
  RevisionConflictError,
  ValidationError,
} from '../../src/errors.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { fixtureText, makeStore } from './store-fixtures.js';

let dir: string;
let store: LocalBackend;

beforeEach(async () => {
  dir = await makeStore(['lists', 'poem', 'multi']);
  store = new LocalBackend({ dir });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The plain text of the first tab's body. */
function bodyText(doc: Document): string {
  let text = '';
  for (const el of doc.tabs?.[0]?.documentTab?.body?.content ?? []) {
    for (const pe of el.paragraph?.elements ?? []) text += pe.textRun?.content ?? '';
  }
  return text;
}

const insert = (text: string, index = 1): Request => ({ insertText: { text, location: { index } } });

describe('LocalBackend: public API', () => {
  it('exports the class and the owner it reports', () => {
    expect(typeof LocalBackend).toBe('function');
    expect(LOCAL_OWNER).toBe('me@local');
    expect(store.kind).toBe('local');
  });
});

describe('LocalBackend.get', () => {
  it('returns a legacy-shape file in the tabs shape, with the file name as id', async () => {
    const original = JSON.parse(await fixtureText('lists')) as Document;
    const doc = await store.get('lists');
    expect(doc.documentId).toBe('lists');
    expect(doc.suggestionsViewMode).toBe('SUGGESTIONS_INLINE');
    expect(doc.tabs?.[0]?.tabProperties?.tabId).toBe('t.0');
    expect(doc.tabs?.[0]?.documentTab?.body).toEqual(original.body);
    expect(doc.revisionId).toBe(original.revisionId);
    expect((doc as Record<string, unknown>).body).toBeUndefined();
  });

  it('refuses a file larger than its read limit with ContentTooLargeError, before reading it', async () => {
    const small = new LocalBackend({ dir, maxDocumentBytes: 1000 });
    const error = await small.get('poem').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentTooLargeError);
    expect((error as ContentTooLargeError).message).toContain('at most 1000');
    expect(MAX_DOCUMENT_BYTES).toBeGreaterThan(10 * 1024 * 1024);
    expect((await store.get('poem')).documentId).toBe('poem');
  });

  it('returns every tab of a tabs-shape file', async () => {
    const doc = await store.get('multi');
    expect(doc.tabs?.length).toBe(2);
  });

  it('reports an unknown document with the folder in the suggestion', async () => {
    const error = await store.get('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentNotFoundError);
    expect((error as DocumentNotFoundError).suggestion).toContain(dir);
  });

  it('never resolves a name outside the folder', async () => {
    await writeFile(join(dir, '..', 'outside-gdoc-test.json'), '{"body":{}}');
    try {
      for (const id of ['../outside-gdoc-test', 'a/b', '.hidden', '']) {
        await expect(store.get(id), id).rejects.toBeInstanceOf(DocumentNotFoundError);
      }
    } finally {
      await rm(join(dir, '..', 'outside-gdoc-test.json'), { force: true });
    }
  });

  it('names the file when it is not valid JSON or not a document', async () => {
    await writeFile(join(dir, 'broken.json'), '{"title": ');
    await writeFile(join(dir, 'array.json'), '[1,2]');
    const broken = await store.get('broken').catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ValidationError);
    expect((broken as Error).message).toContain(join(dir, 'broken.json'));
    await expect(store.get('array')).rejects.toBeInstanceOf(ValidationError);
  });

  it('gives a file without revisionId a stable one derived from its content', async () => {
    const text = await fixtureText('poem');
    const doc = JSON.parse(text) as Document;
    delete doc.revisionId;
    await writeFile(join(dir, 'norev.json'), JSON.stringify(doc));
    const first = await store.get('norev');
    const second = await store.get('norev');
    expect(first.revisionId).toMatch(/^local-/);
    expect(second.revisionId).toBe(first.revisionId);
  });
});

describe('LocalBackend.batchUpdate', () => {
  it('applies the batch through the engine and rewrites the file atomically', async () => {
    const before = await store.get('poem');
    const response = await store.batchUpdate('poem', { requests: [insert('Hi 😀 ')] });
    expect(response.documentId).toBe('poem');
    expect(response.replies).toEqual([{}]);
    const after = await store.get('poem');
    expect(bodyText(after)).toBe(`Hi 😀 ${bodyText(before)}`);
    expect(after.revisionId).not.toBe(before.revisionId);
    expect(response.writeControl?.requiredRevisionId).toBe(after.revisionId);
    expect((await readdir(dir)).sort()).toEqual(['lists.json', 'multi.json', 'poem.json']);
    // The file on disk is the tabs shape now.
    const disk = JSON.parse(await readFile(join(dir, 'poem.json'), 'utf8')) as Document;
    expect(disk.tabs?.[0]?.documentTab?.body).toBeDefined();
  });

  it('changes nothing in the file but the revision for a no-op pair, and keeps the saved id', async () => {
    const original = JSON.parse(await fixtureText('multi')) as Document;
    const response = await store.batchUpdate('multi', {
      requests: [insert('x😀'), { deleteContentRange: { range: { startIndex: 1, endIndex: 4 } } }],
    });
    const disk = JSON.parse(await readFile(join(dir, 'multi.json'), 'utf8')) as Document;
    expect(disk.documentId).toBe(original.documentId);
    expect(disk.revisionId).toBe(response.writeControl?.requiredRevisionId);
    expect({ ...disk, revisionId: 'r' }).toEqual({ ...original, revisionId: 'r' });
  });

  it('leaves the file byte-identical when the batch is invalid', async () => {
    const path = join(dir, 'poem.json');
    const bytes = await readFile(path);
    const error = await store
      .batchUpdate('poem', { requests: [insert('ok'), insert('bad', 1_000_000)] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsApiError);
    expect((error as DocsApiError).code).toBe(400);
    expect((error as DocsApiError).message).toMatch(/^Invalid requests\[1\]\.insertText: /);
    expect((await readFile(path)).equals(bytes)).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(['lists.json', 'multi.json', 'poem.json']);
  });

  it('enforces writeControl.requiredRevisionId', async () => {
    const path = join(dir, 'poem.json');
    const current = (await store.get('poem')).revisionId as string;
    const bytes = await readFile(path);
    await expect(
      store.batchUpdate('poem', { requests: [insert('x')], writeControl: { requiredRevisionId: 'stale' } }),
    ).rejects.toBeInstanceOf(RevisionConflictError);
    expect((await readFile(path)).equals(bytes)).toBe(true);
    const ok = await store.batchUpdate('poem', {
      requests: [insert('x')],
      writeControl: { requiredRevisionId: current },
    });
    // The revision the first write produced no longer matches after the second.
    await expect(
      store.batchUpdate('poem', { requests: [insert('y')], writeControl: { requiredRevisionId: current } }),
    ).rejects.toBeInstanceOf(RevisionConflictError);
    await store.batchUpdate('poem', {
      requests: [insert('y')],
      writeControl: { requiredRevisionId: ok.writeControl?.requiredRevisionId as string },
    });
    expect(bodyText(await store.get('poem')).startsWith('yx')).toBe(true);
  });

  it('serialises concurrent writers so no update is lost', async () => {
    const before = bodyText(await store.get('poem'));
    const other = new LocalBackend({ dir });
    const letters = ['a', 'b', 'c', 'd', 'e', 'f'];
    await Promise.all(
      letters.map((letter, i) => (i % 2 ? other : store).batchUpdate('poem', { requests: [insert(letter)] })),
    );
    const after = bodyText(await store.get('poem'));
    expect(after.length).toBe(before.length + letters.length);
    expect(after.slice(letters.length)).toBe(before);
    expect([...after.slice(0, letters.length)].sort()).toEqual(letters);
  });

  it('refuses to write a read-only file', async () => {
    const path = join(dir, 'poem.json');
    await chmod(path, 0o444);
    const bytes = await readFile(path);
    await expect(store.batchUpdate('poem', { requests: [insert('x')] })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    expect((await readFile(path)).equals(bytes)).toBe(true);
  });

  it('reports an unknown document', async () => {
    await expect(store.batchUpdate('missing', { requests: [insert('x')] })).rejects.toBeInstanceOf(
      DocumentNotFoundError,
    );
    expect(await readdir(dir)).not.toContain('missing.json');
  });
});

describe('LocalBackend.create', () => {
  it('creates a new file named after the title and never overwrites one', async () => {
    const first = await store.create('Team plan');
    const second = await store.create('Team plan');
    expect(first.documentId).toBe('Team plan');
    expect(second.documentId).toBe('Team plan-2');
    expect(first.title).toBe('Team plan');
    const reread = await store.get('Team plan');
    expect(reread.revisionId).toBe(first.revisionId);
    expect(bodyText(reread)).toBe('\n');
    expect((await readdir(dir)).filter((f) => f.startsWith('Team'))).toHaveLength(2);
  });

  it('replaces characters that cannot be in a file name', async () => {
    const doc = await store.create('a/b: c?');
    expect(doc.documentId).toBe('a-b- c-');
    expect((await store.get(doc.documentId as string)).title).toBe('a/b: c?');
  });
});

describe('LocalBackend.list and metadata', () => {
  it('lists by title, newest first by file time, with limit and total', async () => {
    await utimes(join(dir, 'lists.json'), new Date('2024-01-01'), new Date('2024-01-01'));
    await utimes(join(dir, 'poem.json'), new Date('2024-03-01'), new Date('2024-03-01'));
    await utimes(join(dir, 'multi.json'), new Date('2024-02-01'), new Date('2024-02-01'));
    await writeFile(join(dir, 'junk.json'), 'not json');
    await writeFile(join(dir, '.poem.json.1.tmp'), 'partial');
    await writeFile(join(dir, '.hidden.json'), await fixtureText('poem'));
    await writeFile(join(dir, `${'x'.repeat(240)}.json`), await fixtureText('poem'));
    const all = await store.list(undefined, 10);
    expect(all.total_count).toBe(3);
    expect(all.documents.map((d) => d.document_id)).toEqual(['poem', 'multi', 'lists']);
    expect(all.documents[0]).toMatchObject({ owner: LOCAL_OWNER, last_modified: '2024-03-01T00:00:00.000Z' });
    const limited = await store.list(undefined, 1);
    expect(limited.documents).toHaveLength(1);
    expect(limited.total_count).toBe(3);
    const poem = (await store.get('poem')).title as string;
    const found = await store.list(poem.slice(1, 4).toUpperCase(), 10);
    expect(found.documents.map((d) => d.document_id)).toContain('poem');
    expect(found.documents.every((d) => d.title.toLowerCase().includes(poem.slice(1, 4).toLowerCase()))).toBe(
      true,
    );
  });

  it('sees a file changed or removed since the last listing', async () => {
    const first = await store.list(undefined, 10);
    expect(first.documents.map((d) => d.document_id)).toContain('lists');
    const doc = JSON.parse(await fixtureText('lists')) as Document;
    doc.title = 'Renamed by hand';
    await writeFile(join(dir, 'lists.json'), JSON.stringify(doc));
    await rm(join(dir, 'multi.json'));
    const second = await store.list(undefined, 10);
    expect(second.documents.find((d) => d.document_id === 'lists')?.title).toBe('Renamed by hand');
    expect(second.documents.map((d) => d.document_id)).not.toContain('multi');
    expect(second.total_count).toBe(2);
  });

  it('reports metadata with capabilities from the file mode', async () => {
    const meta = await store.metadata('poem');
    expect(meta).toMatchObject({
      document_id: 'poem',
      owner: LOCAL_OWNER,
      can_edit: true,
      can_comment: true,
    });
    expect(meta.title).toBe((await store.get('poem')).title);
    await chmod(join(dir, 'poem.json'), 0o444);
    expect((await store.metadata('poem')).can_edit).toBe(false);
  });

  it('says so when the folder does not exist', async () => {
    const missing = new LocalBackend({ dir: join(dir, 'nope') });
    await expect(missing.list(undefined, 5)).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('LocalBackend over a single file', () => {
  it('serves the one document by name or path and nothing else', async () => {
    const path = join(dir, 'poem.json');
    const single = new LocalBackend({ file: path });
    expect(single.singleDocumentId).toBe('poem');
    expect((await single.get('poem')).documentId).toBe('poem');
    expect((await single.get(path)).documentId).toBe('poem');
    await expect(single.get('lists')).rejects.toBeInstanceOf(DocumentNotFoundError);
    expect((await single.list(undefined, 5)).documents.map((d) => d.document_id)).toEqual(['poem']);
    await expect(single.create('x')).rejects.toBeInstanceOf(ValidationError);
    await single.batchUpdate('poem', { requests: [insert('Z')] });
    expect(bodyText(await single.get('poem')).startsWith('Z')).toBe(true);
  });
});
