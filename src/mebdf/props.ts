/**
 * The property registry: every name that may appear inside `{!…}`, what kind of value it takes,
 * and where it is allowed (inline span, block directive, or both). Turns a raw property list into
 * a style change or a structural directive, collecting every problem with its offset in the list.
 */
import { excerpt } from '../errors.js';
import { canonicalFont } from './fonts.js';
import {
  MONO_FONT,
  type NamedStyleType,
  type ParagraphStyle,
  type SuggestionMark,
  type TextStyle,
} from './model.js';
import { closest, meant } from './suggest.js';
import {
  formatLength,
  formatLineSpacing,
  formatWeight,
  type Parsed,
  parseAlignment,
  parseColor,
  parseLength,
  parseLineSpacing,
  parseWeight,
} from './values.js';

export const NAMED_STYLES: Readonly<Record<string, NamedStyleType>> = {
  'Normal text': 'NORMAL_TEXT',
  Title: 'TITLE',
  Subtitle: 'SUBTITLE',
  'Heading 1': 'HEADING_1',
  'Heading 2': 'HEADING_2',
  'Heading 3': 'HEADING_3',
  'Heading 4': 'HEADING_4',
  'Heading 5': 'HEADING_5',
  'Heading 6': 'HEADING_6',
};

/** Each named style's name (the first where two names meant one style). */
const NAMED_STYLE_NAMES = new Map(
  Object.entries(NAMED_STYLES)
    .reverse()
    .map(([name, value]) => [value, name]),
);

export function namedStyleName(style: NamedStyleType): string {
  return NAMED_STYLE_NAMES.get(style)!;
}

export { MONO_FONT } from './model.js';

export const BOOLEAN_TEXT_PROPS = [
  'bold',
  'italic',
  'strikethrough',
  'underline',
  'smallcaps',
  'sup',
  'sub',
] as const;
export const VALUE_TEXT_PROPS = [
  'font',
  'weight',
  'size',
  'color',
  'highlight',
  'suggest',
  'comment',
] as const;
export const TEXT_PROPS: readonly string[] = [...BOOLEAN_TEXT_PROPS, 'mono', ...VALUE_TEXT_PROPS];
export const PARAGRAPH_PROPS: readonly string[] = [
  'align',
  'indent-left',
  'indent-right',
  'first-line-indent',
  'hanging-indent',
  'line-spacing',
  'space-before',
  'space-after',
];
export const STRUCTURAL_DIRECTIVES: readonly string[] = [
  'empty',
  'table',
  'row',
  'cell',
  'cells',
  'end-table',
];
const CELL_PROPS: readonly string[] = ['colspan', 'rowspan'];

/** One `name` or `name:value` item; `offset` is where its name starts in the raw list. */
export interface PropItem {
  name: string;
  value: string | undefined;
  offset: number;
  source: string;
}

export interface PropProblem {
  /** Offset in the raw property list. */
  offset: number;
  text: string;
  message: string;
  /** A valid spelling the writer probably meant: shown as "did you mean …?". */
  fix?: string;
  /** An instruction: shown as it is. */
  advice?: string;
  /** A warning is reported by lint but does not stop a parse. */
  severity?: 'warning';
}

/** The value text properties, which `name:false` removes. */
export type ValueTextProp = 'font' | 'weight' | 'size' | 'color' | 'highlight';

/**
 * A change to the text style: fields to set, fields to remove (`color:false`), and whether
 * `mono:false` removes the mono font.
 */
export interface TextDelta {
  set: TextStyle;
  unset: ValueTextProp[];
  monoOff: boolean;
}

export function emptyTextDelta(): TextDelta {
  return { set: {}, unset: [], monoOff: false };
}

export type ParagraphDelta = Omit<Partial<ParagraphStyle>, 'namedStyle'>;
export type ParagraphProp = keyof ParagraphDelta;

