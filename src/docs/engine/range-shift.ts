/**
 * How a range of a segment follows an edit of its text, the rule named ranges and comment anchors
 * share: text inserted at or before its start moves it, text inserted inside it grows it (text at
 * its end stays outside), and a deleted stretch shrinks or moves it.
 */
export interface ShiftableRange {
  startIndex?: number | null;
  endIndex?: number | null;
}

/** Text of length `n` was inserted at `at`. */
export function shiftForInsert(r: ShiftableRange, at: number, n: number): void {
  const s = r.startIndex ?? 0;
  const e = r.endIndex ?? 0;
  if (at <= s) {
    r.startIndex = s + n;
    r.endIndex = e + n;
  } else if (at < e) {
    r.endIndex = e + n;
  }
}

/** Where index `x` lands once `[s, e)` is deleted. */
export function indexAfterCut(x: number, s: number, e: number): number {
  return x < s ? x : x < e ? s : x - (e - s);
}
