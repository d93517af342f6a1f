/**
 * An import does each piece of work once, and what it skips changes nothing:
 * - a text the target says already, at the revision a read recorded, is answered before any
 *   parsing (no batchUpdate, one get) with what the whole path would answer; once the document has
 *   changed, the same text goes the whole way (here: merged with the colleague's edit);
 * - the local store writes the document verification produced, and only when the file is still
 *   the one read: a file changed meanwhile is a revision conflict, as before.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import { exportTab, getHierarchy } from '../../src/docs/export/index.js';
import { MemoryBaseStore } from '../../src/docs/service/base-store.js';
import { exportSectionService, exportTabService } from '../../src/docs/service/export.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import { RevisionConflictError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeStore } from '../local/store-fixtures.js';
import { MemoryBackend } from './memory-backend.js';

const REAL = new URL('../fixtures/real/', import.meta.url);
const IMAGES = 'cedricdelpoux__gatsby-source-google-docs__images.json';
const POEM = 'cedricdelpoux__gatsby-source-google-docs__poem.json';
const HEADINGS = 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json';

async function fixture(name: string): Promise<Document> {
  return JSON.parse(await readFile(new URL(name, REAL), 'utf8')) as Document;
}

/** The poem's last word changed. */
function editOne(text: string): string {
  return text.replace('patterns.', 'shapes.');
}

describe('an unchanged text', () => {
  it('is answered from the read recorded at this revision: one get, nothing written, the objects kept', async () => {
    const be = new MemoryBackend(await fixture(IMAGES));
    const bases = new MemoryBaseStore();
    const read = await exportTabService(be, { document_id: 'doc' }, { bases });
    be.gets = 0;
    const quick = await importTabService(be, { document_id: 'doc' }, read.content, {}, bases);
    expect(be.gets).toBe(1);
    expect(be.writes).toHaveLength(0);
    expect(quick.requests).toEqual([]);
    expect(quick.revision_id).toBe('rev-0');
    // The whole path (no record of this revision) answers the same.
    const whole = await importTabService(be, { document_id: 'doc' }, read.content, {}, new MemoryBaseStore());
    expect(whole.requests).toEqual([]);
    expect(quick.preserved_objects).toEqual(whole.preserved_objects);
    expect(quick.preserved_objects.length).toBeGreaterThan(0);
    expect(quick.base).toBe(read.base);
  });

  it('at another revision goes the whole way: a colleague edit since the read is merged, not hidden', async () => {
    const be = new MemoryBackend(await fixture(POEM));
    const bases = new MemoryBaseStore();
    const read = await exportTabService(be, { document_id: 'doc' }, { bases });
    // A colleague edits the tab after the read: the document's revision changes.
    const theirs = editOne(read.content);
    expect(theirs).not.toBe(read.content);
    await importTabService(be, { document_id: 'doc' }, theirs);
    const result = await importTabService(be, { document_id: 'doc' }, read.content, {}, bases);
    // Nothing of the text is applied (it is the read's), and the note says what the target kept.
    expect(result.requests).toEqual([]);
    expect(result.warnings.join(' ')).toMatch(/^Nothing to merge: .* changed since your read/);
    expect(exportTab(be.doc, null).content).toBe(theirs);
  });

  it('of a section at the recorded revision is answered the same way: nothing written', async () => {
    const be = new MemoryBackend(await fixture(HEADINGS));
    const bases = new MemoryBaseStore();
    const anchor = getHierarchy(be.doc, null).headings[0]!.anchor_id;
    const read = await exportSectionService(be, { document_id: 'doc', anchor_id: anchor }, { bases });
    const result = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: anchor },
      read.content,
      {},
      bases,
    );
    expect(result.requests).toEqual([]);
    expect(be.writes).toHaveLength(0);
    expect(result.anchor_id).toBe(anchor);
  });
});

