/**
 * Lowering of new paragraphs next to existing ones (or filling a new table cell): one insertText
 * for their text, then objects, bullets dropped, paragraph styles, run styles, anchors and bullets
 * created, in an order that keeps every index valid. Touches no index below the insertion point.
 */

import type { ParagraphBlock, ParagraphStyle, TextStyle } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { listLevel } from '../export/lists.js';
import { furtherIndents, type PlanContext, quoteRuleLook } from './context.js';
import type { ListPairs } from './edit-script.js';
import {
  type Before,
  type BulletSet,
  bulletSets,
  indentsOver,
  joining,
  joinsByPreset,
} from './lower-lists.js';
import { toUnits } from './paragraph-units.js';
import {
  ALL_FIELDS,
  fieldsFor,
  goesOnAs,
  type Inherited,
  insertObject,
  PRESETS,
  runs,
  sameList,
  splitObjects,
  writesSuggestion,
} from './paragraphs.js';
import { paragraphStylePayload, type TextField } from './style-payloads.js';

/**
 * Inserts new paragraphs at `x`:
 * - `after`: `x` is the closing `\n` of an existing paragraph; the new ones follow it;
 * - `before`: `x` is the start of an existing paragraph; the new ones precede it;
 * - `fill`: `x` is the start of an empty paragraph (a new table cell); the last new paragraph is it.
 * Returns the new paragraphs whose list needs re-bulleting for a nested level.
 */
