/**
 * Three-way merge of MEBDF texts by blocks: the text a read handed out (base), the user's edit of
 * it (mine) and the target as it is now (theirs). Blocks are the runs of lines between blank
 * lines — paragraphs, headings, a whole list or table. Each side's changes are found by a diff of
 * block arrays against the base (jsdiff's `diffArrays`); they merge when they touch different base
 * blocks, neighbours included (unlike a line merge, editing one paragraph and the next is not a
 * conflict), and conflict when they touch the same block or insert different blocks at one place.
 * Pure.
 */
import { diffArrays } from 'diff';
import { definitionBlock, joinBlocks, leadingNames, sameBlock, splitBlocks } from './text-blocks.js';

export { joinBlocks, splitBlocks };

/** One place where both sides changed the same blocks. */
export interface MergeConflict {
  base: string[];
  mine: string[];
  theirs: string[];
}

export type MergeOutcome =
  | { ok: true; text: string /** Blocks changed by theirs that the result keeps. */; kept: number }
  | { ok: false; conflicts: MergeConflict[] };

/** Base blocks [start, end) replaced by `blocks` (start = end: an insertion before `start`). */
interface Hunk {
  start: number;
  end: number;
  blocks: string[];
}

function hunks(base: string[], side: string[]): Hunk[] {
  const out: Hunk[] = [];
  let i = 0;
  let open: Hunk | null = null;
  // Blocks that say the same (blockKey) are the same: an editor's blank lines or trailing spaces
  // are not an edit that could meet a colleague's.
  for (const change of diffArrays(base, side, { comparator: sameBlock })) {
    if (!change.added && !change.removed) {
      if (open) out.push(open);
      open = null;
      i += change.value.length;
      continue;
    }
    open ??= { start: i, end: i, blocks: [] };
    if (change.removed) {
      i += change.value.length;
      open.end = i;
    } else open.blocks.push(...change.value);
  }
  if (open) out.push(open);
  return out;
}

function same(a: Hunk, b: Hunk): boolean {
  return (
    a.start === b.start &&
    a.end === b.end &&
    a.blocks.length === b.blocks.length &&
    a.blocks.every((block, i) => sameBlock(block, b.blocks[i]!))
  );
}

function overlap(a: Hunk, b: Hunk): boolean {
  const aInsert = a.start === a.end;
  const bInsert = b.start === b.end;
  if (aInsert && bInsert) return a.start === b.start;
  if (aInsert) return b.start < a.start && a.start < b.end;
  if (bInsert) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/**
 * Style names are merged apart from the blocks: each side's paragraphs use the names its own
 * definitions give, so the result defines every name either side defines (theirs first). A name
 * both define with different lists (an edit of a definition, which restyles every use of it) is a
 * conflict. Names are made from their lists (mebdf/semantic/style-naming.ts), so two exports of
 * one document never give one name two meanings.
 */
export function mergeBlocks(base: string, mine: string, theirs: string): MergeOutcome {
  const defined = [leadingNames(base), leadingNames(mine), leadingNames(theirs)] as const;
  const names = new Map(defined[2].names);
  for (const [name, list] of defined[1].names) {
    const other = names.get(name);
    if (other !== undefined && other !== list) {
      const line = (text: string | undefined) =>
        text === undefined ? [] : [definitionBlock([[name, text]])];
      return {
        ok: false,
        conflicts: [{ base: line(defined[0].names.get(name)), mine: line(list), theirs: line(other) }],
      };
    }
    names.set(name, list);
  }
  const merged = mergeRest(defined[0].rest, defined[1].rest, defined[2].rest);
  if (!merged.ok || names.size === 0) return merged;
  return { ...merged, text: joinBlocks([definitionBlock(names), ...splitBlocks(merged.text)]) };
}

function mergeRest(base: string, mine: string, theirs: string): MergeOutcome {
  const o = splitBlocks(base);
  const a = hunks(o, splitBlocks(mine));
  const b = hunks(o, splitBlocks(theirs));
  const conflicts: MergeConflict[] = [];
  const theirsOnly = b.filter((hb) => !a.some((ha) => same(ha, hb)));
  for (const ha of a) {
    for (const hb of theirsOnly) {
      if (!same(ha, hb) && overlap(ha, hb)) {
        const start = Math.min(ha.start, hb.start);
        const end = Math.max(ha.end, hb.end);
        conflicts.push({ base: o.slice(start, end), mine: ha.blocks, theirs: hb.blocks });
      }
    }
  }
  if (conflicts.length) return { ok: false, conflicts };
  // Insertions before replacements at the same place, so a block added above an edited one stays above.
  const all = [...a, ...theirsOnly].sort((x, y) => x.start - y.start || x.end - x.start - (y.end - y.start));
  const out: string[] = [];
  let i = 0;
  for (const h of all) {
    out.push(...o.slice(i, h.start), ...h.blocks);
    i = Math.max(i, h.end);
  }
  out.push(...o.slice(i));
  const kept = theirsOnly.reduce((n, h) => n + Math.max(h.blocks.length, h.end - h.start), 0);
  return { ok: true, text: joinBlocks(out), kept };
}
