/**
 * The emulated Docs v1 and Drive v3 operations over the local store: routing from Google's URL
 * paths, parameter handling (`includeTabsContent`, `suggestionsViewMode`, `fields`, Drive's `q`,
 * paging) and the mapping of our typed errors back to the bodies Google would send.
 */

import type { LocalBackend } from '../docs/backends/local.js';
import { viewDocument } from '../docs/engine/index.js';
import {
  DocsApiError,
  DocumentNotFoundError,
  PermissionDeniedError,
  RevisionConflictError,
  ValidationError,
} from '../errors.js';
import type { FileMetadata } from '../ground/backend.js';
import type { BatchUpdateRequest } from '../ground/docs-json.js';
import type { SuggestionsViewMode } from '../ground/suggestions.js';
import { decideCommentMode } from './comments-mode.js';
import { compileDriveQuery, DriveQueryError } from './drive-query.js';
import {
  driveFileNotFound,
  driveInvalidParameter,
  type GoogleErrorBody,
  googleError,
  NOT_FOUND_MESSAGE,
} from './error-bodies.js';
import { applyFieldMask, type FieldMask, FieldMaskError, maskMentions, parseFieldMask } from './fields.js';
import type { DocumentPermissions } from './permissions.js';
import { toLegacyShape } from './shapes.js';

export type EmulatorOperation = 'get' | 'batchUpdate' | 'create' | 'list' | 'metadata' | 'update';

export const DOCUMENT_MIME_TYPE = 'application/vnd.google-apps.document';

export interface ApiResult {
  status: number;
  body: unknown;
}

export interface Route {
  operation: EmulatorOperation;
  /** The decoded document or file id, when the path has one. */
  id?: string;
}