export function insertParagraphs(
  ctx: PlanContext,
  seg: string,
  x: number,
  mode: 'after' | 'before' | 'fill',
  blocks: ParagraphBlock[],
  inh: Inherited,
): ParagraphBlock[] {
  if (blocks.length === 0) return [];
  const units = blocks.map((b) => toUnits(b, ctx.codes, ctx.env.positioned));
  for (const u of units) {
    ctx.checkNewMarkers(u);
    if (u.styles.some((st) => st?.suggestion)) throw writesSuggestion();
  }
  const { create, drop, tabs, nested, later } = bulletPlan(ctx.env.lists, inh, blocks);
  if (mode === 'after') later.push(...outerAfterNested(ctx.env.lists, inh, blocks, { create, drop, tabs }));
  // Nested items are bulleted at their levels through temporary paragraphs typed with them.
  const sets = nestedSets(ctx, inh, mode, blocks, create, new Set(nested));
  // New nested items last, right before an item of their list that keeps its Docs list, and after
  // no item of it: sets of their own would start lists of their own there (the Docs API joins a
  // set only to the list before it), so they go into that list with the items after them once the
  // container is done (list-rebuild.ts), keeping the bullet they copy until then.
  // The sets may be several (a numbered run under a bulleted one is a set of its own): the last
  // ones that are all of that list, back to one after no item of it, go together.
  const after = inh.itemAfter;
  let end = blocks.length;
  let from = sets.length;
  while (after && from > 0) {
    const set = sets[from - 1]!;
    if (set.to !== end - 1 || set.listId === after.listId) break;
    if (!blocks.slice(set.from, set.to + 1).every((b) => b.list?.key === after.key)) break;
    from--;
    end = set.from;
    const itemBefore = set.from > 0 ? blocks[set.from - 1]!.list?.key === after.key : after.itemBefore;
    if (itemBefore) continue;
    for (const moved of sets.splice(from))
      for (let k = moved.from; k <= moved.to; k++) later.push(blocks[k]!);
    break;
  }
  // Items that keep the bullet they copy are in the Docs list of the paragraph split from.
  if (inh.list && !inh.listIsNew && inh.listId) {
    const held = new Set([...nested, ...later, ...sets.flatMap((set) => blocks.slice(set.from, set.to + 1))]);
    for (const [k, b] of blocks.entries())
      if (b.list && !create[k] && !drop[k] && !held.has(b)) ctx.typedInto(b, { listId: inh.listId });
  }
  // Items left for the list rebuild hold the bullet they copied until it bullets them: that of
  // the paragraph split from as it stands now (one bulleted later is still in its old list).
  const copied = inh.bulletLater ? inh.bulletUntilLater : inh.list && !inh.listIsNew ? inh.listId : undefined;
  if (copied)
    for (const [k, b] of blocks.entries()) if (later.includes(b) && !drop[k]) ctx.holdsCopied(b, copied);
  const lateDrop = dropsAfterNextRun(ctx, inh, copied, blocks, create, drop);
  const pre = blocks.map(() => 0);
  const bulleted = new Set(nested);
  for (const set of sets) {
    pre[set.from] = (set.separate ? 1 : 0) + (set.anchor ? 1 : 0);
    for (let k = set.from; k <= set.to; k++) {
      if (set.listId === undefined && !set.keep) ctx.typedInto(blocks[k]!, 'own');
      tabs[k] = blocks[k]!.list!.level;
      // Bulleted by its set, not by a plain createParagraphBullets.
      create[k] = false;
      bulleted.add(blocks[k]!);
    }
  }
  const textOnly = units.map((u, i) => '\t'.repeat(tabs[i]!) + splitObjects(ctx, u, 0, u.text.length).text);
  const joined = textOnly.map((t, i) => '\n'.repeat(pre[i]!) + t).join('\n');
  const text = mode === 'after' ? `\n${joined}` : mode === 'before' ? `${joined}\n` : joined;
  ctx.insertText(seg, x, text);

  // Start of each new paragraph before objects are inserted (objects of paragraph i come later).
  const first = mode === 'after' ? x + 1 : x;
  const starts: number[] = [];
  let at = first;
  textOnly.forEach((t, i) => {
    starts.push(at + pre[i]!);
    at += pre[i]! + t.length + 1;
  });
  // Objects first, last paragraph first, so the starts of the paragraphs before stay valid.
  for (let i = blocks.length - 1; i >= 0; i--) {
    const u = units[i]!;
    const body = starts[i]! + tabs[i]!;
    for (const { offset, obj } of splitObjects(ctx, u, 0, u.text.length).objects)
      insertObject(ctx, seg, body + offset, obj);
  }
  // From here on the text is all there (leading tabs included): final starts.
  const finalStarts: number[] = [];
  at = first;
  units.forEach((u, i) => {
    finalStarts.push(at + pre[i]!);
    at += pre[i]! + tabs[i]! + u.text.length + 1;
  });
  const paraEnd = (i: number): number => finalStarts[i]! + tabs[i]! + units[i]!.text.length + 1;
  /**
   * A range over paragraphs i..j-1 that overlaps no other paragraph: up to the last one's newline,
   * or over it when that paragraph is empty (a range ending at its start would leave it out).
   */
  const span = (i: number, j: number) =>
    ctx.range(seg, finalStarts[i]!, Math.max(paraEnd(j - 1) - 1, finalStarts[j - 1]! + 1));
  // Bullets dropped and paragraph styles: one request per run of paragraphs that need the same.
  for (let i = 0; i < blocks.length; ) {
    if (!drop[i] || lateDrop.has(i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < blocks.length && drop[j] && !lateDrop.has(j)) j++;
    ctx.push({ deleteParagraphBullets: { range: span(i, j) } });
    i = j;
  }
  const payloads = blocks.map((b, i) => {
    // A bullet created later writes its level's indents (put back after it); a kept one keeps
    // the inherited paragraph's list, whose level's indents a list item's are relative to.
    const newBullet = create[i]! || bulleted.has(b) || later.includes(b);
    const from = newBullet
      ? { ...inh.style, indentLeft: b.style.indentLeft, firstLineIndent: b.style.firstLineIndent }
      : inh.style;
    const level = b.list && !newBullet ? ctx.env.levelIndents(inh.listId, b.list.level) : undefined;
    return paragraphStylePayload(from, b.style, ctx.paragraphBase(b.style.namedStyle), drop[i]! && !b.list, {
      level,
      fromBase: ctx.paragraphBase(inh.style.namedStyle),
    });
  });
  // A paragraph that loses its bullet late is styled after (deleting a bullet writes indents).
  const latePayloads = new Map([...lateDrop].map((k) => [k, payloads[k]]));
  for (const k of lateDrop) payloads[k] = null;
  for (let i = 0; i < blocks.length; ) {
    const pst = payloads[i];
    let j = i + 1;
    while (j < blocks.length && deepEqual(payloads[j], pst)) j++;
    if (pst) ctx.push({ updateParagraphStyle: { range: span(i, j), ...pst } });
    i = j;
  }
  // Run styles: equal runs of consecutive paragraphs merge across the newline between them
  // (styling a newline is harmless; links never apply to newlines, so linked runs do not merge).
  interface Styled {
    start: number;
    end: number;
    style: TextStyle;
    fields: Set<TextField>;
    named: ParagraphStyle['namedStyle'];
    wholeEnd: boolean;
  }
  const styled: Styled[] = [];
  /** Whole paragraphs written first with every field, when what their text inherits is unknown. */
  const grounds: Styled[] = [];
  blocks.forEach((b, i) => {
    const u = units[i]!;
    const body = finalStarts[i]! + tabs[i]!;
    let inherited = inh.style.namedStyle === b.style.namedStyle ? inh.textStyle : null;
    const rs = runs(u.styles, 0, u.text.length);
    const ground = inherited === null && rs.length > 1 ? groundStyle(rs) : null;
    if (ground) {
      // One request sets every field of the whole paragraph to its commonest style; each other
      // run then says only what differs from it.
      const end = body + u.text.length;
      grounds.push({
        start: body,
        end,
        style: ground,
        fields: ALL_FIELDS,
        named: b.style.namedStyle,
        wholeEnd: true,
      });
      inherited = ground;
    }
    rs.forEach((r, k) => {
      const item: Styled = {
        start: body + r.start,
        end: body + r.end,
        style: r.style,
        fields: fieldsFor(inherited, r.style),
        named: b.style.namedStyle,
        wholeEnd: k === rs.length - 1 && r.end === u.text.length,
      };
      const prev = styled[styled.length - 1];
      const sameFields = (a: Set<TextField>, c: Set<TextField>): boolean =>
        a.size === c.size && [...a].every((f) => c.has(f));
      if (
        prev &&
        r.start === 0 &&
        tabs[i] === 0 &&
        prev.wholeEnd &&
        prev.end + 1 === item.start &&
        prev.named === item.named &&
        item.style.link === undefined &&
        deepEqual(prev.style, item.style) &&
        sameFields(prev.fields, item.fields)
      ) {
        prev.end = item.end;
        prev.wholeEnd = item.wholeEnd;
      } else styled.push(item);
    });
  });
  for (const t of grounds) ctx.textStyle(seg, t.start, t.end, t.style, t.fields, t.named);
  for (let k = styled.length - 1; k >= 0; k--) {
    const t = styled[k]!;
    ctx.textStyle(seg, t.start, t.end, t.style, t.fields, t.named);
  }
  for (let i = blocks.length - 1; i >= 0; i--) {
    const body = finalStarts[i]! + tabs[i]!;
    ctx.createAnchors(seg, units[i]!, body, body + units[i]!.text.length);
    ctx.markCode(seg, blocks[i]!, body, body + units[i]!.text.length);
    ctx.markHtml(seg, blocks[i]!, units[i]!, body);
    ctx.markImages(seg, units[i]!, body);
    const b = blocks[i]!;
    // A bullet made below writes its level's indents, then indentsOver gives the quote's back.
    const kept = b.list && !(create[i]! || bulleted.has(b) || later.includes(b));
    const level = kept
      ? ctx.env.levelIndents(inh.listId, b.list!.level)
      : furtherIndents(ctx, inh.list ? inh.listId : undefined, b);
    ctx.markQuoteRule(seg, b, body, body + units[i]!.text.length, inh.marks ?? {}, level);
  }
  // Bullets last, from the end: createParagraphBullets eats the leading tabs and shifts what follows.
  const setEnding = new Map(sets.map((set) => [set.to, set]));
  for (let j = blocks.length; j > 0; ) {
    const set = setEnding.get(j - 1);
    if (set) {
      const temps = pre[set.from]!;
      const tempStart = finalStarts[set.from]! - temps;
      if (set.separate)
        ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, tempStart, tempStart + 1) } });
      ctx.push({
        createParagraphBullets: {
          range: ctx.range(seg, tempStart + (set.separate ? 1 : 0), paraEnd(set.to) - 1),
          bulletPreset: set.preset,
        },
      });
      ctx.deleteRange(seg, tempStart, tempStart + temps);
      let gone = temps;
      for (let k = set.from; k <= set.to; k++) {
        const b = blocks[k]!;
        const ps = indentsOver(ctx, b, ctx.env.levelIndents(set.listId, b.list!.level));
        const at = finalStarts[k]! - gone;
        if (ps) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, at, at + 1), ...ps } });
        gone += tabs[k]!;
      }
      j = set.from;
      continue;
    }
    if (!create[j - 1]) {
      j--;
      continue;
    }
    let i = j - 1;
    const kind = blocks[j - 1]!.list!.kind;
    const key = blocks[j - 1]!.list!.key;
    const joins = (b: ParagraphBlock, k: number): boolean =>
      create[k]! && b.list!.kind === kind && b.list!.key === key;
    for (;;) {
      if (i > 0 && joins(blocks[i - 1]!, i - 1)) i--;
      else {
        // Further blocks of an item (model.ts `item`) between items of the run are bulleted with
        // them and lose the bullet again, so that the items after them stay in the same list.
        let k = i;
        while (k > 0 && blocks[k - 1]!.item !== undefined) k--;
        if (k === i || k === 0 || !joins(blocks[k - 1]!, k - 1)) break;
        i = k - 1;
      }
    }
    const start = finalStarts[i]!;
    const end = paraEnd(j - 1);
    ctx.push({
      createParagraphBullets: {
        range: ctx.range(seg, start, end - 1 > start ? end - 1 : end),
        bulletPreset: PRESETS[kind],
      },
    });
    // Bulleted while the paragraph before still holds the copied bullet, the run joined its list.
    const joined = lateDrop.has(i - 1) ? copied : undefined;
    if (joined) {
      const at = finalStarts[i - 1]!;
      ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, at, at + 1) } });
      const pst = latePayloads.get(i - 1);
      if (pst) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, at, at + 1), ...pst } });
    }
    // The bullets wrote their levels' indents and ate the tabs: put back the indents the model says.
    let eaten = 0;
    for (let k = i; k < j; k++) {
      const b = blocks[k]!;
      const at = finalStarts[k]! - eaten;
      if (!b.list) {
        ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, at, at + 1) } });
        const look = quoteRuleLook(
          ctx.paragraphBase(b.style.namedStyle),
          b,
          furtherIndents(ctx, inh.list ? inh.listId : undefined, b),
          {},
        );
        if (look) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, at, at + 1), ...look } });
        continue;
      }
      const ps = indentsOver(ctx, b, ctx.env.levelIndents(joined, b.list!.level));
      if (ps) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, at, at + 1), ...ps } });
      eaten += tabs[k]!;
    }
    j = i;
  }
  return later;
}

