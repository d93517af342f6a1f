/**
 * The local document store: a `Backend` over a folder of Docs JSON files (each `NAME.json` is the
 * document `NAME`) or over one file. Reads return the tabs shape as `documents.get` with
 * `includeTabsContent=true` and SUGGESTIONS_INLINE would; writes go through our engine, so they
 * fail, succeed and number things as Google does, and are written atomically (temp file + rename).
 * The document id a client sees is the file name; the id saved inside the file is left as it is.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  ContentTooLargeError,
  DocumentNotFoundError,
  excerpt,
  PermissionDeniedError,
  RevisionConflictError,
  ValidationError,
} from '../../errors.js';
import type {
  Backend,
  BatchUpdateOptions,
  DocumentListing,
  FileMetadata,
  UnreadableDocument,
} from '../../ground/backend.js';
import type { DocumentWithComments, GetOptions } from '../../ground/comments-json.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../../ground/docs-json.js';
import { settleDocument } from '../../ground/stale-tail.js';
// Reads need only the document helpers; the request handlers (most of the engine) load on the
// first write, so a command that only reads (gdoc export) does not pay for them at start.
import { COMMENT_REQUESTS } from '../engine/comments.js';
import { createDocument, type EngineOptions, toTabsShape } from '../engine/document.js';
import { serializeDocument } from '../engine/json.js';
import { viewDocument } from '../engine/suggestion-requests.js';
import { COMMENTS_INCLUDED, commentsView } from './comments-view.js';
import { createFileExclusive, isWritableMode, withFileLock, writeFileAtomic } from './local-files.js';
import { withLockFile } from './local-lockfile.js';
import { keepRecent, recentDocument, settleRecentDocuments } from './local-recent.js';

/** The owner reported for every local document (there is no account behind a folder). */
export const LOCAL_OWNER = 'me@local';

/**
 * The largest document file the store reads. Google caps a document at about a million
 * characters, whose JSON stays well below this; a bigger file is refused before it is read, so a
 * stray file cannot exhaust memory.
 */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

export type LocalBackendOptions = ({ dir: string; file?: undefined } | { file: string; dir?: undefined }) & {
  /** Passed to the engine, e.g. deterministic ids in tests. */
  engine?: EngineOptions;
  /** The owner e-mail reported by list and metadata; defaults to LOCAL_OWNER. */
  owner?: string;
  /**
   * How `create` names the new file: after the title (default, friendly in a folder a person
   * browses) or by a Google-like document id (the emulator: clients that recognise Google ids
   * by their form keep working).
   */
  newNames?: 'title' | 'id';
  /** Larger files are refused with ContentTooLargeError; defaults to MAX_DOCUMENT_BYTES. */
  maxDocumentBytes?: number;
};

/** What a listing shows about a document file. */
interface Summary {
  id: string;
  title: string;
  mtime: Date;
  writable: boolean;
}

/** What a load saw of a file: its identity, and the few saved fields `get` shows otherwise. */
interface LoadSeen {
  key: string;
  id: string;
  revisionId: string;
  documentId: string | undefined;
  viewMode: Document['suggestionsViewMode'] | undefined;
}

