/**
 * List items at a nested level that their paragraph does not already have: the Docs API gives a
 * nesting level only through createParagraphBullets, from leading tabs counted relative to the
 * least-tabbed paragraph of the bulleted set, and the set joins the list of the paragraph right
 * before it only when its preset's outer level matches that list's (DOCS-API.md, createParagraphBullets).
 *
 * So each run of such items is bulleted with a temporary empty paragraph in front that stands for
 * level 0, then that paragraph is deleted: nothing but the items themselves changes (their
 * neighbours are not re-bulleted, but in the one case said last). The run joins the list of the item before it when that list
 * has the items' glyph kinds at their levels; otherwise (a numbered level under bullets, a level
 * whose glyphs the list does not have) it becomes a list of its own at that nesting level, which
 * reads back as nested in the item before it (export/model-utils.ts assignListKeys). Every list
 * the API creates has one glyph kind on every level, so such a run is split by kind. When the list
 * before would take the new set in (its preset matches), a second temporary paragraph without a
 * bullet keeps them apart; after a paragraph this write bullets too (whose list is not known yet),
 * only a level-0 run going on its list is let join it (`joinsByPreset`). A nested run that no item
 * of its list comes before (the item it was under deleted) joins that list through a temporary
 * paragraph split off its first item, which still has the list's bullet (`keep`); failing that, it
 * is bulleted as one set with that list's items after it, which lose their bullet first (so is a
 * paragraph made the item before a list's first). A set joining a list is bulleted with the preset
 * of that list, one of Google's 15 (`joining`), so that a list of A., I. or arrows is joined too.
 *
 * Every run's requests leave the text as long as before them (tabs and temporary paragraphs come
 * and go), so the positions computed from the new content hold for each run in turn. Which runs
 * are bulleted together, and how, once a container is planned: list-rebuild.ts.
 */
import type { DocumentTab } from '../../ground/docs-json.js';
import type { Block, ListKind, ParagraphBlock } from '../../mebdf/model.js';
import { presetsJoining } from '../engine/bullets.js';
import { listLevel } from '../export/lists.js';
import { furtherIndents, type PlanContext, quoteRuleLook } from './context.js';
import { isHeading } from './guards.js';
import { PRESETS } from './paragraphs.js';
import { type LevelIndents, paragraphStylePayload } from './style-payloads.js';

/**
 * The indents list `listId` gives the items of `level`; for a list not known (one a preset makes
 * anew), a preset's: indentStart 36 + 36n, indentFirstLine 18 + 36n (DOCS-API.md, createParagraphBullets).
 */
export function levelIndents(tab: DocumentTab, listId: string | undefined, level: number): LevelIndents {
  const preset = { start: 36 + 36 * level, first: 18 + 36 * level };
  if (!listId || !tab.lists?.[listId]) return preset;
  const info = listLevel(tab, listId, level);
  return { start: info.indentStart ?? 0, first: info.indentFirstLine ?? 0 };
}

/**
 * The updateParagraphStyle giving a list item that was just bulleted (which wrote its level's
 * indents into it) the indents its model style says, or null when it says none.
 */
export function indentsOver(ctx: PlanContext, block: ParagraphBlock, level: LevelIndents) {
  const style = block.style;
  // A quoted item's indents are its quote's too (quote-blocks.ts): always written.
  if (block.quote) {
    const look = quoteRuleLook(ctx.paragraphBase(style.namedStyle), block, level, {});
    const { indentStart, indentFirstLine } = look?.paragraphStyle ?? {};
    return { paragraphStyle: { indentStart, indentFirstLine }, fields: 'indentStart,indentFirstLine' };
  }
  if (style.indentLeft === undefined && style.firstLineIndent === undefined) return null;
  const from = { ...style, indentLeft: undefined, firstLineIndent: undefined };
  return paragraphStylePayload(from, style, ctx.paragraphBase(style.namedStyle), false, { level });
}

/** What list the paragraph right before a run is in, as far as the planner knows. */
export type Before = { listId: string } | 'none' | 'unknown';

