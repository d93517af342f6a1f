/**
 * The paragraph right after a section as a list the section's new items go on. The Docs editor
 * numbers a section's items and the next section's heading in one list; when a section's edit
 * leaves none of that list's items before the heading and ends with new items of its kind (its
 * items made paragraphs, a new list typed after them), Docs would number the heading anew, from
 * 1, where the text reads it going on from those items. Typed at the heading's start, the new
 * items copy its bullet (lower.ts `opensListAfter`), and the heading goes on numbering after them.
 * Pure.
 */
import type { DocumentTab } from '../../ground/docs-json.js';
import type { ListKind } from '../../mebdf/model.js';
import type { FollowingParagraph } from './context.js';
import type { ContainerScript, EditScript, ListPairs } from './edit-script.js';
import { listHasItemBefore } from './lower-lists.js';

/**
 * The list key of the paragraph after the section: apart from the section's keys (those are
 * numbered for the section, this one for the tab, and the two numberings meet).
 */
export const FOLLOWING_KEY = '\u0000following';

/** `following` with its list under FOLLOWING_KEY. */
export function keyedFollowing(following: FollowingParagraph): FollowingParagraph {
  const { block } = following;
  if (!block.list) return following;
  return { ...following, block: { ...block, list: { ...block.list, key: FOLLOWING_KEY } } };
}

/**
 * `lists` with FOLLOWING_KEY going on as the list of the new items the body's script ends with,
 * when the paragraph after the section is an outer item of a Docs list that went on from the
 * section's last items as read, keeps no outer item before it (none before the section, none of
 * the section's staying an item) and those items start at its level and kind. `lists` itself
 * otherwise: a heading with items of its list still before it goes on numbering from them,
 * whatever comes between.
 */
export function pairFollowing(
  lists: ListPairs,
  script: EditScript,
  following: FollowingParagraph | undefined,
  tab: DocumentTab,
): ListPairs {
  const list = following?.block.list;
  const listId = following?.source.listId;
  if (list?.level !== 0 || !listId) return lists;
  const body = script.body;
  const key = endingNewItems(body, list.kind);
  if (key === undefined) return lists;
  const start = body.sources[0]?.startIndex ?? 0;
  if (!wentOnFromEnd(body, listId)) return lists;
  if (listHasItemBefore(tab, listId, start) || staysAnItem(body, listId)) return lists;
  return new Map([...lists, [FOLLOWING_KEY, new Set([FOLLOWING_KEY, key])]]);
}

/**
 * The list key of the items that end the script's new content, when all of them are new and the
 * first is an outer item of `kind`.
 */
function endingNewItems(s: ContainerScript, kind: ListKind): string | undefined {
  const last = s.next[s.next.length - 1];
  if (last?.type !== 'paragraph' || !last.list) return undefined;
  const key = last.list.key;
  let from = s.next.length - 1;
  while (from > 0) {
    const b = s.next[from - 1];
    if (b?.type !== 'paragraph' || b.list?.key !== key) break;
    from--;
  }
  const first = s.next[from];
  if (first?.type !== 'paragraph' || first.list?.level !== 0 || first.list.kind !== kind) return undefined;
  const kept = s.ops.some((op) => (op.op === 'keep' || op.op === 'pair') && op.n >= from);
  return kept ? undefined : key;
}

/**
 * Whether the paragraph after the section went on from the list run the section ended with, as read:
 * an item of Docs list `listId` in the items (and their further blocks) that end the old content.
 * Only then does the text read it going on from the section's last items; after anything else (a
 * paragraph, a table) it stays numbered as it was, and new items bulleted into its list would join
 * it to them.
 */
function wentOnFromEnd(s: ContainerScript, listId: string): boolean {
  for (let i = s.sources.length - 1; i >= 0; i--) {
    const src = s.sources[i];
    const block = s.old[i];
    if (src?.kind !== 'paragraph' || block?.type !== 'paragraph') return false;
    if (!block.list && block.item === undefined) return false;
    if (src.listId === listId) return true;
  }
  return false;
}

/** Whether an old item of Docs list `listId` in the script stays a list item. */
function staysAnItem(s: ContainerScript, listId: string): boolean {
  return s.ops.some((op) => {
    if (op.op !== 'keep' && op.op !== 'pair') return false;
    const src = s.sources[op.o];
    const now = s.next[op.n];
    return src?.kind === 'paragraph' && src.listId === listId && now?.type === 'paragraph' && !!now.list;
  });
}