export type Directive =
  | {
      kind: 'state';
      named?: NamedStyleType;
      paragraph: ParagraphDelta;
      /** Paragraph properties the directive removes from the state (`align:false`). */
      unsetParagraph: ParagraphProp[];
      text: TextDelta;
    }
  | {
      /**
       * An empty paragraph: in the state's style, changed for this paragraph alone by the
       * paragraph style and paragraph properties listed after `empty` (`{!empty, align:false}`).
       */
      kind: 'empty';
      named?: NamedStyleType;
      paragraph: ParagraphDelta;
      unsetParagraph: ParagraphProp[];
    }
  | {
      /**
       * `{!## props}`: the heading state of a level (grammar §2): every Markdown heading of that
       * level from here on takes these properties instead of the block state's. It lists them all
       * (a later one replaces it), so it has no named style and nothing to remove.
       */
      kind: 'heading';
      level: number;
      paragraph: ParagraphDelta;
      text: TextDelta;
    }
  | { kind: 'table' | 'row' | 'end-table' }
  | { kind: 'cell'; colSpan?: number; rowSpan?: number }
  /** `{!cells:N}`: N cells in a row with nothing written in them, as N `{!cell}` lines would be. */
  | { kind: 'cells'; count: number };

export function splitProps(raw: string): PropItem[] {
  const items: PropItem[] = [];
  let start = 0;
  for (const part of raw.split(',')) {
    const lead = part.length - part.trimStart().length;
    const source = part.trim();
    const colon = source.indexOf(':');
    const name = (colon === -1 ? source : source.slice(0, colon)).trim();
    const value = colon === -1 ? undefined : source.slice(colon + 1).trim();
    items.push({ name, value, offset: start + lead, source });
    start += part.length + 1;
  }
  return items;
}

function problem(
  item: PropItem,
  message: string,
  help: Pick<PropProblem, 'fix' | 'advice' | 'severity'> = {},
): PropProblem {
  return { offset: item.offset, text: item.source, message, ...help };
}

/** `{fix}` when a close valid name exists, else `{advice}`: never a "did you mean" without a real name. */
function fixOr(fix: string | undefined, advice: string): Pick<PropProblem, 'fix' | 'advice'> {
  return fix === undefined ? { advice } : { fix };
}

function fromParsed<T>(item: PropItem, parsed: Parsed<T>, problems: PropProblem[]): T | undefined {
  if (parsed.ok) return parsed.value;
  const help: Pick<PropProblem, 'fix' | 'advice'> = {};
  if (parsed.fix !== undefined) help.fix = parsed.fix;
  if (parsed.advice !== undefined) help.advice = parsed.advice;
  problems.push(problem(item, `${item.name}: ${parsed.message}`, help));
  return undefined;
}

/** Applies one text property to `delta`. Returns false when `item.name` is not a text property. */
function applyTextProp(item: PropItem, delta: TextDelta, problems: PropProblem[]): boolean {
  const { name, value } = item;
  if ((BOOLEAN_TEXT_PROPS as readonly string[]).includes(name) || name === 'mono') {
    let on: boolean;
    if (value === undefined || value === 'true') on = true;
    else if (value === 'false') on = false;
    else {
      problems.push(
        problem(item, `${name} is a switch: write \`${name}\` or \`${name}:false\``, { fix: name }),
      );
      return true;
    }
    if (name === 'mono') {
      if (on) {
        delta.set.font = MONO_FONT;
        delta.monoOff = false;
      } else {
        delete delta.set.font;
        delta.monoOff = true;
      }
    } else {
      const key = name as (typeof BOOLEAN_TEXT_PROPS)[number];
      delta.set[key] = on;
      if (on && key === 'sup') delete delta.set.sub;
      if (on && key === 'sub') delete delta.set.sup;
    }
    return true;
  }
  if (!(VALUE_TEXT_PROPS as readonly string[]).includes(name)) return false;
  if (value === undefined || value === '') {
    problems.push(problem(item, `${name} needs a value: \`${name}:…\``));
    return true;
  }
  if (value === 'false' && name !== 'suggest' && name !== 'comment') {
    // `color:false` removes the value (back to what the paragraph's style gives), as `bold:false`
    // does for a switch; a family is never named "false".
    const key = name as ValueTextProp;
    delete delta.set[key];
    if (!delta.unset.includes(key)) delta.unset.push(key);
    if (key === 'font') delta.monoOff = false;
    return true;
  }
  switch (name) {
    case 'font': {
      const font = canonicalFont(value);
      delta.set.font = font.family;
      delta.monoOff = false;
      if (!font.known) {
        problems.push(
          problem(item, `font: \`${value}\` is not a font gdoc knows Google Docs to offer`, {
            severity: 'warning',
            advice:
              'Check the spelling in the Docs font menu: Docs shows text in Arial when it has no such font.',
          }),
        );
      }
      break;
    }
    case 'weight': {
      const weight = fromParsed(item, parseWeight(value), problems);
      if (weight !== undefined) delta.set.weight = weight;
      break;
    }
    case 'size': {
      const size = fromParsed(item, parseLength(value, false), problems);
      if (size !== undefined) delta.set.size = size;
      break;
    }
    case 'color':
    case 'highlight': {
      const color = fromParsed(item, parseColor(value), problems);
      if (color !== undefined) delta.set[name] = color;
      break;
    }
    case 'suggest': {
      // `insert` or `delete`, then optionally the suggestion id: `suggest:delete suggest.k2j4`.
      const mark = /^(insert|delete)(?:\s+([^\s,}]+))?$/.exec(value.trim());
      if (mark) delta.set.suggestion = (mark[2] ? `${mark[1]} ${mark[2]}` : mark[1]) as SuggestionMark;
      else
        problems.push(
          problem(item, `suggest: \`${value}\` is not insert or delete (then optionally the suggestion id)`, {
            fix: 'insert',
          }),
        );
      break;
    }
    case 'comment': {
      const comment = commentIds(value);
      if (comment !== undefined) delta.set.comment = comment;
      else {
        problems.push(
          problem(item, `comment: \`${value}\` is not a list of comment anchor ids`, {
            advice: 'Write the anchor ids an export shows, separated by spaces: `comment:kix.abc kix.def`.',
          }),
        );
      }
      break;
    }
  }
  return true;
}

