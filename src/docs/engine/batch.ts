/**
 * documents.batchUpdate over a Docs JSON document: validates the envelope and every request's
 * payload, runs the requests in order on a clone (so a failure anywhere changes nothing), and
 * answers replies 1:1 with a new revision id.
 */
import { DocsApiError } from '../../errors.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../../ground/docs-json.js';
import { COMMENT_REQUESTS } from './comments.js';
import { EngineContext, EnvelopeError, RequestError } from './context.js';
import { type EngineOptions, getTab, toTabsShape } from './document.js';
import { randomIds, randomRevisionId } from './ids.js';
import { isRecord } from './json.js';
import { checkObject } from './payload.js';
import { HANDLERS, PREVIEW_REQUESTS } from './requests.js';
import { isSuggestMode, suggestHandler } from './suggest-mode.js';
import { type SuggestionResponse, takeSuggestionResponse } from './suggestion-response.js';

/** Start of the message of a `writeControl` revision mismatch (see `isRevisionMismatch`). */
export const REVISION_MISMATCH_PREFIX = 'The document revision does not match';

function badRequest(message: string): DocsApiError {
  return new DocsApiError(400, 'INVALID_ARGUMENT', message);
}

/** True when `err` is the engine's 400 for a `writeControl.requiredRevisionId` mismatch. */
export function isRevisionMismatch(err: unknown): boolean {
  return err instanceof DocsApiError && err.code === 400 && err.message.startsWith(REVISION_MISMATCH_PREFIX);
}

function checkWriteControl(doc: Document, body: Record<string, unknown>): void {
  const wc = body.writeControl;
  if (!isRecord(wc)) return;
  const required = wc.requiredRevisionId;
  const target = wc.targetRevisionId;
  if (required !== undefined && target !== undefined) {
    throw badRequest('Only one of requiredRevisionId and targetRevisionId may be set.');
  }
  const wanted = required ?? target;
  if (wanted !== undefined && wanted !== doc.revisionId) {
    throw badRequest(
      `${REVISION_MISMATCH_PREFIX} the required revision ID ${JSON.stringify(wanted)}: the document was changed since that revision was read.`,
    );
  }
}

/**
 * A copy of `doc` to work on; with `untouched`, the body elements of that tab that end at or before
 * its index are the input's own (the copy of the rest is what an edit in the middle costs).
 */
function copyOf(doc: Document, untouched: EngineOptions['untouchedBefore']): Document {
  const body = untouched && doc.tabs?.length ? getTab(doc, untouched.tabId)?.documentTab?.body : undefined;
  const content = body?.content;
  if (!body || !content || !untouched) return structuredClone(doc);
  let shared = 0;
  while (shared < content.length && (content[shared]!.endIndex ?? 0) <= untouched.index) shared++;
  if (shared === 0) return structuredClone(doc);
  // The shared elements are left out of the copy for the time it takes (nothing else runs meanwhile).
  body.content = content.slice(shared);
  let copy: Document;
  try {
    copy = structuredClone(doc);
  } finally {
    body.content = content;
  }
  const copied = getTab(copy, untouched.tabId)!.documentTab!.body!;
  copied.content = [...content.slice(0, shared), ...(copied.content ?? [])];
  return copy;
}

/**
 * Apply a batchUpdate body to a document. Pure: `doc` is never mutated; the result is in the tabs
 * shape. Throws DocsApiError (400, Google's message) when any request is invalid.
 */
export function applyBatchUpdate(
  doc: Document,
  body: BatchUpdateRequest,
  options: EngineOptions = {},
): { document: Document; response: BatchUpdateResponse } {
  let payload: Record<string, unknown>;
  try {
    payload = checkObject('BatchUpdateDocumentRequest', body, '');
  } catch (e) {
    if (e instanceof EnvelopeError) throw badRequest(e.message);
    throw e;
  }
  checkWriteControl(doc, payload);
  const requests = (payload.requests as unknown[] | undefined) ?? [];
  const work = toTabsShape(copyOf(doc, options.untouchedBefore));
  const ctx = new EngineContext(work, options.ids ?? randomIds(), options.comments);
  const replies: Record<string, unknown>[] = [];
  const suggest = isSuggestMode(payload);
  const suggestionResponses: SuggestionResponse[] = [];
  requests.forEach((req, n) => {
    const entries = isRecord(req) ? Object.entries(req).filter(([, v]) => v !== undefined && v !== null) : [];
    const [type, value] = entries[0] ?? [];
    if (entries.length !== 1 || type === undefined || PREVIEW_REQUESTS.has(type)) {
      throw badRequest(`Invalid requests[${n}]: No request set.`);
    }
    const handler = suggest ? suggestHandler(type) : HANDLERS[type];
    if (!handler) {
      throw badRequest(
        `Invalid requests[${n}].${type}: This request type is not supported by the local engine.`,
      );
    }
    try {
      replies.push(handler(ctx, value as Record<string, unknown>));
      suggestionResponses.push(takeSuggestionResponse(ctx));
      ctx.settle();
    } catch (e) {
      if (e instanceof RequestError) throw badRequest(`Invalid requests[${n}].${type}: ${e.message}`);
      throw e;
    }
  });
  // Comments are not document content: a batch of comment requests only keeps the revision.
  const kinds = requests.map((r) => Object.keys(r as object)[0] ?? '');
  if (kinds.some((k) => !COMMENT_REQUESTS.has(k))) {
    work.revisionId = (options.revision ?? (() => randomRevisionId()))();
  }
  const response: BatchUpdateResponse & { commentUpdateState?: string } = {
    replies,
    writeControl: { requiredRevisionId: work.revisionId ?? null },
    documentId: work.documentId ?? null,
    ...(kinds.some((k) => COMMENT_REQUESTS.has(k)) ? { commentUpdateState: 'ALL_SAVED' } : {}),
  };
  if (suggest || suggestionResponses.some((r) => Object.keys(r).length > 0)) {
    (response as { suggestionResponses?: SuggestionResponse[] }).suggestionResponses = suggestionResponses;
  }
  return { document: work, response };
}