/**
 * New plain paragraphs right before a run of new items (outer first) that go on the Docs list the
 * paragraphs copied their bullet from, as its items: bulleted while the paragraph before still
 * holds that bullet, the run joins that list (the Docs API joins a set only to the list right
 * before it, through a preset with its outer glyph); bulleted after it lost it, the run would be
 * a list of its own. Each such paragraph loses its bullet right after the run is bulleted.
 */
function dropsAfterNextRun(
  ctx: PlanContext,
  inh: Inherited,
  /** The Docs list the new paragraphs copied their bullet from, when they did. */
  listId: string | undefined,
  blocks: readonly ParagraphBlock[],
  create: readonly boolean[],
  drop: readonly boolean[],
): Set<number> {
  const out = new Set<number>();
  if (!listId) return out;
  // Whether new list `key` is in that Docs list: the old list of the paragraph split from goes on
  // as it, or its items after the new paragraphs stay in it.
  const inList = (key: string): boolean =>
    (inh.list !== undefined && !inh.listIsNew && goesOnAs(ctx.env.lists, inh.list.key, key)) ||
    (inh.itemAfter?.key === key && inh.itemAfter.listId === listId);
  const join = joining(ctx.env.tab, listId);
  for (let k = 0; k + 1 < blocks.length; k++) {
    const first = blocks[k + 1]!;
    if (!drop[k] || blocks[k]!.list || !create[k + 1] || first.list?.level !== 0) continue;
    const { key, kind } = first.list;
    if (!inList(key) || !join.takes(kind)) continue;
    let fits = true;
    for (let m = k + 1; m < blocks.length && create[m] && blocks[m]!.list?.key === key; m++) {
      const b = blocks[m]!;
      if (b.list!.kind !== kind) break;
      if (listLevel(ctx.env.tab, listId, b.list!.level).kind !== kind) fits = false;
    }
    if (fits) out.add(k);
  }
  return out;
}

