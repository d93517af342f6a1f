/**
 * Whether a batch of requests provably reaches nothing outside one body range of one tab: every
 * request is of a kind whose effect stays where it points (text, styles, bullets, tables, inline
 * objects, named ranges it creates), and every index it names lies inside the range. A deletion
 * must keep the range's last newline (deleting it would merge the paragraph after into the range).
 * Anything else (another segment, another tab, the end of a segment, document styles, headers,
 * requests by object id or by text) is not proved confined. Pure.
 */
import type { Request } from '../../ground/docs-json.js';
import { LOCAL_REQUESTS as CONFINED } from '../engine/batch.js';

/** Whether every request stays within `[start, end)` of the body of tab `tabId`. */
export function requestsWithin(
  requests: readonly Request[],
  tabId: string,
  start: number,
  end: number,
): boolean {
  return requests.every((request) => {
    const entries = Object.entries(request as Record<string, unknown>).filter(([, v]) => v != null);
    if (entries.length !== 1) return false;
    const [kind, value] = entries[0]!;
    if (!CONFINED.has(kind)) return false;
    // A deletion ends before the range's last newline; anything else may style up to it.
    const last = kind === 'deleteContentRange' ? end - 1 : end;
    return within(value, { tabId, start, last }) && located(value);
  });
}

interface Reach {
  tabId: string;
  start: number;
  /** The largest end index allowed (an insertion point must lie before the range's last newline). */
  last: number;
}

/** Walks a request's payload: false at the first place it points outside. */
function within(value: unknown, reach: Reach): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every((v) => within(v, reach));
  for (const [key, v] of Object.entries(value)) {
    if (key === 'endOfSegmentLocation') return false;
    if (key === 'segmentId' && v !== '' && v != null) return false;
    if (key === 'tabId' && v != null && v !== reach.tabId) return false;
    if (key === 'index' || key === 'startIndex') {
      if (typeof v !== 'number' || v < reach.start || v >= reach.last) return false;
    } else if (key === 'endIndex') {
      if (typeof v !== 'number' || v <= reach.start || v > reach.last) return false;
    } else if (!within(v, reach)) return false;
  }
  return true;
}

/**
 * The smallest and the largest index the requests name, or null when one of them is of a kind
 * not confined to where it points (then no range can be proved to hold them).
 */
export function requestSpan(requests: readonly Request[]): { min: number; max: number } | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'index' || key === 'startIndex' || key === 'endIndex') && typeof v === 'number') {
        min = Math.min(min, v);
        max = Math.max(max, v);
      } else visit(v);
    }
  };
  for (const request of requests) {
    const kinds = Object.keys(request as Record<string, unknown>);
    if (kinds.length !== 1 || !CONFINED.has(kinds[0]!)) return null;
    visit(request);
  }
  return min <= max ? { min, max } : null;
}

/** Whether a request names at least one index (a request with none points at no place we checked). */
function located(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(located);
  return Object.entries(value).some(
    ([key, v]) => ((key === 'index' || key === 'startIndex') && typeof v === 'number') || located(v),
  );
}
