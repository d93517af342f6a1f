/**
 * An in-memory Backend over the engine for the import tests: counts calls, records batch bodies,
 * maps the engine's revision mismatch to RevisionConflictError (as the real backends do), and can
 * simulate a concurrent edit landing right before a write.
 */

import { newDocumentTab } from '../../src/docs/engine/document.js';
import {
  applyBatchUpdate,
  isRevisionMismatch,
  seededIds,
  toTabsShape,
  viewDocument,
} from '../../src/docs/engine/index.js';
import { DocumentNotFoundError, RevisionConflictError } from '../../src/errors.js';
import type { Backend, BatchUpdateOptions, DocumentListing, FileMetadata } from '../../src/ground/backend.js';
import type { GetOptions } from '../../src/ground/comments-json.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../../src/ground/docs-json.js';

export class MemoryBackend implements Backend {
  readonly kind = 'memory';
  gets = 0;
  writes: BatchUpdateRequest[] = [];
  /** What the `landed` hook said of the document before and after each write. */
  landedChecks: { before: boolean; after: boolean }[] = [];
  /** Called before each write is applied: may change the stored document (a concurrent edit). */
  beforeWrite: ((doc: Document) => Document) | null = null;
  private seed = 1;

  constructor(
    public doc: Document,
    readonly id = 'doc',
  ) {
    this.doc = toTabsShape(structuredClone(doc));
    this.doc.revisionId = 'rev-0';
    this.doc.documentId = id;
  }

  async get(documentId: string, options?: GetOptions): Promise<Document> {
    if (documentId !== this.id) throw new DocumentNotFoundError(`no document ${documentId}`);
    this.gets++;
    return viewDocument(structuredClone(this.doc), options?.suggestionsViewMode);
  }

  async batchUpdate(
    documentId: string,
    body: BatchUpdateRequest,
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse> {
    if (documentId !== this.id) throw new DocumentNotFoundError(`no document ${documentId}`);
    this.writes.push(structuredClone(body));
    if (this.beforeWrite) this.doc = this.beforeWrite(this.doc);
    try {
      const { document, response } = applyBatchUpdate(this.doc, body, { ids: seededIds(this.seed++) });
      if (options?.landed) {
        this.landedChecks.push({ before: options.landed(this.doc), after: options.landed(document) });
      }
      this.doc = document;
      return response;
    } catch (e) {
      if (isRevisionMismatch(e)) throw new RevisionConflictError((e as Error).message, 'Re-read and retry.');
      throw e;
    }
  }

  async create(): Promise<Document> {
    throw new Error('not used');
  }

  async list(): Promise<DocumentListing> {
    return { documents: [], total_count: 0 };
  }

  async metadata(): Promise<FileMetadata> {
    return {
      document_id: this.id,
      title: '',
      last_modified: '',
      owner: '',
      can_edit: true,
      can_comment: true,
    };
  }
}

/** A backend holding one new document of one empty tab `t.0`. */
export function emptyDocument(title: string): MemoryBackend {
  return new MemoryBackend({
    title,
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
  } as Document);
}
