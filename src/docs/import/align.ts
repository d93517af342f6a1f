/**
 * Block alignment: which old block becomes which new block.
 *
 * First an LCS (Myers, from the `diff` package) on a key per block (its canonical JSON), so equal
 * blocks are kept and get no request at all. Inside each gap left between kept blocks, a small
 * dynamic programme pairs old with new blocks by similarity (a paired paragraph is edited in place,
 * keeping its heading id, comments and objects) and leaves the rest deleted or inserted.
 */
import { diffArrays } from 'diff';
import type { Block, ParagraphBlock } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';

export type AlignOp =
  | { op: 'keep'; o: number; n: number }
  | { op: 'pair'; o: number; n: number }
  | { op: 'del'; o: number }
  | { op: 'ins'; n: number };

/** Whether a block may be paired with another (edited in place) rather than replaced. */
export type Pairable = (o: number, n: number) => boolean;

function headingAnchor(b: ParagraphBlock): string | null {
  const first = b.inlines[0];
  return first?.type === 'anchor' && first.id ? first.id : null;
}

function plainText(b: Block): string {
  if (b.type === 'table') return '';
  let s = '';
  for (const i of b.inlines) if (i.type === 'text') s += i.text;
  return s;
}

/** 0 (identical) … 1 (nothing in common): common prefix and suffix against the longer text. */
function dissimilarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  if (max === 0) return 0;
  let p = 0;
  const lim = Math.min(a.length, b.length);
  while (p < lim && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < lim - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return 1 - (p + s) / max;
}

/** The cost of editing old block `o` into new block `n` in place (Infinity when it cannot be). */
function pairCost(o: Block, n: Block, allowed: boolean): number {
  if (!allowed || o.type !== n.type) return Number.POSITIVE_INFINITY;
  if (o.type === 'table' || n.type === 'table') return 0.5;
  const na = headingAnchor(n);
  const oa = headingAnchor(o);
  // A heading that names its anchor is the paragraph holding that anchor, nothing else.
  if (na !== null) return na === oa ? 0 : Number.POSITIVE_INFINITY;
  const d = dissimilarity(plainText(o), plainText(n));
  const sameStyle = o.style.namedStyle === n.style.namedStyle ? 0 : 0.3;
  return Math.min(1.9, 1.5 * d + sameStyle + (oa !== null ? 0.2 : 0));
}

/**
 * A gap split at the headings both sides name by the same anchor (their order kept: an LCS over
 * anchor ids), so a large rewrite still pairs each heading with itself and aligns what lies
 * between two headings on its own; each piece is then aligned by `alignGap`.
 */
function alignByAnchors(
  oldB: Block[],
  newB: Block[],
  o0: number,
  o1: number,
  n0: number,
  n1: number,
  pairable: Pairable,
): AlignOp[] {
  const anchorsOf = (blocks: Block[], a: number, b: number): { id: string; at: number }[] => {
    const out: { id: string; at: number }[] = [];
    for (let i = a; i < b; i++) {
      const bl = blocks[i]!;
      const id = bl.type === 'paragraph' ? headingAnchor(bl) : null;
      if (id !== null) out.push({ id, at: i });
    }
    return out;
  };
  const oa = anchorsOf(oldB, o0, o1);
  const na = anchorsOf(newB, n0, n1);
  if (oa.length === 0 || na.length === 0) return alignGap(oldB, newB, o0, o1, n0, n1, pairable);
  const common = diffArrays(
    oa.map((x) => x.id),
    na.map((x) => x.id),
  );
  const syncs: { o: number; n: number }[] = [];
  let i = 0;
  let j = 0;
  for (const part of common) {
    const count = part.count ?? part.value.length;
    if (part.added) j += count;
    else if (part.removed) i += count;
    else {
      for (let k = 0; k < count; k++) {
        const o = oa[i + k]!.at;
        const n = na[j + k]!.at;
        if (pairable(o, n)) syncs.push({ o, n });
      }
      i += count;
      j += count;
    }
  }
  if (syncs.length === 0) return alignGap(oldB, newB, o0, o1, n0, n1, pairable);
  const out: AlignOp[] = [];
  let po = o0;
  let pn = n0;
  for (const s of syncs) {
    out.push(...alignGap(oldB, newB, po, s.o, pn, s.n, pairable), { op: 'pair', o: s.o, n: s.n });
    po = s.o + 1;
    pn = s.n + 1;
  }
  out.push(...alignGap(oldB, newB, po, o1, pn, n1, pairable));
  return out;
}

