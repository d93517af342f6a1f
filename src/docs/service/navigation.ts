/**
 * Navigation use cases over a Backend: list the documents, describe one (every tab, nested ones
 * included, with its parent and depth), and check that the backend answers.
 */

import { AuthRequiredError, GdocError, ValidationError } from '../../errors.js';
import type { Backend, DocumentSummary, FileMetadata, UnreadableDocument } from '../../ground/backend.js';
import type { Document, Tab } from '../../ground/docs-json.js';
import { getHierarchy } from '../export/index.js';
import type { HeadingInfo, MetadataResult, TabInfo } from './contract.js';

export interface ListDocumentsParams {
  query?: string;
  limit?: number;
}

export interface ListDocumentsResult {
  success: true;
  documents: DocumentSummary[];
  total_count: number;
  /** Files of a local store that could not be read, with what is wrong with each. */
  unreadable?: UnreadableDocument[];
}

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;

export async function listDocumentsService(
  backend: Backend,
  params: ListDocumentsParams = {},
): Promise<ListDocumentsResult> {
  const limit = params.limit ?? DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new ValidationError(
      `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}, got ${limit}.`,
      `Pass a limit between 1 and ${MAX_LIST_LIMIT}, or omit it for ${DEFAULT_LIST_LIMIT}.`,
    );
  }
  const query = params.query?.trim() ? params.query.trim() : undefined;
  const listing = await backend.list(query, limit);
  return {
    success: true,
    documents: listing.documents.slice(0, limit),
    total_count: listing.total_count,
    ...(listing.unreadable ? { unreadable: listing.unreadable } : {}),
  };
}

export async function metadataService(backend: Backend, documentId: string): Promise<MetadataResult> {
  const [file, doc] = await Promise.all([backend.metadata(documentId), backend.get(documentId)]);
  return describe(documentId, file, doc);
}

export interface TabOutline {
  tab: TabInfo;
  headings: HeadingInfo[];
  markdown: string;
}

/** Metadata plus the heading outline of every tab, from one read of the document. */
export async function documentOutlineService(
  backend: Backend,
  documentId: string,
): Promise<{ metadata: MetadataResult; outlines: TabOutline[] }> {
  const [file, doc] = await Promise.all([backend.metadata(documentId), backend.get(documentId)]);
  const metadata = describe(documentId, file, doc);
  const outlines = metadata.tabs.map((tab) => {
    const { headings, markdown } = getHierarchy(doc, tab.tab_id);
    return { tab, headings, markdown };
  });
  return { metadata, outlines };
}

function describe(documentId: string, file: FileMetadata, doc: Document): MetadataResult {
  return {
    success: true,
    document_id: documentId,
    title: doc.title ?? file.title,
    tabs: flattenTabs(doc.tabs ?? []),
    can_edit: file.can_edit,
    can_comment: file.can_comment,
    revision_id: doc.revisionId ?? '',
  };
}

/** Depth-first, parents before children, in the order the Docs UI shows them. */
export function flattenTabs(tabs: Tab[], parent: string | null = null, level = 0): TabInfo[] {
  const out: TabInfo[] = [];
  tabs.forEach((tab, position) => {
    const props = tab.tabProperties ?? {};
    const tabId = props.tabId ?? '';
    out.push({
      tab_id: tabId,
      title: props.title ?? '',
      index: props.index ?? position,
      parent_tab_id: props.parentTabId ?? parent,
      nesting_level: props.nestingLevel ?? level,
    });
    out.push(...flattenTabs(tab.childTabs ?? [], tabId, level + 1));
  });
  return out;
}

export interface HealthResult {
  success: true;
  healthy: boolean;
  backend: string;
  auth_ok: boolean;
  api_reachable: boolean;
  latency_ms: number;
  /** Why it is unhealthy, and what to do. */
  problem: { type: string; message: string; suggestion: string | null } | null;
}

/**
 * One cheap list call, timed. An auth failure means the API answered (reachable) but refused us;
 * any other failure means we could not get an answer at all.
 */
export async function healthCheckService(backend: Backend, now: () => number): Promise<HealthResult> {
  const started = now();
  try {
    await backend.list(undefined, 1);
    const latency = Math.max(0, Math.round(now() - started));
    return {
      success: true,
      healthy: true,
      backend: backend.kind,
      auth_ok: true,
      api_reachable: true,
      latency_ms: latency,
      problem: null,
    };
  } catch (error) {
    const latency = Math.max(0, Math.round(now() - started));
    const authFailure =
      error instanceof AuthRequiredError ||
      (error instanceof GdocError && error.type === 'PermissionDeniedError');
    const problem =
      error instanceof GdocError
        ? error.toJSON()
        : {
            type: 'NetworkError',
            message: error instanceof Error ? error.message : String(error),
            suggestion: 'Check the network connection and try again.',
          };
    return {
      success: true,
      healthy: false,
      backend: backend.kind,
      auth_ok: false,
      api_reachable: authFailure,
      latency_ms: latency,
      problem,
    };
  }
}
