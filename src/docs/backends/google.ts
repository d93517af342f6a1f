/**
 * The Backend over Google's real Docs v1 and Drive v3 APIs (the per-API `@googleapis/*` clients
 * over google-auth-library). Every call goes through the client-side rate limiter, the retry
 * policy and the one error mapper. `GDOC_API_ROOT` (or `config.apiRoot`) points both APIs at
 * another root, such as the loopback emulator.
 *
 * Writes are only repeated when repeating cannot apply them twice: a 429 (rejected before it ran)
 * or a batch guarded by `requiredRevisionId`. If a guarded retry then meets a revision conflict,
 * the document is re-read to tell "our first attempt landed" from "someone else edited".
 */
import { type docs_v1, docs as docsApi } from '@googleapis/docs';
import { type drive_v3, drive as driveApi } from '@googleapis/drive';
import { type ResolvedAuth, resolveAuth } from '../../auth/index.js';
import { PermissionDeniedError, ValidationError } from '../../errors.js';
import type {
  Backend,
  BatchUpdateOptions,
  DocumentListing,
  DocumentSummary,
  FileMetadata,
} from '../../ground/backend.js';
import type { GetOptions } from '../../ground/comments-json.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../../ground/docs-json.js';
import { COMMENTS_INCLUDED } from './comments-view.js';
import { DEFAULT_GOOGLE_CONFIG, type GoogleClientConfig, readGoogleConfig } from './google-config.js';
import { buildListQuery, GOOGLE_DOC_MIME } from './google-drive-query.js';
import {
  type ApiFailure,
  describeFailure,
  isRateLimit,
  isTransient,
  looksLikeRevisionConflict,
  mapGoogleError,
  revisionConflict,
} from './google-error-mapping.js';
import { type Clock, RateLimiter, realClock } from './google-limiter.js';
import { type RetryHooks, type RetryPolicy, withRetries } from './google-retry.js';

export interface GoogleBackendOptions {
  auth: ResolvedAuth['client'];
  config?: Partial<GoogleClientConfig>;
  /** Injected in tests so waits are instant. */
  clock?: Clock;
  random?: () => number;
  /** Drive page size for listing (max 1000). Tests lower it to exercise pagination. */
  listPageSize?: number;
  /** Diagnostics (retries); the CLI passes a stderr writer behind a debug flag. */
  log?: (line: string) => void;
}

const LIST_FIELDS = 'nextPageToken, files(id, name, modifiedTime, owners(displayName, emailAddress))';
const COUNT_FIELDS = 'nextPageToken, files(id)';
/** Pages fetched only to count matches beyond `limit`; past this, total_count is a lower bound. */
const MAX_COUNT_PAGES = 5;
const METADATA_FIELDS =
  'id, name, mimeType, modifiedTime, owners(displayName, emailAddress), capabilities(canEdit, canComment)';

export class GoogleBackend implements Backend {
  readonly kind = 'google';
  private readonly docs: docs_v1.Docs;
  private readonly drive: drive_v3.Drive;
  private readonly config: GoogleClientConfig;
  private readonly reads: RateLimiter;
  private readonly writes: RateLimiter;
  private readonly policy: RetryPolicy;
  private readonly listPageSize: number;
  private readonly log: ((line: string) => void) | undefined;

  constructor(options: GoogleBackendOptions) {
    this.config = { ...DEFAULT_GOOGLE_CONFIG, ...options.config };
    const clock = options.clock ?? realClock;
    // googleapis-common bundles its own google-auth-library copy; the client is used duck-typed.
    const auth = options.auth as unknown as docs_v1.Options['auth'];
    const rootUrl = this.config.apiRoot ? { rootUrl: this.config.apiRoot } : {};
    this.docs = docsApi({ version: 'v1', auth, ...rootUrl });
    this.drive = driveApi({ version: 'v3', auth: auth as drive_v3.Options['auth'], ...rootUrl });
    this.reads = new RateLimiter(this.config.readsPerMinute, clock);
    this.writes = new RateLimiter(this.config.writesPerMinute, clock);
    this.policy = {
      maxRetries: this.config.maxRetries,
      baseDelayMs: 1000,
      maxBackoffMs: this.config.maxBackoffMs,
      maxRetryAfterMs: this.config.maxRetryAfterMs,
      clock,
      random: options.random ?? Math.random,
    };
    this.listPageSize = Math.min(Math.max(options.listPageSize ?? 1000, 1), 1000);
    this.log = options.log;
  }

