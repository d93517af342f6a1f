/**
 * A Backend that records every write in the audit log: who, which document and tab, the revision
 * the write was guarded by and the one it produced, and how many requests it carried. A write is
 * recorded after it lands; a failed write is not a change and is not recorded.
 */

import type { Backend, BatchUpdateOptions, DocumentListing, FileMetadata } from '../ground/backend.js';
import type { GetOptions } from '../ground/comments-json.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../ground/docs-json.js';
import type { AuditEntry, AuditLog } from './store/audit-log.js';

/** Who writes, through which client, and (when the request said) with which tool on which section. */
export type Actor = Pick<AuditEntry, 'accountId' | 'email' | 'clientId' | 'tool' | 'section'>;

export class AuditedBackend implements Backend {
  readonly kind: string;

  constructor(
    private readonly inner: Backend,
    private readonly audit: AuditLog,
    private readonly actor: Actor,
  ) {
    this.kind = inner.kind;
  }

  get(documentId: string, options?: GetOptions): Promise<Document> {
    return this.inner.get(documentId, options);
  }

  list(query: string | undefined, limit: number): Promise<DocumentListing> {
    return this.inner.list(query, limit);
  }

  metadata(documentId: string): Promise<FileMetadata> {
    return this.inner.metadata(documentId);
  }

  async create(title: string): Promise<Document> {
    const doc = await this.inner.create(title);
    await this.audit.record({
      ...this.actor,
      tool: this.actor.tool ?? 'create',
      documentId: doc.documentId ?? '',
      revisionAfter: doc.revisionId ?? undefined,
      requestCount: 1,
    });
    return doc;
  }

  async batchUpdate(
    documentId: string,
    body: BatchUpdateRequest,
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse> {
    const response = await this.inner.batchUpdate(documentId, body, options);
    await this.audit.record({
      ...this.actor,
      tool: this.actor.tool ?? 'batchUpdate',
      documentId,
      tabId: firstTabId(body.requests),
      revisionBefore: body.writeControl?.requiredRevisionId ?? undefined,
      revisionAfter: response.writeControl?.requiredRevisionId ?? undefined,
      requestCount: body.requests?.length ?? 0,
    });
    return response;
  }
}

/** The tab a batch writes to: the first `tabId` any request names (a batch edits one tab). */
function firstTabId(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstTabId(item);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.tabId === 'string') return record.tabId;
    for (const child of Object.values(record)) {
      const found = firstTabId(child);
      if (found) return found;
    }
  }
  return undefined;
}