/** A file's identity: every write renames a new file into place, so a changed file has another key. */
function fileKey(info: Stats): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}`;
}

/** A document file as loaded: the tabs-shape document plus what the store knows about the file. */
interface LoadedDocument {
  id: string;
  path: string;
  /** As `documents.get` returns it: the store's name as `documentId`, SUGGESTIONS_INLINE. */
  document: Document;
  /** As saved (in the tabs shape): what the engine edits, so a write changes only what the batch does. */
  stored: Document;
  mtime: Date;
  writable: boolean;
}

export class LocalBackend implements Backend {
  readonly kind = 'local';
  /** The folder holding the documents (for a single file, the file's folder). */
  readonly root: string;
  /** Set for a single-file store: the one document's path. */
  readonly file: string | undefined;
  private readonly engineOptions: EngineOptions | undefined;
  /** Whether the engine was set up with its own ids or revisions (a test's): then every batch is applied here. */
  private readonly ownEngine: boolean;
  private readonly owner: string;
  private readonly newNames: 'title' | 'id';
  private readonly maxDocumentBytes: number;
  /** Per file, what the last load saw: a write of a predicted batch checks the file is still that one. */
  private readonly lastLoads = new Map<string, LoadSeen>();
  /** Listing cache: path -> file identity key and title (undefined: not a document). */
  private readonly titles = new Map<
    string,
    { key: string; title: string } | { key: string; problem: string }
  >();

  constructor(options: LocalBackendOptions) {
    if (options.file !== undefined) {
      this.file = resolve(options.file);
      this.root = dirname(this.file);
    } else if (options.dir !== undefined) {
      this.file = undefined;
      this.root = resolve(options.dir);
    } else {
      throw new ValidationError('A local store needs a folder (dir) or a file.');
    }
    this.owner = options.owner ?? LOCAL_OWNER;
    // Comments the store writes are the owner's.
    this.engineOptions = { comments: { author: { displayName: this.owner, me: true } }, ...options.engine };
    this.ownEngine = options.engine !== undefined;
    this.newNames = options.newNames ?? 'title';
    this.maxDocumentBytes = options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  }

  /** The document id of a single-file store (the file name without `.json`). */
  get singleDocumentId(): string | undefined {
    return this.file === undefined ? undefined : nameOf(this.file);
  }

  async get(documentId: string, options?: GetOptions): Promise<Document> {
    const loaded = await this.load(documentId);
    const mode = options?.suggestionsViewMode;
    const doc = mode ? viewDocument(loaded.document, mode) : loaded.document;
    return commentsView(doc, options?.comments !== undefined && options.comments !== false);
  }

  /**
   * The identity of the file the last load of `documentId` read (inode, size, time: every write
   * renames a new file into place), when that load was at `revisionId`.
   */
  readStamp(documentId: string, revisionId: string): string | undefined {
    const seen = this.lastLoads.get(this.pathOf(documentId));
    return seen?.revisionId === revisionId ? seen.key : undefined;
  }

  async isCurrent(documentId: string, stamp: string): Promise<boolean> {
    const info = await stat(this.pathOf(documentId)).catch(() => undefined);
    return info?.isFile() === true && fileKey(info) === stamp;
  }

  /**
   * `options.landed` is for retrying backends; a local write either lands once or fails, so it is
   * unused. `options.predicted` spares the second application of a verified batch (writePredicted).
   */
  async batchUpdate(
    documentId: string,
    body: BatchUpdateRequest,
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse> {
    const path = this.pathOf(documentId);
    // An unknown document is reported before any lock file is made beside it.
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw this.notFound(documentId);
    // Queue behind writers in this process, then take the lock file against other processes.
    return withFileLock(path, () =>
      withLockFile(
        path,
        async () =>
          (await this.writePredicted(documentId, body, options?.predicted)) ?? this.write(documentId, body),
      ),
    );
  }

  /**
   * The write of a batch the caller already ran on our engine (`predicted`), when the file is the
   * very one it read at the revision the batch requires (same inode, size and time: every write
   * renames a new file into place): the predicted document is written as is, so the batch is
   * applied and the file read once per import. Anything else (another revision, a changed file,
   * a read-only one, an engine set up with its own ids) goes the whole way through `write`.
   */
  private async writePredicted(
    documentId: string,
    body: BatchUpdateRequest,
    predicted: BatchUpdateOptions['predicted'],
  ): Promise<BatchUpdateResponse | undefined> {
    // Comment requests take the store's author, which verification does not know.
    const comments = (body.requests ?? []).some((r) => Object.keys(r).some((k) => COMMENT_REQUESTS.has(k)));
    if (!predicted || this.ownEngine || comments) return undefined;
    const path = this.pathOf(documentId);
    const seen = this.lastLoads.get(path);
    const required = body.writeControl?.requiredRevisionId;
    if (!seen || !required || required !== seen.revisionId) return undefined;
    const info = await stat(path).catch(() => undefined);
    if (!info || fileKey(info) !== seen.key || !isWritableMode(info.mode)) return undefined;
    // Only a read that showed the comments holds all the file holds (comments-view.ts).
    if ((predicted.document as DocumentWithComments).commentsViewMode !== COMMENTS_INCLUDED) return undefined;
    // Verification read only what the batch changed: indices after it are settled now (stale-tail.ts).
    const shown = settleDocument(predicted.document) as DocumentWithComments;
    // As saved: the file's own id and view mode, not those `get` showed.
    const { suggestionsViewMode: _shown, commentsViewMode: _comments, ...rest } = shown;
    const saved: Document = rest;
    if (seen.documentId === undefined) delete saved.documentId;
    else saved.documentId = seen.documentId;
    if (seen.viewMode !== undefined) saved.suggestionsViewMode = seen.viewMode;
    await this.writeFile(path, serializeDocument(saved), saved);
    return { ...predicted.response, documentId: seen.id };
  }

  private async write(documentId: string, body: BatchUpdateRequest): Promise<BatchUpdateResponse> {
    const loaded = await this.load(documentId);
    if (!loaded.writable) {
      throw new PermissionDeniedError(
        `The local document ${loaded.path} is read-only.`,
        'Make the file writable (chmod u+w) or work on a copy.',
      );
    }
    // The engine validates the whole batch (and writeControl) before it changes anything and
    // throws Google's DocsApiError, so a bad batch never reaches the write below.
    const { applyBatchUpdate, isRevisionMismatch } = await import('../engine/batch.js');
    let result: ReturnType<typeof applyBatchUpdate>;
    try {
      result = applyBatchUpdate(loaded.stored, body, this.engineOptions);
    } catch (error) {
      if (isRevisionMismatch(error)) {
        // Same words as the engine (and so as the emulator's 400), typed for the service layer.
        throw new RevisionConflictError(
          (error as Error).message,
          'Read the document again and redo the edit against the current revision.',
        );
      }
      throw error;
    }
    const { document, response } = result;
    await this.writeFile(loaded.path, serializeDocument(document));
    return { ...response, documentId: loaded.id };
  }

  /** Writes a document file, and keeps its text for the next read (local-recent.ts). */
  private async writeFile(path: string, text: string, written?: Document): Promise<void> {
    keepRecent(path, fileKey(await writeFileAtomic(path, text)), { text, ...(written ? { written } : {}) });
  }

  async create(title: string): Promise<Document> {
    if (this.file !== undefined) {
      throw new ValidationError(
        `The local store ${this.file} holds a single document; it cannot create another.`,
        'Open a folder as the local store (--local DIR) or use `gdoc new PATH.json`.',
      );
    }
    const base = fileNameForTitle(title);
    for (let n = 1; n < 10_000; n++) {
      const fresh = createDocument(title, this.engineOptions);
      const id = this.newNames === 'id' ? (fresh.documentId as string) : n === 1 ? base : `${base}-${n}`;
      const document = newLocalDocument(id, title, this.engineOptions, fresh);
      if (await createFileExclusive(join(this.root, `${id}.json`), serializeDocument(document))) {
        return document;
      }
    }
    throw new ValidationError(`Too many documents named "${base}" in ${this.root}.`);
  }

  async list(query: string | undefined, limit: number): Promise<DocumentListing> {
    const needle = (query ?? '').toLowerCase();
    const { found, unreadable } = await this.scan();
    const matches = found.filter((doc) => doc.title.toLowerCase().includes(needle));
    return {
      ...(unreadable.length > 0 ? { unreadable } : {}),
      documents: matches.slice(0, Math.max(0, limit)).map(({ document_id, title, last_modified, owner }) => ({
        document_id,
        title,
        last_modified,
        owner,
      })),
      total_count: matches.length,
    };
  }

  /** `get` and `metadata` from one read of the file (the emulator needs both for documents.get). */
  async read(
    documentId: string,
    options?: GetOptions,
  ): Promise<{ document: Document; metadata: FileMetadata }> {
    const loaded = await this.load(documentId);
    return {
      document: commentsView(loaded.document, options?.comments !== undefined && options.comments !== false),
      metadata: this.describe({ ...loaded, title: loaded.document.title ?? loaded.id }),
    };
  }

  async metadata(documentId: string): Promise<FileMetadata> {
    const loaded = await this.load(documentId);
    return this.describe({ ...loaded, title: loaded.document.title ?? loaded.id });
  }

  /**
   * Every readable document in the store with its metadata, newest first. Files that are not
   * valid Docs JSON are left out here; `list` names them with what is wrong with each.
   */
  async listAll(): Promise<FileMetadata[]> {
    return (await this.scan()).found;
  }

  private async scan(): Promise<{ found: FileMetadata[]; unreadable: UnreadableDocument[] }> {
    const ids = this.file !== undefined ? [nameOf(this.file)] : await this.documentNames();
    const summaries = await Promise.all(ids.map((id) => this.summaryOf(id)));
    const found: Summary[] = [];
    const unreadable: UnreadableDocument[] = [];
    for (const s of summaries) {
      if (s === undefined) continue;
      if ('problem' in s) unreadable.push(s);
      else found.push(s);
    }
    found.sort((a, b) => b.mtime.getTime() - a.mtime.getTime() || a.id.localeCompare(b.id));
    return { found: found.map((doc) => this.describe(doc)), unreadable };
  }

  /**
   * What a listing needs about one file. Titles are cached by (inode, size, mtime): every write
   * renames a new file into place, so a changed document always misses the cache, and a listing
   * of a large folder does not re-parse every document each time (the emulator pages through it).
   */
  private async summaryOf(id: string): Promise<Summary | UnreadableDocument | undefined> {
    const path = this.pathOf(id);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const key = fileKey(info);
    let cached = this.titles.get(path);
    if (cached?.key !== key) {
      try {
        const loaded = await this.load(id);
        cached = { key, title: loaded.document.title ?? loaded.id };
      } catch (error) {
        cached = { key, problem: error instanceof Error ? error.message : String(error) };
      }
      this.titles.set(path, cached);
    }
    if ('problem' in cached) return { document_id: id, problem: cached.problem };
    return {
      id: this.file !== undefined ? nameOf(this.file) : id,
      title: cached.title,
      mtime: info.mtime,
      writable: isWritableMode(info.mode),
    };
  }

  /** The file that holds `documentId` (it may not exist); throws for an id that is not a name. */
  pathOf(documentId: string): string {
    if (this.file !== undefined) {
      if (this.acceptsSingle(documentId)) return this.file;
      throw this.notFound(documentId);
    }
    if (!isDocumentName(documentId)) throw this.notFound(documentId);
    return join(this.root, `${documentId}.json`);
  }

  private acceptsSingle(documentId: string): boolean {
    const file = this.file as string;
    return documentId === nameOf(file) || resolve(documentId) === file;
  }

  private async documentNames(): Promise<string[]> {
    let entries: string[];
    try {
      entries = await readdir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ValidationError(
          `The local store folder ${this.root} does not exist.`,
          'Create the folder, or point --local at the folder that holds your NAME.json documents.',
        );
      }
      throw error;
    }
    // Hidden files (temp files, lock files) and names no id can address are not documents.
    return entries
      .filter((name) => name.endsWith('.json'))
      .map(nameOf)
      .filter(isDocumentName);
  }

  private async load(documentId: string): Promise<LoadedDocument> {
    const path = this.pathOf(documentId);
    let stored: (Document & { revisionId: string }) | undefined;
    let info: Stats;
    try {
      // Stat and read through one handle, so the times describe the very bytes read even when a
      // writer renames a new version into place meanwhile.
      const handle = await open(path, 'r');
      try {
        info = await handle.stat();
        if (info.size > this.maxDocumentBytes) {
          throw new ContentTooLargeError(
            `The document file ${path} is ${info.size} bytes; the local store reads at most ${this.maxDocumentBytes}.`,
            'A Google Doc is far smaller than this; check that the file is a documents.get response.',
          );
        }
        stored = recentDocument(path, fileKey(info), storedDocument);
        if (!stored) {
          // Read whole and decoded once: readFile('utf8') decodes chunk by chunk and joins the
          // pieces, a sixth more than this on a 100-page document's 3.7 MB.
          stored = storedDocument((await handle.readFile()).toString('utf8'), path);
          keepRecent(path, fileKey(info), { document: stored });
        }
      } finally {
        await handle.close();
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') throw this.notFound(documentId);
      throw error;
    }
    const id = this.file !== undefined ? nameOf(this.file) : documentId;
    // Clients see the store's name as the id; the file keeps whatever id it was saved with.
    const document: Document = { ...stored, documentId: id, suggestionsViewMode: 'SUGGESTIONS_INLINE' };
    this.lastLoads.set(path, {
      key: fileKey(info),
      id,
      revisionId: stored.revisionId,
      documentId: stored.documentId ?? undefined,
      viewMode: stored.suggestionsViewMode ?? undefined,
    });
    return { id, path, document, stored, mtime: info.mtime, writable: isWritableMode(info.mode) };
  }

  private describe(doc: Summary): FileMetadata {
    return {
      document_id: doc.id,
      title: doc.title,
      last_modified: doc.mtime.toISOString(),
      owner: this.owner,
      can_edit: doc.writable,
      can_comment: true,
    };
  }

  private notFound(documentId: string): DocumentNotFoundError {
    if (this.file !== undefined && this.acceptsSingle(documentId)) {
      // The file named on the command line is missing: say so, not "no such document in it".
      return new DocumentNotFoundError(
        `The file ${this.file} does not exist.`,
        'Check the path, or create an empty document there with `gdoc new FILE`.',
      );
    }
    if (this.file !== undefined) {
      return new DocumentNotFoundError(
        `No document ${excerpt(documentId)} in the local store ${this.file}.`,
        `This store holds one document, "${nameOf(this.file)}".`,
      );
    }
    return new DocumentNotFoundError(
      `No document ${excerpt(documentId)} in the local store ${this.root}.`,
      `Each NAME.json file in ${this.root} is the document NAME; create one with \`gdoc new ${join(
        this.root,
        'NAME.json',
      )}\`.`,
    );
  }
}

