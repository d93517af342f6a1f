/**
 * The semantic layer, write direction, inside a paragraph: model inlines -> mdast phrasing in the
 * canonical shape. Text styles arrive relative to the block state (`write-state.ts`): what the
 * state gives is left out, and a value the state gives but the run has not is `null`, written
 * `name:false`. Links are outermost, then spans (one layer per property, in a fixed order, merged
 * where one only holds another), then `**`, `*`, `~~` where the delimiters read back (certainly
 * with word characters inside; with punctuation inside only in relaxed mode, which the caller
 * checks); the mono font is a code span.
 */
import type { PhrasingContent } from 'mdast';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { Inline, TextInline } from '../model.js';
import { formatTextProps, MONO_FONT } from '../props.js';
import type { RelativeStyle } from './write-state.js';

/** An inline as written under the state: a text inline carries its style relative to the state. */
export type WriteInline = Exclude<Inline, TextInline> | { type: 'text'; text: string; style: RelativeStyle };

/** Characters that break `*`/`~` flanking when they sit just inside a delimiter. */
const UNSAFE_EDGE = /[\p{P}\p{S}\p{Z}\s]/u;

function firstCodePoint(text: string): string {
  return String.fromCodePoint(text.codePointAt(0)!);
}

function lastCodePoint(text: string): string {
  const code = text.charCodeAt(text.length - 1);
  return code >= 0xdc00 && code <= 0xdfff && text.length > 1 ? text.slice(-2) : text.slice(-1);
}

/** Space just inside a delimiter never lets it read back. */
const SPACE_EDGE = /[\p{Z}\s]/u;

/**
 * How `**`, `*`, `~~` are chosen. Strict: only where they are sure to read back whatever
 * surrounds them (word characters on the inside). Relaxed: also with punctuation or symbols on
 * the inside (`**Lead:**`), which reads back or not depending on the characters outside; the
 * caller checks the paragraph and falls back to strict. `relaxedUsed` counts where that mattered.
 */
export interface DelimiterOptions {
  relaxed: boolean;
  relaxedUsed: number;
}

function delimitersFit(inlines: readonly WriteInline[], options: DelimiterOptions): boolean {
  const first = inlines[0];
  const last = inlines[inlines.length - 1];
  if (first?.type !== 'text' || last?.type !== 'text') return false;
  if (first.style.font === MONO_FONT || last.style.font === MONO_FONT) return false;
  // An image's edges are `!` and `)`, not its alt text.
  if (first.style.image || last.style.image) return false;
  const start = firstCodePoint(first.text);
  const end = lastCodePoint(last.text);
  if (!UNSAFE_EDGE.test(start) && !UNSAFE_EDGE.test(end)) return true;
  if (!options.relaxed || SPACE_EDGE.test(start) || SPACE_EDGE.test(end)) return false;
  options.relaxedUsed++;
  return true;
}

interface Layer {
  /** The one property `key` reads: where a style does not have it, the key is null. */
  prop: keyof RelativeStyle;
  key(style: RelativeStyle): string | null;
  wrap(
    key: string,
    inlines: readonly WriteInline[],
    children: PhrasingContent[],
    options: DelimiterOptions,
  ): PhrasingContent;
}

function attention(flag: 'bold' | 'italic' | 'strikethrough', type: 'strong' | 'emphasis' | 'delete'): Layer {
  return {
    prop: flag,
    key: (style) => (style[flag] === true ? flag : null),
    wrap: (_key, inlines, children, options) =>
      delimitersFit(inlines, options) ? { type, children } : { type: 'mebdfSpan', props: flag, children },
  };
}

/**
 * One layer per property that only a span can spell, outermost first, so that runs sharing a
 * property share one span and spans nest like the formatting does (`{!underline}a {!sup}b{/!}{/!}`).
 * A span whose only child is another span is merged into it afterwards (`{!underline, sup}b{/!}`).
 */
