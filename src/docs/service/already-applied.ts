/**
 * A repeat import: the same text imported again from the same old base. The first import moved the
 * target on, so the base no longer matches and its text cannot merge (the base is gone from this
 * server, or the user's spelling differs from the canonical export); but when the target as read
 * already says what the text says, the import is done already: nothing to write, and a success
 * that says so, not a revision conflict.
 */
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
