/**
 * An edit plan's positions, moved to where they fall in suggest mode.
 *
 * The planner counts indices as edit mode leaves the document: a `deleteContentRange` removes its
 * text, and every later request counts from there. Sent as suggestions, the deleted text stays (as
 * a suggested deletion), so a later request would land that many characters early: a list's new
 * bullets would stop short of its last item, a new paragraph would go inside the struck text.
 *
 * `inSuggestPositions` walks the requests in order and keeps the text each deletion leaves behind
 * (a "kept deletion": its place in edit-mode positions and its length). A request's positions are
 * then moved past the kept deletions before them: a range starts after the kept deletions at its
 * start and ends before those at its end (so it styles, bullets or deletes what edit mode would,
 * and not the struck text); an insertion at a kept deletion goes after it (a replaced word reads
 * `~~old~~new`) or before it (`new~~old~~`: the new text then takes its style from the character
 * before, as in edit mode). Which reads as intended once accepted is for the engine to say: the
 * caller verifies each and keeps the first that holds.
 */
import type { Location, Range, Request } from '../../ground/docs-json.js';
import { tableSize } from '../engine/index.js';

/** Where an insertion at a kept deletion goes: after its struck text, or before it. */
export type InsertSide = 'after' | 'before';

/** Text a suggested deletion keeps: at edit-mode position `at` (before that character), `length` long. */
interface Kept {
  at: number;
  length: number;
}

/** Text this batch inserted, `[from, to)` in edit-mode positions: deleting it removes it. */
interface Fresh {
  from: number;
  to: number;
}

/** Requests that take a range, and whose positions only move. */
const RANGED = new Set([
  'deleteContentRange',
  'updateTextStyle',
  'updateParagraphStyle',
  'createParagraphBullets',
  'deleteParagraphBullets',
]);

/** Insertions at a location, and how many index units each inserts. */
export const INSERTED: Record<string, (body: Record<string, unknown>) => number> = {
  insertText: (body) => String(body.text ?? '').length,
  insertInlineImage: () => 1,
  insertPerson: () => 1,
  insertDate: () => 1,
  insertRichLink: () => 1,
  // A page break and the newline after it.
  insertPageBreak: () => 2,
  // The newline typed before the table, and the table.
  insertTable: (body) => 1 + tableSize(Number(body.rows), Number(body.columns)),
};

/** The tab and segment a location or range is in. */
export function keyOf(where: Location | Range): string {
  return `${where.tabId ?? ''}\u0000${where.segmentId ?? ''}`;
}

/** Edit-mode position `p` in suggest mode: past the kept text before it (and at it, `past`). */
function moved(kept: readonly Kept[], p: number, past: boolean): number {
  let out = p;
  for (const k of kept) if (k.at < p || (past && k.at === p)) out += k.length;
  return out;
}

/** Where a new table row goes in (edit-mode position of its start) and how long it is. */
export interface RowInsertion {
  at: number;
  length: number;
}

/**
 * `requests` (edit-mode positions, in order) with their positions where they fall when sent as
 * suggestions, or undefined where a request moves text by an amount this does not know while a
 * deletion's text is kept in that segment. A table row's is known through `rowAt` (the
 * `insertTableRow` at that place in `requests`: where its row starts and how long it is, which
 * depend on the table), when given. The requests are new objects.
 */