/** A fresh document as `documents.create` makes it, with the store's name as its id. */
export function newLocalDocument(
  id: string,
  title: string,
  options?: EngineOptions,
  created: Document = createDocument(title, options),
): Document {
  const document = toTabsShape(created);
  document.documentId = id;
  return document;
}

/** The document a file holds, as the store reads it (shared by every read of that file: local-recent.ts). */
function storedDocument(text: string, path: string): Document & { revisionId: string } {
  const stored = toTabsShape(parseDocumentJson(text, path));
  // Files saved without a revision (hand-written or trimmed fixtures) get one derived from the
  // content, so revision guards work and an unchanged file keeps the same revision.
  stored.revisionId ||= contentRevision(text);
  return stored as Document & { revisionId: string };
}

/** Parses the files this process wrote, ahead of their next read (the background `gdoc`, between commands). */
export function settleWrittenDocuments(): void {
  settleRecentDocuments(storedDocument);
}

/** Parses a document file; not JSON, or not a Docs document, is a ValidationError naming the file. */
export function parseDocumentJson(text: string, path: string): Document {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ValidationError(
      `${path} is not valid JSON: ${detail}`,
      'Fix or replace the file; a local document is the JSON that documents.get returns.',
    );
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !('body' in value || 'tabs' in value)
  ) {
    throw new ValidationError(
      `${path} is not a Google Docs document (no "body" or "tabs").`,
      'A local document is the JSON that documents.get returns.',
    );
  }
  return value as Document;
}

/** `NAME` for `…/NAME.json`. */
function nameOf(path: string): string {
  return basename(path).replace(/\.json$/, '');
}

/** A document name is a plain file name: no folders, not hidden, no control characters. */
function isDocumentName(id: string): boolean {
  return id.length > 0 && id.length <= 200 && !/[/\\\u0000-\u001f]/.test(id) && !id.startsWith('.');
}

/** A file name for a new document titled `title`: the title with unsafe characters replaced. */
function fileNameForTitle(title: string): string {
  const cleaned = title
    .replace(/[/\\\u0000-\u001f:*?"<>|]+/g, '-')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100);
  return cleaned === '' ? 'Untitled document' : cleaned;
}

function contentRevision(text: string): string {
  return `local-${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
}
