/**
 * Lists across an edit, decided on the edit script before any request: which old list each new
 * list goes on as (`listPairs`), and which paragraphs made items of a list next to them are typed
 * anew beside its items rather than bulleted (`retypeListJoiners`), so that they copy its bullet.
 * Pure.
 */
import type { Block, ParagraphBlock } from '../../mebdf/model.js';
import type { AlignOp } from './align.js';
import type { AnySource, ContainerScript } from './edit-script.js';

/**
 * A paragraph made an item of a list that stays next to it, which no bullet it could be given
 * joins: the Docs API joins a bulleted paragraph only to the list before it, when a preset has
 * that list's outer glyph. So a paragraph made the item before a list's first (bulleting the list
 * anew with it would give the whole list a preset's look), or the item after the last of a list
 * no preset joins, is typed anew next to that item instead, where it copies its bullet: its
 * pairing becomes a deletion and an insertion, when it holds nothing typing anew would lose (text
 * and line breaks only: no object, anchor, heading id or suggestion). So is an item of another
 * Docs list made an item of that list.
 */
export function retypeListJoiners(
  ops: AlignOp[],
  old: Block[],
  sources: AnySource[],
  next: Block[],
  joinable: (listId: string) => boolean,
): void {
  /** Whether op `j` keeps or pairs an old item with a new item of list `key`; its Docs list. */
  const itemOf = (j: number, key: string): string | null => {
    const op = ops[j];
    if (!op || (op.op !== 'keep' && op.op !== 'pair')) return null;
    const was = old[op.o]!;
    const now = next[op.n]!;
    const src = sources[op.o]!;
    if (was.type !== 'paragraph' || !was.list || now.type !== 'paragraph' || now.list?.key !== key)
      return null;
    return src.kind === 'paragraph' && src.listId ? src.listId : null;
  };
  /** The list key pair `k` makes a plain paragraph an item of, when it can be typed anew. */
  const joiner = (k: number): string | null => {
    const op = ops[k];
    if (op?.op !== 'pair') return null;
    const ob = old[op.o]!;
    const nb = next[op.n]!;
    const src = sources[op.o]!;
    if (ob.type !== 'paragraph' || nb.type !== 'paragraph' || src.kind !== 'paragraph' || !nb.list)
      return null;
    const plain = ob.inlines.every(
      (x) => x.type === 'break' || (x.type === 'text' && x.style.suggestion === undefined),
    );
    if (!plain || src.headingId || src.positionedObjectIds?.length || ob.code || ob.html) return null;
    return nb.list.key;
  };
  const chains: { from: number; to: number; closes: boolean }[] = [];
  for (let k = 0; k < ops.length; ) {
    const key = joiner(k);
    if (key === null) {
      k++;
      continue;
    }
    // A chain of such paragraphs, all made items of one list. It ends before an item that stays in
    // the Docs list of the item after it (changing level or kind there): typed before that item,
    // the chain copies its bullet.
    const staysBefore = (j: number): boolean => {
      const src = sources[(ops[j] as { o: number }).o];
      const id = src?.kind === 'paragraph' ? src.listId : undefined;
      return id !== undefined && itemOf(j, key) === id && itemOf(j + 1, key) === id;
    };
    let end = k;
    while (end + 1 < ops.length && joiner(end + 1) === key && !staysBefore(end + 1)) end++;
    const before = itemOf(k - 1, key);
    const after = itemOf(end + 1, key);
    const first = (ops[k] as { n: number }).n;
    // Before a list's first item (nothing of that list before them), or after the last of a list
    // no preset joins (nothing of it after them). New items of that list typed right before them
    // go in with them. Not next to a new table, whose cells would take the typed text's style
    // (the list is then bulleted anew with them, list-rebuild.ts).
    let lead = first;
    let leadOp = k;
    for (
      let j = k - 1;
      j >= 0 && ops[j]!.op === 'ins' && sameKey(next[(ops[j] as { n: number }).n], key);
      j--
    ) {
      lead = (ops[j] as { n: number }).n;
      leadOp = j;
    }
    const newTable = (j: number): boolean => {
      while (ops[j]?.op === 'ins' && next[(ops[j] as { n: number }).n]!.type === 'paragraph')
        j += j < k ? -1 : 1;
      const op = ops[j];
      return op?.op === 'ins' && next[op.n]!.type === 'table';
    };
    const opens = after !== null && before === null && !sameKey(next[lead - 1], key) && !newTable(k - 1);
    // The last item of the list may be before those new items: typed after it, they copy its
    // bullet too (new nested ones among them are bulleted at their level as they are typed).
    const lastOp = before !== null ? k - 1 : leadOp - 1;
    const last = itemOf(lastOp, key);
    // Typed after that item, they copy its level too: all of them must be at it.
    const level = (b: Block | undefined) => (b?.type === 'paragraph' ? b.list?.level : undefined);
    const itsLevel = last === null ? undefined : level(next[(ops[lastOp] as { n: number }).n]);
    const atItsLevel = ops.slice(k, end + 1).every((op) => level(next[(op as { n: number }).n]) === itsLevel);
    // A list a preset joins takes them bulleted, from the paragraph before them: not when new
    // items are typed between (one nested of another kind is a list of its own there).
    const closes =
      last !== null && after === null && (!joinable(last) || leadOp < k) && atItsLevel && !newTable(end + 1);
    // An item of another list joins this one as a plain paragraph does; an item of the same list
    // as that item (one that changes kind or level in it) is no joiner.
    const neighbourOp = ops[closes ? lastOp : end + 1];
    const neighbour =
      neighbourOp && (neighbourOp.op === 'keep' || neighbourOp.op === 'pair')
        ? old[neighbourOp.o]
        : undefined;
    const neighbourList = neighbour?.type === 'paragraph' ? neighbour.list?.key : undefined;
    // Unless they open the list, moved to the level and kind of its first item that stays: typed
    // anew before it, they copy exactly its bullet (bulleted in place, the first items of a list
    // are a new list, and the items after them another).
    const membership = (b: Block | undefined) =>
      b?.type === 'paragraph' && b.list ? `${b.list.level} ${b.list.kind}` : null;
    const afterOp = ops[end + 1] as { n: number } | undefined;
    const asAfter =
      opens &&
      afterOp !== undefined &&
      ops.slice(k, end + 1).every((op) => {
        const { o, n } = op as { o: number; n: number };
        const now = membership(next[n]);
        return now === membership(next[afterOp.n]) && membership(old[o]) !== now;
      });
    const inIt =
      !asAfter &&
      ops.slice(k, end + 1).some((op) => {
        const was = old[(op as { o: number }).o]!;
        return was.type === 'paragraph' && was.list !== undefined && was.list.key === neighbourList;
      });
    if ((opens || closes) && !inIt) chains.push({ from: k, to: end, closes });
    k = end + 1;
  }
  // Typed after the item before them, or before the item after them: their pairings become
  // deletions and insertions next to that item (the lowering types an insertion after the
  // paragraph before it, or before the one after it when the one before is deleted). The
  // deletions go past the new paragraphs next to them, so that all the new paragraphs there are
  // one insertion run (typed in one place, each knowing what it is typed next to).
  for (const { from, to, closes } of chains.reverse()) {
    const pairs = ops.slice(from, to + 1) as { o: number; n: number }[];
    const dels: AlignOp[] = pairs.map(({ o }) => ({ op: 'del', o }));
    const ins: AlignOp[] = pairs.map(({ n }) => ({ op: 'ins', n }));
    /** A new paragraph (a new table goes in on its own: it needs a paragraph of its own there). */
    const newParagraph = (op: AlignOp | undefined) => op?.op === 'ins' && next[op.n]!.type === 'paragraph';
    if (closes) {
      let end = to + 1;
      while (newParagraph(ops[end])) end++;
      const later = ops.slice(to + 1, end);
      ops.splice(from, end - from, ...ins, ...later, ...dels);
    } else {
      let start = from;
      while (newParagraph(ops[start - 1])) start--;
      const earlier = ops.slice(start, from);
      ops.splice(start, to + 1 - start, ...dels, ...earlier, ...ins);
    }
  }
}

