/**
 * mdast-util-to-markdown extension: a `text` handler that skips `state.safe` for text nothing can
 * need escaping in, and hands every other text to the library's own handler.
 *
 * `safe` runs every unsafe pattern in scope over `before + text + after` for each text node, which
 * was the serializer's largest cost while almost all text needs nothing. The precheck is a screen
 * built from the very patterns `safe` would run (the state's, extensions included, filtered by the
 * construct stack the same way): text that holds none of their characters where they could fire
 * provably comes out of `safe` unchanged, so it is returned as it is. Where a pattern could fire:
 * - anywhere, for a pattern with a condition on its neighbours (`!` before `[`, `{` before `!`);
 * - only at the text's first character, for a pattern after a line ending or at a node's start;
 * - only after leading spaces, tabs and digits, for a pattern at a line break (`#`, `1.`);
 * - only at its last character, for a pattern before a line ending, the end or a node's end.
 * A backslash, a line ending, a pattern of more than one character, or a backslash in what
 * follows (which `safe` may escape) always goes the library's way.
 */
import type { Parents, Text } from 'mdast';
import { defaultHandlers, type Info, type Options, type State, type Unsafe } from 'mdast-util-to-markdown';

interface Screen {
  /** No fast path in this scope. */
  always: boolean;
  /** Characters that may be escaped anywhere. */
  middle: RegExp;
  /** What may be escaped at the start. */
  start: RegExp | null;
  /** Characters that may be escaped at the end. */
  end: Set<string>;
}

const NEWLINE_BEFORE = new Set(['[\\r\\n]', '\\n', '\\r']);
const NEWLINE_AFTER = new Set(['[\\r\\n]', '\\n', '\\r', '(?:[\\r\\n]|$)', '(?:[\r\n]|$)']);
const DIGITS = new Set([undefined, '\\d+']);

/** The same scope rule as the library's `patternInScope`. */
function inScope(stack: readonly string[], list: Unsafe['inConstruct'], none: boolean): boolean {
  const names = typeof list === 'string' ? [list] : list;
  if (!names || names.length === 0) return none;
  return names.some((name) => stack.includes(name));
}

const charClass = (chars: Iterable<string>): string =>
  `[${[...chars].map((c) => (/[\\\]^-]/.test(c) ? `\\${c}` : c)).join('')}]`;

function buildScreen(unsafe: readonly Unsafe[], stack: readonly string[]): Screen {
  const middle = new Set(['\\', '\r', '\n']);
  const first = new Set<string>();
  const atBreak = new Set<string>();
  const end = new Set<string>();
  let always = false;
  for (const pattern of unsafe) {
    if (!inScope(stack, pattern.inConstruct, true) || inScope(stack, pattern.notInConstruct, false)) continue;
    const c = pattern.character;
    if (c.length !== 1) always = true;
    else if (pattern.beforeNode) first.add(c);
    else if (pattern.atBreak) (DIGITS.has(pattern.before ?? undefined) ? atBreak : middle).add(c);
    else if (pattern.before != null) (NEWLINE_BEFORE.has(pattern.before) ? first : middle).add(c);
    else if (pattern.afterNode) end.add(c);
    else if (pattern.after != null) (NEWLINE_AFTER.has(pattern.after) ? end : middle).add(c);
    else middle.add(c);
  }
  const starts = [
    ...(first.size ? [charClass(first)] : []),
    ...(atBreak.size ? [`[\\t ]*\\d*${charClass(atBreak)}`] : []),
  ];
  return {
    always,
    middle: new RegExp(charClass(middle)),
    start: starts.length ? new RegExp(`^(?:${starts.join('|')})`) : null,
    end,
  };
}

/** Screens per unsafe list (one per serialisation) and construct stack. */
const screens = new WeakMap<readonly Unsafe[], Map<string, Screen>>();

function screenFor(state: State): Screen {
  let byStack = screens.get(state.unsafe);
  if (!byStack) {
    byStack = new Map();
    screens.set(state.unsafe, byStack);
  }
  const key = state.stack.join(',');
  let screen = byStack.get(key);
  if (!screen) {
    screen = buildScreen(state.unsafe, state.stack);
    byStack.set(key, screen);
  }
  return screen;
}

/** Whether `safe` would return `value` unchanged between `info.before` and `info.after`. */
export function needsNoEscape(value: string, state: State, info: Info): boolean {
  const screen = screenFor(state);
  return (
    !screen.always &&
    !screen.middle.test(value) &&
    !screen.start?.test(value) &&
    !screen.end.has(value[value.length - 1]!) &&
    !(info.after || '').includes('\\')
  );
}

function text(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  if (needsNoEscape(node.value, state, info)) return node.value;
  return defaultHandlers.text(node, parent, state, info);
}

export function plainTextToMarkdown(): Options {
  return { handlers: { text } };
}
