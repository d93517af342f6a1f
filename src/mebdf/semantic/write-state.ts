/**
 * The block-directive state as the writer tracks it, so that the canonical text says only what
 * changes: a paragraph gets a directive line only where its style differs from the state the text
 * before it left (the reader carries the same state, `to-model.ts`), and text properties shared by
 * a paragraph's runs live in the state instead of a span around every run.
 *
 * Only value properties (`font`, `weight`, `size`, `color`, `highlight`) go into the state: a span
 * can take them away again (`{!font:false}`), while a switch turned on by a directive could only be
 * turned off explicitly (`bold:false`), which would change the model.
 */
import type { Inline, NamedStyleType, ParagraphStyle, TextStyle } from '../model.js';
import {
  formatParagraphProps,
  formatTextProps,
  MONO_FONT,
  namedStyleName,
  type ParagraphDelta,
} from '../props.js';
import type { StyleNames } from '../style-names.js';

export const STATE_TEXT_PROPS = ['font', 'weight', 'size', 'color', 'highlight'] as const;
export type StateTextProp = (typeof STATE_TEXT_PROPS)[number];
export type StateText = Pick<TextStyle, StateTextProp>;

export interface WriterState {
  named: NamedStyleType;
  paragraph: ParagraphDelta;
  text: StateText;
  /** The heading state of each level (`headings[n - 1]`, `{!## …}`); undefined: none yet. */
  headings: ReadonlyArray<HeadingStyle | undefined>;
  /** The style names the text defined before this point (style-naming.ts); the reader's alone. */
  names?: StyleNames;
}

/** What a level's heading state gives its Markdown headings instead of the state's properties. */
export interface HeadingStyle {
  paragraph: ParagraphDelta;
  text: StateText;
}

export function freshWriterState(): WriterState {
  return { named: 'NORMAL_TEXT', paragraph: {}, text: {}, headings: [] };
}

/** The properties of a heading state line, `{!## …}` without its `{!` `}`. */
export function headingStateProps(level: number, style: HeadingStyle): string {
  const props = fullProps({ named: null, ...style });
  return props.length === 0 ? '#'.repeat(level) : `${'#'.repeat(level)} ${props.join(', ')}`;
}

/** The state a heading under heading state `style` is read in: the state with its properties. */
export function underHeadingState(state: WriterState, style: HeadingStyle): WriterState {
  return { ...state, paragraph: { ...style.paragraph }, text: { ...style.text } };
}

/** Paragraph fields in canonical order, with the property name that removes each. */
const PARAGRAPH_FIELDS: ReadonlyArray<[keyof ParagraphDelta, string]> = [
  ['align', 'align'],
  ['indentLeft', 'indent-left'],
  ['indentRight', 'indent-right'],
  ['firstLineIndent', 'first-line-indent'],
  ['lineSpacing', 'line-spacing'],
  ['spaceBefore', 'space-before'],
  ['spaceAfter', 'space-after'],
];

/** What a paragraph needs of the state. `named: null`: any (a Markdown heading brings its own). */
export interface Target {
  named: NamedStyleType | null;
  paragraph: ParagraphDelta;
  text: StateText;
}

/** The text styles of a paragraph's inlines, `null` for an inline that is not text. */
export function runStyles(inlines: readonly Inline[]): Array<TextStyle | null> {
  return inlines.map((inline) => (inline.type === 'text' ? inline.style : null));
}

export function paragraphDelta(style: ParagraphStyle): ParagraphDelta {
  const { namedStyle: _named, ...rest } = style;
  return rest;
}

/**
 * Spellings of property values by property, kept: the writer spells the same few values at every
 * paragraph (a whole directive is spelt for each one it weighs, `resetProps`), and each spelling
 * builds a style and a list to read one string from. Bounded, for a process that writes many texts.
 */
const spellings = new Map<string, Map<string | number, string>>();
const SPELLINGS_MAX = 4096;
let spelt = 0;