/** Matches a request to a Docs or Drive operation by method and path (as googleapis builds them). */
export function matchRoute(method: string, pathname: string): Route | undefined {
  if (method === 'POST' && pathname === '/v1/documents') return { operation: 'create' };
  let match = /^\/v1\/documents\/([^/]+):batchUpdate$/.exec(pathname);
  if (match && method === 'POST') return { operation: 'batchUpdate', id: decode(match[1] as string) };
  match = /^\/v1\/documents\/([^/:]+)$/.exec(pathname);
  if (match && method === 'GET') return { operation: 'get', id: decode(match[1] as string) };
  if (method === 'GET' && pathname === '/drive/v3/files') return { operation: 'list' };
  match = /^\/drive\/v3\/files\/([^/]+)$/.exec(pathname);
  if (match && method === 'GET') return { operation: 'metadata', id: decode(match[1] as string) };
  if (match && method === 'PATCH') return { operation: 'update', id: decode(match[1] as string) };
  return undefined;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The signed-in test user a call is made as, and the sharing table that decides what they see. */
export interface Viewer {
  email: string;
  permissions: DocumentPermissions;
}

/** The Docs and Drive operations of one emulator, over one local store. */
export class EmulatedApis {
  constructor(private readonly store: LocalBackend) {}

  async handle(route: Route, query: URLSearchParams, body: unknown, viewer?: Viewer): Promise<ApiResult> {
    try {
      if (viewer && route.id !== undefined) {
        const role = viewer.permissions.role(route.id, viewer.email);
        // Google answers a document not shared with the caller as if it did not exist.
        if (role === undefined) throw new DocumentNotFoundError(route.id);
        if (role === 'reader' && route.operation === 'batchUpdate') throw new PermissionDeniedError(route.id);
      }
      switch (route.operation) {
        case 'get':
          return await this.getDocument(route.id as string, query, viewer);
        case 'batchUpdate':
          return await this.batchUpdate(route.id as string, body);
        case 'create':
          return await this.createDocument(body, viewer);
        case 'list':
          return await this.listFiles(query, viewer);
        case 'metadata':
          return await this.getFile(route.id as string, query, viewer);
        case 'update':
          return await this.updateFile(route.id as string, query);
      }
    } catch (error) {
      return errorResult(error, route);
    }
  }

  private async getDocument(id: string, query: URLSearchParams, viewer?: Viewer): Promise<ApiResult> {
    const tabsParam = query.get('includeTabsContent');
    if (tabsParam !== null && tabsParam !== 'true' && tabsParam !== 'false') {
      return bad(`Invalid value at 'include_tabs_content' (TYPE_BOOL), "${tabsParam}"`);
    }
    const mode = query.get('suggestionsViewMode') ?? 'DEFAULT_FOR_CURRENT_ACCESS';
    if (!SUGGESTION_MODES.has(mode)) {
      return bad(
        `Invalid value at 'suggestions_view_mode' (type.googleapis.com/google.apps.docs.v1.SuggestionsViewMode), "${mode}"`,
      );
    }
    const mask = fieldsOf(query);
    if (mask instanceof Error) return bad(mask.message);
    const includeTabs = tabsParam === 'true' || (mask !== undefined && maskMentions(mask, 'tabs'));
    const comments = decideCommentMode({
      mode: query.get('commentsViewMode'),
      includeTabs,
      suggestionsMode: query.get('suggestionsViewMode'),
      canViewComments: !(viewer && viewer.permissions.role(id, viewer.email) === 'reader'),
    });
    if (!comments.ok)
      return { status: comments.status, body: googleError(comments.status, comments.message) };
    const { document: stored, metadata: meta } = await this.store.read(id, { comments: comments.include });
    // An editor's default view is SUGGESTIONS_INLINE; the mode applied is what Google echoes.
    const doc = viewDocument(stored, mode as SuggestionsViewMode);
    if (comments.applied) (doc as { commentsViewMode?: string }).commentsViewMode = comments.applied;
    // Google returns revisionId only to users with edit access (DOCS-API.md §1.1): a read-only
    // file plays a document shared with the caller as commenter.
    if (!meta.can_edit || (viewer && viewer.permissions.role(id, viewer.email) === 'reader'))
      delete doc.revisionId;
    const shaped = includeTabs ? doc : toLegacyShape(doc);
    return { status: 200, body: mask ? applyFieldMask(shaped, mask) : shaped };
  }

  /**
   * files.update, as far as folders go: `addParents` / `removeParents` (comma-separated ids). The
   * store has no folders, so the parents are kept in memory and every folder id is taken as one.
   */
  private async updateFile(id: string, query: URLSearchParams): Promise<ApiResult> {
    await this.store.metadata(id); // DocumentNotFoundError -> 404 like files.get
    const ids = (name: string) => (query.get(name) ?? '').split(',').filter((x) => x !== '');
    const parents = new Set(this.parents.get(id) ?? []);
    for (const p of ids('addParents')) parents.add(p);
    for (const p of ids('removeParents')) parents.delete(p);
    this.parents.set(id, [...parents]);
    return { status: 200, body: { kind: 'drive#file', id, parents: [...parents] } };
  }

  /** The folders each document was put in (files.update addParents). */
  readonly parents = new Map<string, string[]>();

  private async batchUpdate(id: string, body: unknown): Promise<ApiResult> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return bad('Invalid JSON payload received. Expected an object.');
    }
    for (const key of Object.keys(body)) {
      if (key !== 'requests' && key !== 'writeControl') {
        return bad(`Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
      }
    }
    const response = await this.store.batchUpdate(id, body as BatchUpdateRequest);
    return { status: 200, body: response };
  }

  private async createDocument(body: unknown, viewer?: Viewer): Promise<ApiResult> {
    const title = typeof body === 'object' && body !== null ? (body as { title?: unknown }).title : undefined;
    if (title !== undefined && typeof title !== 'string') {
      return bad(`Invalid value at 'document.title' (TYPE_STRING), ${JSON.stringify(title)}`);
    }
    // documents.create honours only the title (DOCS-API.md §2.1); the response has the legacy shape.
    const doc = await this.store.create(title || 'Untitled document');
    if (viewer) viewer.permissions.created(doc.documentId as string, viewer.email);
    return { status: 200, body: toLegacyShape(doc) };
  }

  private async listFiles(query: URLSearchParams, viewer?: Viewer): Promise<ApiResult> {
    let predicate: ReturnType<typeof compileDriveQuery>;
    try {
      predicate = compileDriveQuery(query.get('q') ?? undefined);
    } catch (error) {
      if (error instanceof DriveQueryError) return { status: 400, body: driveInvalidParameter('q') };
      throw error;
    }
    const pageSizeParam = query.get('pageSize');
    const pageSize = pageSizeParam === null ? 100 : Number(pageSizeParam);
    if (!Number.isInteger(pageSize) || pageSize < 1)
      return { status: 400, body: driveInvalidParameter('pageSize') };
    const offset = decodePageToken(query.get('pageToken'));
    if (offset === undefined) return { status: 400, body: driveInvalidParameter('pageToken') };
    const order = compareFor(query.get('orderBy'));
    if (order === undefined) return { status: 400, body: driveInvalidParameter('orderBy') };
    const mask = fieldsOf(query);
    if (mask instanceof Error) return { status: 400, body: driveInvalidParameter('fields', mask.message) };

    const files = (await this.store.listAll())
      .filter((meta) => !viewer || viewer.permissions.role(meta.document_id, viewer.email) !== undefined)
      .map((meta) => driveFile(meta, viewer))
      .filter((file) =>
        predicate({
          name: file.name,
          mimeType: file.mimeType,
          trashed: file.trashed,
          ownerEmail: file.owners[0]!.emailAddress,
        }),
      )
      .sort(order);
    // Drive coerces pageSize above 1000 down to 1000 (DOCS-API.md §6).
    const size = Math.min(pageSize, 1000);
    const page = files.slice(offset, offset + size);
    const response: Record<string, unknown> = { kind: 'drive#fileList', incompleteSearch: false };
    if (offset + size < files.length) response.nextPageToken = encodePageToken(offset + size);
    response.files = page;
    if (mask) return { status: 200, body: applyFieldMask(response, mask) };
    return {
      status: 200,
      body: {
        ...response,
        files: page.map(({ kind, id, name, mimeType }) => ({ kind, id, name, mimeType })),
      },
    };
  }

  private async getFile(id: string, query: URLSearchParams, viewer?: Viewer): Promise<ApiResult> {
    const mask = fieldsOf(query);
    if (mask instanceof Error) return { status: 400, body: driveInvalidParameter('fields', mask.message) };
    let meta: FileMetadata;
    try {
      meta = await this.store.metadata(id);
    } catch (error) {
      if (error instanceof DocumentNotFoundError) return { status: 404, body: driveFileNotFound(id) };
      throw error;
    }
    const file = driveFile(meta, viewer);
    if (mask) return { status: 200, body: applyFieldMask(file, mask) };
    const { kind, name, mimeType } = file;
    return { status: 200, body: { kind, id: file.id, name, mimeType } };
  }
}

const SUGGESTION_MODES = new Set([
  'DEFAULT_FOR_CURRENT_ACCESS',
  'SUGGESTIONS_INLINE',
  'PREVIEW_SUGGESTIONS_ACCEPTED',
  'PREVIEW_WITHOUT_SUGGESTIONS',
]);

function bad(message: string): ApiResult {
  return { status: 400, body: googleError(400, message) };
}

function fieldsOf(query: URLSearchParams): FieldMask | undefined | Error {
  const fields = query.get('fields');
  if (fields === null || fields.trim() === '') return undefined;
  try {
    return parseFieldMask(fields);
  } catch (error) {
    if (error instanceof FieldMaskError) return error;
    throw error;
  }
}

/** A Drive v3 file resource for a local document, as `viewer` (when given) sees it. */
export function driveFile(meta: FileMetadata, viewer?: Viewer) {
  const role = viewer?.permissions.role(meta.document_id, viewer.email);
  const owner = viewer?.permissions.owner(meta.document_id) ?? meta.owner;
  const canEdit = meta.can_edit && role !== 'reader';
  return {
    kind: 'drive#file',
    id: meta.document_id,
    name: meta.title,
    mimeType: DOCUMENT_MIME_TYPE,
    trashed: false,
    modifiedTime: meta.last_modified,
    owners: [
      {
        kind: 'drive#user',
        displayName: viewer ? owner.split('@')[0] : 'Local user',
        emailAddress: owner,
        me: viewer ? owner === viewer.email : true,
      },
    ],
    capabilities: { canEdit, canComment: meta.can_comment },
    webViewLink: `https://docs.google.com/document/d/${encodeURIComponent(meta.document_id)}/edit`,
  };
}

type DriveFile = ReturnType<typeof driveFile>;

/** Page tokens are opaque to clients; here they carry the offset of the next page. */
function encodePageToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function decodePageToken(token: string | null): number | undefined {
  if (token === null || token === '') return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

const TIME_KEYS = new Set(['modifiedTime', 'createdTime', 'recency', 'modifiedByMeTime', 'viewedByMeTime']);

/** A comparator for Drive's `orderBy` (`key [desc]`, comma-separated); newest first by default. */
function compareFor(orderBy: string | null): ((a: DriveFile, b: DriveFile) => number) | undefined {
  const spec = orderBy?.trim() ? orderBy : 'modifiedTime desc';
  const keys: ((a: DriveFile, b: DriveFile) => number)[] = [];
  for (const part of spec.split(',')) {
    const [key, direction, extra] = part.trim().split(/\s+/);
    if (!key || extra !== undefined || (direction !== undefined && direction !== 'desc')) return undefined;
    const sign = direction === 'desc' ? -1 : 1;
    if (TIME_KEYS.has(key)) keys.push((a, b) => sign * a.modifiedTime.localeCompare(b.modifiedTime));
    else if (key === 'name' || key === 'name_natural')
      keys.push((a, b) => sign * a.name.localeCompare(b.name));
    else if (key !== 'folder' && key !== 'starred' && key !== 'quotaBytesUsed') return undefined;
  }
  return (a, b) => {
    for (const compare of keys) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return a.id.localeCompare(b.id);
  };
}

/** Our typed errors, back in the shape Google sends them. */
function errorResult(error: unknown, route: Route): ApiResult {
  if (error instanceof DocsApiError) return { status: error.code, body: error.toGoogleJson() };
  if (error instanceof DocumentNotFoundError) {
    return route.operation === 'metadata' || route.operation === 'update'
      ? { status: 404, body: driveFileNotFound(route.id ?? '') }
      : { status: 404, body: googleError(404, NOT_FOUND_MESSAGE) };
  }
  if (error instanceof RevisionConflictError) {
    // The store words this as the engine does; Google answers a stale revision with a 400
    // (DOCS-API.md §2.3, exact wording unrecorded).
    return { status: 400, body: googleError(400, error.message) };
  }
  if (error instanceof PermissionDeniedError) {
    return { status: 403, body: googleError(403, 'The caller does not have permission') };
  }
  if (error instanceof ValidationError) {
    // A store file that is not a document: the emulator's own fault, not the caller's.
    return { status: 500, body: googleError(500, `Internal error encountered. ${error.message}`) };
  }
  process.stderr.write(`emulator: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
  return { status: 500, body: googleError(500, 'Internal error encountered.') };
}

export type { GoogleErrorBody };
