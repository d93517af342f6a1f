/**
 * The one alignment routine of the planner: which old item becomes which new item. Used for a
 * container's blocks, a table's rows and its columns; what differs between those is only the
 * comparator (comparators.ts).
 *
 * Common prefix and suffix first, then an LCS (Myers, from the `diff` package) on each item's key,
 * so equal items are kept and get no request at all. Inside each gap left between kept items, a
 * small dynamic programme (Needleman–Wunsch) pairs old with new items by the comparator's cost (a
 * paired item is edited in place) and leaves the rest deleted or inserted. Items that name an
 * anchor (a heading's id, an object's) split the lists before that, so each pairs with itself
 * however large the rewrite.
 */
import { diffArrays } from 'diff';
import { deepEqual } from '../equality.js';

export type AlignOp =
  | { op: 'keep'; o: number; n: number }
  | { op: 'pair'; o: number; n: number }
  | { op: 'del'; o: number }
  | { op: 'ins'; n: number };

/** How two lists of items compare: what the alignment needs to know about an item type. */
export interface Comparator<T> {
  /** Canonical key: equal keys mean equal items. */
  key(item: T): string;
  /**
   * The cost of editing old item `o` into new item `n` in place, by index: below 2 (a delete and
   * an insert cost 1 each), or Infinity when it cannot be edited in place.
   */
  pairCost(o: number, n: number): number;
  /** The anchor an item is named by (a heading's id): such items pair only with themselves. */
  anchor?(item: T): string | null;
  /**
   * Whether an item says next to nothing (an empty paragraph): equal items that say something are
   * kept first, so an empty one kept elsewhere never makes one of them be typed anew.
   */
  slight?(item: T): boolean;
  /**
   * What typing the item anew costs (about its requests): of two ways to keep as many equal items,
   * the one that keeps the costlier (a table swapped with a paragraph: the paragraph moves).
   */
  weight?(item: T): number;
}

/** The ops of a run of positions pairing nothing: deletes, then inserts. */
function unpaired(o0: number, o1: number, n0: number, n1: number): AlignOp[] {
  const out: AlignOp[] = [];
  for (let i = o0; i < o1; i++) out.push({ op: 'del', o: i });
  for (let j = n0; j < n1; j++) out.push({ op: 'ins', n: j });
  return out;
}

/** Runs of equal elements of two lists, as [old index, new index, count] (Myers LCS). */
export function commonRuns<K>(a: K[], b: K[]): [number, number, number][] {
  const out: [number, number, number][] = [];
  let i = 0;
  let j = 0;
  for (const part of diffArrays(a, b)) {
    const count = part.count ?? part.value.length;
    if (part.added) j += count;
    else if (part.removed) i += count;
    else {
      out.push([i, j, count]);
      i += count;
      j += count;
    }
  }
  return out;
}

/**
 * `runs` (an LCS of `a` and `b`), or the common subsequence that keeps the most weight when it
 * keeps more than they do (dynamic programme; small lists only, GAP_CELLS).
 */
function heaviestRuns<K>(
  a: K[],
  b: K[],
  runs: [number, number, number][],
  weight: (i: number) => number,
): [number, number, number][] {
  const R = a.length;
  const C = b.length;
  if (runs.length === 0 || R * C > GAP_CELLS) return runs;
  // Only where some equal item could be kept instead of another: not when the LCS keeps all of one side.
  const kept = runs.reduce((n, r) => n + r[2], 0);
  if (kept === R || kept === C) return runs;
  let keptWeight = 0;
  for (const [i, , count] of runs) for (let k = 0; k < count; k++) keptWeight += weight(i + k);
  const W = C + 1;
  const best = new Float64Array((R + 1) * W);
  for (let i = 1; i <= R; i++) {
    for (let j = 1; j <= C; j++) {
      let v = Math.max(best[(i - 1) * W + j]!, best[i * W + j - 1]!);
      if (a[i - 1] === b[j - 1]) v = Math.max(v, best[(i - 1) * W + j - 1]! + weight(i - 1));
      best[i * W + j] = v;
    }
  }
  if (best[R * W + C]! <= keptWeight) return runs;
  const pairs: [number, number][] = [];
  let i = R;
  let j = C;
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1] && best[i * W + j] === best[(i - 1) * W + j - 1]! + weight(i - 1)) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (best[i * W + j] === best[(i - 1) * W + j]) i--;
    else j--;
  }
  pairs.reverse();
  const out: [number, number, number][] = [];
  for (const [x, y] of pairs) {
    const last = out[out.length - 1];
    if (last && last[0] + last[2] === x && last[1] + last[2] === y) last[2]++;
    else out.push([x, y, 1]);
  }
  return out;
}