const SPAN_LAYERS: readonly Layer[] = (
  [
    'comment',
    'suggestion',
    'underline',
    'smallcaps',
    'font',
    'weight',
    'size',
    'color',
    'highlight',
    'sup',
    'sub',
    'bold',
    'italic',
    'strikethrough',
  ] as const
).map((name) => ({
  prop: name,
  key: (style: RelativeStyle) => {
    const value = style[name];
    if (value === undefined) return null;
    if (value === null) return `${name === 'suggestion' ? 'suggest' : name}:false`;
    if ((name === 'bold' || name === 'italic' || name === 'strikethrough') && value === true) return null;
    if (name === 'font' && value === MONO_FONT) return null;
    return formatTextProps({ [name]: value })[0] ?? null;
  },
  wrap: (props: string, _inlines: readonly WriteInline[], children: PhrasingContent[]): PhrasingContent => {
    const only = children.length === 1 ? children[0] : undefined;
    if (only?.type === 'mebdfSpan') return { ...only, props: `${props}, ${only.props}` };
    return { type: 'mebdfSpan', props, children };
  },
}));

/** Outermost first: links, then spans, then `**`, `*`, `~~`. */
const LAYERS: readonly Layer[] = [
  {
    prop: 'link',
    // An image kept as linked text is its own link: `![alt](url)`, not `[![alt](url)](url)`.
    key: (style) => (style.image ? null : (style.link ?? null)),
    wrap: (url, _inlines, children) => ({ type: 'link', url, children }),
  },
  ...SPAN_LAYERS,
  attention('bold', 'strong'),
  attention('italic', 'emphasis'),
  attention('strikethrough', 'delete'),
];

/** The layers that read each property, in order: only these can key a style that has it. */
const LAYERS_BY_PROP = new Map<string, number[]>();
LAYERS.forEach((layer, index) => {
  const at = LAYERS_BY_PROP.get(layer.prop) ?? [];
  at.push(index);
  LAYERS_BY_PROP.set(layer.prop, at);
});

/**
 * The first layer from `from` on where some text inline has a key, and the first inline that has
 * one there; `layer: LAYERS.length` when none has. Each inline is asked only at the layers of the
 * properties its style has (a few), not at every layer.
 */
function firstKeyed(inlines: readonly WriteInline[], from: number): { layer: number; first: number } {
  let layer = LAYERS.length;
  let first = -1;
  inlines.forEach((inline, index) => {
    if (inline.type !== 'text') return;
    for (const prop in inline.style) {
      for (const at of LAYERS_BY_PROP.get(prop) ?? []) {
        if (at < from || at >= layer) continue;
        if (LAYERS[at]!.key(inline.style) === null) continue;
        layer = at;
        first = index;
      }
    }
  });
  return { layer, first };
}

/**
 * A paragraph's inlines. A line break that ends the paragraph is `<br>` (Markdown drops a
 * backslash break at the end of a paragraph), and so is every line break in a heading (an ATX
 * heading is one line) and one right before raw HTML (HTML at the start of a line could start an
 * HTML block, which ends the paragraph).
 */
export function paragraphPhrasing(
  inlines: readonly WriteInline[],
  heading = false,
  options: DelimiterOptions = { relaxed: false, relaxedUsed: 0 },
): PhrasingContent[] {
  const children = breaksBeforeHtml(protectLineEdges(inlinesToPhrasing(inlines, 0, options)));
  if (heading)
    return protectSpaceAfterAnchor(children).map((child) =>
      child.type === 'break' ? { type: 'mebdfRaw', value: '<br>' } : child,
    );
  if (children[children.length - 1]?.type === 'break')
    children[children.length - 1] = { type: 'mebdfRaw', value: '<br>' };
  return children;
}

/** A line break right before raw HTML, at any depth, written `<br>` (see paragraphPhrasing). */
function breaksBeforeHtml(children: PhrasingContent[]): PhrasingContent[] {
  let out: PhrasingContent[] | undefined;
  children.forEach((child, index) => {
    let next = child;
    if (child.type === 'break' && children[index + 1]?.type === 'html')
      next = { type: 'mebdfRaw', value: '<br>' };
    else if ('children' in child) {
      const inner = breaksBeforeHtml(child.children);
      if (inner !== child.children) next = { ...child, children: inner } as PhrasingContent;
    }
    if (next !== child) {
      out ??= [...children];
      out[index] = next;
    }
  });
  return out ?? children;
}

const isSpace = (character: string | undefined): boolean => character === ' ' || character === '\t';
/**
 * A heading's anchor is followed by one separating space that is not text (`## {^ id} Title`, as
 * MEBDF's first definition reads it), so a real space there is written as a character reference.
 */
