/**
 * Three-way merge of MEBDF texts by blocks: the text a read handed out (base), the user's edit of
 * it (mine) and the target as it is now (theirs). Blocks are the runs of lines between blank
 * lines — paragraphs, headings, a whole list or table — so an edit and a colleague's edit merge
 * when they touch different blocks, and are a conflict when they touch the same one. Pure; the
 * diff3 algorithm is node-diff3's.
 */
import { diff3Merge } from 'node-diff3';

/** One place where both sides changed the same blocks. */
export interface MergeConflict {
  base: string[];
  mine: string[];
  theirs: string[];
}

export type MergeOutcome =
  | { ok: true; text: string /** Blocks changed by theirs that the result keeps. */; kept: number }
  | { ok: false; conflicts: MergeConflict[] };

/** The blocks of a text; `joinBlocks(splitBlocks(t))` is `t` up to trailing newlines. */
export function splitBlocks(text: string): string[] {
  const body = text.replace(/\n+$/, '');
  return body === '' ? [] : body.split('\n\n');
}

export function joinBlocks(blocks: string[]): string {
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

export function mergeBlocks(base: string, mine: string, theirs: string): MergeOutcome {
  const o = splitBlocks(base);
  const a = splitBlocks(mine);
  const b = splitBlocks(theirs);
  const regions = diff3Merge(a, o, b, { excludeFalseConflicts: true });
  const out: string[] = [];
  const conflicts: MergeConflict[] = [];
  for (const region of regions) {
    if (region.ok) out.push(...region.ok);
    else if (region.conflict) {
      const { a: m, o: bs, b: t } = region.conflict;
      conflicts.push({ base: bs, mine: m, theirs: t });
    }
  }
  if (conflicts.length) return { ok: false, conflicts };
  return { ok: true, text: joinBlocks(out), kept: changedBlocks(o, b) };
}

/** How many blocks of `after` are not in `before` (a rough count of the other side's edits). */
function changedBlocks(before: string[], after: string[]): number {
  const seen = new Map<string, number>();
  for (const x of before) seen.set(x, (seen.get(x) ?? 0) + 1);
  let n = 0;
  for (const x of after) {
    const left = seen.get(x) ?? 0;
    if (left > 0) seen.set(x, left - 1);
    else n++;
  }
  return n;
}
