/**
 * Synthetic ids for things that have no Docs id of their own.
 *
 * Embeds: `<kind>.<n>` — the embed kind (`pagebreak`, `columnbreak`, `sectionbreak`, `hr`, `toc`,
 * `autotext`, `equation`, `unknown`) and its 1-based ordinal among the elements of that kind in
 * the tab, counted in reading order over the whole tab body (table cells included, a footnote's
 * content counted right after the block that first references it). A section export uses the ids of the
 * whole tab's export, so ids in a section and in its tab agree. The ordinal is stable for a given
 * revision only: the import planner matches these placeholders against an export of the same
 * revision (the `base` token pins it), never across edits. Real Docs ids never look like this
 * (they are `kix.…`, `h.…`, `suggest.…`).
 *
 * Headings without a `headingId` (Google gives every new heading one; older documents lack them):
 * `h.synthetic-<n>`, the 1-based ordinal among such headings in the tab in reading order. Section
 * lookup accepts it like a real heading id. `unknown` also covers the U+E907 characters Google
 * leaves in text runs for objects the API does not expose.
 */
import type { SyntheticKind } from './types.js';

export const SYNTHETIC_HEADING_PREFIX = 'h.synthetic-';

export class SyntheticIds {
  private readonly counters = new Map<string, number>();
  private headings = 0;

  next(kind: SyntheticKind): string {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return `${kind}.${n}`;
  }

  nextHeading(): string {
    this.headings += 1;
    return `${SYNTHETIC_HEADING_PREFIX}${this.headings}`;
  }

  /** The counters as they stand, to go on from later (a copy). */
  state(): SyntheticIdState {
    return { counters: new Map(this.counters), headings: this.headings };
  }

  /** Goes on from `state` (taken from another counter over the same tab). */
  restore(state: SyntheticIdState): void {
    this.counters.clear();
    for (const [kind, n] of state.counters) this.counters.set(kind, n);
    this.headings = state.headings;
  }
}

export interface SyntheticIdState {
  readonly counters: ReadonlyMap<string, number>;
  readonly headings: number;
}

/** Whether two counter states hand out the same ids from here on. */
export function sameIdState(a: SyntheticIdState, b: SyntheticIdState): boolean {
  if (a.headings !== b.headings || a.counters.size !== b.counters.size) return false;
  for (const [kind, n] of a.counters) if (b.counters.get(kind) !== n) return false;
  return true;
}

export function isSyntheticHeadingId(id: string): boolean {
  return id.startsWith(SYNTHETIC_HEADING_PREFIX);
}