function protectSpaceAfterAnchor(children: PhrasingContent[]): PhrasingContent[] {
  const [first, second] = children;
  if (first?.type !== 'mebdfAnchor' || second?.type !== 'text' || second.value[0] !== ' ') return children;
  const rest: PhrasingContent[] =
    second.value.length > 1 ? [{ type: 'text', value: second.value.slice(1) }] : [];
  return [first, reference(' '), ...rest, ...children.slice(2)];
}

const reference = (character: string): PhrasingContent => ({
  type: 'mebdfRaw',
  value: `&#x${character.charCodeAt(0).toString(16)};`,
});

/**
 * Markdown strips spaces and tabs at the start and end of every line of a paragraph, heading or
 * table cell. Where text has them there, the outermost one is written as a character reference
 * (`&#x20;`, written verbatim through an `mebdfRaw` node), which keeps the rest in place.
 */
export function protectLineEdges(children: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  children.forEach((child, index) => {
    if (child.type !== 'text') {
      out.push(child);
      return;
    }
    let value = child.value;
    const previous = children[index - 1];
    const next = children[index + 1];
    const startsLine = previous === undefined || previous.type === 'break';
    const endsLine = next === undefined || next.type === 'break';
    let lead: PhrasingContent | undefined;
    let trail: PhrasingContent | undefined;
    if (startsLine && isSpace(value[0])) {
      lead = reference(value[0]!);
      value = value.slice(1);
    }
    if (endsLine && isSpace(value[value.length - 1])) {
      trail = reference(value[value.length - 1]!);
      value = value.slice(0, -1);
    }
    if (lead) out.push(lead);
    if (value !== '') out.push(value === child.value ? child : { type: 'text', value });
    if (trail) out.push(trail);
  });
  return out;
}

export function inlinesToPhrasing(
  inlines: readonly WriteInline[],
  layer = 0,
  options: DelimiterOptions = { relaxed: false, relaxedUsed: 0 },
): PhrasingContent[] {
  // A layer where no inline has a key would only pass them all to the next, so it is skipped
  // (most text has no link and few spans); each inline's key at the layer is computed once.
  const { layer: keyed, first } = firstKeyed(inlines, layer);
  const current = LAYERS[keyed];
  if (!current) return inlines.map(leaf);
  const keys = inlines.map((inline, index) =>
    index < first || inline.type !== 'text' ? null : current.key(inline.style),
  );
  const out: PhrasingContent[] = [];
  let index = 0;
  while (index < inlines.length) {
    const key = keys[index]!;
    let end = index + 1;
    while (end < inlines.length && keys[end] === key) end++;
    const group = inlines.slice(index, end);
    const children = inlinesToPhrasing(group, keyed + 1, options);
    if (key === null) out.push(...children);
    else out.push(current.wrap(key, group, children, options));
    index = end;
  }
  return out;
}

function leaf(inline: WriteInline): PhrasingContent {
  switch (inline.type) {
    case 'text':
      if (inline.style.image && inline.style.link)
        return imageOf(inline.text, inline.style.link, inline.style.image);
      if (inline.style.html) return { type: 'html', value: inline.text };
      return inline.style.font === MONO_FONT
        ? { type: 'inlineCode', value: inline.text }
        : { type: 'text', value: inline.text };
    case 'break':
      return { type: 'break' };
    case 'anchor':
      return { type: 'mebdfAnchor', id: inline.id };
    case 'embed':
      return inline.caption === undefined
        ? { type: 'mebdfEmbed', id: inline.id, kind: inline.kind }
        : { type: 'mebdfEmbed', id: inline.id, kind: inline.kind, caption: inline.caption };
    case 'image':
      return { type: 'image', url: inline.url, alt: inline.alt };
    case 'footnoteRef':
      return {
        type: 'footnoteReference',
        identifier: normalizeIdentifier(inline.label).toLowerCase(),
        label: inline.label,
      };
  }
}

/** `![alt](url "title")` of text that stands for an image Docs could not fetch (`TextStyle.image`). */
function imageOf(text: string, url: string, mark: string): PhrasingContent {
  const space = mark.indexOf(' ');
  const kind = space < 0 ? mark : mark.slice(0, space);
  const title = space < 0 ? null : mark.slice(space + 1);
  return { type: 'image', url, alt: kind === 'url' ? '' : text, title };
}
