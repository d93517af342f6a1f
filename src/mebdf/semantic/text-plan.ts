/**
 * Which text properties the block state should carry at each paragraph, chosen for the whole
 * text at once so that the canonical form is short: a property shared by the runs of many
 * paragraphs goes into the state once, and a paragraph that differs for a moment gets a span
 * rather than a directive there and another one back. Per property, a shortest path over the
 * paragraphs in document order (Viterbi), with costs in characters: a span around each group of
 * runs that differs from the state, a directive property where the state changes (a whole
 * directive line where the paragraph needs none for its own style), and the restatement a named
 * style's reset costs. The plan only decides what is written, never what it means: the writer
 * writes every paragraph relative to the state it actually left, whatever the plan says.
 */
import type { NamedStyleType, TextStyle } from '../model.js';
import { formatTextProps, MONO_FONT, type ParagraphDelta } from '../props.js';
import { STATE_TEXT_PROPS, type StateText, type StateTextProp } from './write-state.js';

/** One place where the writer sets the state: a paragraph, a GFM table, an empty cell. */
export interface PlanUnit {
  key: object;
  /** The named style the place needs; null for a Markdown heading (any). */
  named: NamedStyleType | null;
  paragraph: ParagraphDelta;
  /** The text styles of each paragraph's inlines, `null` for an inline that is not text. */
  runs: ReadonlyArray<ReadonlyArray<TextStyle | null>>;
}

type Value = string | number | undefined;

/** A span's `{!` `}` `{/!}` around its property. */
const SPAN_COST = 7;
/** `, ` in a directive that is written anyway; `{!` `}` and a line end for a directive of its own. */
const IN_LINE_COST = 2;
const OWN_LINE_COST = 5;
/** `{!` `}` of a paragraph's own directive. */
const OWN_COST = 3;
/** More values than this for one property: the rarest are not considered for the state. */
const MAX_CANDIDATES = 24;

function spelled(prop: StateTextProp, value: Value): number {
  return value === undefined ? prop.length + 6 : formatTextProps({ [prop]: value })[0]!.length;
}

const isMono = (style: TextStyle, prop: StateTextProp): boolean =>
  prop === 'font' && style.font === MONO_FONT;

function sameParagraph(a: ParagraphDelta, b: ParagraphDelta): boolean {
  for (const key in a) if (a[key as keyof ParagraphDelta] !== b[key as keyof ParagraphDelta]) return false;
  for (const key in b) if (a[key as keyof ParagraphDelta] !== b[key as keyof ParagraphDelta]) return false;
  return true;
}

/** What the state's text should be at each unit (by its key), from a fresh state. */
export function planText(units: readonly PlanUnit[]): Map<object, StateText> {
  // Where the named style changes (a reset: the text state is restated) and where a directive
  // line is written anyway for the paragraph's own style.
  const reset: boolean[] = [];
  const lineAnyway: boolean[] = [];
  let named: NamedStyleType = 'NORMAL_TEXT';
  let paragraph: ParagraphDelta = {};
  for (const unit of units) {
    const forced = unit.named !== null && unit.named !== named;
    reset.push(forced);
    lineAnyway.push(forced || !sameParagraph(paragraph, unit.paragraph));
    named = unit.named ?? named;
    paragraph = unit.paragraph;
  }
  const plan = new Map<object, StateText>();
  for (const unit of units) plan.set(unit.key, {});
  for (const prop of STATE_TEXT_PROPS) {
    const path = planProp(units, prop, reset, lineAnyway);
    units.forEach((unit, index) => {
      const value = path[index];
      if (value !== undefined) (plan.get(unit.key)! as Record<string, unknown>)[prop] = value;
    });
  }
  return plan;
}

function candidates(units: readonly PlanUnit[], prop: StateTextProp): Value[] {
  const counts = new Map<Value, number>();
  for (const unit of units)
    for (const paragraph of unit.runs)
      for (const style of paragraph)
        if (style && !isMono(style, prop) && style[prop] !== undefined)
          counts.set(style[prop], (counts.get(style[prop]) ?? 0) + 1);
  const values = [...counts].sort((a, b) => b[1] - a[1]).slice(0, MAX_CANDIDATES);
  return [undefined, ...values.map(([value]) => value)];
}