export function inSuggestPositions(
  requests: readonly Request[],
  side: InsertSide,
  rowAt?: (index: number) => RowInsertion | undefined,
): Request[] | undefined {
  const keptBy = new Map<string, Kept[]>();
  const freshBy = new Map<string, Fresh[]>();
  const out: Request[] = [];
  for (const [index, request] of requests.entries()) {
    const type = Object.keys(request)[0] ?? '';
    const body = structuredClone((request as Record<string, Record<string, unknown>>)[type] ?? {});
    const span = body.range as Range | undefined;
    const point = body.location as Location | undefined;
    if (RANGED.has(type) && span) {
      const kept = keptBy.get(keyOf(span)) ?? [];
      const start = span.startIndex ?? 0;
      const end = span.endIndex ?? 0;
      span.startIndex = moved(kept, start, true);
      span.endIndex = moved(kept, end, false);
      if (type === 'deleteContentRange') {
        const fresh = freshBy.get(keyOf(span)) ?? [];
        keptBy.set(keyOf(span), afterDeletion(kept, start, end, overlap(fresh, start, end)));
        freshBy.set(keyOf(span), freshAfterDeletion(fresh, start, end));
      }
    } else if (INSERTED[type] && point) {
      const kept = keptBy.get(keyOf(point)) ?? [];
      const at = point.index ?? 0;
      point.index = moved(kept, at, side === 'after');
      const length = INSERTED[type](body);
      if (!Number.isFinite(length)) return undefined;
      for (const k of kept) if (k.at > at || (k.at === at && side === 'before')) k.at += length;
      freshBy.set(keyOf(point), freshAfterInsertion(freshBy.get(keyOf(point)) ?? [], at, length));
    } else if (type === 'insertTableRow' && anyKept(keptBy)) {
      // The row goes in inside its table: kept text after its start moves by its length.
      const cell = body.tableCellLocation as { tableStartLocation?: Location } | undefined;
      const table = cell?.tableStartLocation;
      const row = rowAt?.(index);
      if (!table || !row) return undefined;
      const kept = keptBy.get(keyOf(table)) ?? [];
      table.index = moved(kept, table.index ?? 0, true);
      for (const k of kept) if (k.at >= row.at) k.at += row.length;
      freshBy.set(keyOf(table), freshAfterInsertion(freshBy.get(keyOf(table)) ?? [], row.at, row.length));
    } else if (anyKept(keptBy)) {
      // An insertion at a segment's end moves no kept text; anything else that moves text by an
      // amount not known here (a table row whose place was not found) would put the kept text out
      // of place.
      if (!(INSERTED[type] && body.endOfSegmentLocation)) return undefined;
    }
    out.push({ [type]: body } as Request);
  }
  return out;
}

function anyKept(keptBy: ReadonlyMap<string, Kept[]>): boolean {
  return [...keptBy.values()].some((stretches) => stretches.length > 0);
}

/**
 * The kept text after deleting edit-mode `[start, end)`, `fresh` of it this batch's own insertion
 * (withdrawn, not kept): one stretch at `start`, joined with any it meets. (A pending suggested
 * insertion of someone else's is withdrawn too; counted as kept here, its positions do not verify
 * and the plan's own are tried.)
 */
function afterDeletion(kept: readonly Kept[], start: number, end: number, fresh: number): Kept[] {
  const removed = end - start;
  const out: Kept[] = [];
  let joined = removed - fresh;
  for (const k of kept) {
    if (k.at < start) out.push({ ...k });
    else if (k.at <= end) joined += k.length;
    else out.push({ at: k.at - removed, length: k.length });
  }
  if (joined > 0) out.push({ at: start, length: joined });
  return out.sort((a, b) => a.at - b.at);
}

/** How much of `[start, end)` this batch inserted. */
function overlap(fresh: readonly Fresh[], start: number, end: number): number {
  let n = 0;
  for (const f of fresh) n += Math.max(0, Math.min(end, f.to) - Math.max(start, f.from));
  return n;
}

function freshAfterInsertion(fresh: readonly Fresh[], at: number, length: number): Fresh[] {
  const out: Fresh[] = [];
  for (const f of fresh) {
    if (f.to < at) out.push({ ...f });
    else if (f.from > at) out.push({ from: f.from + length, to: f.to + length });
    else out.push({ from: f.from, to: f.to + length });
  }
  if (!out.some((f) => f.from <= at && at + length <= f.to)) out.push({ from: at, to: at + length });
  return out.sort((a, b) => a.from - b.from);
}

function freshAfterDeletion(fresh: readonly Fresh[], start: number, end: number): Fresh[] {
  const removed = end - start;
  const at = (p: number) => (p <= start ? p : p >= end ? p - removed : start);
  return fresh.map((f) => ({ from: at(f.from), to: at(f.to) })).filter((f) => f.to > f.from);
}
