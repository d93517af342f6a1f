/**
 * Named ranges: createNamedRange / deleteNamedRange, and keeping every range in place when text
 * is inserted or deleted (comment anchors move by the same rule, comments.ts). The map is keyed
 * by name; output ranges carry no tabId.
 */

import type { Tab } from '../../ground/docs-json.js';
import { cutCommentAnchors, shiftCommentAnchors } from './comments.js';
import { type EngineContext, RequestError } from './context.js';
import type { Segment } from './document.js';
import { tabMap } from './document.js';
import { allTabs } from './indices.js';
import { isRecord } from './json.js';
import { indexAfterCut, shiftForInsert } from './range-shift.js';

type NamedRangeRange = { startIndex?: number | null; endIndex?: number | null; segmentId?: string | null };

function eachRange(tab: Tab, seg: Segment, fn: (r: NamedRangeRange) => void): void {
  for (const group of Object.values(tab.documentTab?.namedRanges ?? {})) {
    for (const nr of group.namedRanges ?? []) {
      for (const r of nr.ranges ?? []) if ((r.segmentId ?? '') === seg.id) fn(r);
    }
  }
}

/** Text of length `n` was inserted at `at`: ranges after it move, ranges around it grow. */
export function shiftNamedRanges(tab: Tab, seg: Segment, at: number, n: number): void {
  shiftCommentAnchors(tab, seg, at, n);
  eachRange(tab, seg, (r) => shiftForInsert(r, at, n));
}

/** [s, e) was deleted: ranges shrink or move; ranges left empty disappear, then empty groups. */
export function cutNamedRanges(tab: Tab, seg: Segment, s: number, e: number): void {
  cutCommentAnchors(tab, seg, s, e);
  const map = (x: number) => indexAfterCut(x, s, e);
  eachRange(tab, seg, (r) => {
    const start = map(r.startIndex ?? 0);
    // proto3: a zero start is omitted, as Google writes it.
    if (start === 0) delete r.startIndex;
    else r.startIndex = start;
    r.endIndex = map(r.endIndex ?? 0);
  });
  pruneNamedRanges(tab);
}

function pruneNamedRanges(tab: Tab): void {
  const groups = tab.documentTab?.namedRanges;
  if (!groups) return;
  for (const [name, group] of Object.entries(groups)) {
    for (const nr of group.namedRanges ?? []) {
      nr.ranges = (nr.ranges ?? []).filter((r) => (r.endIndex ?? 0) > (r.startIndex ?? 0));
    }
    group.namedRanges = (group.namedRanges ?? []).filter((nr) => (nr.ranges ?? []).length > 0);
    if (group.namedRanges.length === 0) delete groups[name];
  }
  if (Object.keys(groups).length === 0) delete tab.documentTab!.namedRanges;
}

/** createNamedRange `{name, range}` -> `{createNamedRange:{namedRangeId}}`. */
export function createNamedRange(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const name = req.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 256) {
    throw new RequestError('The name must be between 1 and 256 UTF-16 code units.');
  }
  const range = isRecord(req.range) ? req.range : {};
  const tab = ctx.tab(range.tabId);
  const seg = ctx.segment(tab, range.segmentId);
  const s = typeof range.startIndex === 'number' ? range.startIndex : 0;
  const e = typeof range.endIndex === 'number' ? range.endIndex : 0;
  const segEnd = seg.content[seg.content.length - 1]?.endIndex ?? 0;
  if (s >= e) throw new RequestError('The range should not be empty.');
  if (s < 0 || e > segEnd) {
    throw new RequestError(
      `Index ${e} must be less than the end index of the referenced segment, ${segEnd}.`,
    );
  }
  const namedRangeId = ctx.ids.kix();
  const dt = tab.documentTab!;
  tabMap(dt, 'namedRanges');
  const group = dt.namedRanges![name] ?? { name, namedRanges: [] };
  dt.namedRanges![name] = group;
  const out: NamedRangeRange = { startIndex: s, endIndex: e };
  if (seg.id) out.segmentId = seg.id;
  if (s === 0) delete out.startIndex;
  group.namedRanges = [...(group.namedRanges ?? []), { namedRangeId, name, ranges: [out] }];
  return { createNamedRange: { namedRangeId } };
}

/** deleteNamedRange `{namedRangeId | name, tabsCriteria?}`: all tabs unless tabsCriteria says otherwise. */
export function deleteNamedRange(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const id = req.namedRangeId;
  const name = req.name;
  if ((id === undefined) === (name === undefined)) {
    throw new RequestError('Exactly one of namedRangeId or name must be set.');
  }
  const crit =
    isRecord(req.tabsCriteria) && Array.isArray(req.tabsCriteria.tabIds) ? req.tabsCriteria.tabIds : null;
  const tabs = crit ? crit.map((t) => ctx.tab(t)) : allTabs(ctx.doc);
  let found = false;
  for (const tab of tabs) {
    const groups = tab.documentTab?.namedRanges;
    if (!groups) continue;
    for (const [key, group] of Object.entries(groups)) {
      const before = group.namedRanges?.length ?? 0;
      group.namedRanges = (group.namedRanges ?? []).filter((nr) =>
        name !== undefined ? nr.name !== name && key !== name : nr.namedRangeId !== id,
      );
      if (group.namedRanges.length !== before) found = true;
      if (group.namedRanges.length === 0) delete groups[key];
    }
    if (Object.keys(groups).length === 0) delete tab.documentTab!.namedRanges;
  }
  if (!found && id !== undefined) throw new RequestError(`The named range with ID "${id}" does not exist.`);
  return {};
}
