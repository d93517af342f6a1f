/**
 * A repeat import: the same text imported again from the same old base. The first import moved the
 * target on, so the base no longer matches and its text cannot merge (the base is gone from this
 * server, or the user's spelling differs from the canonical export); but when the target as read
 * already says what the text says, the import is done already: nothing to write, and a success
 * that says so, not a revision conflict.
 */

import type { MebdfDocument } from '../../mebdf/model.js';
import { blockParagraphs, plainText } from '../export/model-utils.js';
import { withoutDropped } from '../import/docs-text.js';
import type { ImportResult } from './contract.js';

export const ALREADY_APPLIED =
  'Already applied: the target already says this content (an earlier import of it landed since your base was read); nothing was written.';

/** The result of an import that the target already says: no request, the revision as read. */
export function alreadyAppliedResult(
  scope: { tabId: string; anchorId: string | null },
  revision: string,
  preserved: string[],
): ImportResult {
  return {
    success: true,
    tab_id: scope.tabId,
    ...(scope.anchorId !== null ? { anchor_id: scope.anchorId } : {}),
    preserved_objects: preserved,
    warnings: [ALREADY_APPLIED],
    revision_id: revision,
    requests: [],
    new_headings: [],
    dry_run: false,
  };
}

/**
 * Whether the text sent says other words than the target (its paragraphs' words as a reader sees
 * them, in order, empty paragraphs and the characters Docs drops left out): then the target cannot
 * say the text already, since every other character is written out, and nothing needs writing out
 * to tell. The usual case of a base that no longer matches, a colleague's edit since the read, is
 * told so at the cost of a walk instead of writing out both. What resolving the text against the
 * target changes besides (a paragraph Docs forces, a dropped character, an anchor, a style) is
 * left to the full comparison.
 */
export function wordsDiffer(target: MebdfDocument, sent: MebdfDocument): boolean {
  // Read side by side, so the walk stops at the first paragraph that differs (a long tab's words,
  // all of them twice, were most of a stale import's check).
  const mine = words(target);
  const theirs = words(sent);
  for (;;) {
    const a = mine.next();
    const b = theirs.next();
    if (a.done || b.done) return a.done !== b.done;
    if (a.value !== b.value) return true;
  }
}

/** The words of each paragraph that has any, in order. */
function* words(model: MebdfDocument): Generator<string, void> {
  for (const block of model.blocks) {
    for (const p of blockParagraphs(block)) {
      const text = withoutDropped(plainText(p.inlines)).replace(/\s+/g, ' ').trim();
      if (text) yield text;
    }
  }
}
