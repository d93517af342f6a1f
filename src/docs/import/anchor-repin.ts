/**
 * A user's anchor (a named range) that starts at the newline of an empty paragraph, with new
 * content typed after that paragraph: the Docs API can only insert there at that newline, which
 * moves the range onto the new content. The range is made again over what it covered (the new
 * content included, as a range grows when text goes in inside it) once its container is lowered,
 * under its name; Docs gives it a new id, which no request can choose, and the plan says so.
 */
import type { DocumentTab } from '../../ground/docs-json.js';
import type { PlanContext } from './context.js';
import type { ContainerScript } from './edit-script.js';
import { finalStarts } from './list-rebuild.js';

/** An anchor to make again once its container is lowered. */
export interface Repin {
  script: ContainerScript;
  id: string;
  name: string;
  /** The new blocks the range covers, first and last. */
  first: number;
  last: number;
}

/**
 * The anchor `id` at the empty paragraph `prev` (an old block of `script`) as one to make again;
 * null where it cannot be: a range of several parts (createNamedRange makes one), one that ends
 * elsewhere than at the end of a block this write keeps, or an anchor the edit drops.
 */
export function repinnable(
  tab: DocumentTab,
  script: ContainerScript,
  id: string,
  prev: number,
): Repin | null {
  const { seg, sources } = script;
  const found = Object.entries(tab.namedRanges ?? {}).flatMap(([name, group]) =>
    (group.namedRanges ?? []).filter((nr) => nr.namedRangeId === id).map((nr) => ({ name, nr })),
  );
  const ranges = found[0]?.nr.ranges ?? [];
  const range = ranges[0];
  if (found.length !== 1 || ranges.length !== 1 || !range) return null;
  if ((range.segmentId ?? '') !== seg || range.startIndex !== sources[prev]!.startIndex) return null;
  const to = sources.findIndex((src, o) => o >= prev && src.endIndex === range.endIndex);
  /** The new block old block `o` stays as, if it stays. */
  const newOf = (o: number): number | undefined => {
    for (const op of script.ops) if ((op.op === 'keep' || op.op === 'pair') && op.o === o) return op.n;
    return undefined;
  };
  const first = newOf(prev);
  const last = to < 0 ? undefined : newOf(to);
  if (first === undefined || last === undefined) return null;
  const now = script.next[first];
  if (now?.type !== 'paragraph' || !now.inlines.some((x) => x.type === 'anchor' && x.id === id)) return null;
  return { script, id, name: found[0]!.name, first, last };
}

/** `repins` of `script`, made again now that its blocks are where they end. */
export function repinAnchors(ctx: PlanContext, script: ContainerScript, repins: readonly Repin[]): void {
  const starts = finalStarts(ctx, script);
  for (const r of repins) {
    ctx.push({ deleteNamedRange: { namedRangeId: r.id, tabsCriteria: { tabIds: [ctx.env.tabId] } } });
    const request = {
      createNamedRange: { name: r.name, range: ctx.range(script.seg, starts[r.first]!, starts[r.last + 1]!) },
    };
    ctx.push(request);
    ctx.repinned.push({ id: r.id, name: r.name, request });
  }
}

/**
 * What the result says of an anchor made again: its new id once written (the createNamedRange's
 * reply), or that it will have one.
 */
export function repinnedWarning(anchor: { id: string; name: string }, newId?: string): string {
  const why =
    "new content after the empty paragraph it starts at can only be typed at that paragraph's newline, which moves the range, so it was made again over what it covered, and Docs chooses a named range's id";
  return newId
    ? `The anchor {^ ${anchor.id}} (named range "${anchor.name}") is now {^ ${newId}}: ${why}.`
    : `The anchor {^ ${anchor.id}} (named range "${anchor.name}") gets a new id: ${why}.`;
}
