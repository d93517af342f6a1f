/**
 * A repeat import: the same text imported again from the same old base. The first import moved the
 * target on, so the base no longer matches and its text cannot merge (the base is gone from this
 * server, or the user's spelling differs from the canonical export); but when the target as read
 * already says what the text says, the import is done already: nothing to write, and a success
 * that says so, not a revision conflict.
 */

import type { MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { blockParagraphs, plainText } from '../export/model-utils.js';
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
 * Whether the paragraphs of the text sent say other words than the target's (as a reader sees
 * them, in the blocks' order): then the target cannot say the text already, since every character
 * of a paragraph is written out, and nothing needs writing out to tell. The usual case of a base
 * that no longer matches, a colleague's edit since the read, is told so at the cost of a walk
 * instead of writing out both. A "true" where the texts agree (characters the import would drop,
 * a footnote moved) only sends the import on to its merge, which finds nothing to write.
 */
export function wordsDiffer(target: MebdfDocument, sent: MebdfDocument): boolean {
  const mine = paragraphs(target);
  const theirs = paragraphs(sent);
  if (mine.length !== theirs.length) return true;
  return mine.some((p, i) => p !== theirs[i] && plainText(p.inlines) !== plainText(theirs[i]!.inlines));
}

function paragraphs(model: MebdfDocument): ParagraphBlock[] {
  return model.blocks.flatMap((b) => blockParagraphs(b));
}