/**
 * The bulleted sets of the new nested items (runs of consecutive ones of one list), with block
 * indices: each joins the list of the paragraph before it where that list has its kinds
 * (lower-lists.ts bulletSets).
 */
function nestedSets(
  ctx: PlanContext,
  inh: Inherited,
  mode: 'after' | 'before' | 'fill',
  blocks: ParagraphBlock[],
  create: boolean[],
  nested: ReadonlySet<ParagraphBlock>,
): BulletSet[] {
  // The Docs list the paragraph split from is in while these are bulleted (one bulleted later is
  // still in its old list then, or in none).
  const inherited: Before =
    inh.listId && !inh.listIsNew
      ? { listId: inh.listId }
      : inh.bulletLater
        ? inh.bulletUntilLater
          ? { listId: inh.bulletUntilLater }
          : 'none'
        : 'unknown';
  const before = (i: number): Before => {
    if (i === 0) return mode !== 'after' ? 'unknown' : inh.list ? inherited : 'none';
    const prev = blocks[i - 1]!;
    if (!prev.list) return 'none';
    // Bullets go on from the last paragraph back: a nested item before is bulleted after this one
    // (here or once the container is done), and holds the bullet it copied until then.
    if (nested.has(prev)) return inherited;
    return create[i - 1] ? 'unknown' : inherited;
  };
  /** Whether new block `i` goes on the list of the paragraph before it. */
  const continues = (i: number, key: string): boolean => {
    if (i > 0) return blocks[i - 1]!.list?.key === key;
    if (mode !== 'after' || !inh.list) return false;
    return inh.listIsNew ? inh.list.key === key : goesOnAs(ctx.env.lists, inh.list.key, key);
  };
  /**
   * The sets of one run (block `at` on), kept apart from a nested item before them that is in the
   * run too. bulletSets takes that item to be in its own set's new list by then, a list of another
   * kind; but the sets are bulleted from the last back (insertParagraphs), so it still holds the
   * bullet it copied, and a set whose preset that list takes would join it.
   */
  const apart = (sets: BulletSet[], at: number): BulletSet[] =>
    sets.map((set, s) => {
      const prev = blocks[at + set.from - 1];
      if (s === 0 || set.separate || !prev || !nested.has(prev)) return set;
      const kind = blocks[at + set.from]!.list!.kind;
      // Split from a paragraph in no list, it copied no bullet.
      const held =
        (inherited === 'unknown' && inh.list !== undefined) ||
        (typeof inherited === 'object' && joining(ctx.env.tab, inherited.listId).takes(kind));
      return held ? { ...set, separate: true } : set;
    });
  const out: BulletSet[] = [];
  for (let i = 0; i < blocks.length; ) {
    const b = blocks[i]!;
    if (!nested.has(b) && !create[i]) {
      i++;
      continue;
    }
    const key = b.list!.key;
    const inRun = (k: number) => (nested.has(blocks[k]!) || create[k]) && blocks[k]!.list!.key === key;
    let j = i;
    while (j + 1 < blocks.length && inRun(j + 1)) j++;
    const run = blocks.slice(i, j + 1);
    const sets = apart(
      bulletSets(ctx.env.tab, before(i), run, continues(i, key), joinsByPreset(blocks[i - 1], run)),
      i,
    );
    // Level-0 items whose bullet a plain createParagraphBullets gives (joining the list before
    // when its preset matches) are left to it, unless they must be kept apart from that list.
    const plain = !nested.has(b) && !(typeof before(i) === 'object' && sets[0]!.separate);
    if (!plain) for (const set of sets) out.push({ ...set, from: i + set.from, to: i + set.to });
    else {
      // Its nested items still need their sets (the plain bullets give no nested level).
      for (let k = i; k <= j; ) {
        if (!nested.has(blocks[k]!)) {
          k++;
          continue;
        }
        let m = k;
        while (m + 1 <= j && nested.has(blocks[m + 1]!)) m++;
        for (const set of apart(bulletSets(ctx.env.tab, before(k), blocks.slice(k, m + 1)), k))
          out.push({ ...set, from: k + set.from, to: k + set.to });
        k = m + 1;
      }
    }
    i = j + 1;
  }
  return out;
}

