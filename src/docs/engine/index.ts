/**
 * The Docs engine: applies documents.batchUpdate requests to a Docs JSON document as Google
 * does (UTF-16 indices, paragraph split/merge, style inheritance, Google's error messages). Pure:
 * no I/O, inputs never mutated.
 *
 * Requests handled: every GA request of the Docs API (rev 20260921) — text, ranges, text and
 * paragraph styles, bullets, tables (insert/delete rows and columns, merge, cell/row/column
 * styles, pinned header rows), images (URI recorded, never fetched), positioned objects, named
 * ranges, replaceAllText, page/section breaks, footnotes, headers/footers, smart chips, named and
 * document styles, section styles, tabs; the Developer Preview comment requests (comments.ts:
 * threads, replies, resolving, anchors that follow the text); suggestions: `writeControl.writeMode:
 * "SUGGEST"` (suggest-mode.ts), acceptSuggestion / rejectSuggestion / deleteSuggestion and the
 * `suggestionsViewMode` views (suggestion-requests.ts); docs/SUGGESTIONS-API.md says what is
 * assumed where the reference is silent.
 */
export { applyBatchUpdate, isRevisionMismatch, REVISION_MISMATCH_PREFIX } from './batch.js';
export {
  createDocument,
  DEFAULT_FIRST_TAB_TITLE,
  type EngineOptions,
  getTab,
  newDocumentTab,
  type Segment,
  segmentOf,
  toTabsShape,
} from './document.js';
export { type IdSource, randomIds, randomRevisionId, seededIds, seededRandom } from './ids.js';
export { allTabs, checkIndices, elementLength, reindexContent } from './indices.js';
export { deepEqual, serializeDocument } from './json.js';
export { isSuggestMode, SUGGESTABLE_REQUESTS } from './suggest-mode.js';
export { suggestionIdsIn } from './suggestion-marks.js';
export { viewDocument } from './suggestion-requests.js';
export type { SuggestionResponse } from './suggestion-response.js';
export { findTable, tableSize } from './tables.js';
export { utf16Length } from './utf16.js';