/** Whether `b` is a list item or a further block of one (model.ts `item`): part of a list's run. */
function itemish(b: Block | undefined): b is ParagraphBlock {
  return b?.type === 'paragraph' && (b.list !== undefined || b.item !== undefined);
}

/** Whether `b` is an item of list `key`. */
function sameKey(b: Block | undefined, key: string): boolean {
  return b?.type === 'paragraph' && b.list?.key === key;
}

/**
 * Old list key -> the new list keys it goes on as, over the containers in the order the lowering
 * visits them (each container, then the cells of its tables from the last): the first pairing of
 * a list wins. A list a new plain paragraph interrupts goes on after it too: a Docs list read back
 * starts a new list after any paragraph that is no item (export/model-utils.ts assignListKeys), so
 * its items there keep their bullets, unless Docs would go on counting where the text numbers from
 * 1 (goesOnUnseen): then they are bulleted anew, but when their Docs list has items after them
 * (`goesOnAfter`), which would be renumbered.
 */
export function listPairs(
  scripts: readonly ContainerScript[],
  goesOnAfter: (listId: string, index: number, leaving: ReadonlySet<number>) => boolean,
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const visit = (s: ContainerScript): void => {
    // Old items the edit deletes or makes plain paragraphs: no item of their list is left there
    // to number differently.
    const leaving = new Set<number>();
    for (const op of s.ops) {
      if (op.op === 'ins') continue;
      const src = s.sources[op.o];
      if (src?.kind !== 'paragraph' || !src.listId) continue;
      const now = op.op === 'del' ? undefined : s.next[op.n];
      if (now?.type !== 'paragraph' || !now.list) leaving.add(src.startIndex);
    }
    /**
     * Where the old items of the run of new items op `k` is in end (its last kept or paired one, or
     * an old block deleted among or right after them: its items are gone, and number nothing).
     */
    const runEnd = (k: number): number => {
      let end = 0;
      for (let j = k; j < s.ops.length; j++) {
        const op = s.ops[j]!;
        if (op.op === 'del') {
          end = Math.max(end, s.sources[op.o]!.endIndex);
          continue;
        }
        const b = s.next[op.n]!;
        if (!itemish(b)) break;
        if (op.op !== 'ins') end = Math.max(end, s.sources[op.o]!.endIndex);
      }
      return end;
    };
    s.ops.forEach((op, k) => {
      if (op.op !== 'keep' && op.op !== 'pair') return;
      const ob = s.old[op.o]!;
      const nb = s.next[op.n]!;
      if (ob.type !== 'paragraph' || nb.type !== 'paragraph' || !ob.list || !nb.list) return;
      const keys = out.get(ob.list.key);
      if (!keys) out.set(ob.list.key, new Set([nb.list.key]));
      else if (keys.has(nb.list.key)) return;
      else if (goesOnUnseen(s.next, op.n)) keys.add(nb.list.key);
      else {
        // Bulleted anew, the run's items would leave a Docs list that has items after them, which
        // would then number differently: they stay, and Docs goes on counting.
        const src = s.sources[op.o]!;
        if (src.kind === 'paragraph' && src.listId && goesOnAfter(src.listId, runEnd(k), leaving))
          keys.add(nb.list.key);
      }
    });
    for (let k = s.steps.length - 1; k >= 0; k--) {
      const step = s.steps[k]!;
      if (step.kind !== 'edit-table') continue;
      for (let c = step.cells.length - 1; c >= 0; c--) visit(step.cells[c]!);
    }
  };
  for (const s of scripts) visit(s);
  const containers = scripts.flatMap(withCells);
  for (const s of containers) separateMerging(s, out);
  for (const s of containers) oneDocsListOutside(s, out);
  return out;
}