/**
 * The items both sides name by the same anchor, in order (an LCS over anchor ids), each a pair of
 * old and new index: such an item pairs only with itself (a heading keeps its id, an object stays
 * in its paragraph), so the alignment is split at them before equal items are kept around them.
 */
function anchorSyncs<T>(
  oldI: T[],
  newI: T[],
  o0: number,
  o1: number,
  n0: number,
  n1: number,
  cmp: Comparator<T>,
): { o: number; n: number }[] {
  const anchor = cmp.anchor;
  if (!anchor) return [];
  const anchorsOf = (items: T[], a: number, b: number): { id: string; at: number }[] => {
    const out: { id: string; at: number }[] = [];
    for (let i = a; i < b; i++) {
      const id = anchor(items[i]!);
      if (id !== null) out.push({ id, at: i });
    }
    return out;
  };
  const oa = anchorsOf(oldI, o0, o1);
  if (oa.length === 0) return [];
  const na = anchorsOf(newI, n0, n1);
  if (na.length === 0) return [];
  const syncs: { o: number; n: number }[] = [];
  const runs = commonRuns(
    oa.map((x) => x.id),
    na.map((x) => x.id),
  );
  for (const [i, j, count] of runs) {
    for (let k = 0; k < count; k++) {
      const o = oa[i + k]!.at;
      const n = na[j + k]!.at;
      // One that cannot be edited in place (a section break) stays when it is equal.
      if (Number.isFinite(cmp.pairCost(o, n)) || cmp.key(oldI[o]!) === cmp.key(newI[n]!))
        syncs.push({ o, n });
    }
  }
  return syncs;
}

/** The largest gap (old items × new items) aligned by cost. */
const GAP_CELLS = 400_000;

/** Needleman–Wunsch over one gap; falls back to positional pairing when the gap is huge. */
function alignGap<T>(o0: number, o1: number, n0: number, n1: number, cmp: Comparator<T>): AlignOp[] {
  const R = o1 - o0;
  const C = n1 - n0;
  if (R === 0 || C === 0) return unpaired(o0, o1, n0, n1);
  const out: AlignOp[] = [];
  if (R * C > GAP_CELLS) {
    const m = Math.min(R, C);
    for (let i = 0; i < m; i++) {
      if (Number.isFinite(cmp.pairCost(o0 + i, n0 + i))) out.push({ op: 'pair', o: o0 + i, n: n0 + i });
      else out.push({ op: 'del', o: o0 + i }, { op: 'ins', n: n0 + i });
    }
    out.push(...unpaired(o0 + m, o1, n0 + m, n1));
    return out;
  }
  const W = C + 1;
  const cost = new Float64Array((R + 1) * W);
  const move = new Uint8Array((R + 1) * W); // 1 pair, 2 del, 3 ins
  for (let i = 1; i <= R; i++) {
    cost[i * W] = i;
    move[i * W] = 2;
  }
  for (let j = 1; j <= C; j++) {
    cost[j] = j;
    move[j] = 3;
  }
  for (let i = 1; i <= R; i++) {
    for (let j = 1; j <= C; j++) {
      let best = cost[(i - 1) * W + j - 1]! + cmp.pairCost(o0 + i - 1, n0 + j - 1);
      let mv = 1;
      const del = cost[(i - 1) * W + j]! + 1;
      if (del < best) {
        best = del;
        mv = 2;
      }
      const ins = cost[i * W + j - 1]! + 1;
      if (ins < best) {
        best = ins;
        mv = 3;
      }
      cost[i * W + j] = best;
      move[i * W + j] = mv;
    }
  }
  let i = R;
  let j = C;
  while (i > 0 || j > 0) {
    const mv = move[i * W + j];
    if (mv === 1) {
      out.push({ op: 'pair', o: o0 + i - 1, n: n0 + j - 1 });
      i--;
      j--;
    } else if (mv === 2) {
      out.push({ op: 'del', o: o0 + i - 1 });
      i--;
    } else {
      out.push({ op: 'ins', n: n0 + j - 1 });
      j--;
    }
  }
  return out.reverse();
}

/**
 * How many items two lists share at their start (`pre`) and, after those, at their end (`suf`),
 * compared by value. The suffix never overlaps the prefix.
 */
export function commonEnds<T>(a: readonly T[], b: readonly T[]): { pre: number; suf: number } {
  let pre = 0;
  while (pre < a.length && pre < b.length && deepEqual(a[pre], b[pre])) pre++;
  let suf = 0;
  while (
    suf < a.length - pre &&
    suf < b.length - pre &&
    deepEqual(a[a.length - 1 - suf], b[b.length - 1 - suf])
  )
    suf++;
  return { pre, suf };
}