/** One createParagraphBullets over items `[from, to]` of a run. */
export interface BulletSet {
  from: number;
  to: number;
  preset: string;
  /** A temporary paragraph without a bullet must keep the set out of the list before it. */
  separate: boolean;
  /** The set's items are all nested: a temporary paragraph stands for level 0. */
  anchor: boolean;
  /**
   * The set joins the list the first item still has a bullet of (it is re-bulleted only now): a
   * temporary paragraph split off its start keeps that bullet and is the paragraph before the set.
   */
  keep?: boolean;
  /** The list joined; none: a list of the preset's own. */
  listId?: string;
}

/**
 * The preset a set joining list `listId` is bulleted with (one whose outer level is that list's:
 * createParagraphBullets then joins it; the planner's own preset for its kind when that one does),
 * and whether the planner's preset for `kind` joins it too (a set of `kind` kept apart from it
 * needs a paragraph without bullet in between). Google has 15 presets (engine/bullets.ts): a list
 * made with A., I. or arrows is joined by its own.
 */
export function joining(
  tab: DocumentTab,
  listId: string,
): { preset: string | null; takes: (kind: ListKind) => boolean } {
  const outer = tab.lists?.[listId]?.listProperties?.nestingLevels?.[0];
  const presets = presetsJoining(outer as Record<string, unknown> | undefined);
  const own = presets.length > 0 ? PRESETS[listLevel(tab, listId, 0).kind] : undefined;
  const preset = own && presets.includes(own) ? own : (presets[0] ?? null);
  return { preset, takes: (kind) => presets.includes(PRESETS[kind]) };
}

/** Whether one of Google's presets joins Docs list `listId` (its outer glyph is a preset's). */
export function joinsByAnyPreset(tab: DocumentTab, listId: string): boolean {
  return joining(tab, listId).preset !== null;
}

/**
 * Whether Docs list `listId` has a paragraph of the body starting at or after `index`, other than
 * those starting at `leaving` (items the edit deletes or makes plain paragraphs).
 */
export function listGoesOnAfter(
  tab: DocumentTab,
  listId: string,
  index: number,
  leaving: ReadonlySet<number> = new Set(),
): boolean {
  return hasItemStarting(tab, listId, (start) => start >= index && !leaving.has(start));
}

/** Whether Docs list `listId` has a paragraph of the body starting before `index`. */
export function listHasItemBefore(tab: DocumentTab, listId: string, index: number): boolean {
  return hasItemStarting(tab, listId, (start) => start < index);
}

/** Whether a paragraph of the body in Docs list `listId` starts where `at` says. */
function hasItemStarting(tab: DocumentTab, listId: string, at: (start: number) => boolean): boolean {
  return (tab.body?.content ?? []).some(
    (se) => se.paragraph?.bullet?.listId === listId && at(se.startIndex ?? 0),
  );
}

/**
 * The bulleted sets of one run of items that need a bullet set (in order): one set joining the
 * list before when it has every item's kind at the item's level (and, for a run with a level-0
 * item, when the run goes on that list: `continues`), else one new list per kind.
 */
