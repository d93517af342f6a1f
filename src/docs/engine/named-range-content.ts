/**
 * replaceNamedRangeContent: the first range of the named range gets the new text (the range then
 * covers exactly that text); its other ranges' content is deleted. Unknown id -> 400, unknown name -> no-op.
 */
import { type EngineContext, RequestError } from './context.js';
import { deleteRangeIn } from './delete-range.js';
import { segmentOf, tabMap } from './document.js';
import { allTabs } from './indices.js';
import { insertTextAt } from './insert-text.js';
import { isRecord } from './json.js';
import { stripInsertedText } from './utf16.js';

/** replaceNamedRangeContent `{namedRangeId | namedRangeName, text, tabsCriteria?}`. */
export function replaceNamedRangeContent(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const id = req.namedRangeId;
  const name = req.namedRangeName;
  if ((id === undefined) === (name === undefined)) {
    throw new RequestError('Exactly one of namedRangeId or namedRangeName must be set.');
  }
  const text = stripInsertedText(typeof req.text === 'string' ? req.text : '');
  const crit =
    isRecord(req.tabsCriteria) && Array.isArray(req.tabsCriteria.tabIds) ? req.tabsCriteria.tabIds : null;
  const tabs = crit ? crit.map((t) => ctx.tab(t)) : allTabs(ctx.doc);
  let found = false;
  for (const tab of tabs) {
    const dt = tab.documentTab!;
    const targets = Object.entries(dt.namedRanges ?? {}).flatMap(([key, group]) =>
      (group.namedRanges ?? [])
        .filter((nr) => (id !== undefined ? nr.namedRangeId === id : nr.name === name))
        .map((nr) => ({ key, nr })),
    );
    for (const { key, nr } of targets) {
      found = true;
      const first = nr.ranges?.[0];
      // Later ranges first so earlier indices stay valid; deleting empties (and drops) the range.
      const ordered = [...(nr.ranges ?? [])].sort((a, b) => (b.startIndex ?? 0) - (a.startIndex ?? 0));
      for (const r of ordered) {
        const seg = segmentOf(tab, r.segmentId);
        const s = r.startIndex ?? 0;
        const e = r.endIndex ?? 0;
        if (seg && e > s) deleteRangeIn(ctx, tab, seg, s, e);
      }
      const seg = first ? segmentOf(tab, first.segmentId) : undefined;
      if (!first || !seg || !text) continue;
      const s = first.startIndex ?? 0;
      insertTextAt(ctx, tab, seg, s, text);
      const range: Record<string, unknown> = { startIndex: s, endIndex: s + text.length };
      if (seg.id) range.segmentId = seg.id;
      nr.ranges = [range];
      tabMap(dt, 'namedRanges');
      dt.namedRanges![key] ??= { name: key, namedRanges: [] };
      const group = dt.namedRanges![key];
      group.namedRanges ??= [];
      if (!group.namedRanges.includes(nr)) group.namedRanges.push(nr);
    }
  }
  if (!found && id !== undefined)
    throw new RequestError(`The named range with ID "${String(id)}" does not exist.`);
  return {};
}