describe('the local store writes what verification produced', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeStore(['poem']);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('the file holds the verified document: the requests applied once, the saved id kept', async () => {
    const path = join(dir, 'poem.json');
    const saved = JSON.parse(await readFile(path, 'utf8')) as Document;
    const backend = new LocalBackend({ dir });
    const before = await backend.get('poem');
    const content = exportTab(before, null).content;
    const edited = editOne(content);
    expect(edited).not.toBe(content);
    const result = await importTabService(backend, { document_id: 'poem' }, edited);
    expect(result.requests.length).toBeGreaterThan(0);
    const written = JSON.parse(await readFile(path, 'utf8')) as Document;
    expect(written.revisionId).toBe(result.revision_id);
    expect(written.documentId).toBe(saved.documentId);
    expect(written.suggestionsViewMode).toBe(saved.suggestionsViewMode);
    // The same requests applied to the document as read say the same.
    const replayed = applyBatchUpdate(before, { requests: result.requests as never[] }).document;
    expect(exportTab(written, null).content).toBe(exportTab(replayed, null).content);
    expect(exportTab(written, null).content).toBe(edited);
  });

  it('a predicted document from a read that showed the comments is written as is, once', async () => {
    const path = join(dir, 'poem.json');
    const backend = new LocalBackend({ dir });
    const requests = [{ insertText: { text: 'Inserted ', location: { index: 1 } } }];
    const write = async (doc: Document) => {
      const predicted = applyBatchUpdate(doc, { requests });
      await backend.batchUpdate(
        'poem',
        { requests, writeControl: { requiredRevisionId: doc.revisionId as string } },
        { predicted },
      );
      return predicted.document.revisionId;
    };
    // The store's own application would give the file a revision of its own.
    const shown = await write(await backend.get('poem', { comments: 'if-available' }));
    const written = JSON.parse(await readFile(path, 'utf8')) as Document & { commentsViewMode?: string };
    expect(written.revisionId).toBe(shown);
    expect(written.commentsViewMode).toBeUndefined();
    // A read without the comments may lack what the file holds: the batch is applied to the file.
    const hidden = await write(await backend.get('poem'));
    const again = JSON.parse(await readFile(path, 'utf8')) as Document;
    expect(again.revisionId).not.toBe(hidden);
    expect(exportTab(again, null).content.startsWith('Inserted Inserted ')).toBe(true);
  });

  it('a file changed after the read (same revision) is not overwritten by the prediction', async () => {
    const path = join(dir, 'poem.json');
    const backend = new LocalBackend({ dir });
    const doc = await backend.get('poem');
    // Another process rewrites the file after this read, keeping its revision field.
    const other = JSON.parse(await readFile(path, 'utf8')) as Document;
    other.title = 'Changed elsewhere';
    other.revisionId = doc.revisionId;
    await writeFile(path, `${JSON.stringify(other, null, 2)}\n`);
    const requests = [{ insertText: { text: 'Inserted ', location: { index: 1 } } }];
    const predicted = applyBatchUpdate(doc, { requests });
    await backend.batchUpdate(
      'poem',
      { requests, writeControl: { requiredRevisionId: doc.revisionId as string } },
      { predicted },
    );
    const written = JSON.parse(await readFile(path, 'utf8')) as Document;
    expect(written.title).toBe('Changed elsewhere');
    expect(exportTab(written, null).content.startsWith('Inserted ')).toBe(true);
  });

  it('a file changed after the read (other revision) is a revision conflict, and is left as it is', async () => {
    const path = join(dir, 'poem.json');
    const backend = new LocalBackend({ dir });
    const doc = await backend.get('poem');
    const other = JSON.parse(await readFile(path, 'utf8')) as Document;
    other.revisionId = 'someone-else';
    const changed = `${JSON.stringify(other, null, 2)}\n`;
    await writeFile(path, changed);
    const requests = [{ insertText: { text: 'x', location: { index: 1 } } }];
    const write = backend.batchUpdate(
      'poem',
      { requests, writeControl: { requiredRevisionId: doc.revisionId as string } },
      { predicted: applyBatchUpdate(doc, { requests }) },
    );
    await expect(write).rejects.toBeInstanceOf(RevisionConflictError);
    expect(await readFile(path, 'utf8')).toBe(changed);
  });
});
