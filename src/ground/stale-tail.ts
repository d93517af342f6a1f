/**
 * Body contents whose last elements still hold the indices they had before a batch: the engine
 * leaves them so when its caller reads only what the requests changed (EngineOptions.tailLater,
 * engine/untouched-tail.ts), since re-indexing a long document after a small edit is most of the
 * edit's cost and a write to Google never needs it. Each is kept here with the work that settles
 * it; whoever keeps, writes or reads the whole document settles it first (`settleDocument`).
 * Ground level.
 */
import { allTabs } from './all-tabs.js';
import type { StructuralElement, Tab } from './docs-json.js';

interface Stale {
  /** The last `count` elements of the content are stale. */
  count: number;
  /** Replaces them with copies holding their true indices (the content array is the caller's own). */
  settle: () => void;
}

const stale = new WeakMap<StructuralElement[], Stale>();

/** Says that the last `count` elements of `content` are stale until `settle` runs. */
export function markStale(content: StructuralElement[], count: number, settle: () => void): void {
  stale.set(content, { count, settle });
}

/**
 * Where `content` holds stale elements: the first of them, and how far their indices are behind
 * their true values (each one's true index is its own plus `shift`).
 */
export function staleTail(
  content: readonly StructuralElement[],
): { from: number; shift: number } | undefined {
  const entry = stale.get(content as StructuralElement[]);
  if (!entry) return undefined;
  const from = content.length - entry.count;
  const start = content[from - 1]?.endIndex ?? 0;
  return { from, shift: start - (content[from]?.startIndex ?? 0) };
}

/** `doc` with every stale body settled in place (the same document); any other is left as it is. */
export function settleDocument<D extends { tabs?: Tab[] | null }>(doc: D): D {
  for (const tab of allTabs(doc.tabs)) {
    const content = tab.documentTab?.body?.content;
    const entry = content && stale.get(content);
    if (!content || !entry) continue;
    stale.delete(content);
    entry.settle();
  }
  return doc;
}

/**
 * A copy of `doc` with its stale indices moved to their true values, `doc` left as it is (`doc`
 * itself when nothing in it is stale). For checks: each index is moved by the lag, not re-derived
 * from the lengths as `settleDocument` does, so the two agree only where both are right.
 */
export function settledCopy<D extends { tabs?: Tab[] | null }>(doc: D): D {
  const tabs = [...allTabs(doc.tabs)];
  const lags = tabs.map((tab) => {
    const content = tab.documentTab?.body?.content;
    return content && staleTail(content);
  });
  if (lags.every((lag) => !lag)) return doc;
  const copy = structuredClone(doc);
  [...allTabs(copy.tabs)].forEach((tab, i) => {
    const lag = lags[i];
    const content = tab.documentTab?.body?.content;
    if (!lag || !content) return;
    for (let k = lag.from; k < content.length; k++) moveIndices(content[k], lag.shift);
  });
  return copy;
}

function moveIndices(value: unknown, shift: number): void {
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if ((key === 'startIndex' || key === 'endIndex') && typeof v === 'number') record[key] = v + shift;
    else moveIndices(v, shift);
  }
}
