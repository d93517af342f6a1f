/**
 * One document in memory for the in-process benches (section-cpu.ts, tab-cpu.ts): `get` hands out
 * the document as it is (parsed before the clock starts), and a write takes the document the
 * import's verification predicted, at a new revision, so the store costs nothing of its own.
 */
import { serializeDocument } from '../src/docs/engine/json.js';
import { exportSectionService } from '../src/docs/service/export.js';
import type { Backend, BatchUpdateOptions } from '../src/ground/backend.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../src/ground/docs-json.js';
import { sealDocument } from '../src/ground/sealed.js';
import { generateDocument } from '../test/support/generate-document.js';
import { editOneWord, middleAnchor } from './user.js';

export class MemoryStore {
  readonly kind = 'local';
  private revision = 0;
  constructor(private doc: Document) {
    // Never changed once handed out, as the local store's kept documents (ground/sealed.ts).
    sealDocument(doc);
  }

  /** Starts over from `doc` (a run that must import into the same document as the one before). */
  reset(doc: Document): void {
    sealDocument(doc);
    this.doc = doc;
  }

  async get(): Promise<Document> {
    return this.doc;
  }

  async batchUpdate(
    _id: string,
    _body: BatchUpdateRequest,
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse> {
    if (!options?.predicted) throw new Error('bench: the import offered no predicted document');
    this.revision += 1;
    const revisionId = `bench-${this.revision}`;
    this.doc = { ...options.predicted.document, revisionId };
    sealDocument(this.doc);
    return { ...options.predicted.response, writeControl: { requiredRevisionId: revisionId } };
  }
}

/** A generated document of `pages` in a store, and a one-word edit of its middle section. */
export interface SectionEdit {
  /** The document file's text: `JSON.parse` it for a fresh document to import into. */
  text: string;
  store: MemoryStore;
  backend: Backend;
  target: { document_id: string; anchor_id: string };
  edited: string;
}

export async function sectionEdit(pages: number): Promise<SectionEdit> {
  const doc = generateDocument({ pages });
  const text = serializeDocument(doc);
  const store = new MemoryStore(JSON.parse(text) as Document);
  const backend = store as unknown as Backend;
  const target = { document_id: 'doc', anchor_id: middleAnchor(doc) };
  const edited = editOneWord((await exportSectionService(backend, target)).content);
  return { text, store, backend, target, edited };
}
