/**
 * Named-range anchors `{^ id}` after the lowering: the ones the new content leaves out are deleted
 * first in the batch, and a kept one whose marked text the plan deletes entirely is refused.
 */
import { ValidationError } from '../../errors.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import type { PlanContext } from './context.js';
import { markedInlines } from './guards.js';
import type { PlanInput } from './plan.js';

/** Named-range anchors `{^ id}` (heading anchors are headings' own: not named ranges). */
function namedAnchors(doc: MebdfDocument): Set<string> {
  const out = new Set<string>();
  for (const i of markedInlines(doc))
    if (i.type === 'anchor' && i.id && !i.id.startsWith('h.')) out.add(i.id);
  return out;
}

/**
 * Anchors left out of the new content are deleted (deleteNamedRange, first in the batch, while
 * they still exist); an anchor kept whose marked text the plan deletes entirely would vanish with
 * it (Docs drops an emptied named range), so that is refused.
 */
export function checkAnchors(ctx: PlanContext, input: PlanInput): void {
  const before = namedAnchors(input.old.model);
  const after = namedAnchors(input.next);
  const drops = [...before].filter((id) => !after.has(id));
  ctx.requests.unshift(
    ...drops.map((namedRangeId) => ({
      deleteNamedRange: { namedRangeId, tabsCriteria: { tabIds: [input.tabId] } },
    })),
  );
  for (const group of Object.values(input.tab.namedRanges ?? {})) {
    for (const nr of group.namedRanges ?? []) {
      const id = nr.namedRangeId ?? '';
      if (!after.has(id) || !before.has(id)) continue;
      const ranges = (nr.ranges ?? []).filter((r) => (r.endIndex ?? 0) > (r.startIndex ?? 0));
      const survives = ranges.some((r) => {
        const seg = r.segmentId ?? '';
        // Walk the range, skipping over deleted stretches: any character left keeps the anchor.
        let at = r.startIndex ?? 0;
        const end = r.endIndex ?? 0;
        let moved = true;
        while (at < end && moved) {
          moved = false;
          for (const d of ctx.deletedOld) {
            if (d.seg === seg && d.start <= at && d.end > at) {
              at = d.end;
              moved = true;
            }
          }
        }
        return at < end;
      });
      if (ranges.length > 0 && !survives) {
        throw new ValidationError(
          `The text the anchor {^ ${id}} marks would be deleted, and Docs deletes the anchor with it.`,
          `Keep some of the text right after {^ ${id}}, or drop the anchor (or use {^} for a new one).`,
        );
      }
    }
  }
}