/** What new paragraphs do about bullets, per paragraph (plain data, decided before any request). */
export interface BulletPlan {
  /** Gets a bullet of its own (createParagraphBullets, grouped by list). */
  create: boolean[];
  /** Drops the bullet it inherits from the paragraph it was split from. */
  drop: boolean[];
  /** Leading tabs giving its level within the bulleted set. */
  tabs: number[];
  /** Needs a nested level no set of its own can give: its whole list is re-bulleted later. */
  nested: ParagraphBlock[];
  /** Of the list of the paragraph it splits from, which gets its bullet once the container is done: bulleted with it. */
  later: ParagraphBlock[];
}

/**
 * Which new paragraphs keep the inherited bullet, which get a new one, and which need their list
 * re-bulleted. `lists` pairs old list keys with new ones.
 */
export function bulletPlan(lists: ListPairs, inh: Inherited, blocks: ParagraphBlock[]): BulletPlan {
  const same = (b: ParagraphBlock): boolean =>
    inh.listIsNew ? deepEqual(inh.list ?? null, b.list ?? null) : sameList(lists, inh.list, b.list);
  const create = blocks.map((b) => b.list !== undefined && !same(b));
  const drop = blocks.map((b) => inh.list !== undefined && !same(b));
  const tabs = blocks.map(() => 0);
  const nested: ParagraphBlock[] = [];
  // Items of the list of a paragraph bulleted later are bulleted with it (list-rebuild.ts): the one
  // inherited from, or the one before the new paragraphs.
  const laterKeys = new Set([inh.bulletLater ? inh.list?.key : undefined, inh.laterKey]);
  const later = blocks.filter((b) => b.list !== undefined && laterKeys.has(b.list.key));
  // Items with further blocks of an item (model.ts `item`) between them are one Docs list: they are
  // bulleted together with those blocks once the container is done (list-rebuild.ts).
  for (const b of spannedItems(blocks)) if (!later.includes(b)) later.push(b);
  // So are new items of a list whose outer items come after items of another kind nested before
  // them: bulleted a kind at a time, the outer items after would be another list.
  for (const b of splitByKind(blocks, create)) if (!later.includes(b)) later.push(b);
  for (const [i, b] of blocks.entries()) {
    if (!later.includes(b)) continue;
    create[i] = false;
    drop[i] = false;
  }
  for (let i = 0; i < blocks.length; ) {
    if (!create[i]) {
      i++;
      continue;
    }
    let j = i + 1;
    const kind = blocks[i]!.list!.kind;
    while (
      j < blocks.length &&
      create[j] &&
      blocks[j]!.list!.kind === kind &&
      blocks[j]!.list!.key === blocks[i]!.list!.key
    )
      j++;
    const min = Math.min(...blocks.slice(i, j).map((b) => b.list!.level));
    if (min > 0) {
      // Nesting is relative to the bulleted set: leave these to the whole-list re-bulleting.
      for (let k = i; k < j; k++) {
        nested.push(blocks[k]!);
        create[k] = false;
        drop[k] = false;
      }
    } else {
      for (let k = i; k < j; k++) tabs[k] = blocks[k]!.list!.level;
    }
    i = j;
  }
  return { create, drop, tabs, nested, later };
}

