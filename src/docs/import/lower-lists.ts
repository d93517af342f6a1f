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
 * and go), so the positions computed from the new content hold for each run in turn.
 */
import { ValidationError } from '../../errors.js';
import type { DocumentTab, NestingLevel } from '../../ground/docs-json.js';
import type { Block, ListKind, ParagraphBlock } from '../../mebdf/model.js';
import { presetLevels, presetsJoining } from '../engine/bullets.js';
import { deepEqual } from '../equality.js';
import { listLevel, nestingLevelInfo } from '../export/lists.js';
import type { ParagraphSource } from '../export/types.js';
import { furtherIndents, type PlanContext, quoteRuleLook } from './context.js';
import type { AnySource, ContainerScript } from './edit-script.js';
import { isHeading } from './guards.js';
import { goesOnAs, PRESETS, sameList } from './paragraphs.js';
import { type LevelIndents, paragraphStylePayload } from './style-payloads.js';
import { blockLength } from './table-insert.js';

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
function joining(
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

/** Whether Docs list `listId` has a paragraph of the body starting at or after `index`. */
export function listGoesOnAfter(tab: DocumentTab, listId: string, index: number): boolean {
  return (tab.body?.content ?? []).some(
    (se) => (se.startIndex ?? 0) >= index && se.paragraph?.bullet?.listId === listId,
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
  if (
    typeof before === 'object' &&
    join?.preset &&
    (continues || anchored(0, items.length - 1)) &&
    items.every((b) => listLevel(tab, before.listId, b.list!.level).kind === b.list!.kind)
  ) {
    const to = items.length - 1;
    const listId = before.listId;
    return [{ from: 0, to, preset: join.preset, separate: false, anchor: anchored(0, to), listId }];
  }
  const sets: BulletSet[] = [];
  for (let i = 0; i < items.length; ) {
    const kind = items[i]!.list!.kind;
    let j = i;
    while (j + 1 < items.length && items[j + 1]!.list!.kind === kind) j++;
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
 * Bullets each run of `nested` items of `next` (consecutive items of one list) at its level, once
 * every other request of the container is planned: positions are those of the new content.
 */
export function rebuildLists(
  ctx: PlanContext,
  tab: DocumentTab,
  script: ContainerScript,
  nested: ReadonlySet<ParagraphBlock>,
): void {
  const { seg, ops, sources, next } = script;
  const first = sources[0];
  if (!first || nested.size === 0) return;
  const kept = new Map<number, AnySource>();
  const paired = new Map<number, number>();
  for (const op of ops) {
    if (op.op === 'keep') kept.set(op.n, sources[op.o]!);
    if (op.op === 'keep' || op.op === 'pair') paired.set(op.n, op.o);
  }
  // Final start of every new block: nothing before the container moved.
  const starts: number[] = [];
  let at = first.startIndex;
  next.forEach((b, i) => {
    starts.push(at);
    const src = kept.get(i);
    at += src ? src.endIndex - src.startIndex : blockLength(ctx, b);
  });
  starts.push(at);
  /** The Docs list of the paragraph before new block `i`, as it stands once the container is done. */
  const beforeOf = (i: number): Before => {
    // Nothing before the first paragraph of a cell or of the body.
    if (i === 0) return script.inCell || first.startIndex <= 1 ? 'none' : 'unknown';
    const prev = next[i - 1]!;
    if (prev.type !== 'paragraph') return 'none';
    const o = paired.get(i - 1);
    if (o === undefined) return prev.list ? 'unknown' : 'none';
    const src = sources[o] as ParagraphSource;
    const old = script.old[o] as ParagraphBlock;
    if (!prev.list) return 'none';
    // Its bullet stays as it was only when its membership did not change.
    return src.listId && sameList(ctx.env.lists, old.list, prev.list) ? { listId: src.listId } : 'unknown';
  };
  /** The Docs list the items among `[from, to]` that are items of `key` already are in. */
  const listNow = (
    from: number,
    to: number,
    key: string,
  ): { listId: string; item: ParagraphBlock } | undefined => {
    for (let k = from; k <= to; k++) {
      const o = paired.get(k);
      if (o === undefined) continue;
      const src = sources[o] as ParagraphSource;
      const was = (script.old[o] as ParagraphBlock).list;
      if (src.listId && was && goesOnAs(ctx.env.lists, was.key, key))
        return { listId: src.listId, item: next[k] as ParagraphBlock };
    }
    return undefined;
  };
  /**
   * How blocks `[from, to]` (items, and further blocks of items, of list `key`) are bulleted as
   * one set: with the preset of the Docs list those of them bulleted already are in, so that they
   * look as before; null when that preset does not have every item's kind at its level.
   */
  const setPreset = (
    from: number,
    to: number,
    key: string,
  ): { preset: string; now: ReturnType<typeof listNow> } | null => {
    const items = (next.slice(from, to + 1) as ParagraphBlock[]).filter((b) => b.list);
    const now = listNow(from, to, key);
    const kind = items[0]!.list!.kind;
    const preset = (now && joining(tab, now.listId).preset) || PRESETS[kind];
    const levels = presetLevels(preset);
    if (!items.every((b) => levelKind(levels, b.list!.level) === b.list!.kind)) return null;
    return { preset, now };
  };
  /**
   * Blocks `[from, to]` bulleted as one set: the items bulleted already keep their list under a
   * new bullet, so they lose it first. When that list is not one its preset makes as it is (its
   * own glyphs, indents or numbering), the Docs API forces those of the preset on it: said.
   */
  const oneSet = (from: number, to: number, how: NonNullable<ReturnType<typeof setPreset>>): void => {
    const all = next.slice(from, to + 1) as ParagraphBlock[];
    const before = beforeOf(from);
    if (how.now && !madeByPreset(tab, how.now.listId, how.preset))
      ctx.warnings.push(
        `The list of "${clip(how.now.item)}" was bulleted anew to take in the new items (the Docs API joins new items to a list only right after it, and only through a preset with its outer glyph): its own glyphs, indents and numbering are now those of Google's ${how.preset}.`,
      );
    ctx.push({
      deleteParagraphBullets: { range: ctx.range(seg, starts[from]!, starts[to + 1]! - 1) },
    });
    bulletNested(
      ctx,
      seg,
      all.map((block, k) => ({ start: starts[from + k]!, end: starts[from + k + 1]!, block })),
      {
        preset: how.preset,
        separate: before === 'unknown' || typeof before === 'object',
        anchor: all.every((b) => (b.list?.level ?? 1) > 0),
      },
    );
  };
  /** Bullets `set` of the run of new blocks that starts at `at` (its `from`, `to` count from there). */
  const bulletAt = (at: number, set: BulletSet): void => {
    const idx = Array.from({ length: set.to - set.from + 1 }, (_, k) => at + set.from + k);
    const placed = idx.map((n) => ({
      start: starts[n]!,
      end: starts[n + 1]!,
      block: next[n] as ParagraphBlock,
    }));
    bulletNested(ctx, seg, placed, set);
  };
  /**
   * Blocks `[from, to]` bulleted as one set in the preset of their outer items' kind, then their
   * nested runs of another kind than that preset gives their level as lists of their own there
   * (they read back nested in the item before them). `now`: the Docs list they were in, whose own
   * look the preset replaces (oneSet says so when it differs).
   */
  const bulletStretch = (
    from: number,
    to: number,
    kind0: ListKind,
    now?: { listId: string; item: ParagraphBlock },
  ) => {
    const preset = PRESETS[kind0];
    const levels = presetLevels(preset);
    const apart = (k: number): boolean => {
      const b = next[k] as ParagraphBlock;
      return b.list !== undefined && b.list.level > 0 && levelKind(levels, b.list.level) !== b.list.kind;
    };
    // A first item apart would be a list of its own, and the outer items after it another.
    const lead = next[from] as ParagraphBlock;
    if (apart(from)) throw mixedListFirst(lead, kind0);
    oneSet(from, to, { preset, now });
    for (let a = from; a <= to; ) {
      if (!apart(a)) {
        a++;
        continue;
      }
      let z = a;
      while (z + 1 <= to && apart(z + 1)) z++;
      for (const set of bulletSets(tab, 'unknown', next.slice(a, z + 1) as ParagraphBlock[]))
        bulletAt(a, set);
      a = z + 1;
    }
  };
  /** The one kind of the outer (level-0) items among blocks `[from, to]`; null when none or several. */
  const outerKind = (from: number, to: number): ListKind | null => {
    const kinds = new Set<ListKind>();
    for (let k = from; k <= to; k++) {
      const list = (next[k] as ParagraphBlock).list;
      if (list?.level === 0) kinds.add(list.kind);
    }
    return kinds.size === 1 ? [...kinds][0]! : null;
  };
  const flagged = next.map((b) => b.type === 'paragraph' && nested.has(b));
  for (let i = 0; i < next.length; ) {
    if (!flagged[i]) {
      i++;
      continue;
    }
    const key = (next[i] as ParagraphBlock).list!.key;
    let j = i;
    while (j + 1 < next.length && flagged[j + 1] && (next[j + 1] as ParagraphBlock).list!.key === key) j++;
    const kind = (next[i] as ParagraphBlock).list!.kind;
    // Items after further blocks of an item (model.ts `item`) are in that item's list: the run
    // takes in those blocks and the items of the list before them, bulleted as one set.
    const from = furtherRunEdge(next, i, -1, key, kind);
    const to = furtherRunEdge(next, j, 1, key, kind);
    const further = from < i || to > j ? setPreset(from, to, key) : null;
    if (further) {
      oneSet(from, to, further);
      i = to + 1;
      continue;
    }
    const span = itemsAfter(next, j, key);

    // New items of the list typed right before the run (bulleted when they were typed, as a list
    // of their own): bulleted anew with it as one set. Not when an item of the list that keeps its
    // bullet is right before them: typed after it, they copied its bullet and are in its list.
    let lead = i;
    while (lead > 0 && (next[lead - 1] as ParagraphBlock).list?.key === key && !paired.has(lead - 1)) lead--;
    const copied =
      lead > 0 && (next[lead - 1] as ParagraphBlock).list?.key === key && typeof beforeOf(lead) === 'object';
    const leadKind =
      lead < i && !copied && (next[lead] as ParagraphBlock).list!.level === 0 ? outerKind(lead, span) : null;
    if (leadKind) {
      bulletStretch(lead, span, leadKind);
      i = span + 1;
      continue;
    }
    // A run with an outer item going on a list no preset joins (its outer glyph is none of
    // Google's: `(i)`, `§`): the list's items around it are bulleted anew with it as one set, in a
    // preset's look (said). Nested items alone are a list of their own under the item before.
    const listBefore = i > 0 && (next[i - 1] as ParagraphBlock).list?.key === key ? beforeOf(i) : 'none';
    if (typeof listBefore === 'object' && outerKind(i, j) && !joinsByAnyPreset(tab, listBefore.listId)) {
      let from = i;
      while (from > 0 && sameKeyOrFurther(next[from - 1], key)) from--;
      while (!(next[from] as ParagraphBlock).list) from++;
      const kind0 = outerKind(from, span);
      if (kind0) {
        bulletStretch(from, span, kind0, { listId: listBefore.listId, item: next[from] as ParagraphBlock });
        i = span + 1;
        continue;
      }
    }
    // Items of a list that change kind (a bulleted list made numbered) with items nested under
    // them that stay, or a list numbered anew whose first items are nested: the nested items are
    // in the old list, so each outer item after them would start a list of its own. The whole
    // stretch is bulleted as one set in its outer items' preset, then its nested runs of another
    // kind than that preset gives their level as lists of their own there.
    const stretch = next.slice(i, span + 1) as ParagraphBlock[];
    const kind0 = outerKind(i, span);
    const nestedFirst = (next[i] as ParagraphBlock).list!.level > 0;
    // An outer item after a nested one of another kind: one set a kind would leave it on its own.
    const splitByKind = stretch.some(
      (b, k) => k > 0 && b.list!.level === 0 && stretch[k - 1]!.list!.kind !== b.list!.kind,
    );
    if (
      kind0 &&
      (nestedFirst || splitByKind || (span > j && flagged.slice(j + 1, span + 1).some(Boolean))) &&
      stretch.every((b, k) => flagged[i + k] || b.list!.level > 0)
    ) {
      bulletStretch(i, span, kind0);
      i = span + 1;
      continue;
    }
    const items = next.slice(i, j + 1) as ParagraphBlock[];
    const prev = next[i - 1];
    const continues = prev?.type === 'paragraph' && prev.list?.key === key;
    // Nested items whose first one is still an item of the list they belong to (its paragraph was
    // that list's item before, and loses the bullet only now): a temporary paragraph split off its
    // start keeps that bullet, and the set joins the list after it at the items' levels.
    const o = paired.get(i);
    const was = o === undefined ? undefined : (script.old[o] as ParagraphBlock).list;
    const own = o === undefined ? undefined : (sources[o] as ParagraphSource).listId;
    if (
      !continues &&
      own !== undefined &&
      was !== undefined &&
      goesOnAs(ctx.env.lists, was.key, key) &&
      !isHeading(items[0]!) &&
      items.every((b) => b.list!.level > 0)
    ) {
      const [set, ...more] = bulletSets(tab, { listId: own }, items, true);
      if (set && more.length === 0 && set.listId === own) {
        bulletNested(
          ctx,
          seg,
          items.map((block, k) => ({ start: starts[i + k]!, end: starts[i + k + 1]!, block })),
          { ...set, keep: true },
        );
        i = j + 1;
        continue;
      }
    }
    // Items that no item of their list comes before (a paragraph before a list made its first
    // item, or the item nested items were under deleted): bulleted alone they make a list of their
    // own, and the list's items after them are another. The Docs API joins a set only to the list
    // before it, so they are bulleted as one set with those items, in the preset of their list.
    const after = continues ? j : span;
    const whole = after > j ? setPreset(i, after, key) : null;
    if (whole) {
      oneSet(i, after, whole);
      i = after + 1;
      continue;
    }
    // No preset has every item's kind at its level (bullets outside, numbers inside), and outer
    // items of the list come after: bulleted apart, those would read as another list. As one set
    // in the outer items' preset, with the nested runs of another kind as lists of their own under
    // the item before them, unless the first item is such a nested one: no item is before it.
    if (after > j && (next.slice(j + 1, after + 1) as ParagraphBlock[]).some((b) => b.list?.level === 0)) {
      const kind0 = outerKind(i, after);
      if (!kind0) throw mixedListFirst(next[i] as ParagraphBlock, null);
      bulletStretch(i, after, kind0, listNow(i, after, key));
      i = after + 1;
      continue;
    }
    for (const set of bulletSets(tab, beforeOf(i), items, continues, joinsByPreset(prev, items)))
      bulletAt(i, set);
    i = j + 1;
  }
}

/** The last of the paragraphs right after `j` that are items of list `key` (`j` when none is). */
function itemsAfter(next: readonly Block[], j: number, key: string): number {
  let k = j;
  while (k + 1 < next.length) {
    const b = next[k + 1]!;
    if (b.type !== 'paragraph' || b.list?.key !== key) break;
    k++;
  }
  return k;
}

/**
 * Where a run of items that starts (`step` -1) or ends (`step` 1) at `i` reaches once the further
 * blocks of items (model.ts `item`) next to it and the items of list `key` (all of `kind`) past
 * those are taken in: they are one Docs list. `i` when no further block is next to it.
 */
function furtherRunEdge(
  next: readonly Block[],
  i: number,
  step: 1 | -1,
  key: string,
  kind: ListKind,
): number {
  let edge = i;
  let further = false;
  for (let k = i + step; k >= 0 && k < next.length; k += step) {
    const b = next[k]!;
    if (b.type !== 'paragraph') break;
    if (b.item !== undefined && !b.list) {
      further = true;
      // Going forward, a further block belongs to the run's items: it ends the run no less.
      if (step === 1) edge = k;
      continue;
    }
    if (b.list?.key !== key || b.list.kind !== kind) break;
    if (further) edge = k;
  }
  // The run does not end on a further block unless an item comes after it.
  while (step === 1 && edge > i && !(next[edge] as ParagraphBlock).list) edge--;
  return edge;
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

/** The kind of list item a preset's `levels` give level `level`. */
function levelKind(levels: Record<string, unknown>[], level: number): ListKind {
  return nestingLevelInfo(levels[level] as NestingLevel | undefined, level).kind;
}

/** Whether Docs list `listId` is exactly what `preset` makes (bulleting it anew changes nothing of its look). */
function madeByPreset(tab: DocumentTab, listId: string, preset: string): boolean {
  const levels = tab.lists?.[listId]?.listProperties?.nestingLevels ?? [];
  const want = presetLevels(preset);
  return levels.length === want.length && levels.every((l, n) => deepEqual(l, want[n]));
}

/** The first words of an item, to name it in a warning. */
function clip(block: ParagraphBlock): string {
  const text = block.inlines.map((n) => (n.type === 'text' ? n.text : '')).join('');
  return text.length > 30 ? `${text.slice(0, 30)}…` : text;
}

/** Whether `b` is an item of list `key` or a further block of an item. */
function sameKeyOrFurther(b: Block | undefined, key: string): boolean {
  return b?.type === 'paragraph' && (b.list ? b.list.key === key : b.item !== undefined);
}

const KIND_WORDS: Record<ListKind, string> = {
  bullet: 'bulleted',
  ordered: 'numbered',
  checkbox: 'checklist',
};

/**
 * The refusal of a list whose first item is nested and of another kind than its outer items: the
 * Docs API makes lists from presets with one kind on every level, and joins new items only to
 * the list right before them, so nothing can make that item the first of its outer items' list.
 */
function mixedListFirst(first: ParagraphBlock, outer: ListKind | null): ValidationError {
  const kind = KIND_WORDS[first.list!.kind];
  return new ValidationError(
    `The nested ${kind} item "${clip(first)}" cannot start a list whose outer items are ${outer ? KIND_WORDS[outer] : 'of several kinds'}: the Docs API makes a new list from one of its presets, with one kind on every level, and adds items only to the list right before them.`,
    `Put an outer item of the list before it, make it ${outer ? KIND_WORDS[outer] : 'the kind of the items after it'}, or end the list before the outer items after it (a paragraph between).`,
  );
}
