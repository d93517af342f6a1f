/**
 * One span of a tab's model rebuilt after an edit confined to it, the rest taken from the build
 * before the edit: the cost of re-exporting a section after a write follows the section, not the
 * tab. Exact, or nothing: the span starts where the build recorded the exporter's state (a section
 * start, BuiltTab.marks), is converted from the edited document with that state, and must end in
 * the state the build had at the span's end (the same ids come next, the same named ranges are
 * still to place, no footnote defined in it) with the element after it the same as before but
 * shifted. Then every block after the span converts as it did (only its indices move), and every
 * block before it is untouched. Otherwise null, and the caller builds the whole tab. Pure.
 *
 * That the edit is confined to the span is the caller's to prove (import/request-reach.ts).
 */
import type { Document } from '../../ground/docs-json.js';
import { staleTail } from '../../ground/stale-tail.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { type ContextState, sameState } from './context.js';
import {
  type BlockMarks,
  type BuiltTab,
  type Converted,
  convertBody,
  listsGoingOn,
  startsSection,
  tabContext,
} from './exporter.js';
import { assignListKeys, footnoteLabels } from './model-utils.js';
import { normaliseQuoteRun } from './quote-blocks.js';
import { headingLinks, linkedHeadings } from './shown-anchors.js';
import { resolveTab } from './tabs.js';
import type { BlockSource, LocatedWarning } from './types.js';

/**
 * The build of `after` (the document `before` was built from, edited only within the blocks
 * `[first, end)`), or null when it cannot be had exactly from `before`. The blocks outside the span
 * are `before`'s own objects (not copies); their sources are shifted to `after`'s indices.
 */
