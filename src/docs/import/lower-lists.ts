/**
 * Nested list items that are new: Docs gives a nesting level only through createParagraphBullets
 * over a range holding the list's outer items, with leading tabs for the levels. Once a
 * container is lowered, each list with such items is re-bulleted, joining the existing list where
 * Google allows it.
 */
import { ValidationError } from '../../errors.js';
import type { DocumentTab } from '../../ground/docs-json.js';
import type { ListKind, ParagraphBlock } from '../../mebdf/model.js';
import { listLevel } from '../export/lists.js';
import type { ParagraphSource } from '../export/types.js';
import type { PlanContext } from './context.js';
import type { AnySource, ContainerScript } from './edit-script.js';
import { PRESETS } from './paragraphs.js';
import { blockLength } from './table-insert.js';

/** The outer level of each preset the planner uses: [glyphSymbol, glyphType, glyphFormat]. */
const PRESET_OUTER: Record<ListKind, [string | null, string | null, string | null]> = {
  bullet: ['\u25cf', null, '%0'],
  ordered: [null, 'DECIMAL', '%0.'],
  checkbox: [null, 'GLYPH_TYPE_UNSPECIFIED', null],
};

/**
 * Re-bullets each list of `next` marked for it, as one createParagraphBullets over all its items
 * with leading tabs giving their levels (Docs takes nesting from tabs, relative to the set). Runs
 * after every other request of the container, so positions are those of the new content.
 */
export function rebuildLists(
  ctx: PlanContext,
  tab: DocumentTab,
  script: ContainerScript,
  nested: ReadonlySet<ParagraphBlock>,
): void {
  const { seg, ops, sources, next } = script;
  const flagged = new Set<number>();
  next.forEach((b, i) => {
    if (b.type === 'paragraph' && nested.has(b)) flagged.add(i);
  });
  if (flagged.size === 0) return;
  const first = sources[0];
  if (!first) return;
  const kept = new Map<number, AnySource>();
  for (const op of ops) if (op.op === 'keep') kept.set(op.n, sources[op.o]!);
  const oldOf = new Map<number, AnySource>();
  for (const op of ops) if (op.op === 'keep' || op.op === 'pair') oldOf.set(op.n, sources[op.o]!);
  // Final start of every new block: nothing before the container moved.
  const starts: number[] = [];
  let at = first.startIndex;
  next.forEach((b, i) => {
    starts.push(at);
    const src = kept.get(i);
    at += src ? src.endIndex - src.startIndex : blockLength(ctx, b);
  });
  const keys = new Set([...flagged].map((i) => (next[i] as ParagraphBlock).list!.key));
  for (const key of keys) {
    const idx = next.flatMap((b, i) => (b.type === 'paragraph' && b.list?.key === key ? [i] : []));
    const items = idx.map((i) => next[i] as ParagraphBlock);
    if (idx[idx.length - 1]! - idx[0]! !== idx.length - 1) {
      throw new ValidationError(
        'A nested list item is new in a list that other paragraphs interrupt; the Docs API can only nest items of one unbroken list.',
        'Keep the list in one piece, or nest the item in Docs.',
      );
    }
    const listId = idx
      .map((i) => oldOf.get(i))
      .find((src): src is ParagraphSource => src?.kind === 'paragraph' && !!src.listId)?.listId;
    const { from, to, kind } = bulletedSet(
      tab,
      items,
      idx.map((i) => flagged.has(i)),
      listId,
    );
    const set = items.slice(from, to + 1);
    const setIdx = idx.slice(from, to + 1);
    for (let k = setIdx.length - 1; k >= 0; k--) {
      const level = set[k]!.list!.level;
      if (level > 0) ctx.insertText(seg, starts[setIdx[k]!]!, '\t'.repeat(level));
    }
    const tabs = set.reduce((n, b) => n + b.list!.level, 0);
    const lastIdx = setIdx[setIdx.length - 1]!;
    const start = starts[setIdx[0]!]!;
    const end = starts[lastIdx]! + blockLength(ctx, next[lastIdx]!) + tabs - 1;
    ctx.push({
      createParagraphBullets: {
        range: ctx.range(seg, start, Math.max(end, start + 1)),
        bulletPreset: PRESETS[kind],
      },
    });
  }
}