/**
 * New items of a list typed right after a nested item of it (the paragraph split from), the first
 * an outer one, or new nested ones then an outer one: a plain bullet joins the Docs list of that
 * item, which need not be the one of the list's outer items (nested items of a Docs list of their
 * own read as nested in the item before them): they are bulleted once the container is done, with
 * the list (list-rebuild.ts).
 * Until then they keep the bullet they copy (`create`, `drop` and `tabs` lose them).
 */
function outerAfterNested(
  lists: ListPairs,
  inh: Inherited,
  blocks: readonly ParagraphBlock[],
  { create, drop, tabs }: Pick<BulletPlan, 'create' | 'drop' | 'tabs'>,
): ParagraphBlock[] {
  if (!inh.list || inh.listIsNew || inh.list.level === 0) return [];
  // The first outer one may come after new nested ones of the list (a sub-item, then an item).
  const key = blocks[0]?.list?.key;
  if (key === undefined) return [];
  let lead = 0;
  while (lead < blocks.length && blocks[lead]!.list?.key === key && blocks[lead]!.list!.level > 0) lead++;
  const first = blocks[lead];
  if (!first?.list || first.list.key !== key || !create[lead]) return [];
  if (first.list.level !== 0 || !goesOnAs(lists, inh.list.key, key)) return [];
  // New nested ones before it go with it: bulleted now, they would be a list the set after them
  // cannot join.
  const out: ParagraphBlock[] = [];
  for (let k = 0; k < blocks.length && blocks[k]!.list?.key === key; k++) {
    if (!create[k]) continue;
    create[k] = false;
    drop[k] = false;
    tabs[k] = 0;
    out.push(blocks[k]!);
  }
  return out;
}