export function rebuildSpan(before: BuiltTab, after: Document, first: number, end: number): BuiltTab | null {
  const marks = before.marks;
  const from = marks?.before.get(first);
  const to = marks?.before.get(end);
  if (!marks || !from || !to || from.footnotes !== to.footnotes) return null;
  const tab = resolveTab(after, before.tab.tabId);
  const was = before.tab.content.body?.content ?? [];
  const now = tab.content.body?.content ?? [];
  const e0 = marks.element[first] ?? was.length;
  const e1 = marks.element[end] ?? was.length;
  const e1After = e1 + now.length - was.length;
  if (first >= before.model.blocks.length || e1After < e0 || now.length - e1After !== was.length - e1)
    return null;
  // Elements after the edit may still hold their old indices (ground/stale-tail.ts): by `lag` each.
  const stale = staleTail(now);
  if (stale && stale.from < e1After) return null;
  const lag = (i: number) => (stale && i >= stale.from ? stale.shift : 0);
  const delta =
    e1 < was.length ? (now[e1After]?.startIndex ?? 0) + lag(e1After) - (was[e1]?.startIndex ?? 0) : 0;
  // The elements on either side of the span: untouched, the one after only moved.
  if (e0 > 0 && !sameShifted(was[e0 - 1], now[e0 - 1], 0)) return null;
  if (e1 < was.length && !sameShifted(was[e1], now[e1After], delta - lag(e1After))) return null;
  if ((now.at(-1)?.endIndex ?? 0) + lag(now.length - 1) - (was.at(-1)?.endIndex ?? 0) !== delta) return null;

  // Lists the blocks after the span use must say what they said (a new list is the span's own).
  // By key: a tab holds hundreds of lists, and `Object.entries` of so many costs more than the rest.
  const lists = tab.content.lists ?? {};
  const listsWere = before.tab.content.lists ?? {};
  for (const id of Object.keys(listsWere)) if (!sameShifted(listsWere[id], lists[id], 0)) return null;

  // The named-style bases depend on the named styles alone: when the edit left those as they were,
  // the build's bases are the span's too, and are not worked out again.
  const sameStyles = before.bases && deepEqual(tab.content.namedStyles, before.tab.content.namedStyles);
  const ctx = tabContext(tab, sameStyles ? before.bases : undefined);
  // What collecting the tab's named ranges said, before any block: the written tab's.
  const early = ctx.warnings.length;
  ctx.restore(from);
  const span: Converted = { blocks: [], sources: [], footnotes: {}, footnoteSources: {} };
  const spanMarks: BlockMarks = { element: [], before: new Map() };
  convertBody(ctx, tab, now, e0, e1After, span, spanMarks);
  const atEnd = ctx.state();
  if (!sameState(atEnd, to) || footnoteLabels(span.blocks).length > 0) return null;
  // An HTML block left open is one only when nothing follows it (html-ranges.ts): that depends on
  // the blocks after the span, so such a span is left to a whole build (as is an empty one).
  if (span.blocks.length === 0 || span.blocks.some((b) => b.type === 'paragraph' && ctx.openHtml.has(b)))
    return null;
  // Numbered lists that go on after other content, within the span (their keys are still the
  // Docs lists'): a build warns of them after every block's own warnings.
  const spanLists = listIdsOf(span.blocks);
  const listsGoOn = listsGoingOn(span.blocks).length > 0;
  // List keys as a whole build numbers them: by first appearance, from the lists before the span.
  // (A build as far as one section needs numbers nothing before it: sections number their own.)
  const keysBefore = before.skipped ? 0 : lastListKey(before.model.blocks, first);
  assignListKeys({ blocks: span.blocks, footnotes: {} }, keysBefore);
  // Quotes as a build gives them (a `+` depends on the block before), and the block after the span
  // must see a quote as deep as before, or its own `+` could read otherwise.
  const quoteOf = (b: Block | undefined): string => (b?.type === 'paragraph' ? (b.quote ?? '') : '');
  normaliseQuoteRun(span.blocks, quoteOf(before.model.blocks[first - 1]));
  if (quoteOf(span.blocks.at(-1)).length !== quoteOf(before.model.blocks[end - 1]).length) return null;

  const grown = span.blocks.length - (end - first);
  const blocks: Block[] = [
    ...before.model.blocks.slice(0, first),
    ...span.blocks,
    ...before.model.blocks.slice(end),
  ];
  const sources = splicedSources(before.sources, first, end, span.sources, delta);
  const stages = before.stages ?? {
    conversion: 0,
    late: before.warnings.length,
    lists: before.warnings.length,
    mode: before.warnings.length,
  };
  const wasWarnings = before.warnings;
  const moved = (w: LocatedWarning): LocatedWarning =>
    w.block >= end ? { ...w, block: w.block + grown } : w;
  const converted = [
    ...wasWarnings.slice(stages.conversion, stages.late).filter((w) => w.block < first),
    ...ctx.warnings.slice(early).map((w) => ({ ...w, block: w.block + first })),
    ...wasWarnings
      .slice(stages.conversion, stages.late)
      .filter((w) => w.block >= end)
      .map(moved),
  ];
  const lateWarnings = wasWarnings.slice(stages.late, stages.lists);
  const listWarnings = wasWarnings.slice(stages.lists, stages.mode).map(moved);
  const warnings: LocatedWarning[] = [
    ...ctx.warnings.slice(0, early),
    ...converted,
    ...lateWarnings,
    ...listWarnings,
    ...wasWarnings.slice(stages.mode),
  ];
  const model: MebdfDocument = { blocks, footnotes: before.model.footnotes };
  // Which headings links point to can change with the span's links (shown-anchors.ts). Outside the
  // span nothing changed: when no link of the span pointed to a heading before, the links outside
  // point to what the build had, and the span's links now add theirs.
  const linked =
    headingLinks(was, e0, e1, tab.tabId, tab.tabId, new Set()).size === 0
      ? headingLinks(now, e0, e1After, tab.tabId, tab.tabId, new Set(before.linked))
      : linkedHeadings(after, tab.tabId);
  const rebuilt: BuiltTab = {
    tab,
    model,
    sources,
    footnoteSources: before.footnoteSources,
    warnings,
    linked,
    bases: ctx.bases,
  };
  // What `before` left out (a build as far as one section needs) is left out here too.
  if (before.partial) rebuilt.partial = true;
  if (before.skipped) rebuilt.skipped = before.skipped;
  // A rebuild is the whole build of `after` when `before` was one and nothing after the span reads
  // otherwise: as many lists in the span (the keys after it stay), no list going on (its warning
  // depends on every list before it) in the build or the span, no list of the span that was not
  // in it before (a list after the span using it would go on), and the same lists at its two
  // edges (where a list may go on from the block before or into the block after). Only then does it carry the
  // marks a later rebuild starts from, and can stand for the written document's build.
  const oldSpan = before.model.blocks.slice(first, end);
  const exact =
    before.marks !== undefined &&
    before.stages !== undefined &&
    !before.partial &&
    !before.skipped &&
    stages.mode === stages.lists &&
    !listsGoOn &&
    listRuns(span.blocks, keysBefore) === listRuns(oldSpan, keysBefore) &&
    isSubset(spanLists, listIdsOfSources(before.sources, first, end)) &&
    listIdAt(span.sources, 0) === listIdAt(before.sources, first) &&
    listIdAt(span.sources, span.sources.length - 1) === listIdAt(before.sources, end - 1);
  if (exact) {
    rebuilt.stages = {
      conversion: early,
      late: early + converted.length,
      lists: early + converted.length + lateWarnings.length,
      mode: early + converted.length + lateWarnings.length,
    };
    const opensSection = first === 0 || startsSection(now[e0]);
    rebuilt.marks = rebuiltMarks(
      marks,
      spanMarks,
      first,
      end,
      grown,
      now.length - was.length,
      delta,
      atEnd,
      to,
      opensSection,
    );
  }
  return rebuilt;
}