export function bulletSets(
  tab: DocumentTab,
  before: Before,
  items: readonly ParagraphBlock[],
  continues = true,
  /** The list before is not known but takes the run in by its preset (`joinsByPreset`). */
  joinsUnknown = false,
): BulletSet[] {
  const join = typeof before === 'object' ? joining(tab, before.listId) : null;
  const anchored = (from: number, to: number): boolean =>
    items.slice(from, to + 1).every((b) => b.list!.level > 0);
  /** Items `[from, to]` as one set joining the list before, when it has their kinds at their levels. */
  const joined = (to: number, from = 0): BulletSet | null => {
    if (typeof before !== 'object' || !join?.preset) return null;
    const fits = items
      .slice(from, to + 1)
      .every((b) => listLevel(tab, before.listId, b.list!.level).kind === b.list!.kind);
    if (!fits) return null;
    return {
      from,
      to,
      preset: join.preset,
      separate: false,
      anchor: anchored(from, to),
      listId: before.listId,
    };
  };
  /**
   * The longest first items `[0, t]` (`t < to`) that join the list before, the items after them up
   * to `to` all nested: those are then a list of their own under its last item.
   */
  const joinedAbove = (to: number): BulletSet | null => {
    for (let t = to - 1; t >= 0 && anchored(t + 1, to); t--) {
      const set = joined(t);
      if (set) return set;
    }
    return null;
  };
  const whole = continues || anchored(0, items.length - 1) ? joined(items.length - 1) : null;
  if (whole) return [whole];
  const sets: BulletSet[] = [];
  for (let i = 0; i < items.length; ) {
    const kind = items[i]!.list!.kind;
    let j = i;
    while (j + 1 < items.length && items[j + 1]!.list!.kind === kind) j++;
    // A first set of outer items that goes on the list before, of its kinds at their levels, joins
    // it (the sets after, another kind at a level that list gives another, are lists of their own
    // under its last item): bulleted as a new list, that item would start a list of its own.
    // So does a first set of nested items with an outer item among them: kept apart, the outer
    // item would start a list of its own.
    let first: BulletSet | null = null;
    if (i === 0 && continues) {
      if (items[0]!.list!.level === 0) first = joined(j) ?? joinedAbove(j);
      else if (items.slice(0, j + 1).some((b) => b.list!.level === 0)) first = joined(j);
      // Nested items the list before numbers otherwise at their level, then outer items that go on
      // it: the nested ones are a list of their own under its last item (kept out of it by a
      // paragraph without bullet), the outer ones join it (list-rebuild.ts `outerFirst` bullets
      // them first, while the paragraph before them is still in that list).
      const outer = items.findIndex((b, k) => k <= j && b.list!.level === 0);
      const rest = first === null && outer > 0 ? joined(j, outer) : null;
      if (rest) {
        sets.push(
          {
            from: 0,
            to: outer - 1,
            preset: PRESETS[kind],
            separate: join?.takes(kind) === true,
            anchor: true,
          },
          rest,
        );
        i = j + 1;
        continue;
      }
    }
    if (first) {
      sets.push(first);
      // Nested items of the kind after it that the list before numbers otherwise at their level (a
      // bulleted sub-item where it has numbers): a list of their own under its last item, kept out
      // of it by a paragraph without bullet (their preset's outer glyph would join it).
      if (first.to < j)
        sets.push({
          from: first.to + 1,
          to: j,
          preset: PRESETS[kind],
          separate: join?.takes(kind) === true,
          anchor: true,
        });
      i = j + 1;
      continue;
    }
    // Right after nested items that are a list of their own, a set with an outer item that goes
    // on the list before, of its kinds at their levels, joins it: list-rebuild.ts `outerFirst`
    // bullets it before them, while the paragraph before it is still an item of that list.
    const previous = sets[sets.length - 1];
    const after =
      continues && previous?.anchor && previous.listId === undefined && !previous.keep
        ? items.slice(i, j + 1).some((b) => b.list!.level === 0) && joined(j, i)
        : null;
    if (after) {
      sets.push(after);
      i = j + 1;
      continue;
    }
    // After the first set, the paragraph before is the previous set's, a list of another kind. A
    // run that goes on the list of a paragraph this write bullets too (whose list is not known
    // yet) is not kept apart from it when its preset alone joins it rightly (joinsByPreset).
    const separate = i === 0 && (before === 'unknown' ? !joinsUnknown : join?.takes(kind) === true);
    sets.push({ from: i, to: j, preset: PRESETS[kind], separate, anchor: anchored(i, j) });
    i = j + 1;
  }
  return sets;
}

/**
 * Whether `items`, which go on the list of `prev`, a paragraph this write bullets too (its Docs
 * list is not known when theirs is planned), join that list rightly by their preset alone: when
 * all are at level 0, as `prev` is. That list's level 0 is then `prev`'s kind, which is theirs (one
 * list, one kind a level), so createParagraphBullets joins it; at another level its glyphs are not
 * known (a list `prev` copied from the item after it may number a level its items bullet).
 */
export function joinsByPreset(prev: Block | undefined, items: readonly ParagraphBlock[]): boolean {
  const key = items[0]?.list?.key;
  return (
    prev?.type === 'paragraph' &&
    prev.list?.level === 0 &&
    key !== undefined &&
    prev.list.key === key &&
    items.every((b) => b.list?.level === 0 && b.list.key === key)
  );
}

