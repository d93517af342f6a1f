/**
 * The character edit of one paragraph as plain data: its old and new index units (paragraph-units.ts)
 * cut into stretches that stay (`equal`) and hunks that are replaced, in order. Pure; the lowering
 * (paragraph-edit.ts) turns the hunks into requests.
 */
import { diffChars } from 'diff';
import type { Units } from './paragraph-units.js';

/** A stretch of the old units `[o, o + oLen)` that becomes new units `[n, n + nLen)`. */
export interface Hunk {
  o: number;
  oLen: number;
  n: number;
  nLen: number;
  /** The stretch is the same on both sides (only its styles may differ). */
  equal: boolean;
}

/**
 * Character diff as `diffChars` parts, with the common prefix and suffix taken off first (a
 * typical edit touches a few words of a long paragraph) and never splitting a surrogate pair.
 */
function charDiff(a: string, b: string): { value: string; added?: boolean; removed?: boolean }[] {
  const lim = Math.min(a.length, b.length);
  let p = 0;
  while (p < lim && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  if (p > 0 && p < lim && isLowSurrogate(a.charCodeAt(p))) p--;
  let q = 0;
  while (q < lim - p && a.charCodeAt(a.length - 1 - q) === b.charCodeAt(b.length - 1 - q)) q++;
  if (q > 0 && q < lim - p && isLowSurrogate(a.charCodeAt(a.length - q))) q--;
  const out: { value: string; added?: boolean; removed?: boolean }[] = [];
  if (p > 0) out.push({ value: a.slice(0, p) });
  out.push(...diffChars(a.slice(p, a.length - q), b.slice(p, b.length - q)));
  if (q > 0) out.push({ value: a.slice(a.length - q) });
  return out;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * The stretches of `ou` and `nu`: equal ones and replaced ones, alternating. A character diff
 * inside a changed word gives scattered hunks ("item" -> "thing": -i =t -em +hing), and one of a
 * sentence written anew keeps the letters the two share ("writt|en |"); one replacement is fewer
 * requests. So an equal stretch between two replaced ones is merged into them when it is under
 * 4 units, or no longer than what is replaced on either side of it (the semantic clean-up of
 * diff-match-patch), unless it holds an object, a zero-width marker (an anchor) or a pending
 * suggestion, which a retyping would lose or could not delete.
 */
/** An equal stretch shorter than this between two replaced ones is typed again (diff-match-patch's edit cost). */
const EDIT_COST = 4;

export function textHunks(ou: Units, nu: Units): Hunk[] {
  const segs: Hunk[] = [];
  let oi = 0;
  let ni = 0;
  for (const p of charDiff(ou.text, nu.text)) {
    const len = p.value.length;
    const last = segs[segs.length - 1];
    if (!p.added && !p.removed) {
      segs.push({ o: oi, oLen: len, n: ni, nLen: len, equal: true });
      oi += len;
      ni += len;
    } else {
      const hunk = last && !last.equal ? last : { o: oi, oLen: 0, n: ni, nLen: 0, equal: false };
      if (hunk !== last) segs.push(hunk);
      if (p.added) {
        hunk.nLen += len;
        ni += len;
      } else {
        hunk.oLen += len;
        oi += len;
      }
    }
  }
  for (let k = 1; k + 1 < segs.length; k++) {
    const a = segs[k - 1]!;
    const e = segs[k]!;
    const b = segs[k + 1]!;
    if (!e.equal || a.equal || b.equal || !retypable(ou, e)) continue;
    const short =
      e.oLen < EDIT_COST || (e.oLen <= Math.max(a.oLen, a.nLen) && e.oLen <= Math.max(b.oLen, b.nLen));
    if (!short) continue;
    a.oLen += e.oLen + b.oLen;
    a.nLen += e.nLen + b.nLen;
    segs.splice(k, 2);
    // The merged hunk is longer: the equal stretch before it may now be short beside it.
    k = Math.max(0, k - 3);
  }
  return segs;
}

/** Whether the kept stretch `e` can be deleted and typed again without losing anything. */
function retypable(ou: Units, e: Hunk): boolean {
  for (let i = e.o; i < e.o + e.oLen; i++) {
    const st = ou.styles[i];
    if (st === null || st?.suggestion !== undefined) return false;
  }
  return !ou.markers.some((m) => m.offset >= e.o && m.offset <= e.o + e.oLen);
}
