/**
 * One document in memory for the in-process benches (section-cpu.ts, tab-cpu.ts): `get` hands out
 * the document as it is (parsed before the clock starts), and a write takes the document the
 * import's verification predicted, at a new revision, so the store costs nothing of its own.
 */
import type { BatchUpdateOptions } from '../src/ground/backend.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../src/ground/docs-json.js';

export class MemoryStore {
  readonly kind = 'local';
  private revision = 0;
  constructor(private doc: Document) {}

  /** Starts over from `doc` (a run that must import into the same document as the one before). */
  reset(doc: Document): void {
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
    return { ...options.predicted.response, writeControl: { requiredRevisionId: revisionId } };
  }
}