/** `s` and the scripts of the cells of the tables it edits, theirs too. */
function withCells(s: ContainerScript): ContainerScript[] {
  return [s, ...s.steps.flatMap((step) => (step.kind === 'edit-table' ? step.cells.flatMap(withCells) : []))];
}

/**
 * A list of the text whose outer items stay in two Docs lists (the edit deleted what stood between
 * an item of one and the items of another, and made them one list): Docs reads items of two lists
 * as two lists however close they stand, so only the Docs list of its first outer item that stays
 * goes on as it; the other's items are bulleted anew, into it. (Nested items of another Docs list
 * are a list of their own under the item before them, and read back as part of the list: they
 * stay.)
 */
function oneDocsListOutside(s: ContainerScript, out: Map<string, Set<string>>): void {
  const first = new Map<string, string>();
  for (const op of s.ops) {
    if (op.op !== 'keep' && op.op !== 'pair') continue;
    const ob = s.old[op.o]!;
    const nb = s.next[op.n]!;
    const src = s.sources[op.o]!;
    if (ob.type !== 'paragraph' || nb.type !== 'paragraph' || !ob.list || !nb.list || nb.list.level !== 0)
      continue;
    if (src.kind !== 'paragraph' || !src.listId || out.get(ob.list.key)?.has(nb.list.key) !== true) continue;
    const kept = first.get(nb.list.key);
    if (kept === undefined) first.set(nb.list.key, src.listId);
    else if (kept !== src.listId) out.get(ob.list.key)!.delete(nb.list.key);
  }
}