/** Needleman–Wunsch over one gap; falls back to positional pairing when the gap is huge. */
function alignGap(
  oldB: Block[],
  newB: Block[],
  o0: number,
  o1: number,
  n0: number,
  n1: number,
  pairable: Pairable,
): AlignOp[] {
  const R = o1 - o0;
  const C = n1 - n0;
  const out: AlignOp[] = [];
  if (R === 0 || C === 0) {
    for (let i = o0; i < o1; i++) out.push({ op: 'del', o: i });
    for (let j = n0; j < n1; j++) out.push({ op: 'ins', n: j });
    return out;
  }
  if (R * C > 400_000) {
    const m = Math.min(R, C);
    for (let i = 0; i < m; i++) {
      const allowed = pairable(o0 + i, n0 + i);
      if (Number.isFinite(pairCost(oldB[o0 + i]!, newB[n0 + i]!, allowed)))
        out.push({ op: 'pair', o: o0 + i, n: n0 + i });
      else out.push({ op: 'del', o: o0 + i }, { op: 'ins', n: n0 + i });
    }
    for (let i = m; i < R; i++) out.push({ op: 'del', o: o0 + i });
    for (let j = m; j < C; j++) out.push({ op: 'ins', n: n0 + j });
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
      const pc = pairCost(oldB[o0 + i - 1]!, newB[n0 + j - 1]!, pairable(o0 + i - 1, n0 + j - 1));
      let best = cost[(i - 1) * W + j - 1]! + pc;
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

/** Aligns two block lists; `key` gives a block's canonical key (equal key = equal block). */
export function alignBlocks(
  oldB: Block[],
  newB: Block[],
  key: (b: Block) => string,
  pairable: Pairable,
): AlignOp[] {
  const ops: AlignOp[] = [];
  // Common prefix and suffix first (no keys built): a one-word edit in a long document diffs one block.
  let pre = 0;
  while (pre < oldB.length && pre < newB.length && deepEqual(oldB[pre], newB[pre])) pre++;
  let suf = 0;
  while (
    suf < oldB.length - pre &&
    suf < newB.length - pre &&
    deepEqual(oldB[oldB.length - 1 - suf], newB[newB.length - 1 - suf])
  )
    suf++;
  for (let k = 0; k < pre; k++) ops.push({ op: 'keep', o: k, n: k });
  const oEnd = oldB.length - suf;
  const nEnd = newB.length - suf;
  const mid = diffArrays(oldB.slice(pre, oEnd).map(key), newB.slice(pre, nEnd).map(key));
  let o = pre;
  let n = pre;
  let gapO = o;
  let gapN = n;
  const flush = (): void => {
    if (o > gapO || n > gapN) ops.push(...alignByAnchors(oldB, newB, gapO, o, gapN, n, pairable));
  };
  for (const part of mid) {
    const count = part.count ?? part.value.length;
    if (part.added) n += count;
    else if (part.removed) o += count;
    else {
      flush();
      for (let k = 0; k < count; k++) ops.push({ op: 'keep', o: o + k, n: n + k });
      o += count;
      n += count;
      gapO = o;
      gapN = n;
    }
  }
  flush();
  for (let k = 0; k < suf; k++) ops.push({ op: 'keep', o: oEnd + k, n: nEnd + k });
  return ops;
}
