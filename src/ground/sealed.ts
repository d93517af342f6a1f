/**
 * Documents their holder promises never to change: a long-running process's shared reads of a
 * file (the local store's kept documents, local-recent.ts). What is worked out from a sealed
 * document's tab — its model, its export — may be kept as long as the tab lives, and handed to
 * every later read of the same document, which is the very same objects.
 *
 * Any other document (a test's, one a caller builds or edits in place) is worked out afresh at
 * every use. Ground level: imports only ground modules.
 */
import { allTabs } from './all-tabs.js';
import type { Document } from './docs-json.js';

const sealed = new WeakSet<object>();

/** Seals `document` and each of its tabs' contents (nested tabs too). */
export function sealDocument(document: Document): void {
  sealed.add(document);
  for (const tab of allTabs(document.tabs)) if (tab.documentTab) sealed.add(tab.documentTab);
}

/**
 * Seals `document`, a read of the text this process wrote from `written` (the same data, other
 * objects), as `written`'s twin: what was worked out from a tab of `written` stands for the same tab
 * of `document` (`takeTwin`), so a store that writes a file and reads it back does not work out again
 * what the writer knew of it.
 */
export function sealAsWritten(document: Document, written: Document): void {
  sealDocument(document);
  const byId = new Map<string, object>();
  for (const tab of allTabs(written.tabs)) {
    const id = tab.tabProperties?.tabId;
    if (tab.documentTab && id) byId.set(id, tab.documentTab);
  }
  for (const tab of allTabs(document.tabs)) {
    const was = tab.tabProperties?.tabId ? byId.get(tab.tabProperties.tabId) : undefined;
    if (tab.documentTab && was) twins.set(tab.documentTab, was);
  }
}

const twins = new WeakMap<object, object>();

/**
 * The tab content of the written document a sealed tab content was read back from (`sealAsWritten`),
 * once: the caller moves what it kept of the twin over, and the twin is let go.
 */
export function takeTwin(content: object): object | undefined {
  const twin = twins.get(content);
  twins.delete(content);
  return twin;
}

/** Whether `value` (a document, or a tab's content) was sealed. */
export function isSealed(value: object): boolean {
  return sealed.has(value);
}

/**
 * Under the tests, what is kept for later reads is frozen, so that anything changing it throws
 * there instead of changing what the next read is handed.
 */
const FREEZE = process.env.VITEST !== undefined;

/** `value`, deep-frozen under the tests (the same object either way). */
export function frozenInTests<T>(value: T): T {
  if (FREEZE) deepFreeze(value);
  return value;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
