/**
 * The re-bulleting of list items once every other request of a container is planned
 * (lower-lists.ts says how one set is bulleted): each run of items that need a bullet (consecutive
 * items of one list) is bulleted by the first way, in order, that makes it read back as written.
 * The Docs API joins a set only to the list right before it, through a preset with its outer glyph,
 * and makes new lists only from presets (one kind a level): so a run is bulleted with items around
 * it when those would otherwise read as another list, and a list no API call can make is refused.
 * Positions are those of the new content: every set leaves the text as long as it found it.
 */
import type { DocumentTab, NestingLevel } from '../../ground/docs-json.js';
import type { Block, ListKind, ParagraphBlock } from '../../mebdf/model.js';
import { presetLevels } from '../engine/bullets.js';
import { deepEqual } from '../equality.js';
import { listLevel, nestingLevelInfo } from '../export/lists.js';
import { plainText } from '../export/model-utils.js';
import type { ParagraphSource } from '../export/types.js';
import type { PlanContext } from './context.js';
import type { AnySource, ContainerScript } from './edit-script.js';
import { isHeading } from './guards.js';
import { clip, listGoesOn, mixedListFirst } from './list-guard.js';
import {
  type Before,
  type BulletSet,
  bulletNested,
  bulletSets,
  joining,
  joinsByAnyPreset,
  joinsByPreset,
} from './lower-lists.js';
import { goesOnAs, PRESETS, sameList } from './paragraphs.js';
import { blockLength } from './table-insert.js';

/** Bullets each run of `nested` items of the container's new content at its level. */
export function rebuildLists(
  ctx: PlanContext,
  tab: DocumentTab,
  script: ContainerScript,
  nested: ReadonlySet<ParagraphBlock>,
): void {
  if (!script.sources[0] || nested.size === 0) return;
  new ListRebuild(ctx, tab, script, nested).all();
}

/** Items `[i, j]` of list `key` that need a bullet; `span`: the last item of the list right after them. */
interface Run {
  i: number;
  j: number;
  key: string;
  span: number;
}

/** The Docs list some items are in already, and one of them (named in a warning). */
type Now = { listId: string; item: ParagraphBlock } | undefined;

/**
 * Where every new block of a container starts once the container is lowered (and where the last
 * ends): kept blocks keep their length, the others are as long as their text. Nothing before the
 * container moved.
 */
export function finalStarts(ctx: PlanContext, script: ContainerScript): number[] {
  const kept = new Map<number, AnySource>();
  for (const op of script.ops) if (op.op === 'keep') kept.set(op.n, script.sources[op.o]!);
  const starts: number[] = [];
  let at = script.sources[0]!.startIndex;
  script.next.forEach((b, i) => {
    starts.push(at);
    const src = kept.get(i);
    at += src ? src.endIndex - src.startIndex : blockLength(ctx, b);
  });
  starts.push(at);
  return starts;
}

class ListRebuild {
  private readonly next: readonly Block[];
  /** New block -> the old block it keeps or pairs with. */
  private readonly paired = new Map<number, number>();
  /** Final start of every new block (and the end of the last): nothing before the container moved. */
  private readonly starts: number[];
  /** Whether new block `i` is an item that needs a bullet. */
  private readonly flagged: boolean[];

  constructor(
    private readonly ctx: PlanContext,
    private readonly tab: DocumentTab,
    private readonly script: ContainerScript,
    nested: ReadonlySet<ParagraphBlock>,
  ) {
    const { ops, next } = script;
    this.next = next;
    for (const op of ops) if (op.op === 'keep' || op.op === 'pair') this.paired.set(op.n, op.o);
    this.starts = finalStarts(ctx, script);
    this.flagged = next.map((b) => b.type === 'paragraph' && nested.has(b));
  }