/**
 * The marks of the rebuilt tab: before the span as they were, the span's own, and after it moved
 * by what the span grew (block numbers, element indices, the body indices a state holds) with each
 * segment's named-range cursor where the written tab's lists of starts put it.
 */
function rebuiltMarks(
  marks: BlockMarks,
  span: BlockMarks,
  first: number,
  end: number,
  grown: number,
  elements: number,
  delta: number,
  atEnd: ContextState,
  wasAtEnd: ContextState,
  opensSection: boolean,
): BlockMarks {
  const after = marks.element.slice(end);
  const element = [
    ...marks.element.slice(0, first),
    ...span.element,
    ...(elements === 0 ? after : after.map((e) => e + elements)),
  ];
  const lengths = rangeCounts(atEnd);
  const wasLengths = rangeCounts(wasAtEnd);
  // Cursors index each segment's sorted starts: they move only where the span's count changed.
  const sameRanges =
    lengths.size === wasLengths.size && [...lengths].every(([s, n]) => wasLengths.get(s) === n);
  const at = <T extends { segmentId: string; end: number } | undefined>(x: T): T =>
    x && x.segmentId === '' && delta !== 0 ? { ...x, end: x.end + delta } : x;
  const moved = (state: ContextState): ContextState => {
    let namedRanges = state.namedRanges;
    if (!sameRanges) {
      const cursor = new Map<string, number>();
      for (const [segment, remaining] of state.namedRanges.remaining)
        cursor.set(segment, (lengths.get(segment) ?? 0) - remaining);
      namedRanges = { cursor, remaining: state.namedRanges.remaining };
    }
    const quoteBefore = at(state.quoteBefore);
    const itemBefore = at(state.itemBefore);
    if (
      namedRanges === state.namedRanges &&
      quoteBefore === state.quoteBefore &&
      itemBefore === state.itemBefore
    )
      return state;
    return { ...state, namedRanges, quoteBefore, itemBefore };
  };
  const before = new Map<number, ContextState>();
  for (const [block, state] of marks.before) {
    if (block < first) before.set(block, state);
    else if (block > end) before.set(block + grown, moved(state));
  }
  // The span's first block is marked only when a build marks it too: a section start.
  for (const [block, state] of span.before) if (block > 0 || opensSection) before.set(first + block, state);
  before.set(end + grown, atEnd);
  return { element, before };
}

/** Per segment, how many named-range starts the tab has (what a state's cursor indexes). */
function rangeCounts(state: ContextState): Map<string, number> {
  const out = new Map<string, number>();
  for (const [segment, remaining] of state.namedRanges.remaining)
    out.set(segment, (state.namedRanges.cursor.get(segment) ?? 0) + remaining);
  return out;
}

/** The Docs lists of the top-level items of `blocks`, while their keys are still those. */
function listIdsOf(blocks: readonly Block[]): Set<string> {
  const out = new Set<string>();
  for (const b of blocks) if (b.type === 'paragraph' && b.list) out.add(b.list.key);
  return out;
}

/** The Docs lists of the top-level items among sources `[from, to)`. */
function listIdsOfSources(sources: readonly BlockSource[], from: number, to: number): Set<string> {
  const out = new Set<string>();
  for (let i = from; i < to; i++) {
    const id = listIdAt(sources, i);
    if (id) out.add(id);
  }
  return out;
}