const PARAGRAPH_FIELDS: Readonly<Record<string, ParagraphProp>> = {
  align: 'align',
  'indent-left': 'indentLeft',
  'indent-right': 'indentRight',
  'first-line-indent': 'firstLineIndent',
  'hanging-indent': 'firstLineIndent',
  'line-spacing': 'lineSpacing',
  'space-before': 'spaceBefore',
  'space-after': 'spaceAfter',
};

function applyParagraphProp(
  item: PropItem,
  delta: ParagraphDelta,
  unset: ParagraphProp[],
  problems: PropProblem[],
): boolean {
  const { name, value } = item;
  if (!PARAGRAPH_PROPS.includes(name)) return false;
  if (value === undefined || value === '') {
    problems.push(problem(item, `${name} needs a value: \`${name}:…\``));
    return true;
  }
  if (value === 'false') {
    const field = PARAGRAPH_FIELDS[name]!;
    delete delta[field];
    if (!unset.includes(field)) unset.push(field);
    return true;
  }
  switch (name) {
    case 'align': {
      const align = fromParsed(item, parseAlignment(value), problems);
      if (align !== undefined) delta.align = align;
      break;
    }
    case 'line-spacing': {
      const spacing = fromParsed(item, parseLineSpacing(value), problems);
      if (spacing !== undefined) delta.lineSpacing = spacing;
      break;
    }
    default: {
      const length = fromParsed(item, parseLength(value, name === 'first-line-indent'), problems);
      if (length === undefined) break;
      if (name === 'indent-left') delta.indentLeft = length;
      else if (name === 'indent-right') delta.indentRight = length;
      else if (name === 'first-line-indent') delta.firstLineIndent = length;
      else if (name === 'hanging-indent') delta.firstLineIndent = -length + 0;
      else if (name === 'space-before') delta.spaceBefore = length;
      else delta.spaceAfter = length;
    }
  }
  return true;
}

/**
 * The property list of an inline span `{!…}…{/!}`: text properties for the text inside, and
 * paragraph properties for the paragraph that holds the span (MEBDF's first definition lets a
 * span carry them; the canonical form puts them in a block directive).
 */
