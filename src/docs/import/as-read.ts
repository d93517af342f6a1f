/**
 * The blocks an import's text leaves as they were. An edit of a tab changes a few blocks between
 * two runs the text says exactly as it was read: those are the target's own blocks, and need no
 * resolving against the target (their anchors, objects and styles are the target's already).
 * Knowing them up front lets the import resolve only the blocks between, and hands the planner
 * and verification the very objects they read, which their comparisons tell apart from changed
 * ones at a glance (`deepEqual` of one object with itself). Pure.
 */
import type { Block } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { type ShownAnchors, shownBlock } from '../export/shown-anchors.js';

/** How many blocks at the start and at the end of the text say the target's as read (not overlapping). */
export interface AsReadEnds {
  pre: number;
  suf: number;
}

/**
 * The runs of `next` at its start and end that say what the target's `read` blocks say in the
 * text (heading anchors shown as `shown` says): block for block, list keys included, so a list
 * renumbered by an edit before it is not taken as read.
 */
export function asReadEnds(next: readonly Block[], read: readonly Block[], shown: ShownAnchors): AsReadEnds {
  const most = Math.min(next.length, read.length);
  let pre = 0;
  while (pre < most && saysAsRead(next[pre]!, read[pre]!, shown)) pre++;
  let suf = 0;
  while (suf < most - pre && saysAsRead(next[next.length - 1 - suf]!, read[read.length - 1 - suf]!, shown))
    suf++;
  return { pre, suf };
}

/** Whether `block` of the text is the target's `read` block as the text shows it. */
function saysAsRead(block: Block, read: Block, shown: ShownAnchors): boolean {
  if (block === read) return true;
  if (block.type !== read.type) return false;
  return deepEqual(block, shownBlock(read, shown));
}
