/**
 * documents.batchUpdate over a Docs JSON document: validates the envelope and every request's
 * payload, runs the requests in order on a clone (so a failure anywhere changes nothing), and
 * answers replies 1:1 with a new revision id.
 */
import { DocsApiError } from '../../errors.js';
import type {
  BatchUpdateRequest,
  BatchUpdateResponse,
  Document,
  StructuralElement,
} from '../../ground/docs-json.js';
import { settleDocument } from '../../ground/stale-tail.js';
import { plainClone, plainCloneWith } from '../plain-clone.js';
import { COMMENT_REQUESTS } from './comments.js';
import { EngineContext, EnvelopeError, RequestError } from './context.js';
import { type EngineOptions, getTab, toTabsShape } from './document.js';
import { randomIds, randomRevisionId } from './ids.js';
import { isRecord } from './json.js';
import { checkObject } from './payload.js';
import { HANDLERS, PREVIEW_REQUESTS } from './requests.js';
import { isSuggestMode, suggestHandler } from './suggest-mode.js';
import { type SuggestionResponse, takeSuggestionResponse } from './suggestion-response.js';
import { guardTail, inputTail, leaveTail, settleTail } from './untouched-tail.js';

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

/** A copy of the document to work on, and how many body elements at its start are the input's own. */
interface WorkCopy {
  doc: Document;
  /** The body content of the copy whose first `count` elements are shared, untouched, with the input. */
  shared?: { content: StructuralElement[]; count: number };
  /** The body content of the copy whose last `count` elements are the input's (untouched-tail.ts). */
  tail?: { content: StructuralElement[]; count: number; footnotes: boolean };
  /** The tab's lists and inline objects: new maps whose entries are the input's own (`guardShared`). */
  maps?: Record<string, unknown>[];
}

/**
 * The requests whose effect stays where they point: text, styles, bullets, tables, inline objects
 * and named ranges they create. None changes a list or an inline object the document has (they
 * may add one, or drop one from its map), so while a batch has only these the copy's lists and
 * inline objects are the input's own objects; and one whose indices all
 * lie inside a range reaches nothing outside it (import/request-reach.ts).
 */
export const LOCAL_REQUESTS: ReadonlySet<string> = new Set([
  'insertText',
  'deleteContentRange',
  'updateTextStyle',
  'updateParagraphStyle',
  'createParagraphBullets',
  'deleteParagraphBullets',
  'insertTable',
  'insertTableRow',
  'insertTableColumn',
  'deleteTableRow',
  'deleteTableColumn',
  'mergeTableCells',
  'unmergeTableCells',
  'updateTableCellStyle',
  'updateTableRowStyle',
  'updateTableColumnProperties',
  'pinTableHeaderRows',
  'insertInlineImage',
  'insertPageBreak',
  'createNamedRange',
  'insertPerson',
  'insertRichLink',
  'insertDate',
]);

/**
 * A copy of `doc` to work on. With `untouchedBefore`, the body elements of that tab that end at or
 * before its index are the input's own; with `untouchedAfter`, those that start at or after its
 * index are the input's own until the batch copies them (untouched-tail.ts). What is copied whole
 * is the rest: what an edit in the middle costs. The copy is plain-clone.ts's (structuredClone's
 * copy of plain data, made without serialising it: a few microseconds instead of ~100 for a
 * section and the tab's styles).
 */
