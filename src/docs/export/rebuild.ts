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
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { sameState } from './context.js';
import { type BuiltTab, type Converted, convertBody, tabContext } from './exporter.js';
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
  const delta = e1 < was.length ? (now[e1After]?.startIndex ?? 0) - (was[e1]?.startIndex ?? 0) : 0;
  // The elements on either side of the span: untouched, the one after only moved.
  if (e0 > 0 && !sameShifted(was[e0 - 1], now[e0 - 1], 0)) return null;
  if (e1 < was.length && !sameShifted(was[e1], now[e1After], delta)) return null;
  if ((now.at(-1)?.endIndex ?? 0) - (was.at(-1)?.endIndex ?? 0) !== delta) return null;

  // Lists the blocks after the span use must say what they said (a new list is the span's own).
  // By key: a tab holds hundreds of lists, and `Object.entries` of so many costs more than the rest.
  const lists = tab.content.lists ?? {};
  const listsWere = before.tab.content.lists ?? {};
  for (const id of Object.keys(listsWere)) if (!sameShifted(listsWere[id], lists[id], 0)) return null;

  // The named-style bases depend on the named styles alone: when the edit left those as they were,
  // the build's bases are the span's too, and are not worked out again.
  const sameStyles = before.bases && deepEqual(tab.content.namedStyles, before.tab.content.namedStyles);
  const ctx = tabContext(tab, sameStyles ? before.bases : undefined);
  ctx.restore(from);
  const span: Converted = { blocks: [], sources: [], footnotes: {}, footnoteSources: {} };
  convertBody(ctx, tab, now, e0, e1After, span);
  if (!sameState(ctx.state(), to) || footnoteLabels(span.blocks).length > 0) return null;
  // An HTML block left open is one only when nothing follows it (html-ranges.ts): that depends on
  // the blocks after the span, so such a span is left to a whole build (as is an empty one).
  if (span.blocks.length === 0 || span.blocks.some((b) => b.type === 'paragraph' && ctx.openHtml.has(b)))
    return null;
  // List keys as a build gives them: by first appearance (sections renumber their own anyway).
  assignListKeys({ blocks: span.blocks, footnotes: {} });
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
  const sources = shiftedAfter(
    [...before.sources.slice(0, first), ...span.sources, ...before.sources.slice(end)],
    first + span.sources.length,
    delta,
  );
  const warnings: LocatedWarning[] = [
    ...before.warnings.filter((w) => w.block >= 0 && w.block < first),
    ...ctx.warnings.map((w) => ({ ...w, block: w.block + first })),
    ...before.warnings.filter((w) => w.block >= end).map((w) => ({ ...w, block: w.block + grown })),
    ...before.warnings.filter((w) => w.block < 0),
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
  };
  // What `before` left out (a build as far as one section needs) is left out here too.
  if (before.partial) rebuilt.partial = true;
  if (before.skipped) rebuilt.skipped = before.skipped;
  return rebuilt;
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

/**
 * `sources` with those from `from` on moved by `delta`, each moved when first read: a section's
 * export reads only its own, so the cost stays with the part rebuilt.
 */
function shiftedAfter(sources: BlockSource[], from: number, delta: number): BlockSource[] {
  if (delta === 0 || from >= sources.length) return sources;
  const moved = new Set<number>();
  return new Proxy(sources, {
    get(target, key, receiver) {
      if (typeof key === 'string') {
        const i = Number(key);
        if (Number.isInteger(i) && i >= from && i < target.length && !moved.has(i)) {
          target[i] = shifted(target[i]!, delta);
          moved.add(i);
        }
      }
      return Reflect.get(target, key, receiver);
    },
  });
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