/** Whether list `listId`'s outer level has the glyph of the preset for `kind` (so a set joins it). */
function presetMatches(tab: DocumentTab, listId: string, kind: ListKind): boolean {
  const level = tab.lists?.[listId]?.listProperties?.nestingLevels?.[0];
  if (!level) return false;
  const want = PRESET_OUTER[kind];
  return (
    (level.glyphSymbol ?? null) === want[0] &&
    (level.glyphType ?? null) === want[1] &&
    (level.glyphFormat ?? null) === want[2]
  );
}

/**
 * Which items of one list (`items`, in order; `flagged`: the new nested ones) one
 * createParagraphBullets covers, and with which preset: joining the existing list `listId` where
 * Google allows it, else the whole list re-created. Refuses what no bulleted set can say.
 */
export function bulletedSet(
  tab: DocumentTab,
  items: ParagraphBlock[],
  flagged: boolean[],
  listId: string | undefined,
): { from: number; to: number; kind: ListKind } {
  // Start at an outer item that is not the list's first, before the first nested newcomer:
  // the bulleted set then joins the list of the item before it and keeps that list's glyphs.
  // Without one the whole list is re-created from a preset, which needs one kind throughout.
  const firstFlagged = flagged.indexOf(true);
  // Joining works only when the list's outer level looks like the preset (Google's rule).
  const outerKind = (items.find((b) => b.list!.level === 0) ?? items[0]!).list!.kind;
  const canJoin = listId !== undefined && presetMatches(tab, listId, outerKind);
  let from = 0;
  for (let p = canJoin ? firstFlagged : 0; p >= 1; p--) {
    if (items[p]!.list!.level === 0) {
      from = p;
      break;
    }
  }
  // No such outer item before it: start at the newcomer itself (the item before it keeps the
  // set in the list) when an outer item after it gives the set its level 0.
  const lastFlagged = flagged.lastIndexOf(true);
  const outerAfter = items.findIndex((b, k) => k > firstFlagged && b.list!.level === 0);
  let to = items.length - 1; // re-created whole: the set must not leave part of the list behind
  if (from > 0) to = lastFlagged;
  else if (canJoin && firstFlagged >= 1 && outerAfter !== -1) {
    from = firstFlagged;
    to = Math.max(lastFlagged, outerAfter);
  }
  const set = items.slice(from, to + 1);
  if (canJoin && from > 0) {
    // The set joins the existing list, whose glyph kind per level is fixed.
    for (const b of set) {
      const have = listLevel(tab, listId!, b.list!.level).kind;
      if (have !== b.list!.kind) {
        throw new ValidationError(
          `Level ${b.list!.level + 1} of this list is ${have === 'ordered' ? 'numbered' : have}; a ${b.list!.kind === 'ordered' ? 'numbered' : b.list!.kind} item cannot be nested there (the Docs API cannot change a list's glyphs).`,
          `Use the list's own marker at that level (${have === 'ordered' ? '1.' : have === 'checkbox' ? '- [ ]' : '-'}).`,
        );
      }
    }
  }
  // The preset must match the list's outer level for the set to join it.
  const kind = (set.find((b) => b.list!.level === 0) ?? set[0]!).list!.kind;
  if (from === 0 && to === items.length - 1 && items.some((b) => b.list!.kind !== kind)) {
    throw new ValidationError(
      'A nested list item is new in a list that mixes numbered, bulleted or checkbox levels; the Docs API can only create lists of one kind.',
      'Give the new item the same kind of marker as its list, or nest it in Docs.',
    );
  }
  return { from, to, kind };
}