  all(): void {
    const { next, flagged } = this;
    for (let i = 0; i < next.length; ) {
      if (!flagged[i]) {
        i++;
        continue;
      }
      const key = this.item(i).list!.key;
      let j = i;
      while (j + 1 < next.length && flagged[j + 1] && this.item(j + 1).list!.key === key) j++;
      const run: Run = { i, j, key, span: itemsAfter(next, j, key) };
      i =
        this.withFurtherBlocks(run) ??
        this.withNewItemsBefore(run) ??
        this.onListNoPresetJoins(run) ??
        this.asStretch(run) ??
        this.inOwnList(run) ??
        this.withItemsAfter(run) ??
        this.alone(run);
    }
  }

  /**
   * Items after further blocks of an item (model.ts `item`) are in that item's list: the run
   * takes in those blocks and the items of the list before them, bulleted as one set.
   */
  private withFurtherBlocks({ i, j, key }: Run): number | null {
    const kind = this.item(i).list!.kind;
    const from = furtherRunEdge(this.next, i, -1, key, kind);
    const to = furtherRunEdge(this.next, j, 1, key, kind);
    const how = from < i || to > j ? this.setPreset(from, to, key) : null;
    if (!how) return null;
    this.oneSet(from, to, how);
    return to + 1;
  }

  /**
   * New items of the list typed right before the run (bulleted when they were typed, as a list of
   * their own): bulleted anew with it as one set. Not when an item of the list that keeps its
   * bullet is right before them: typed after it, they copied its bullet and are in its list.
   */
  private withNewItemsBefore({ i, key, span }: Run): number | null {
    let lead = i;
    while (lead > 0 && this.next[lead - 1]!.type === 'paragraph' && this.item(lead - 1).list?.key === key) {
      if (this.paired.has(lead - 1)) break;
      lead--;
    }
    // A nested one leads only as the list's first item (a set of its own before, in no list).
    const firstOfList = !(lead > 0 && sameKeyOrFurther(this.next[lead - 1], key));
    if (lead === i || (this.item(lead).list!.level !== 0 && !firstOfList)) return null;
    // Typed with the bullet of the list's items after the run (which keep it), they are in that
    // list already: bulleting them anew would leave those items another list.
    const typedIn = this.ctx.copiedList(this.item(lead));
    if (
      typedIn &&
      this.next.slice(lead, i).every((b) => this.ctx.copiedList(b as ParagraphBlock) === typedIn) &&
      this.listNow(i, span, key)?.listId === typedIn
    )
      return null;
    const copied =
      lead > 0 && this.item(lead - 1).list?.key === key && typeof this.beforeOf(lead) === 'object';
    const kind0 = copied ? null : this.outerKind(lead, span);
    if (!kind0) return null;
    // A nested first item the preset gives another kind stays out of the set (bulletStretch would
    // refuse it): it can be typed into a list of the Docs editor's that has both kinds.
    const { level, kind } = this.item(lead).list!;
    if (level > 0 && levelKind(presetLevels(PRESETS[kind0]), level) !== kind) return null;
    this.bulletStretch(lead, span, kind0);
    return span + 1;
  }

  /**
   * A run with an outer item going on a list that no set bulleted after the item before it joins:
   * a list no preset joins (its outer glyph is none of Google's: `(i)`, `§`), or one whose outer
   * items are another Docs list than the nested item right before the run (a set joins only the
   * list right before it), a new nested item bulleted as a list of its own included. The list's
   * items around the run are bulleted anew with it as one set, in a preset's look (said). Nested
   * items alone are a list of their own under the item before.
   */
  private onListNoPresetJoins({ i, j, key, span }: Run): number | null {
    const before = i > 0 && this.item(i - 1).list?.key === key ? this.beforeOf(i) : 'none';
    // A new nested item right before, bulleted as a list of its own when it was typed: the outer
    // items are in another list than it, whichever they are in.
    const own = before === 'unknown' && this.ctx.inOwnList(this.item(i - 1));
    if ((typeof before !== 'object' && !own) || !this.outerKind(i, j)) return null;
    let from = i;
    while (from > 0 && sameKeyOrFurther(this.next[from - 1], key)) from--;
    while (!this.item(from).list) from++;
    const outer = this.outerListBefore(from, i, key);
    if (typeof before !== 'object') {
      if (!outer) return null;
    } else if (joinsByAnyPreset(this.tab, before.listId) && (!outer || outer.listId === before.listId))
      return null;
    const kind0 = this.outerKind(from, span);
    if (!kind0) return null;
    const was = typeof before === 'object' ? { listId: before.listId, item: this.item(from) } : undefined;
    this.bulletStretch(from, span, kind0, outer ?? was);
    return span + 1;
  }

