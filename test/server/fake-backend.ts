/**
 * A tiny in-memory Backend for the tools-layer tests that must not depend on the real local
 * store (failure injection: auth errors, unknown documents). Documents are real fixtures.
 */
import { readFileSync } from 'node:fs';
import { DocumentNotFoundError, type GdocError, ValidationError } from '../../src/errors.js';
import type { Backend, DocumentListing, FileMetadata } from '../../src/ground/backend.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../../src/ground/docs-json.js';

export function loadFixture(name: string): Document {
  return JSON.parse(readFileSync(new URL(`../fixtures/real/${name}`, import.meta.url), 'utf8')) as Document;
}

export class FakeBackend implements Backend {
  readonly kind = 'fake';
  failWith: GdocError | undefined;
  /** documents.get calls so far (reads are what Google's quota counts). */
  gets = 0;
  constructor(readonly docs: Map<string, Document>) {}

  private find(id: string): Document {
    if (this.failWith) throw this.failWith;
    const doc = this.docs.get(id);
    if (!doc) throw new DocumentNotFoundError(`No document "${id}".`, 'Check the id.');
    return structuredClone(doc);
  }
  async get(id: string): Promise<Document> {
    this.gets += 1;
    return this.find(id);
  }
  async batchUpdate(_id: string, _body: BatchUpdateRequest): Promise<BatchUpdateResponse> {
    throw new ValidationError('The fake backend does not write.');
  }
  async create(_title: string): Promise<Document> {
    throw new ValidationError('The fake backend does not create.');
  }
  async list(query: string | undefined, limit: number): Promise<DocumentListing> {
    if (this.failWith) throw this.failWith;
    const all = [...this.docs.entries()]
      .filter(([, d]) => !query || (d.title ?? '').toLowerCase().includes(query.toLowerCase()))
      .map(([id, d]) => ({
        document_id: id,
        title: d.title ?? '',
        last_modified: '2026-01-01T00:00:00.000Z',
        owner: '',
      }));
    return { documents: all.slice(0, limit), total_count: all.length };
  }
  async metadata(id: string): Promise<FileMetadata> {
    const doc = this.find(id);
    return {
      document_id: id,
      title: doc.title ?? '',
      last_modified: '2026-01-01T00:00:00.000Z',
      owner: '',
      can_edit: true,
      can_comment: true,
    };
  }
}
