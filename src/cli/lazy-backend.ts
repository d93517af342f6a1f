/**
 * A Backend that creates the real one on first use. `gdoc serve` must start (and answer
 * tools/list) even before the user has signed in: the first call then fails with
 * AuthRequiredError and its "run gdoc login" suggestion, and a later call — after `gdoc login` —
 * succeeds without restarting the editor. A failed creation is not cached.
 */

import type { Backend, BatchUpdateOptions, DocumentListing, FileMetadata } from '../ground/backend.js';
import type { GetOptions } from '../ground/comments-json.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../ground/docs-json.js';

export class LazyBackend implements Backend {
  private pending: Promise<Backend> | undefined;

  constructor(
    readonly kind: string,
    private readonly connect: () => Promise<Backend>,
  ) {}

  private backend(): Promise<Backend> {
    if (!this.pending) {
      this.pending = this.connect().catch((error: unknown) => {
        this.pending = undefined;
        throw error;
      });
    }
    return this.pending;
  }

  async get(documentId: string, options?: GetOptions): Promise<Document> {
    return await (await this.backend()).get(documentId, options);
  }
  async batchUpdate(
    documentId: string,
    body: BatchUpdateRequest,
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse> {
    return await (await this.backend()).batchUpdate(documentId, body, options);
  }
  async create(title: string): Promise<Document> {
    return await (await this.backend()).create(title);
  }
  async list(query: string | undefined, limit: number): Promise<DocumentListing> {
    return await (await this.backend()).list(query, limit);
  }
  async metadata(documentId: string): Promise<FileMetadata> {
    return await (await this.backend()).metadata(documentId);
  }
  async placeInFolder(documentId: string, folderId: string): Promise<void> {
    const backend = await this.backend();
    if (!backend.placeInFolder) throw new Error(`the ${backend.kind} backend has no folders`);
    await backend.placeInFolder(documentId, folderId);
  }
}