/**
 * The requests bulleting consecutive paragraphs (`start`/`end` in the document as it stands) at
 * their levels: tabs at their starts, one or two temporary paragraphs before the first (the set's
 * level 0, and a paragraph without bullet when the set must not join the list before), the
 * bullets, the temporary paragraphs deleted. The text ends as long as it began.
 */
export function bulletNested(
  ctx: PlanContext,
  seg: string,
  placed: readonly { start: number; end: number; block: ParagraphBlock }[],
  set: Pick<BulletSet, 'preset' | 'separate' | 'anchor' | 'listId' | 'keep'>,
): void {
  // createParagraphBullets would take an item's own leading tabs for nesting: they go first and
  // are typed back once it is bulleted.
  const own = placed.map((it) => leadingTabs(it.block));
  let cut = 0;
  const items = placed.map((it, k) => {
    const start = it.start - cut;
    cut += own[k]!;
    return { ...it, start, end: it.end - cut };
  });
  for (let k = placed.length - 1; k >= 0; k--)
    ctx.deleteRange(seg, placed[k]!.start, placed[k]!.start + own[k]!);
  // The paragraphs before the set's own (`skip`): the one without bullet, or the one keeping it.
  const sep = set.separate || set.keep ? 1 : 0;
  const temps = sep + (set.anchor ? 1 : 0);
  // A further block of an item (model.ts `item`) in the set is bulleted at level 0 and loses it again.
  const levelOf = (block: ParagraphBlock): number => block.list?.level ?? 0;
  for (let k = items.length - 1; k >= 1; k--)
    ctx.insertText(seg, items[k]!.start, '\t'.repeat(levelOf(items[k]!.block)));
  const p0 = items[0]!;
  const lead = '\t'.repeat(levelOf(p0.block));
  // Docs keeps a heading's id on the part of a split paragraph that keeps its start: in front of a
  // heading the temporary paragraphs are split off the end of the paragraph before instead.
  if (isHeading(p0.block) && temps > 0) {
    ctx.insertText(seg, p0.start - 1, '\n'.repeat(temps));
    ctx.insertText(seg, p0.start + temps, lead);
  } else ctx.insertText(seg, p0.start, '\n'.repeat(temps) + lead);
  if (set.separate) ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, p0.start, p0.start + 1) } });
  const tabs = items.reduce((n, it) => n + levelOf(it.block), 0);
  const last = items[items.length - 1]!;
  // The range must reach into the last item: an empty one is only its newline.
  const lastEnd = last.end - last.start > 1 ? last.end - 1 : last.end;
  ctx.push({
    createParagraphBullets: {
      range: ctx.range(seg, p0.start + sep, Math.max(lastEnd + temps + tabs, p0.start + sep + 1)),
      bulletPreset: set.preset,
    },
  });
  ctx.deleteRange(seg, p0.start, p0.start + temps);
  // The bullets wrote their level's indents into the items: put back what the model says.
  for (const it of items) {
    if (!it.block.list) {
      ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, it.start, it.start + 1) } });
      const b = it.block;
      const look = quoteRuleLook(
        ctx.paragraphBase(b.style.namedStyle),
        b,
        furtherIndents(ctx, set.listId, b),
        {},
      );
      if (look)
        ctx.push({ updateParagraphStyle: { range: ctx.range(seg, it.start, it.start + 1), ...look } });
      continue;
    }
    const ps = indentsOver(ctx, it.block, ctx.env.levelIndents(set.listId, it.block.list!.level));
    if (ps) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, it.start, it.start + 1), ...ps } });
  }
  for (let k = items.length - 1; k >= 0; k--) ctx.insertText(seg, items[k]!.start, '\t'.repeat(own[k]!));
}

/** How many tabs the text of a paragraph starts with. */
function leadingTabs(block: ParagraphBlock): number {
  const first = block.inlines[0];
  return first?.type === 'text' ? (/^\t*/.exec(first.text)?.[0].length ?? 0) : 0;
}