/** The Docs list of source `i` when it is a top-level item, else null. */
/** The Docs list of block `i`'s paragraph, or null (no list item, or no paragraph). */
export function listIdAt(sources: readonly BlockSource[], i: number): string | null {
  const s = sources[i];
  return s?.kind === 'paragraph' && s.listId ? s.listId : null;
}

/** The last list key a build gave before block `at` (keys count list runs in order; 0: none). */
function lastListKey(blocks: readonly Block[], at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const b = blocks[i];
    if (!b) return 0;
    const paragraphs = b.type === 'paragraph' ? [b] : b.rows.flat().flatMap((cell) => cell.blocks);
    for (let k = paragraphs.length - 1; k >= 0; k--) {
      const key = paragraphs[k]!.list?.key;
      if (key !== undefined) return Number(key);
    }
  }
  return 0;
}

/** How many list runs `blocks` number after the `before` runs before them. */
function listRuns(blocks: readonly Block[], before: number): number {
  const last = lastListKey(blocks, blocks.length);
  return last === 0 ? 0 : last - before;
}

function isSubset(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** The keys of Docs JSON, and of the exporter's sources (types.ts), that hold an index. */
const INDEX_KEYS = new Set(['startIndex', 'endIndex', 'index']);
const SOURCE_INDEX_KEYS = new Set(['startIndex', 'endIndex', 'start', 'end']);

/** Whether `b` is `a` with every index moved by `delta` (Docs JSON, plain data). */
function sameShifted(a: unknown, b: unknown, delta: number): boolean {
  // The engine shares with its input what it does not re-index (engine/batch.ts `indexCopy`): the
  // same object is the same shifted when it holds no index.
  if (a === b) return delta === 0 || !holdsIndex(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const va = (a as Record<string, unknown>)[k];
    const vb = (b as Record<string, unknown>)[k];
    if (INDEX_KEYS.has(k) && typeof va === 'number') {
      if (vb !== va + delta) return false;
    } else if (!sameShifted(va, vb, delta)) return false;
  }
  return true;
}

/** Whether plain data holds an index anywhere (Docs JSON). */
function holdsIndex(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const [k, v] of Object.entries(value)) {
    if (INDEX_KEYS.has(k) && typeof v === 'number') return true;
    if (holdsIndex(v)) return true;
  }
  return false;
}

/** Sources handed out with their moves still to make: the array, and each entry's move. */
const pending = new WeakMap<BlockSource[], { raw: BlockSource[]; moves: number[] }>();

/**
 * `before`'s sources with `[first, end)` replaced by `span`'s and those after moved by `delta`,
 * each moved when first read: a section's export reads only its own, so the cost stays with the
 * part rebuilt. Moves a rebuild of a rebuild has not made yet add up (nothing is moved to splice).
 */
function splicedSources(
  before: BlockSource[],
  first: number,
  end: number,
  span: BlockSource[],
  delta: number,
): BlockSource[] {
  const was = pending.get(before);
  const raw = was?.raw ?? before;
  const moves = was?.moves ?? new Array<number>(raw.length).fill(0);
  const out = [...raw.slice(0, first), ...span, ...raw.slice(end)];
  const outMoves = [
    ...moves.slice(0, first),
    ...new Array<number>(span.length).fill(0),
    ...moves.slice(end).map((m) => m + delta),
  ];
  if (outMoves.every((m) => m === 0)) return out;
  const proxy = new Proxy(out, {
    get(target, key, receiver) {
      if (typeof key === 'string') {
        const i = Number(key);
        if (Number.isInteger(i) && i >= 0 && i < target.length && outMoves[i] !== 0) {
          target[i] = shifted(target[i]!, outMoves[i]!);
          outMoves[i] = 0;
        }
      }
      return Reflect.get(target, key, receiver);
    },
  });
  pending.set(proxy, { raw: out, moves: outMoves });
  return proxy;
}

/** A source with every index moved by `delta` (a copy; `source` is left as it is). */
function shifted<T>(source: T, delta: number): T {
  if (delta === 0 || typeof source !== 'object' || source === null) return source;
  if (Array.isArray(source)) return source.map((s: unknown) => shifted(s, delta)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source))
    out[k] = SOURCE_INDEX_KEYS.has(k) && typeof v === 'number' ? v + delta : shifted(v, delta);
  return out as T;
}