export function interpretSpanProps(raw: string): {
  delta: TextDelta;
  paragraph: ParagraphDelta;
  problems: PropProblem[];
} {
  const delta = emptyTextDelta();
  const paragraph: ParagraphDelta = {};
  const problems: PropProblem[] = [];
  for (const item of splitProps(raw)) {
    if (item.name === '') {
      problems.push(problem(item, 'empty property (two commas, or nothing inside `{!}`)'));
      continue;
    }
    if (applyTextProp(item, delta, problems)) continue;
    if (PARAGRAPH_PROPS.includes(item.name) && item.value !== 'false') {
      applyParagraphProp(item, paragraph, [], problems);
      continue;
    }
    if (item.source === '/') {
      problems.push(problem(item, '`{!/}` is not a closer', { advice: 'Close a span with `{/!}`.' }));
    } else if (PARAGRAPH_PROPS.includes(item.name)) {
      problems.push(
        problem(item, `${item.name}:false removes a paragraph property: put it in a block directive`, {
          advice: `Write \`{!${item.name}:false}\` on a line of its own before the paragraph.`,
        }),
      );
    } else if (item.source in NAMED_STYLES || STRUCTURAL_DIRECTIVES.includes(item.name)) {
      problems.push(
        problem(
          item,
          `${excerpt(item.source, '`')} is only allowed as a block directive on a line of its own`,
        ),
      );
    } else if (looksLikeStyleName(item, TEXT_PROPS)) {
      problems.push(unknownStyleName(item));
    } else {
      problems.push(
        problem(
          item,
          `unknown property ${excerpt(item.name, '`')}`,
          fixOr(meant(item.name, TEXT_PROPS), `A span takes text properties: ${TEXT_PROPS.join(', ')}.`),
        ),
      );
    }
  }
  return { delta, paragraph, problems };
}

/**
 * A bare word shaped like the names the writer gives style names (`s6uc3`, `s1`), with a digit
 * (no property has one) or close to no property: most likely a name copied without its definition.
 */
function looksLikeStyleName(item: PropItem, properties: readonly string[]): boolean {
  return (
    item.value === undefined &&
    /^s[0-9a-z]{1,6}(?:x\d+)?$/.test(item.source) &&
    (/\d/.test(item.source) || closest(item.source, properties) === undefined)
  );
}

function unknownStyleName(item: PropItem): PropProblem {
  return problem(item, `unknown style name ${excerpt(item.source, '`')}`, {
    advice: `Define it before its first use with a line \`{!${item.source} = …}\` (an export lists its style names at its top), or write the properties it stands for.`,
  });
}