/**
 * The new items of `blocks` (`create`) of a list, consecutive, where an outer item comes after an
 * item of another kind (a numbered sub-item between two bullets, or first: list-rebuild.ts refuses
 * that one, which no API call makes).
 */
function splitByKind(blocks: readonly ParagraphBlock[], create: readonly boolean[]): ParagraphBlock[] {
  const out: ParagraphBlock[] = [];
  for (let i = 0; i < blocks.length; ) {
    if (!create[i]) {
      i++;
      continue;
    }
    const key = blocks[i]!.list!.key;
    let j = i;
    while (j + 1 < blocks.length && create[j + 1] && blocks[j + 1]!.list!.key === key) j++;
    const run = blocks.slice(i, j + 1);
    const split = run.some(
      (b, k) => b.list!.level === 0 && run.slice(0, k).some((a) => a.list!.kind !== b.list!.kind),
    );
    if (split) out.push(...run);
    i = j + 1;
  }
  return out;
}

/** The list items of `blocks` whose list has a further block of an item between two of its items. */
function spannedItems(blocks: readonly ParagraphBlock[]): ParagraphBlock[] {
  const spanned = new Set<string>();
  let open: string | undefined;
  let further = false;
  for (const b of blocks) {
    if (b.list) {
      if (further && open === b.list.key) spanned.add(open);
      open = b.list.key;
      further = false;
    } else if (b.item !== undefined && open !== undefined) further = true;
    else open = undefined;
  }
  return blocks.filter((b) => b.list !== undefined && spanned.has(b.list.key));
}

/** The style most of a paragraph's text has (links aside: they never go on a newline), if any. */
function groundStyle(rs: { start: number; end: number; style: TextStyle }[]): TextStyle | null {
  const length = new Map<string, { style: TextStyle; n: number }>();
  for (const r of rs) {
    if (r.style.link !== undefined) continue;
    const key = JSON.stringify(r.style);
    const e = length.get(key) ?? { style: r.style, n: 0 };
    e.n += r.end - r.start;
    length.set(key, e);
  }
  let best: { style: TextStyle; n: number } | null = null;
  for (const e of length.values()) if (!best || e.n > best.n) best = e;
  return best?.style ?? null;
}