  /**
   * The Docs list of the last outer item of list `key` among blocks `[from, to)`, when it keeps
   * its bullet as it was (an outer item that changes kind is bulleted anew itself).
   */
  private outerListBefore(from: number, to: number, key: string): Now {
    for (let k = to - 1; k >= from; k--) {
      if (this.item(k).list?.level !== 0) continue;
      const o = this.paired.get(k);
      if (o === undefined || this.flagged[k]) return undefined;
      const was = (this.script.old[o] as ParagraphBlock).list;
      if (!sameList(this.ctx.env.lists, was, this.item(k).list)) return undefined;
      return this.listNow(k, k, key);
    }
    return undefined;
  }

  /**
   * Items of a list that change kind (a bulleted list made numbered) with items nested under them
   * that stay, or a list numbered anew whose first items are nested: the nested items are in the
   * old list, so each outer item after them would start a list of its own. The whole stretch is
   * bulleted as one set in its outer items' preset, then its nested runs of another kind than
   * that preset gives their level as lists of their own there.
   */
  private asStretch({ i, j, key, span }: Run): number | null {
    // A run going on a list that keeps its bullets and that a preset joins is bulleted into it.
    const before = this.beforeOf(i);
    if (this.continues(i, key) && typeof before === 'object' && joinsByAnyPreset(this.tab, before.listId))
      return null;
    const stretch = this.next.slice(i, span + 1) as ParagraphBlock[];
    const kind0 = this.outerKind(i, span);
    const nestedFirst = this.item(i).list!.level > 0;
    // An outer item after nested ones of another kind (right before it, or before the run of its
    // own kind it ends: a bulleted sub-item after a numbered one): one set a kind would leave it
    // on its own, since a set joins only the list right before it.
    const splitByKind = stretch.some((b, k) => {
      if (k === 0 || b.list!.level !== 0) return false;
      let m = k - 1;
      while (m > 0 && stretch[m]!.list!.kind === b.list!.kind && stretch[m]!.list!.level > 0) m--;
      return stretch[m]!.list!.kind !== b.list!.kind;
    });
    const flaggedAfter = span > j && this.flagged.slice(j + 1, span + 1).some(Boolean);
    if (
      !kind0 ||
      !(nestedFirst || splitByKind || flaggedAfter) ||
      !stretch.every((b, k) => this.flagged[i + k] || b.list!.level > 0)
    )
      return null;
    this.bulletStretch(i, span, kind0);
    return span + 1;
  }

  /**
   * Nested items whose first one is still an item of the list they belong to (its paragraph was
   * that list's item before, and loses the bullet only now): a temporary paragraph split off its
   * start keeps that bullet, and the set joins the list after it at the items' levels.
   */
  private inOwnList({ i, j, key }: Run): number | null {
    const items = this.next.slice(i, j + 1) as ParagraphBlock[];
    const o = this.paired.get(i);
    if (o === undefined || this.continues(i, key)) return null;
    const was = (this.script.old[o] as ParagraphBlock).list;
    const own = (this.script.sources[o] as ParagraphSource).listId;
    if (
      own === undefined ||
      was === undefined ||
      !goesOnAs(this.ctx.env.lists, was.key, key) ||
      isHeading(items[0]!) ||
      !items.every((b) => b.list!.level > 0)
    )
      return null;
    const [set, ...more] = bulletSets(this.tab, { listId: own }, items, true);
    if (!set || more.length > 0 || set.listId !== own) return null;
    bulletNested(this.ctx, this.script.seg, this.placed(i, j), { ...set, keep: true });
    return j + 1;
  }

