/**
 * Documents their holder promises never to change: a long-running process's shared reads of a
 * file (the local store's kept documents, local-recent.ts). What is worked out from a sealed
 * document's tab — its model, its export — may be kept as long as the tab lives, and handed to
 * every later read of the same document, which is the very same objects.
 *
 * Any other document (a test's, one a caller builds or edits in place) is worked out afresh at
 * every use. Ground level: imports nothing.
 */
import type { Document, Tab } from './docs-json.js';

const sealed = new WeakSet<object>();

/** Seals `document` and each of its tabs' contents (nested tabs too). */
export function sealDocument(document: Document): void {
  sealed.add(document);
  const seal = (tabs: readonly Tab[] | undefined) => {
    for (const tab of tabs ?? []) {
      if (tab.documentTab) sealed.add(tab.documentTab);
      seal(tab.childTabs);
    }
  };
  seal(document.tabs);
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
