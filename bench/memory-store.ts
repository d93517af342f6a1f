/**
 * One document in memory for the in-process benches (section-cpu.ts, tab-cpu.ts): the tests'
 * TakingStore (`get` hands out the document as it is, parsed before the clock starts; a write
 * takes the document the import's verification predicted), so the store costs nothing of its own.
 */
import { serializeDocument } from '../src/docs/engine/json.js';
import { generateDocument } from '../src/docs/generate-document.js';
import { exportSectionService } from '../src/docs/service/export.js';
import type { Backend } from '../src/ground/backend.js';
import type { Document } from '../src/ground/docs-json.js';
import { TakingStore } from '../test/support/taking-store.js';
import { editOneWord, middleAnchor } from './user.js';

/** The benches' store: a write without a predicted document is refused (it would cost a second apply). */
export class MemoryStore extends TakingStore {
  constructor(doc: Document) {
    super(doc, { predictedOnly: true });
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
