/**
 * The Docs engine: applies documents.batchUpdate requests to a Docs JSON document as Google
 * does (UTF-16 indices, paragraph split/merge, style inheritance, Google's error messages). Pure:
 * no I/O, inputs never mutated.
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
export { utf16Length } from './utf16.js';
