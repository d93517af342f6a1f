/**
 * The named ranges of one kind that mark blocks or text (raw HTML, quotes and rules, images Docs
 * could not fetch), by segment and sorted by start, so that the ranges starting inside a paragraph
 * are found by a binary search rather than a walk of every range of the tab for every paragraph.
 */
import type { DocumentTab } from '../../ground/docs-json.js';

export interface SegmentRange {
  namedRangeId: string;
  startIndex: number;
  endIndex: number;
}

export class SegmentRanges<R extends SegmentRange> {
  private readonly bySegment = new Map<string, R[]>();

  /**
   * The one-piece ranges of `tab` that `pick` keeps: it gets the range's name and gives the rest
   * of the entry, or null to leave it out. Ties of start are in `tie`'s order.
   */
  constructor(
    tab: DocumentTab,
    pick: (name: string) => Omit<R, keyof SegmentRange> | null,
    tie: (a: R, b: R) => number = () => 0,
  ) {
    for (const group of Object.values(tab.namedRanges ?? {})) {
      for (const nr of group.namedRanges ?? []) {
        if (nr.ranges?.length !== 1) continue;
        const rest = pick(nr.name ?? group.name ?? '');
        if (rest === null) continue;
        const range = nr.ranges[0]!;
        const segment = range.segmentId ?? '';
        const list = this.bySegment.get(segment) ?? [];
        list.push({
          ...rest,
          namedRangeId: nr.namedRangeId ?? '',
          startIndex: range.startIndex ?? 0,
          endIndex: range.endIndex ?? 0,
        } as R);
        this.bySegment.set(segment, list);
      }
    }
    for (const list of this.bySegment.values()) list.sort((a, b) => a.startIndex - b.startIndex || tie(a, b));
  }

  /** The ranges that start inside `[start, end)` of a segment, in order of their start. */
  startingIn(segmentId: string, start: number, end: number): readonly R[] {
    const list = this.bySegment.get(segmentId);
    if (!list) return NONE;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (list[mid]!.startIndex < start) low = mid + 1;
      else high = mid;
    }
    // Most paragraphs have none: no array is made for them (a scan asks of every paragraph).
    if (low >= list.length || list[low]!.startIndex >= end) return NONE;
    const out: R[] = [];
    for (let i = low; i < list.length && list[i]!.startIndex < end; i++) out.push(list[i]!);
    return out;
  }
}

const NONE: readonly never[] = Object.freeze([]);
