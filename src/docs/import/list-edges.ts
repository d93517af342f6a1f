/**
 * Lists across a section's edges. A Docs list may go on past a section (the editor numbers a
 * section's items and the next section's heading in one list): the block after the section reads
 * "4." only while it stays in the list of the section's last item. The outside check compares
 * blocks with their list keys left out (ordinals over the tab, equality.ts ACROSS_A_WRITE), and a
 * write the requests provably keep inside the section is not compared outside at all; so whether
 * a list goes on across each edge is checked here, from the Docs lists the blocks are in. Pure.
 *
 * A list goes on across an edge after the write exactly when it did before and the intended
 * content still goes on with it (its items at the edge of the same kind): a write that leaves the
 * block after the section numbered anew, or joins it to a list it was not in, changes what an
 * untouched block reads.
 */

import type { Block, ListKind } from '../../mebdf/model.js';
import { blockLabel } from './describe-difference.js';

/** A tab's blocks as built, with the Docs list each paragraph is in (export/rebuild.ts listIdAt). */
export interface BuiltBlocks {
  blocks: readonly Block[];
  listIdAt: (i: number) => string | null;
}

/** A section's blocks: `[firstBlock, endBlock)` of the tab's. */
export interface SectionSpan {
  firstBlock: number;
  endBlock: number;
}

/** A paragraph in a list run: an item, or a further block of one. */
function inRun(block: Block | undefined): boolean {
  return block?.type === 'paragraph' && (block.list !== undefined || block.item !== undefined);
}

/**
 * The list run open after the blocks before `end` (as a reader numbers them: export/model-utils.ts
 * listRuns): the Docs list of the item that began it and the kind of its last outer item, or null
 * when the block before `end` ends no run.
 */
function openRun(tab: BuiltBlocks, end: number): { root: string | null; kind: ListKind | null } | null {
  let start = end;
  while (start > 0 && inRun(tab.blocks[start - 1])) start--;
  if (start === end) return null;
  let root: string | null = null;
  let kind: ListKind | null = null;
  for (let i = start; i < end; i++) {
    const block = tab.blocks[i]!;
    if (block.type !== 'paragraph' || !block.list) continue;
    const id = tab.listIdAt(i);
    if (root === null || (id !== root && block.list.level === 0)) root = id;
    if (block.list.level === 0) kind = block.list.kind;
  }
  return { root, kind };
}

/** Whether the item at `i` goes on the list run before it (a nested item goes on any run). */
function goesOn(tab: BuiltBlocks, i: number): boolean {
  const block = tab.blocks[i];
  if (block?.type !== 'paragraph' || !block.list) return false;
  const run = openRun(tab, i);
  if (run === null) return false;
  return block.list.level > 0 || (run.root !== null && run.root === tab.listIdAt(i));
}

/**
 * Whether the outer item at `now` of `after` is still in its Docs list of `before` (at `was`) and
 * that list still has an outer item before it: Docs numbers it on from that item, as it did (a
 * list goes on counting past what interrupts it), so no write made it a list of its own.
 */
function countedOn(before: BuiltBlocks, was: number, after: BuiltBlocks, now: number): boolean {
  const block = after.blocks[now];
  const id = after.listIdAt(now);
  if (block?.type !== 'paragraph' || block.list?.level !== 0 || id === null) return false;
  if (before.listIdAt(was) !== id) return false;
  for (let i = now - 1; i >= 0; i--) {
    const b = after.blocks[i]!;
    if (b.type === 'paragraph' && b.list?.level === 0 && after.listIdAt(i) === id) return true;
  }
  return false;
}

/** Whether `block` is an outer list item of `kind`. */
function sameOuterKind(block: Block | undefined, kind: ListKind | null): boolean {
  return block?.type === 'paragraph' && block.list?.level === 0 && kind !== null && block.list.kind === kind;
}

/**
 * What the write would change in how a list goes on across the section's edges, in words, or null.
 * `before`/`was`: the tab and section as read; `after`/`now`: as written; `intended`: the
 * section's intended blocks.
 */
export function listEdgeDifference(
  before: BuiltBlocks,
  was: SectionSpan,
  after: BuiltBlocks,
  now: SectionSpan,
  intended: readonly Block[],
): string | null {
  // The edge after the section: the block after it, an untouched one.
  if (was.endBlock < before.blocks.length && now.endBlock < after.blocks.length) {
    const wasOn = goesOn(before, was.endBlock);
    const isOn = goesOn(after, now.endBlock);
    const next = before.blocks[was.endBlock]!;
    const label = `block ${was.endBlock + 1} of the tab (${blockLabel(next)}), after the section`;
    if (!wasOn && isOn) return `${label}, would join the list of the section's last item`;
    // Still counted on by Docs (an outer item of its list before it), the block reads its number as
    // before: a new list the section ends with sits between them, as the text has it.
    if (wasOn && !isOn && !countedOn(before, was.endBlock, after, now.endBlock)) {
      // The intended content goes on with it when its last run's outer items are of the block's kind.
      const end = openRun(intendedTab(intended), intended.length);
      const kind = next.type === 'paragraph' ? (next.list?.kind ?? null) : null;
      if (end !== null && end.kind !== null && end.kind === kind)
        return `${label}, would leave the list of the section's last item and be numbered anew`;
    }
  }
  // The edge before the section: its first block and the one before it (unless a section's read
  // left the blocks before it out: export/exporter.ts BuiltTab `skipped`).
  const known = (tab: BuiltBlocks, i: number) => i > 0 && tab.blocks[i - 1] !== undefined;
  if (known(before, was.firstBlock) && known(after, now.firstBlock)) {
    const wasOn = goesOn(before, was.firstBlock);
    const isOn = goesOn(after, now.firstBlock);
    const label = `the section's first block (${blockLabel(before.blocks[was.firstBlock]!)})`;
    // A first block that was no item may be made one going on the list before: the section's text
    // (numbered from 1, as alone) cannot say which, and that list is the text's own reading. An
    // item of a list of its own must stay in it.
    const first = before.blocks[was.firstBlock];
    if (!wasOn && isOn && first?.type === 'paragraph' && first.list)
      return `${label} would join the list of the block before the section`;
    if (wasOn && !isOn && sameOuterKind(intended[0], openRun(before, was.firstBlock)?.kind ?? null))
      return `${label} would leave the list of the block before the section and be numbered anew`;
  }
  return null;
}

/** Intended blocks as a tab whose items are all in one Docs list: only their runs' kinds are read. */
function intendedTab(blocks: readonly Block[]): BuiltBlocks {
  return { blocks, listIdAt: () => 'intended' };
}
