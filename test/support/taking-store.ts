/**
 * One document in memory, held as a store holds what it keeps: `get` hands out the document as it
 * is (sealed, as the local store's kept documents are: ground/sealed.ts), and a write takes the
 * document the import's verification predicted, at a new revision. When no predicted document is
 * offered the engine applies the batch, or, with `predictedOnly` (the in-process benches, which
 * must not pay for a second apply), the write is refused.
 */
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import type { BatchUpdateOptions } from '../../src/ground/backend.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../../src/ground/docs-json.js';
import { sealDocument } from '../../src/ground/sealed.js';
import { settleDocument } from '../../src/ground/stale-tail.js';

export class TakingStore {
  readonly kind = 'local';
  private revision = 0;

  private held: Document;

  constructor(
    doc: Document,
    private readonly options: { predictedOnly?: boolean } = {},
  ) {
    sealDocument(doc);
    this.held = doc;
  }

  /**
   * The document as it is now. A predicted document may hold indices verification left stale
   * (ground/stale-tail.ts): they are settled when it is first read, as a store settles them when
   * it writes the file.
   */
  get doc(): Document {
    return settleDocument(this.held);
  }

  /** Starts over from `doc` (a run that must import into the same document as the one before). */
  reset(doc: Document): void {
    sealDocument(doc);
    this.held = doc;
  }

  async get(): Promise<Document> {
    return this.doc;
  }

  async batchUpdate(
    _id: string,
    body: BatchUpdateRequest,
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse> {
    this.revision += 1;
    const revisionId = `r${this.revision}`;
    const predicted = options?.predicted;
    if (!predicted && this.options.predictedOnly)
      throw new Error('TakingStore: the import offered no predicted document');
    const written = predicted ?? applyBatchUpdate(this.doc, body);
    this.held = { ...written.document, revisionId };
    sealDocument(this.held);
    return { ...written.response, writeControl: { requiredRevisionId: revisionId } };
  }
}