  /**
   * Items that no item of their list comes before (a paragraph before a list made its first item,
   * or the item nested items were under deleted): bulleted alone they make a list of their own,
   * and the list's items after them are another. The Docs API joins a set only to the list before
   * it, so they are bulleted as one set with those items, in the preset of their list; where no
   * preset has every item's kind at its level (bullets outside, numbers inside), in the outer
   * items' preset with the nested runs of another kind as lists of their own under the item
   * before them (bulletStretch refuses a first item of those: no item is before it).
   */
  private withItemsAfter({ i, j, key, span }: Run): number | null {
    if (this.continues(i, key) || span === j) return null;
    const how = this.setPreset(i, span, key);
    if (how) {
      this.oneSet(i, span, how);
      return span + 1;
    }
    if (!(this.next.slice(j + 1, span + 1) as ParagraphBlock[]).some((b) => b.list?.level === 0)) return null;
    const kind0 = this.outerKind(i, span);
    if (!kind0) throw mixedListFirst(this.item(i), null);
    this.bulletStretch(i, span, kind0, this.listNow(i, span, key));
    return span + 1;
  }

  /** The run alone: its sets join the list before it where that list takes them (bulletSets). */
  private alone({ i, j, key }: Run): number {
    const items = this.next.slice(i, j + 1) as ParagraphBlock[];
    const prev = this.next[i - 1];
    const before = this.beforeOf(i);
    const sets = bulletSets(
      this.tab,
      before === 'unknown' ? (this.throughNewItems(i, key) ?? before) : before,
      items,
      this.continues(i, key),
      joinsByPreset(prev, items),
    );
    for (const set of this.outerFirst(i, sets, items, before)) this.bulletAt(i, set);
    return j + 1;
  }

  /**
   * The sets in the order they are bulleted: as they come, but an outer set right after nested
   * items bulleted as a list of their own goes first when it joins the list before the run through
   * its preset and the last of those items is in that list until then (so does a set that starts
   * nested and holds an outer item, which bulletSets joins to that list there). Bulleted after
   * them, the paragraph before it would be their new list, and it would join nothing; before them,
   * that paragraph is still an item of the list (a set leaves the text as long as it found it, so
   * the positions hold either way).
   */
  private outerFirst(
    at: number,
    sets: BulletSet[],
    items: readonly ParagraphBlock[],
    before: Before,
  ): BulletSet[] {
    if (typeof before !== 'object') return sets;
    const joins = joining(this.tab, before.listId).preset;
    /** The Docs list new block `n` is in until it is bulleted here. */
    const listUntilNow = (n: number): string | undefined => {
      const o = this.paired.get(n);
      if (o !== undefined) return (this.script.sources[o] as ParagraphSource).listId;
      return this.ctx.listUntilRebuild(this.item(n));
    };
    const out = [...sets];
    for (let k = 1; k < out.length; k++) {
      const [a, b] = [out[k - 1]!, out[k]!];
      const ownNested =
        a.listId === undefined && !a.keep && items.slice(a.from, a.to + 1).every((x) => x.list!.level > 0);
      if (
        ownNested &&
        listUntilNow(at + a.to) === before.listId &&
        ((b.listId === undefined && items[b.from]!.list!.level === 0) || b.listId === before.listId) &&
        b.preset === joins
      )
        [out[k - 1], out[k]] = [b, a];
    }
    return out;
  }

  private item(i: number): ParagraphBlock {
    return this.next[i] as ParagraphBlock;
  }

  /** Whether new block `i` goes on the list of the paragraph before it. */
  private continues(i: number, key: string): boolean {
    const prev = this.next[i - 1];
    return prev?.type === 'paragraph' && prev.list?.key === key;
  }

  /** Blocks `[from, to]` where they will stand. */
  private placed(from: number, to: number): { start: number; end: number; block: ParagraphBlock }[] {
    return Array.from({ length: to - from + 1 }, (_, k) => ({
      start: this.starts[from + k]!,
      end: this.starts[from + k + 1]!,
      block: this.item(from + k),
    }));
  }

