/**
 * Whether two builds of one tab are the same build: what a kept build that `buildTab` did not make
 * (exporter.ts `keepBuild`) must be, since every later read of the tab is handed it. Under the
 * tests every such build is held to a whole build of its document with this. Pure.
 */
import { deepEqual } from '../equality.js';
import type { ContextState } from './context.js';
import type { BuiltTab } from './exporter.js';

/** What differs between two builds (the first found), or null when they are the same build. */
export function buildDifference(a: BuiltTab, b: BuiltTab): string | null {
  const parts: Array<[string, unknown, unknown]> = [
    ['model', a.model, b.model],
    ['sources', [...a.sources], [...b.sources]],
    ['footnote sources', a.footnoteSources, b.footnoteSources],
    ['warnings', a.warnings, b.warnings],
    ['warning stages', a.stages, b.stages],
    ['linked headings', [...a.linked].sort(), [...b.linked].sort()],
    ['named-style bases', a.bases, b.bases],
    ['block elements', a.marks?.element, b.marks?.element],
    ['marked blocks', [...(a.marks?.before.keys() ?? [])].sort(), [...(b.marks?.before.keys() ?? [])].sort()],
  ];
  for (const [what, x, y] of parts) if (!deepEqual(x, y)) return what;
  for (const [block, state] of a.marks?.before ?? []) {
    if (!deepEqual(plainState(state), plainState(b.marks!.before.get(block)!)))
      return `the exporter's state before block ${block}`;
  }
  return null;
}

/** A state as plain data (its maps as sorted entries), for deepEqual. */
function plainState(state: ContextState) {
  const entries = (m: ReadonlyMap<string, number>) => [...m].sort(([x], [y]) => (x < y ? -1 : 1));
  return {
    ...state,
    ids: { counters: entries(state.ids.counters), headings: state.ids.headings },
    namedRanges: {
      cursor: entries(state.namedRanges.cursor),
      remaining: entries(state.namedRanges.remaining),
    },
  };
}