/**
 * A paragraph's runs for one property, summed up once for every value the state may hold: a span
 * opens at each run whose value differs from the state's and from the run before it (a run that
 * is not text, or is monospace, ends a span), so the runs reduce to groups of equal values, each
 * a span unless its value is the state's. The spans under `value` are then `total` less the
 * groups of `value`. `own` and `second`: the two cheapest own directives (`{!font:false}Text`,
 * the value and the spans left around the runs that differ from it), of two different values.
 */
interface ParagraphSpans {
  total: number;
  byValue: Map<Value, number>;
  own: { value: Value; cost: number } | undefined;
  second: number;
}

function paragraphSpans(
  paragraph: ReadonlyArray<TextStyle | null>,
  prop: StateTextProp,
  spell: (value: Value) => number,
): ParagraphSpans {
  const byValue = new Map<Value, number>();
  let total = 0;
  let open = false;
  let last: Value;
  for (const style of paragraph) {
    if (style === null || isMono(style, prop)) {
      open = false;
      continue;
    }
    const own = style[prop];
    if (open && own === last) continue;
    const cost = spell(own) + SPAN_COST;
    total += cost;
    byValue.set(own, (byValue.get(own) ?? 0) + cost);
    open = true;
    last = own;
  }
  let own: ParagraphSpans['own'];
  let second = Number.POSITIVE_INFINITY;
  for (const [value, groups] of byValue) {
    const cost = spell(value) + OWN_COST + total - groups;
    if (own === undefined || cost < own.cost) {
      if (own) second = own.cost;
      own = { value, cost };
    } else if (cost < second) second = cost;
  }
  return { total, byValue, own, second };
}

/**
 * The characters one unit needs for `prop` when the state holds `value`: per paragraph, a span
 * around each group of runs with another value, or an own directive giving the paragraph another
 * value and spans around the runs that differ from that, whichever is less.
 */
function spanCost(paragraphs: readonly ParagraphSpans[], value: Value): number {
  let cost = 0;
  for (const p of paragraphs) {
    const spans = p.total - (p.byValue.get(value) ?? 0);
    if (spans === 0) continue;
    const own =
      p.own === undefined ? Number.POSITIVE_INFINITY : p.own.value === value ? p.second : p.own.cost;
    cost += Math.min(spans, own);
  }
  return cost;
}

function planProp(
  units: readonly PlanUnit[],
  prop: StateTextProp,
  reset: readonly boolean[],
  lineAnyway: readonly boolean[],
): Value[] {
  const values = candidates(units, prop);
  if (values.length === 1) return units.map(() => undefined);
  const k = values.length;
  const spellings = new Map<Value, number>();
  const spell = (value: Value): number => {
    let n = spellings.get(value);
    if (n === undefined) {
      n = spelled(prop, value);
      spellings.set(value, n);
    }
    return n;
  };
  // cost[w]: the cheapest text so far that leaves the state at values[w]; from[i][w]: the value
  // before unit i on that path.
  let cost = values.map((_, w) => (w === 0 ? 0 : Number.POSITIVE_INFINITY));
  const from: Int32Array[] = [];
  units.forEach((unit, i) => {
    let best = 0;
    for (let v = 1; v < k; v++) if (cost[v]! < cost[best]!) best = v;
    const next: number[] = new Array(k);
    const back = new Int32Array(k);
    const change = lineAnyway[i] ? IN_LINE_COST : OWN_LINE_COST;
    const paragraphs = unit.runs.map((paragraph) => paragraphSpans(paragraph, prop, spell));
    for (let w = 0; w < k; w++) {
      const span = spanCost(paragraphs, values[w]);
      if (reset[i]) {
        // A reset restates every value the state keeps, and drops the others for free.
        const restate = values[w] === undefined ? 0 : spell(values[w]) + IN_LINE_COST;
        next[w] = cost[best]! + restate + span;
        back[w] = best;
        continue;
      }
      const stay = cost[w]!;
      const moved = cost[best]! + spell(values[w]) + change;
      if (stay <= moved) {
        next[w] = stay + span;
        back[w] = w;
      } else {
        next[w] = moved + span;
        back[w] = best;
      }
    }
    cost = next;
    from.push(back);
  });
  let w = 0;
  for (let v = 1; v < k; v++) if (cost[v]! < cost[w]!) w = v;
  const path: Value[] = new Array(units.length);
  for (let i = units.length - 1; i >= 0; i--) {
    path[i] = values[w];
    w = from[i]![w]!;
  }
  return path;
}