function copyOf(doc: Document, options: EngineOptions): WorkCopy {
  const { untouchedBefore: before, untouchedAfter: after } = options;
  const tabId = before?.tabId ?? after?.tabId;
  if (tabId === undefined || (before && after && before.tabId !== after.tabId) || !doc.tabs?.length)
    return { doc: plainClone(doc) };
  const body = getTab(doc, tabId)?.documentTab?.body;
  const content = body?.content;
  if (!body || !content) return { doc: plainClone(doc) };
  let shared = 0;
  if (before) while (shared < content.length && (content[shared]!.endIndex ?? 0) <= before.index) shared++;
  let tail = content.length;
  if (after) {
    tail = shared;
    while (tail < content.length && (content[tail]!.startIndex ?? 0) < after.index) tail++;
  }
  // A tail must follow an element of the copy (it starts where that one ends).
  if ((shared === 0 && tail === content.length) || tail === 0) return { doc: plainClone(doc) };
  // The body's elements and the tab's lists and inline objects are left out of the whole copy
  // (stand-ins take their places, so the copy's keys keep their order); the elements of the
  // middle are copied apart, and the maps' entries are shared. The input is never changed: it
  // may be a document other reads share (local-recent.ts).
  const dt = sharedMaps(getTab(doc, tabId)!.documentTab!);
  const held = SHARED_MAPS.flatMap((key) => (dt[key] ? [{ key, map: dt[key] }] : []));
  const standIns = new Map<object, unknown>([[content, []], ...held.map(({ map }) => [map, {}] as const)]);
  const copy = plainCloneWith(doc, standIns);
  const copiedTab = getTab(copy, tabId)!.documentTab!;
  const maps = held.map(({ key, map }) => {
    const own = shallowCopy(map);
    sharedMaps(copiedTab)[key] = own;
    return own;
  });
  const copied = copiedTab.body!;
  const middle = plainClone(content.slice(shared, tail));
  const whole = content.slice(0, shared);
  for (const se of middle) whole.push(se);
  for (let i = tail; i < content.length; i++) whole.push(content[i]!);
  copied.content = whole;
  return {
    doc: copy,
    ...(shared > 0 ? { shared: { content: whole, count: shared } } : {}),
    ...(tail < content.length
      ? {
          tail: {
            content: whole,
            count: content.length - tail,
            footnotes: Object.keys(copiedTab.footnotes ?? {}).length > 0,
          },
        }
      : {}),
    ...(maps.length ? { maps } : {}),
  };
}

/** The tab's maps a local batch never changes an entry of: the copy shares their entries. */
const SHARED_MAPS = ['lists', 'inlineObjects'] as const;
type SharedMap = (typeof SHARED_MAPS)[number];

/** A tab's shared maps, as plain records of entries (their entry types do not matter here). */
const sharedMaps = (tab: object) => tab as Record<SharedMap, Record<string, unknown> | undefined>;

/**
 * `{ ...record }` for plain data, key by key: a spread of a record with hundreds of keys (a tab's
 * lists) takes several times as long. A `__proto__` key, which an assignment would not copy as a
 * key, is left to the spread.
 */
function shallowCopy<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record)) {
    if (key === '__proto__') return { ...record };
    out[key] = record[key]!;
  }
  return out;
}

/**
 * Before each request: the copy's lists and inline objects get their own objects before a request
 * that may change one the document has (a suggestion, a request outside LOCAL_REQUESTS), as a
 * whole copy holds them.
 */
function guardShared(copy: WorkCopy, kind: string, suggest: boolean): void {
  const maps = copy.maps;
  if (!maps || (!suggest && LOCAL_REQUESTS.has(kind))) return;
  for (const map of maps) for (const id of Object.keys(map)) map[id] = structuredClone(map[id]);
  delete copy.maps;
}

/**
 * Apply a batchUpdate body to a document. Pure: `doc` is never mutated (one an earlier batch left
 * with stale indices is settled first: its indices become the true ones it stood for); the result
 * is in the tabs shape. Throws DocsApiError (400, Google's message) when any request is invalid.
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
  // A document an earlier batch left with stale indices (tailLater) is applied to as what it is.
  const copy = copyOf(settleDocument(doc), options);
  const work = toTabsShape(copy.doc);
  const ctx = new EngineContext(work, options.ids ?? randomIds(), options.comments);
  if (copy.shared) ctx.untouched(copy.shared.content, copy.shared.count);
  let tail = copy.tail ? inputTail(ctx, copy.tail) : null;
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
    if (tail) tail = guardTail(ctx, tail, type, req, suggest);
    guardShared(copy, type, suggest);
    try {
      replies.push(handler(ctx, value as Record<string, unknown>));
      suggestionResponses.push(takeSuggestionResponse(ctx));
      ctx.settle();
    } catch (e) {
      if (e instanceof RequestError) throw badRequest(`Invalid requests[${n}].${type}: ${e.message}`);
      throw e;
    }
  });
  if (tail && options.tailLater) leaveTail(tail);
  else if (tail) settleTail(ctx, tail);
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