  /** The Docs list of the paragraph before new block `i`, as it stands once the container is done. */
  private beforeOf(i: number): Before {
    const { script, next, ctx } = this;
    // Nothing before the first paragraph of a cell or of the body.
    if (i === 0) return script.inCell || script.sources[0]!.startIndex <= 1 ? 'none' : 'unknown';
    const prev = next[i - 1]!;
    if (prev.type !== 'paragraph') return 'none';
    const o = this.paired.get(i - 1);
    if (o === undefined) {
      // A new item that kept the bullet it copied is in that list, unless bulleted again here.
      const copied = this.flagged[i - 1] ? undefined : this.ctx.copiedList(prev);
      return copied ? { listId: copied } : prev.list ? 'unknown' : 'none';
    }
    const src = script.sources[o] as ParagraphSource;
    const old = script.old[o] as ParagraphBlock;
    if (!prev.list) return 'none';
    // Its bullet stays as it was only when its membership did not change.
    return src.listId && sameList(ctx.env.lists, old.list, prev.list) ? { listId: src.listId } : 'unknown';
  }

  /**
   * The Docs list of the paragraph before new block `i` when it is a new item of list `key` typed
   * this write after an item of that list that keeps its bullet: the new items between were typed
   * copying that bullet, those nested joining its list at their level, which a list a preset joins
   * takes when it has their kinds there (lower-lists.ts bulletSets). Undefined when not known.
   */
  private throughNewItems(i: number, key: string): { listId: string } | undefined {
    let k = i - 1;
    while (k >= 0 && !this.paired.has(k) && !this.flagged[k] && this.item(k).list?.key === key) k--;
    if (k === i - 1 || k < 0 || this.item(k).list?.key !== key) return undefined;
    const before = this.beforeOf(k + 1);
    if (typeof before !== 'object' || !joinsByAnyPreset(this.tab, before.listId)) return undefined;
    for (let n = k + 1; n < i; n++) {
      const list = this.item(n).list!;
      if (listLevel(this.tab, before.listId, list.level).kind !== list.kind) return undefined;
    }
    return before;
  }

  /** The Docs list the items among `[from, to]` that are items of `key` already are in. */
  private listNow(from: number, to: number, key: string): Now {
    for (let k = from; k <= to; k++) {
      const o = this.paired.get(k);
      if (o === undefined) continue;
      const src = this.script.sources[o] as ParagraphSource;
      const was = (this.script.old[o] as ParagraphBlock).list;
      if (src.listId && was && goesOnAs(this.ctx.env.lists, was.key, key))
        return { listId: src.listId, item: this.item(k) };
    }
    return undefined;
  }

  /**
   * How blocks `[from, to]` (items, and further blocks of items, of list `key`) are bulleted as
   * one set: with the preset of the Docs list those of them bulleted already are in, so that they
   * look as before; null when that preset does not have every item's kind at its level.
   */
  private setPreset(from: number, to: number, key: string): { preset: string; now: Now } | null {
    const items = (this.next.slice(from, to + 1) as ParagraphBlock[]).filter((b) => b.list);
    const now = this.listNow(from, to, key);
    const kind = items[0]!.list!.kind;
    const preset = (now && joining(this.tab, now.listId).preset) || PRESETS[kind];
    const levels = presetLevels(preset);
    if (!items.every((b) => levelKind(levels, b.list!.level) === b.list!.kind)) return null;
    return { preset, now };
  }

  /**
   * Blocks `[from, to]` bulleted as one set: the items bulleted already keep their list under a
   * new bullet, so they lose it first. When that list is not one its preset makes as it is (its
   * own glyphs, indents or numbering), the Docs API forces those of the preset on it: said.
   */
  private oneSet(from: number, to: number, how: { preset: string; now: Now }): void {
    this.checkListGoesOn(from, to);
    const { ctx, tab, starts } = this;
    const all = this.next.slice(from, to + 1) as ParagraphBlock[];
    const before = this.beforeOf(from);
    if (how.now && !madeByPreset(tab, how.now.listId, how.preset))
      ctx.warnings.push(
        `The list of "${clip(plainText(how.now.item.inlines))}" was bulleted anew to take in the new items (the Docs API joins new items to a list only right after it, and only through a preset with its outer glyph): its own glyphs, indents and numbering are now those of Google's ${how.preset}.`,
      );
    ctx.push({
      deleteParagraphBullets: { range: ctx.range(this.script.seg, starts[from]!, starts[to + 1]! - 1) },
    });
    bulletNested(ctx, this.script.seg, this.placed(from, to), {
      preset: how.preset,
      separate: before === 'unknown' || typeof before === 'object',
      anchor: all.every((b) => (b.list?.level ?? 1) > 0),
    });
  }