/** Aligns two lists: every old index is kept, paired or deleted, every new one kept, paired or inserted, in order. */
export function align<T>(oldI: T[], newI: T[], cmp: Comparator<T>): AlignOp[] {
  const ops: AlignOp[] = [];
  // Common prefix and suffix first (no keys built): a one-word edit in a long document diffs one item.
  const { pre, suf } = commonEnds(oldI, newI);
  for (let k = 0; k < pre; k++) ops.push({ op: 'keep', o: k, n: k });
  const oEnd = oldI.length - suf;
  const nEnd = newI.length - suf;
  const oldKeys = oldI.slice(pre, oEnd).map(cmp.key);
  const newKeys = newI.slice(pre, nEnd).map(cmp.key);
  /** Equal items of `[o0, o1)` and `[n0, n1)` kept (an LCS on keys), the gaps between aligned by cost. */
  const allKeys = (o0: number, o1: number, n0: number, n1: number): void => {
    const ok = oldKeys.slice(o0 - pre, o1 - pre);
    const nk = newKeys.slice(n0 - pre, n1 - pre);
    const weight = cmp.weight;
    const runs = weight
      ? heaviestRuns(ok, nk, commonRuns(ok, nk), (i) => weight(oldI[o0 + i]!))
      : commonRuns(ok, nk);
    let o = o0;
    let n = n0;
    for (const [i, j, count] of runs) {
      const ko = o0 + i;
      const kn = n0 + j;
      if (ko > o || kn > n) ops.push(...alignGap(o, ko, n, kn, cmp));
      for (let k = 0; k < count; k++) ops.push({ op: 'keep', o: ko + k, n: kn + k });
      o = ko + count;
      n = kn + count;
    }
    if (o1 > o || n1 > n) ops.push(...alignGap(o, o1, n, n1, cmp));
  };
  /** The same, equal items that say something kept first (`slight`), then the rest between them. */
  const byKeys = (o0: number, o1: number, n0: number, n1: number): void => {
    const slight = cmp.slight;
    const weighty = (items: T[], a: number, b: number): number[] => {
      const out: number[] = [];
      for (let i = a; i < b; i++) if (!slight!(items[i]!)) out.push(i);
      return out;
    };
    const ow = slight ? weighty(oldI, o0, o1) : [];
    const nw = slight ? weighty(newI, n0, n1) : [];
    if (!slight || (ow.length === o1 - o0 && nw.length === n1 - n0)) {
      allKeys(o0, o1, n0, n1);
      return;
    }
    const owKeys = ow.map((i) => oldKeys[i - pre]!);
    const nwKeys = nw.map((i) => newKeys[i - pre]!);
    const weight = cmp.weight;
    const runs = weight
      ? heaviestRuns(owKeys, nwKeys, commonRuns(owKeys, nwKeys), (i) => weight(oldI[ow[i]!]!))
      : commonRuns(owKeys, nwKeys);
    let o = o0;
    let n = n0;
    for (const [i, j, count] of runs) {
      for (let k = 0; k < count; k++) {
        const ko = ow[i + k]!;
        const kn = nw[j + k]!;
        between(o, ko, n, kn);
        ops.push({ op: 'keep', o: ko, n: kn });
        o = ko + 1;
        n = kn + 1;
      }
    }
    between(o, o1, n, n1);
  };
  /**
   * What lies between two kept items that say something, aligned by cost as a whole (equal items
   * cost nothing and are kept): an empty paragraph equal to one further on is not kept across a
   * table that pairs with its edit (a row added, the empty paragraph before it deleted). Too large
   * for that, by keys.
   */
  const between = (o0: number, o1: number, n0: number, n1: number): void => {
    if ((o1 - o0) * (n1 - n0) > GAP_CELLS) {
      allKeys(o0, o1, n0, n1);
      return;
    }
    for (const op of alignGap(o0, o1, n0, n1, cmp)) {
      const same = op.op === 'pair' && oldKeys[op.o - pre] === newKeys[op.n - pre];
      ops.push(same ? { op: 'keep', o: op.o, n: op.n } : op);
    }
  };
  // Anchored items first: an equal item elsewhere kept instead would leave a heading or an object
  // without its old self (an empty paragraph kept across a paragraph holding a rule, say).
  let o = pre;
  let n = pre;
  for (const s of anchorSyncs(oldI, newI, pre, oEnd, pre, nEnd, cmp)) {
    byKeys(o, s.o, n, s.n);
    ops.push({ op: oldKeys[s.o - pre] === newKeys[s.n - pre] ? 'keep' : 'pair', o: s.o, n: s.n });
    o = s.o + 1;
    n = s.n + 1;
  }
  byKeys(o, oEnd, n, nEnd);
  for (let k = 0; k < suf; k++) ops.push({ op: 'keep', o: oEnd + k, n: nEnd + k });
  return ops;
}

/** The old -> new index of every kept or paired item. */
export function pairsOf(ops: AlignOp[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const op of ops) if (op.op === 'keep' || op.op === 'pair') out.set(op.o, op.n);
  return out;
}
