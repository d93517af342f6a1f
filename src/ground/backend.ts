/**
 * The one seam between the pure core and a store of documents. `docs/backends/local.ts` implements
 * it over a folder of Docs JSON files through our engine; `docs/backends/google.ts` over the real
 * Docs and Drive APIs. Ground: it imports nothing of ours but the Docs JSON types.
 * Every method raises `GdocError`s (DocumentNotFoundError, PermissionDeniedError,
 * RevisionConflictError, ValidationError, …), never raw transport errors.
 */
import type { GetOptions } from './comments-json.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from './docs-json.js';

export interface DocumentSummary {
  document_id: string;
  title: string;
  /** ISO 8601. */
  last_modified: string;
  /** Owner's e-mail address ('' when unknown, e.g. shared drives). */
  owner: string;
}

export interface DocumentListing {
  documents: DocumentSummary[];
  /** All matches, which may exceed the number returned. */
  total_count: number;
  /** Files of a local store that are not readable documents, each with what is wrong with it. */
  unreadable?: UnreadableDocument[];
}

export interface UnreadableDocument {
  document_id: string;
  problem: string;
}

export interface FileMetadata {
  document_id: string;
  title: string;
  last_modified: string;
  owner: string;
  can_edit: boolean;
  can_comment: boolean;
}

export interface Backend {
  /** A short name for messages and health checks: `local` or `google`. */
  readonly kind: string;
  /**
   * `documents.get` with `includeTabsContent=true` and `suggestionsViewMode=SUGGESTIONS_INLINE`
   * (or the view `options` name): always the tabs shape. With `comments`, also the comment threads
   * and anchors (comments-json.ts).
   */
  get(documentId: string, options?: GetOptions): Promise<Document>;
  /** `documents.batchUpdate`: atomic; honours `writeControl.requiredRevisionId`. */
  batchUpdate(
    documentId: string,
    body: BatchUpdateRequest,
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse>;
  /** `documents.create`: only the title is honoured, as Google does. */
  create(title: string): Promise<Document>;
  /** Docs the user can open, newest first; `query` filters on the name (contains). */
  list(query: string | undefined, limit: number): Promise<DocumentListing>;
  /** Drive metadata: title, owner, modified time, capabilities. */
  metadata(documentId: string): Promise<FileMetadata>;
  /**
   * Drive `files.update` with `addParents`: puts the document in a folder. Absent where the store
   * has no folders (the local store).
   */
  placeInFolder?(documentId: string, folderId: string): Promise<void>;
  /**
   * The version of the document this process's last `get` of it read, when that read was at
   * `revisionId`: a token `isCurrent` checks without reading the document again. Absent where
   * only a read can tell (Google: a `documents.get`).
   */
  readStamp?(documentId: string, revisionId: string): string | undefined;
  /** Whether the document is still the version `stamp` names (the local store: a stat of its file). */
  isCurrent?(documentId: string, stamp: string): Promise<boolean>;
}

/**
 * Optional help for a backend that retries a guarded write over an unreliable network. When a retry
 * meets a revision conflict, the first attempt may have landed after all: the backend re-reads the
 * document and asks `landed` whether it now is what the batch would have produced (e.g. the import
 * service compares the re-read export with its verified result). True = report success once.
 */
export interface BatchUpdateOptions {
  landed?: (current: Document) => boolean;
  /**
   * What the batch makes of the document at the revision it requires, as the caller's dry run on
   * our engine produced it (the import's verification). A store that runs that same engine may
   * write it instead of applying the batch a second time, when the document is still at that
   * revision; a store that cannot tell applies the batch as usual. Never sent anywhere.
   */
  predicted?: { document: Document; response: BatchUpdateResponse };
}