/** `name:value` as a directive spells it; `name` is a paragraph field or a state text property. */
function spelling(name: keyof ParagraphDelta | StateTextProp, value: string | number): string {
  let byValue = spellings.get(name);
  if (!byValue) {
    byValue = new Map();
    spellings.set(name, byValue);
  }
  let out = byValue.get(value);
  if (out === undefined) {
    if (spelt >= SPELLINGS_MAX) {
      for (const values of spellings.values()) values.clear();
      spelt = 0;
    }
    out = (
      STATE_TEXT_PROP_SET.has(name)
        ? formatTextProps({ [name]: value })
        : formatParagraphProps({ namedStyle: 'NORMAL_TEXT', [name]: value })
    )[0]!;
    byValue.set(value, out);
    spelt++;
  }
  return out;
}

/** Every property of a target, as a directive after a named style lists them. */
function fullProps(target: Target): string[] {
  const props: string[] = [];
  for (const [field] of PARAGRAPH_FIELDS) {
    const value = target.paragraph[field];
    if (value !== undefined) props.push(spelling(field, value));
  }
  for (const prop of STATE_TEXT_PROPS) {
    const value = target.text[prop];
    if (value !== undefined) props.push(spelling(prop, value));
  }
  return props;
}

/**
 * Whether an object has no fields, so that every field reads undefined in it: most states and
 * targets have no paragraph or text properties, and the field by field comparisons below are
 * then skipped.
 */
function bare(object: object): boolean {
  for (const _field in object) return false;
  return true;
}

/** The changes from the state to the target, `name:false` for what the target no longer has. */
function changedProps(state: WriterState, target: Target): string[] {
  const props: string[] = [];
  if (!bare(target.paragraph) || !bare(state.paragraph))
    for (const [field, name] of PARAGRAPH_FIELDS) {
      const value = target.paragraph[field];
      if (value === state.paragraph[field]) continue;
      props.push(value === undefined ? `${name}:false` : spelling(field, value));
    }
  if (!bare(target.text) || !bare(state.text))
    for (const prop of STATE_TEXT_PROPS) {
      const value = target.text[prop];
      if (value === state.text[prop]) continue;
      props.push(value === undefined ? `${prop}:false` : spelling(prop, value));
    }
  return props;
}

/** The directive naming `named` and listing every property of the target (spelled only where it may be written). */
function resetProps(named: NamedStyleType, target: Target): string {
  return [namedStyleName(named), ...fullProps(target)].join(', ');
}

/**
 * The directive (its property list) that takes the state to the target, and moves `state` there;
 * null when the state already is the target. A directive naming a style resets everything, so it
 * is used where the named style must change, or where it is shorter than listing the changes.
 */
export function transition(state: WriterState, target: Target): string | null {
  const named = target.named ?? state.named;
  let props: string | null;
  if (named !== state.named) props = resetProps(named, target);
  else {
    const changes = changedProps(state, target);
    props = changes.length === 0 ? null : changes.join(', ');
    if (props !== null) {
      const whole = resetProps(named, target);
      if (whole.length < props.length) props = whole;
    }
  }
  state.named = named;
  state.paragraph = { ...target.paragraph };
  state.text = { ...target.text };
  return props;
}

/**
 * The properties after `empty` that give an empty paragraph its style without touching the state
 * (`{!empty, align:false}`): the changes, or its named style and all its properties when that
 * is shorter or the named style differs. Empty: the state's style is the paragraph's.
 */
export function emptyParagraphProps(state: WriterState, style: ParagraphStyle): string[] {
  const target: Target = { named: style.namedStyle, paragraph: paragraphDelta(style), text: {} };
  const reset = [namedStyleName(style.namedStyle), ...fullProps(target)];
  if (style.namedStyle !== state.named) return reset;
  const changes = changedProps({ ...state, text: {} }, target);
  return changes.length > 0 && reset.join(', ').length < changes.join(', ').length ? reset : changes;
}