  /**
   * Refuses bulleting blocks `[from, to]` anew when they end the container (a section) and the
   * paragraph right after it is an item of a Docs list items among them leave, which the text
   * goes on (an outer item of their outer kind, or a nested one): a section's list numbering the
   * next section's heading too. That item is not this import's to change, and left in the old
   * list it would start a list of its own, numbered anew.
   */
  private checkListGoesOn(from: number, to: number): void {
    const { script, tab } = this;
    const last = script.sources[script.sources.length - 1];
    if (script.seg !== '' || script.inCell || !last || to !== this.next.length - 1) return;
    const leaving = new Set<string>();
    for (let k = from; k <= to; k++) {
      const o = this.paired.get(k);
      const id = o === undefined ? undefined : (script.sources[o] as ParagraphSource).listId;
      if (id) leaving.add(id);
    }
    const after = (tab.body?.content ?? []).find((se) => (se.startIndex ?? 0) >= last.endIndex);
    const bullet = after?.paragraph?.bullet;
    if (!bullet?.listId || !leaving.has(bullet.listId)) return;
    const level = bullet.nestingLevel ?? 0;
    const outer = this.outerKind(from, to);
    if (level === 0 && listLevel(tab, bullet.listId, 0).kind !== outer) return;
    throw listGoesOn(this.item(from), after!.paragraph!);
  }

  /** Bullets `set` of the run of new blocks that starts at `at` (its `from`, `to` count from there). */
  private bulletAt(at: number, set: BulletSet): void {
    bulletNested(this.ctx, this.script.seg, this.placed(at + set.from, at + set.to), set);
  }

  /**
   * Blocks `[from, to]` bulleted as one set in the preset of their outer items' kind, then their
   * nested runs of another kind than that preset gives their level as lists of their own there
   * (they read back nested in the item before them). `now`: the Docs list they were in, whose own
   * look the preset replaces (oneSet says so when it differs). A first item of such a run would be
   * a list of its own, and the outer items after it another: refused, naming the limit.
   */
  private bulletStretch(from: number, to: number, kind0: ListKind, now?: Now): void {
    const preset = PRESETS[kind0];
    const levels = presetLevels(preset);
    const apart = (k: number): boolean => {
      const b = this.item(k);
      return b.list !== undefined && b.list.level > 0 && levelKind(levels, b.list.level) !== b.list.kind;
    };
    if (apart(from)) throw mixedListFirst(this.item(from), kind0);
    this.oneSet(from, to, { preset, now });
    for (let a = from; a <= to; ) {
      if (!apart(a)) {
        a++;
        continue;
      }
      let z = a;
      while (z + 1 <= to && apart(z + 1)) z++;
      for (const set of bulletSets(this.tab, 'unknown', this.next.slice(a, z + 1) as ParagraphBlock[]))
        this.bulletAt(a, set);
      a = z + 1;
    }
  }

  /** The one kind of the outer (level-0) items among blocks `[from, to]`; null when none or several. */
  private outerKind(from: number, to: number): ListKind | null {
    const kinds = new Set<ListKind>();
    for (let k = from; k <= to; k++) {
      const list = this.item(k).list;
      if (list?.level === 0) kinds.add(list.kind);
    }
    return kinds.size === 1 ? [...kinds][0]! : null;
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

/** Whether `b` is an item of list `key` or a further block of an item. */
function sameKeyOrFurther(b: Block | undefined, key: string): boolean {
  return b?.type === 'paragraph' && (b.list ? b.list.key === key : b.item !== undefined);
}