  async get(documentId: string, options: GetOptions = {}): Promise<Document> {
    const wanted = options.comments === true || (options.comments === 'if-available' && !this.noComments);
    const read = (withComments: boolean) =>
      this.call('read', documentId, (o) =>
        this.docs.documents.get(
          {
            documentId,
            includeTabsContent: true,
            suggestionsViewMode: options.suggestionsViewMode ?? 'SUGGESTIONS_INLINE',
            // Developer Preview: not in the generated client's parameter types yet.
            ...(withComments ? { commentsViewMode: COMMENTS_INCLUDED } : {}),
          } as docs_v1.Params$Resource$Documents$Get,
          o,
        ),
      );
    if (!wanted || options.comments === true) return await read(wanted);
    try {
      return await read(true);
    } catch (error) {
      if (!(error instanceof ValidationError || error instanceof PermissionDeniedError)) throw error;
      // Not enrolled in the preview, or no right to see comments: read without them from now on.
      this.noComments = true;
      this.log?.(`comments of ${documentId} cannot be read (${error.message}); reading without them.`);
      return await read(false);
    }
  }

  /** Set once a read with comments was refused: later 'if-available' reads skip them. */
  private noComments = false;

  async create(title: string): Promise<Document> {
    return await this.call(
      'write',
      undefined,
      (o) => this.docs.documents.create({ requestBody: { title } }, o),
      { retryable: (f) => isRateLimit(f) },
    );
  }

  async batchUpdate(
    documentId: string,
    body: BatchUpdateRequest,
    options: BatchUpdateOptions = {},
  ): Promise<BatchUpdateResponse> {
    const required = body.writeControl?.requiredRevisionId ?? undefined;
    // True once an attempt failed in a way that may hide a committed write (5xx, timeout).
    let mayHaveLanded = false;
    const retryable = (failure: ApiFailure): boolean => {
      if (!isTransient(failure)) return false;
      if (isRateLimit(failure)) return true;
      if (!required) return false;
      mayHaveLanded = true;
      return true;
    };
    try {
      return await this.attempt(
        'write',
        (o) => this.docs.documents.batchUpdate({ documentId, requestBody: body }, o),
        { retryable },
      );
    } catch (error) {
      const failure = describeFailure(error);
      if (required && (failure.httpStatus === 400 || looksLikeRevisionConflict(failure))) {
        return await this.settleGuardedFailure(documentId, body, required, failure, mayHaveLanded, options);
      }
      // Retries are spent on a failure that may hide a committed write: ask before reporting it.
      if (required && options.landed && isTransient(failure) && !isRateLimit(failure)) {
        const current = await this.get(documentId).catch(() => undefined);
        if (current && current.revisionId !== required && options.landed(current)) {
          return this.landedResponse(documentId, body, current);
        }
      }
      throw mapGoogleError(error, { documentId });
    }
  }