/** The property list of a block directive `{!…}` on a line of its own. */
export function interpretDirectiveProps(raw: string): { directive: Directive; problems: PropProblem[] } {
  const problems: PropProblem[] = [];
  // `{!}` is the short spelling of `{!empty}` (grammar §2), what the writer writes.
  if (raw.trim() === '') return { directive: { kind: 'empty', paragraph: {}, unsetParagraph: [] }, problems };
  const hashes = /^(\s*)(#+)/.exec(raw);
  if (hashes) return { directive: interpretHeadingState(raw, hashes, problems), problems };
  const items = splitProps(raw);
  const first = items[0]!;
  if (first.name === 'cells') return interpretCells(items, problems);
  if (STRUCTURAL_DIRECTIVES.includes(first.name) && first.value === undefined) {
    return interpretStructural(first.name, items, problems);
  }
  return { directive: interpretStateItems(items, problems), problems };
}

/** The items of a state directive (or of what follows `empty`): a named style and properties. */
function interpretStateItems(items: PropItem[], problems: PropProblem[]): Directive & { kind: 'state' } {
  const text = emptyTextDelta();
  const paragraph: ParagraphDelta = {};
  const unsetParagraph: ParagraphProp[] = [];
  let named: NamedStyleType | undefined;
  for (const item of items) {
    if (item.name === '') {
      problems.push(problem(item, 'empty property (two commas, or nothing inside `{!}`)'));
      continue;
    }
    const style = NAMED_STYLES[item.source];
    if (style !== undefined) {
      if (named !== undefined)
        problems.push(problem(item, 'a block directive names at most one paragraph style'));
      named = style;
      continue;
    }
    if (applyTextProp(item, text, problems) || applyParagraphProp(item, paragraph, unsetParagraph, problems))
      continue;
    if (STRUCTURAL_DIRECTIVES.includes(item.name)) {
      problems.push(problem(item, `${excerpt(item.name, '`')} must stand alone in its directive`));
      continue;
    }
    if (looksLikeStyleName(item, [...TEXT_PROPS, ...PARAGRAPH_PROPS, ...STRUCTURAL_DIRECTIVES])) {
      problems.push(unknownStyleName(item));
      continue;
    }
    const candidates = [
      ...Object.keys(NAMED_STYLES),
      ...TEXT_PROPS,
      ...PARAGRAPH_PROPS,
      ...STRUCTURAL_DIRECTIVES,
    ];
    const fix = meant(item.value === undefined ? item.source : item.name, candidates);
    const what = item.value === undefined ? 'property or paragraph style' : 'property';
    problems.push(
      problem(
        item,
        `unknown ${what} ${excerpt(item.value === undefined ? item.source : item.name, '`')}`,
        fixOr(
          fix,
          'A block directive takes a paragraph style, text and paragraph properties (grammar/README.md §3).',
        ),
      ),
    );
  }
  const directive: Directive & { kind: 'state' } = { kind: 'state', paragraph, unsetParagraph, text };
  if (named !== undefined) directive.named = named;
  return directive;
}

/** `{!## props}`: the hashes (the level), then a space and the properties, if any. */
function interpretHeadingState(
  raw: string,
  hashes: RegExpExecArray,
  problems: PropProblem[],
): Directive & { kind: 'heading' } {
  const at = hashes[1]!.length;
  const level = hashes[2]!.length;
  const start = at + level;
  const rest = raw.slice(start);
  const directive: Directive & { kind: 'heading' } = {
    kind: 'heading',
    level: Math.min(level, 6),
    paragraph: {},
    text: emptyTextDelta(),
  };
  const source = `${hashes[2]}${rest.split(',')[0]!.trimEnd()}`;
  if (level > 6) {
    problems.push({
      offset: at,
      text: hashes[2]!,
      message: 'a heading state names a level from 1 to 6 (`{!#}` … `{!######}`)',
      fix: '######',
    });
  }
  if (rest.trim() === '') return directive;
  if (!/^\s/.test(rest)) {
    problems.push({
      offset: at,
      text: source,
      message: 'a heading state is the `#`s, a space, then its properties',
      advice: `Write \`{!${hashes[2]} ${rest.replace(/^[\s,]+/, '')}}\`.`,
    });
    return directive;
  }
  const items = splitProps(rest).map((item) => ({ ...item, offset: item.offset + start }));
  const state = interpretStateItems(items, problems);
  for (const item of items) {
    if (item.source in NAMED_STYLES)
      problems.push(
        problem(item, 'a heading state takes no paragraph style: its headings keep their own', {
          advice: `Leave out \`${item.source}\`.`,
        }),
      );
    else if (
      item.value === 'false' &&
      (PARAGRAPH_PROPS.includes(item.name) ||
        item.name === 'mono' ||
        (VALUE_TEXT_PROPS as readonly string[]).includes(item.name)) &&
      item.name !== 'suggest' &&
      item.name !== 'comment'
    )
      problems.push(
        problem(item, `a heading state lists what its headings have: \`${item.source}\` removes nothing`, {
          advice: `Leave out \`${item.source}\`.`,
        }),
      );
  }
  directive.paragraph = state.paragraph;
  directive.text = state.text;
  return directive;
}

function interpretStructural(
  name: string,
  items: PropItem[],
  problems: PropProblem[],
): { directive: Directive; problems: PropProblem[] } {
  if (name === 'empty') {
    const rest = items.slice(1);
    const state = interpretStateItems(rest, problems);
    for (const item of rest) {
      if (TEXT_PROPS.includes(item.name))
        problems.push(
          problem(item, 'an empty paragraph has no text: `{!empty}` takes no text property', {
            advice:
              'List a paragraph style or paragraph properties after `empty`, e.g. `{!empty, align:center}`.',
          }),
        );
    }
    const directive: Directive = {
      kind: 'empty',
      paragraph: state.paragraph,
      unsetParagraph: state.unsetParagraph,
    };
    if (state.named !== undefined) directive.named = state.named;
    return { directive, problems };
  }
  if (name !== 'cell') {
    for (const item of items.slice(1))
      problems.push(problem(item, `${excerpt(name, '`')} takes no properties`));
    return { directive: { kind: name as 'table' | 'row' | 'end-table' }, problems };
  }
  const directive: Directive = { kind: 'cell' };
  for (const item of items.slice(1)) {
    if (!CELL_PROPS.includes(item.name)) {
      problems.push(
        problem(
          item,
          `unknown cell property ${excerpt(item.name, '`')}`,
          fixOr(closest(item.name, CELL_PROPS), 'A cell takes `colspan:N` and `rowspan:N`.'),
        ),
      );
      continue;
    }
    const count = Number(item.value);
    if (item.value === undefined || !/^[1-9]\d*$/.test(item.value)) {
      problems.push(
        problem(item, `${item.name} needs a whole number of at least 1, e.g. \`${item.name}:2\``),
      );
    } else if (item.name === 'colspan') directive.colSpan = count;
    else directive.rowSpan = count;
  }
  return { directive, problems };
}

/** `{!cells:N}`: a count of at least 1 and nothing else (the cells are bare `{!cell}`s). */
function interpretCells(
  items: PropItem[],
  problems: PropProblem[],
): { directive: Directive; problems: PropProblem[] } {
  const [first, ...rest] = items;
  for (const item of rest)
    problems.push(problem(item, '`cells` takes no other property', { advice: CELLS_ADVICE }));
  const value = first!.value ?? '';
  if (!/^[1-9]\d*$/.test(value)) {
    problems.push(problem(first!, 'cells needs a whole number of at least 1, e.g. `cells:3`'));
    return { directive: { kind: 'cells', count: 1 }, problems };
  }
  return { directive: { kind: 'cells', count: Number(value) }, problems };
}

const CELLS_ADVICE =
  '`{!cells:N}` stands for N empty `{!cell}`s; write a cell with a merge or content as `{!cell, …}`.';

/** Canonical property list for the text properties Markdown cannot spell (order is fixed). */
export function formatTextProps(style: TextStyle): string[] {
  const props: string[] = [];
  for (const name of BOOLEAN_TEXT_PROPS) {
    const value = style[name];
    if (value === true) props.push(name);
    else if (value === false) props.push(`${name}:false`);
  }
  if (style.font !== undefined) props.push(`font:${style.font}`);
  if (style.weight !== undefined) props.push(`weight:${formatWeight(style.weight)}`);
  if (style.size !== undefined) props.push(`size:${formatLength(style.size)}`);
  if (style.color !== undefined) props.push(`color:${style.color}`);
  if (style.highlight !== undefined) props.push(`highlight:${style.highlight}`);
  if (style.suggestion !== undefined) props.push(`suggest:${style.suggestion}`);
  if (style.comment !== undefined) props.push(`comment:${style.comment}`);
  return props;
}

/** Canonical property list for the paragraph properties other than the named style. */
export function formatParagraphProps(style: ParagraphStyle): string[] {
  const props: string[] = [];
  if (style.align !== undefined) props.push(`align:${style.align}`);
  if (style.indentLeft !== undefined) props.push(`indent-left:${formatLength(style.indentLeft)}`);
  if (style.indentRight !== undefined) props.push(`indent-right:${formatLength(style.indentRight)}`);
  if (style.firstLineIndent !== undefined) {
    props.push(
      style.firstLineIndent < 0
        ? `hanging-indent:${formatLength(-style.firstLineIndent)}`
        : `first-line-indent:${formatLength(style.firstLineIndent)}`,
    );
  }
  if (style.lineSpacing !== undefined) props.push(`line-spacing:${formatLineSpacing(style.lineSpacing)}`);
  if (style.spaceBefore !== undefined) props.push(`space-before:${formatLength(style.spaceBefore)}`);
  if (style.spaceAfter !== undefined) props.push(`space-after:${formatLength(style.spaceAfter)}`);
  return props;
}

/** Comment anchor ids, space-separated, in canonical order (sorted, each once); undefined if malformed. */
export function commentIds(value: string): string | undefined {
  const ids = value.split(/\s+/).filter((id) => id !== '');
  if (ids.length === 0 || !ids.every((id) => /^[A-Za-z0-9._:-]+$/.test(id))) return undefined;
  return [...new Set(ids)].sort().join(' ');
}
