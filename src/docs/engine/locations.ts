/**
 * Resolving a request's `location` / `endOfSegmentLocation` / `range` to a tab, a segment and
 * indices, with Google's validation messages.
 */
import type { Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import type { Segment } from './document.js';
import { isRecord } from './json.js';
import { findParagraph, type ParagraphHit } from './paragraphs.js';

export interface ResolvedPoint {
  tab: Tab;
  seg: Segment;
  index: number;
}

export interface ResolvedRange {
  tab: Tab;
  seg: Segment;
  start: number;
  end: number;
}

/** End index of a segment (one past its final newline). */
export function segmentEnd(seg: Segment): number {
  return seg.content[seg.content.length - 1]?.endIndex ?? 0;
}

function intField(obj: Record<string, unknown>, key: string): number {
  const v = obj[key];
  if (v === undefined || v === null) return 0;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new RequestError(`Invalid value for ${key}.`);
  return n;
}

/** `location` or `endOfSegmentLocation` of an insert request (exactly one must be set). */
export function resolvePoint(ctx: EngineContext, req: Record<string, unknown>): ResolvedPoint {
  const loc = req.location;
  const eos = req.endOfSegmentLocation;
  if ((loc === undefined) === (eos === undefined)) {
    throw new RequestError('Exactly one of location or endOfSegmentLocation must be set.');
  }
  if (isRecord(loc)) {
    const tab = ctx.tab(loc.tabId);
    const seg = ctx.segment(tab, loc.segmentId);
    return { tab, seg, index: intField(loc, 'index') };
  }
  const e = isRecord(eos) ? eos : {};
  const tab = ctx.tab(e.tabId);
  const seg = ctx.segment(tab, e.segmentId);
  // Immediately before the last newline of the segment.
  return { tab, seg, index: segmentEnd(seg) - 1 };
}

/** A `range` field; start < end required. */
export function resolveRange(ctx: EngineContext, range: unknown): ResolvedRange {
  const r = isRecord(range) ? range : {};
  const tab = ctx.tab(r.tabId);
  const seg = ctx.segment(tab, r.segmentId);
  const start = intField(r, 'startIndex');
  const end = intField(r, 'endIndex');
  if (start > end) throw new RequestError('The range should not be empty.');
  if (start === end) throw new RequestError('The range should not be empty.');
  const segEnd = segmentEnd(seg);
  if (start < 0) throw new RequestError(`Index ${start} must be greater than or equal to 0.`);
  if (end > segEnd) {
    throw new RequestError(
      `Index ${end - 1} must be less than the end index of the referenced segment, ${segEnd}.`,
    );
  }
  return { tab, seg, start, end };
}

/** The paragraph an insertion at `index` goes into, or Google's 400. */
export function insertionParagraph(seg: Segment, index: number): ParagraphHit {
  const segEnd = segmentEnd(seg);
  if (index < 0) throw new RequestError(`Index ${index} must be greater than or equal to 0.`);
  if (index >= segEnd) {
    throw new RequestError(
      `Index ${index} must be less than the end index of the referenced segment, ${segEnd}.`,
    );
  }
  const hit = findParagraph(seg.content, index);
  if (!hit || hit.inToc) {
    throw new RequestError(
      'The insertion index must be inside the bounds of an existing paragraph. You can still create new paragraphs by inserting newlines.',
    );
  }
  return hit;
}