  async list(query: string | undefined, limit: number): Promise<DocumentListing> {
    if (!Number.isInteger(limit) || limit < 0) {
      throw new ValidationError(`limit must be a whole number >= 0, got ${limit}.`);
    }
    const q = buildListQuery(query);
    const documents: DocumentSummary[] = [];
    let counted = 0;
    let countPages = 0;
    let pageToken: string | undefined;
    do {
      const wantDetails = documents.length < limit;
      if (!wantDetails && ++countPages > MAX_COUNT_PAGES) break;
      const page: drive_v3.Schema$FileList = await this.call('read', undefined, (o) =>
        this.drive.files.list(
          {
            q,
            fields: wantDetails ? LIST_FIELDS : COUNT_FIELDS,
            orderBy: 'modifiedTime desc',
            pageSize: this.listPageSize,
            supportsAllDrives: true,
            includeItemsFromAllDrives: true,
            ...(pageToken ? { pageToken } : {}),
          },
          o,
        ),
      );
      for (const file of page.files ?? []) {
        counted++;
        if (documents.length < limit && file.id) documents.push(summary(file));
      }
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    return { documents, total_count: counted };
  }

  async placeInFolder(documentId: string, folderId: string): Promise<void> {
    await this.call('write', documentId, (o) =>
      this.drive.files.update(
        { fileId: documentId, addParents: folderId, fields: 'id,parents', supportsAllDrives: true },
        o,
      ),
    );
  }

  async metadata(documentId: string): Promise<FileMetadata> {
    const file: drive_v3.Schema$File = await this.call('read', documentId, (o) =>
      this.drive.files.get({ fileId: documentId, fields: METADATA_FIELDS, supportsAllDrives: true }, o),
    );
    if (file.mimeType && file.mimeType !== GOOGLE_DOC_MIME) {
      throw new ValidationError(
        `${documentId} is a ${file.mimeType} file, not a Google Doc.`,
        'Pass the id or URL of a Google Docs document.',
      );
    }
    return {
      document_id: file.id ?? documentId,
      title: file.name ?? '',
      last_modified: file.modifiedTime ?? '',
      owner: file.owners?.[0]?.emailAddress ?? '',
      can_edit: file.capabilities?.canEdit ?? false,
      can_comment: file.capabilities?.canComment ?? false,
    };
  }

  /**
   * A guarded write failed with a 400/conflict. Re-read: an unchanged revision means the request
   * itself was invalid; a moved revision is a conflict, unless an earlier attempt may have landed
   * and the caller confirms the document is now what the batch would produce.
   */
  private async settleGuardedFailure(
    documentId: string,
    body: BatchUpdateRequest,
    required: string,
    failure: ApiFailure,
    mayHaveLanded: boolean,
    options: BatchUpdateOptions,
  ): Promise<BatchUpdateResponse> {
    const current = await this.get(documentId);
    if (current.revisionId === required) {
      // The revision did not move, so the 400 is about the requests themselves.
      throw new ValidationError(
        failure.message,
        'Google rejected the request as invalid; nothing was changed.',
      );
    }
    if (mayHaveLanded && options.landed?.(current)) return this.landedResponse(documentId, body, current);
    throw revisionConflict(
      `document ${documentId}`,
      `read at revision ${required}, now ${current.revisionId ?? 'unknown'}`,
    );
  }

  /**
   * The answer for a write that landed although its response was lost. Google's replies are gone;
   * they are `{}` placeholders, 1:1 with the requests (callers needing replies re-read the doc).
   */
  private landedResponse(
    documentId: string,
    body: BatchUpdateRequest,
    current: Document,
  ): BatchUpdateResponse {
    this.log?.(`the write to ${documentId} had landed although its answer was lost; reporting it once.`);
    return {
      documentId,
      replies: (body.requests ?? []).map(() => ({})),
      writeControl: { requiredRevisionId: current.revisionId ?? null },
    };
  }

  private async call<T>(
    kind: 'read' | 'write',
    documentId: string | undefined,
    request: (options: MethodOptions) => Promise<{ data: T }>,
    hooks: RetryHooks = {},
  ): Promise<T> {
    try {
      return await this.attempt(kind, request, hooks);
    } catch (error) {
      throw mapGoogleError(error, documentId ? { documentId } : {});
    }
  }

  /** Limiter + retries; throws the raw transport error for the caller to interpret. */
  private async attempt<T>(
    kind: 'read' | 'write',
    request: (options: MethodOptions) => Promise<{ data: T }>,
    hooks: RetryHooks,
  ): Promise<T> {
    const limiter = kind === 'read' ? this.reads : this.writes;
    const methodOptions: MethodOptions = { retry: false, timeout: this.config.timeoutMs };
    return await withRetries(
      async () => {
        await limiter.acquire();
        const response = await request(methodOptions);
        return response.data;
      },
      this.policy,
      {
        ...hooks,
        onRetry: (failure, attempt, delay) => {
          this.log?.(
            `${failure.httpStatus ?? failure.networkCode} from Google; retry ${attempt + 1} in ${delay} ms`,
          );
          hooks.onRetry?.(failure, attempt, delay);
        },
      },
    );
  }
}

type MethodOptions = { retry: boolean; timeout: number };

function summary(file: drive_v3.Schema$File): DocumentSummary {
  return {
    document_id: file.id ?? '',
    title: file.name ?? '',
    last_modified: file.modifiedTime ?? '',
    owner: file.owners?.[0]?.emailAddress ?? '',
  };
}

/** The backend the CLI and the server use: credentials and tunables from the environment. */
export async function createGoogleBackend(
  env: Record<string, string | undefined> = process.env,
  options: Omit<GoogleBackendOptions, 'auth' | 'config'> = {},
): Promise<GoogleBackend> {
  const config = readGoogleConfig(env);
  const auth = await resolveAuth(env);
  return new GoogleBackend({ ...options, auth: auth.client, config });
}