/**
 * Two lists of the text that are one Docs list (a table or a paragraph between them read them
 * apart) and that the edit brings together, the second one's first item right after the first
 * one's last: Docs reads consecutive items of one list as one list, so the second one does not go
 * on as it was; its items are bulleted anew, as a list of their own (demoteKeeps pairs them). So
 * are those of a list the edit splits in two with nothing between (a style line, `*` after `-`).
 */
function separateMerging(s: ContainerScript, out: Map<string, Set<string>>): void {
  const staying = new Map<number, number>();
  for (const op of s.ops) if (op.op === 'keep' || op.op === 'pair') staying.set(op.n, op.o);
  const listIdOf = (o: number | undefined) => {
    const src = o === undefined ? undefined : s.sources[o];
    return src?.kind === 'paragraph' ? src.listId : undefined;
  };
  /**
   * The Docs list item `m` of list `key` is in once written: its own when it stays in one, else
   * that of the nearest item of its run before it that stays in one (a new item, or a paragraph
   * made one, goes into the list of the items before it: typed after them it copies their bullet,
   * bulleted it joins them).
   */
  const runListId = (m: number, key: string): string | undefined => {
    for (; m >= 0; m--) {
      const b = s.next[m];
      if (!itemish(b) || (b.list !== undefined && b.list.key !== key)) return undefined;
      const id = listIdOf(staying.get(m));
      if (id !== undefined) return id;
    }
    return undefined;
  };
  for (let n = 1; n < s.next.length; n++) {
    const [a, b] = [s.next[n - 1], s.next[n]];
    if (a?.type !== 'paragraph' || b?.type !== 'paragraph' || !a.list || !b.list) continue;
    if (a.list.key === b.list.key || b.list.level !== 0) continue;
    const ob = staying.get(n);
    const listId = listIdOf(ob);
    if (listId === undefined || runListId(n - 1, a.list.key) !== listId) continue;
    const was = (s.old[ob!] as ParagraphBlock).list?.key;
    if (was === undefined) continue;
    out.get(was)?.delete(b.list.key);
  }
}

/**
 * Whether list item `n` starts a run of items after what interrupts a list (a paragraph that is no
 * item nor a further block of one, a table, or nothing) whose numbering would read the same if it
 * stayed in the Docs list of the items before the interruption: it is no numbered item, or no item
 * before the interruption is at its level with none at a lower level after it (Docs would go on
 * counting from that one where the text numbers from 1). Items nested deeper than it, or at lower
 * levels after it, number under their own parents either way. Then its items keep their bullets;
 * so do those of a run that could not be bulleted anew as the text says.
 */
function goesOnUnseen(next: readonly Block[], n: number): boolean {
  const item = next[n];
  if (item?.type !== 'paragraph' || !item.list) return false;
  // The run's first item may be new (typed before the first one that stays).
  const key = item.list.key;
  while (n > 0 && itemish(next[n - 1]) && (next[n - 1] as ParagraphBlock).list?.key !== undefined) {
    if ((next[n - 1] as ParagraphBlock).list!.key !== key) return false;
    n--;
  }
  if (itemish(next[n - 1])) return false;
  const first = next[n] as ParagraphBlock & { list: NonNullable<ParagraphBlock['list']> };
  if (first.list.kind !== 'ordered') return true;
  // A nested first item with outer items after it in the run: bulleted anew, the run would need
  // one list with its kinds at their levels, which no preset may have (a numbered level under
  // bullets): it keeps its list, and Docs goes on counting where the text numbers from 1.
  if (first.list.level > 0) {
    for (let k = n + 1; itemish(next[k]); k++) if ((next[k] as ParagraphBlock).list?.level === 0) return true;
  }
  let k = n - 1;
  while (k >= 0 && next[k]!.type === 'paragraph' && !itemish(next[k])) k--;
  for (; itemish(next[k]); k--) {
    const level = (next[k] as ParagraphBlock).list?.level;
    if (level === undefined || level > first.list.level) continue;
    return level !== first.list.level;
  }
  return true;
}