/**
 * The text state for paragraphs whose text runs have these styles (`runs[i]` are the text styles of
 * one paragraph, in order, `null` standing for an inline that is not text): per property, the value
 * that needs the fewest spans, a change of the state costing half a span; the current value wins a
 * tie, then no value. The mono font is a code span whatever the state, so it neither counts nor
 * is a candidate.
 */
export function chooseText(
  current: StateText,
  runs: ReadonlyArray<ReadonlyArray<TextStyle | null>>,
): StateText {
  if (!runs.some((paragraph) => paragraph.some((style) => style !== null))) return { ...current };
  const given = givenProps(runs);
  const out: StateText = {};
  for (const prop of STATE_TEXT_PROPS) {
    // Neither the state nor any run has a value: no run needs a span, and none is chosen.
    if (current[prop] === undefined && !given.has(prop)) continue;
    // No run needs a span under the current value: nothing costs less, and it wins a tie.
    if (spansNeeded(runs, prop, current[prop]) === 0) {
      if (current[prop] !== undefined) (out as Record<string, unknown>)[prop] = current[prop];
      continue;
    }
    const candidates = new Set<string | number | undefined>([current[prop], undefined]);
    for (const paragraph of runs)
      for (const style of paragraph) if (style && !isMono(style, prop)) candidates.add(style[prop]);
    let best = current[prop];
    let bestCost = Number.POSITIVE_INFINITY;
    for (const value of candidates) {
      const cost = 2 * spansNeeded(runs, prop, value) + (value === current[prop] ? 0 : 1);
      if (cost < bestCost) {
        best = value;
        bestCost = cost;
      }
    }
    if (best !== undefined) (out as Record<string, unknown>)[prop] = best;
  }
  return out;
}

const STATE_TEXT_PROP_SET: ReadonlySet<string> = new Set(STATE_TEXT_PROPS);

/** The state text properties some run has a value of (most runs have none): one look at each run. */
function givenProps(runs: ReadonlyArray<ReadonlyArray<TextStyle | null>>): Set<string> {
  const given = new Set<string>();
  for (const paragraph of runs)
    for (const style of paragraph) {
      if (style === null) continue;
      for (const prop in style)
        if (STATE_TEXT_PROP_SET.has(prop) && style[prop as StateTextProp] !== undefined) given.add(prop);
    }
  return given;
}

function isMono(style: TextStyle, prop: StateTextProp): boolean {
  return prop === 'font' && style.font === MONO_FONT;
}

/** Groups of adjacent text runs whose value of `prop` is not `value` (each needs a span). */
function spansNeeded(
  runs: ReadonlyArray<ReadonlyArray<TextStyle | null>>,
  prop: StateTextProp,
  value: string | number | undefined,
): number {
  let count = 0;
  for (const paragraph of runs) {
    let previous: string | number | undefined | null = null;
    let open = false;
    for (const style of paragraph) {
      if (style === null || isMono(style, prop)) {
        open = false;
        previous = null;
        continue;
      }
      const own = style[prop];
      if (own === value) open = false;
      else if (!open || own !== previous) {
        count++;
        open = true;
      }
      previous = own;
    }
  }
  return count;
}

/**
 * A text style written under the state: what the state already gives is left out, and a value
 * the state gives but the run does not have is `null` (written `name:false` in a span).
 */
export type RelativeStyle = { [K in keyof TextStyle]?: TextStyle[K] | null };

export function relativeStyle(style: TextStyle, text: StateText): RelativeStyle {
  const out: RelativeStyle = { ...style };
  for (const prop of STATE_TEXT_PROPS) {
    const given = text[prop];
    if (given === undefined || isMono(style, prop)) continue;
    if (style[prop] === given) delete out[prop];
    else if (style[prop] === undefined) out[prop] = null;
  }
  return out;
}
