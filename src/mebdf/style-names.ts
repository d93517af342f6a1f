/**
 * Style names (grammar §2 "Style names"): a line `{!s1 = size:14pt, color:#3b006f}` names a
 * property list, and from there on `s1` in any `{!…}` reads as that list in its place
 * (`{!s1}`, `- 1. {!s1}**Scope**`, `{!empty, s2}`, `{!s1, align:center}`). They are pure
 * spelling: the model never holds them, so the writer may choose them freely (from-model.ts
 * names the property lists that repeat) and the reader expands them before it interprets a list.
 */
import {
  BOOLEAN_TEXT_PROPS,
  PARAGRAPH_PROPS,
  type PropItem,
  type PropProblem,
  STRUCTURAL_DIRECTIVES,
  splitProps,
  TEXT_PROPS,
} from './props.js';

/**
 * Style name -> the property list it stands for. A plain record, not a Map: it travels in the
 * writer's states, which the known store keeps as JSON (docs/service/known-store.ts).
 */
export type StyleNames = Readonly<Record<string, string>>;

/** The list `name` stands for in `names`, if it is defined there. */
export function styleList(names: StyleNames | ReadonlyMap<string, string>, name: string): string | undefined {
  if (names instanceof Map) return names.get(name);
  return Object.hasOwn(names, name) ? (names as StyleNames)[name] : undefined;
}

/** `{!name = list}`: the name, the list, and where the list starts in the raw text. */
export interface StyleDefinition {
  name: string;
  list: string;
  listOffset: number;
}

const DEFINITION = /^(\s*)([a-z][a-z0-9-]*)(\s*=\s*)/;

/** The definition a directive's raw property list spells, or null when it is none. */
export function styleDefinition(raw: string): StyleDefinition | null {
  const match = DEFINITION.exec(raw);
  if (!match) return null;
  const listOffset = match[0].length;
  return { name: match[2]!, list: raw.slice(listOffset).trimEnd(), listOffset };
}

/** The property list of a definition line, `name = list`, as the writer spells it. */
export function definitionProps(name: string, list: string): string {
  return `${name} = ${list}`;
}

/** A line of its own that is a definition (`{!s1 = list}`), or null. */
export function definitionLine(line: string): StyleDefinition | null {
  const directive = /^ {0,3}\{!([^}\n]*)\}[ \t]*$/.exec(line);
  return directive ? styleDefinition(directive[1]!) : null;
}

/** Words a property list already gives a meaning: a style name cannot be one of them. */
const RESERVED = new Set<string>([
  ...TEXT_PROPS,
  ...BOOLEAN_TEXT_PROPS,
  ...PARAGRAPH_PROPS,
  ...STRUCTURAL_DIRECTIVES,
  'colspan',
  'rowspan',
]);

/** Why `name` cannot name a style, or undefined when it can. */
export function reservedStyleName(name: string): string | undefined {
  return RESERVED.has(name) ? `\`${name}\` is a property: a style name must be another word` : undefined;
}

/** What a definition's list may not hold: structure, heading states, other definitions. */
export function definitionListProblem(list: string): string | undefined {
  if (list.trim() === '') return 'a style name needs a property list after `=`';
  if (/^\s*#/.test(list)) return 'a style name cannot stand for a heading state';
  const first = splitProps(list)[0]!.name;
  if (STRUCTURAL_DIRECTIVES.includes(first)) return `a style name cannot stand for \`${first}\``;
  return undefined;
}

/**
 * `raw` with every item that is a defined name replaced by its list, and `at`, which takes an
 * offset in the result back to `raw` (inside a replaced list: the name's offset), so that a
 * problem found in the expansion points at the name.
 */
export function expandStyleNames(
  raw: string,
  names: StyleNames | ReadonlyMap<string, string> | undefined,
): { raw: string; at: (offset: number) => number } {
  const identity = { raw, at: (offset: number) => offset };
  if (!names || (names instanceof Map ? names.size === 0 : Object.keys(names).length === 0)) return identity;
  const items = splitProps(raw);
  const listOf = (item: PropItem): string | undefined =>
    item.value === undefined ? styleList(names, item.source) : undefined;
  if (!items.some((item) => listOf(item) !== undefined)) return identity;
  // Segments of the result: [start in result, start in raw, length, replaced?].
  const segments: Array<{ out: number; from: number; length: number; replaced: boolean }> = [];
  let out = '';
  let from = 0;
  for (const item of items) {
    const list = listOf(item);
    if (list === undefined) continue;
    const kept = raw.slice(from, item.offset);
    segments.push({ out: out.length, from, length: kept.length, replaced: false });
    out += kept;
    segments.push({ out: out.length, from: item.offset, length: list.length, replaced: true });
    out += list;
    from = item.offset + item.source.length;
  }
  segments.push({ out: out.length, from, length: raw.length - from, replaced: false });
  out += raw.slice(from);
  const at = (offset: number): number => {
    for (let i = segments.length - 1; i >= 0; i--) {
      const segment = segments[i]!;
      if (offset < segment.out) continue;
      return segment.replaced ? segment.from : segment.from + (offset - segment.out);
    }
    return offset;
  };
  return { raw: out, at };
}

/** Problems of an expanded list, pointed back at what was written. */
export function problemsAt(problems: PropProblem[], at: (offset: number) => number): PropProblem[] {
  for (const problem of problems) problem.offset = at(problem.offset);
  return problems;
}
