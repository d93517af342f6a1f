/**
 * mdast-util-to-markdown extension: a `text` handler that skips `state.safe` for text nothing can
 * need escaping in, and hands every other text to the library's own handler; the library's `link`,
 * with the same screen before `safe` for its destination and title.
 *
 * `safe` runs every unsafe pattern in scope over `before + text + after` for each text node, which
 * was the serializer's largest cost while almost all text needs nothing. The precheck is a screen
 * built from the very patterns `safe` would run (the state's, extensions included, filtered by the
 * construct stack the same way): text that holds none of their characters where they could fire
 * provably comes out of `safe` unchanged, so it is returned as it is. Where a pattern could fire:
 * - anywhere, for a pattern with a condition on its neighbours (`!` before `[`, `{` before `!`);
 * - only right after its one character, for a pattern after one given character (`(` after `]`);
 * - only at the text's first character, for a pattern after a line ending or at a node's start;
 * - only after leading spaces, tabs and digits, for a pattern at a line break (`#`, `1.`);
 * - only at its last character, for a pattern before a line ending, the end or a node's end.
 * A backslash, a line ending, a pattern of more than one character, or a backslash in what
 * follows (which `safe` may escape) always goes the library's way.
 */
import type { Link, Parents, Text } from 'mdast';
import {
  defaultHandlers,
  type Info,
  type Options,
  type SafeConfig,
  type State,
  type Unsafe,
} from 'mdast-util-to-markdown';

interface Screen {
  /** No fast path in this scope. */
  always: boolean;
  /** Characters that may be escaped anywhere. */
  middle: RegExp;
  /**
   * Characters escaped only right after one given character (`(` and `:` after `]`): where the
   * pair occurs in the text, or across its start from what comes before it.
   */
  pairs: RegExp;
  /** Characters that may be escaped first in the text, after a line ending / at a node's start. */
  first: Set<string>;
  nodeFirst: Set<string>;
  /** What may be escaped at the start after a line break (leading spaces, tabs and digits). */
  atBreak: RegExp | null;
  /** Characters that may be escaped last in the text, before a line ending / at a node's end. */
  last: Set<string>;
  nodeLast: Set<string>;
  /** Every character any pattern in scope escapes. */
  any: RegExp;
}

const NEWLINE_BEFORE = new Set(['[\\r\\n]', '\\n', '\\r']);
const NEWLINE_AFTER = new Set(['[\\r\\n]', '\\n', '\\r', '(?:[\\r\\n]|$)', '(?:[\r\n]|$)']);
const DIGITS = new Set([undefined, '\\d+']);
/** A `before` that is one escaped punctuation character (`\\]`): one character of context decides. */
const ONE_CHARACTER = /^\\[!-/:-@[-`{-~]$/;

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
  const screen: Screen = {
    always: false,
    middle: /$^/,
    pairs: /$^/,
    first: new Set(),
    nodeFirst: new Set(),
    atBreak: null,
    last: new Set(),
    nodeLast: new Set(),
    any: /$^/,
  };
  const all = new Set(['\\']);
  const atBreak = new Set<string>();
  const pairs: string[] = [];
  for (const pattern of unsafe) {
    if (!inScope(stack, pattern.inConstruct, true) || inScope(stack, pattern.notInConstruct, false)) continue;
    const c = pattern.character;
    all.add(c);
    if (c.length !== 1) screen.always = true;
    else if (pattern.beforeNode) screen.nodeFirst.add(c);
    else if (pattern.atBreak) (DIGITS.has(pattern.before ?? undefined) ? atBreak : middle).add(c);
    else if (pattern.before != null && ONE_CHARACTER.test(pattern.before) && pattern.after == null)
      pairs.push(`${pattern.before}${charClass([c])}`);
    else if (pattern.before != null) (NEWLINE_BEFORE.has(pattern.before) ? screen.first : middle).add(c);
    else if (pattern.afterNode) screen.nodeLast.add(c);
    else if (pattern.after != null) (NEWLINE_AFTER.has(pattern.after) ? screen.last : middle).add(c);
    else middle.add(c);
  }
  screen.middle = new RegExp(charClass(middle));
  if (pairs.length) screen.pairs = new RegExp(pairs.join('|'));
  screen.any = new RegExp(charClass(all));
  if (atBreak.size) screen.atBreak = new RegExp(`^[\\t ]*\\d*${charClass(atBreak)}`);
  return screen;
}

/** Screens by construct stack (a tree of construct names), for one list of unsafe patterns. */
interface Screens {
  patterns: readonly Unsafe[];
  root: StackNode;
}

/** The screen of one construct stack, and the stacks one construct deeper. */
interface StackNode {
  screen: Screen | undefined;
  deeper: Map<string, StackNode>;
}

const stackNode = (): StackNode => ({ screen: undefined, deeper: new Map() });

/**
 * Each serialisation copies the patterns into a new array, but the patterns themselves are the
 * same objects from call to call: screens are kept per list of the same patterns (a few at most).
 */
const bySerialisation = new WeakMap<readonly Unsafe[], Screens>();
const known: Screens[] = [];
const KNOWN_MAX = 8;
/** The list of the serialisation running now: every text of it asks with the same array. */
let lastUnsafe: readonly Unsafe[] | undefined;
let lastScreens: Screens | undefined;

function screensFor(unsafe: readonly Unsafe[]): Screens {
  if (unsafe === lastUnsafe && lastScreens) return lastScreens;
  let screens = bySerialisation.get(unsafe);
  if (!screens) {
    screens = known.find(
      (s) => s.patterns.length === unsafe.length && s.patterns.every((pattern, i) => pattern === unsafe[i]),
    );
    if (!screens) {
      screens = { patterns: [...unsafe], root: stackNode() };
      known.unshift(screens);
      known.length = Math.min(known.length, KNOWN_MAX);
    }
    bySerialisation.set(unsafe, screens);
  }
  lastUnsafe = unsafe;
  lastScreens = screens;
  return screens;
}

/** Looked up construct by construct, so that a text costs no key string. */
function screenFor(state: State): Screen {
  let node = screensFor(state.unsafe).root;
  for (const name of state.stack) {
    let next = node.deeper.get(name);
    if (!next) {
      next = stackNode();
      node.deeper.set(name, next);
    }
    node = next;
  }
  node.screen ??= buildScreen(state.unsafe, state.stack);
  return node.screen;
}

const ENDS_LINE = /[\r\n]$/;
/** A line ending, then what a break pattern's prefix may hold (spaces, tabs, then digits). */
const ENDS_LINE_THEN_PREFIX = /[\r\n][\t ]*\d*$/;
const STARTS_LINE = /^[\r\n]/;

/** Whether `safe` would return `value` unchanged between `info.before` and `info.after`. */
export function needsNoEscape(
  value: string,
  state: State,
  info: Pick<SafeConfig, 'before' | 'after'>,
): boolean {
  const screen = screenFor(state);
  if (screen.always || screen.middle.test(value)) return false;
  const before = info.before || '';
  const after = info.after || '';
  // A pair is two characters: in the text, or across its start. Tested apart, not on a joined
  // copy, which the regex would first flatten (a copy of every text).
  if (screen.pairs.test(value) || screen.pairs.test(before.charAt(before.length - 1) + value.charAt(0)))
    return false;
  // `safe` escapes backslashes before punctuation in what follows, too.
  if (after.includes('\\')) return false;
  const head = value.charAt(0);
  if (screen.nodeFirst.has(head)) return false;
  if (screen.first.has(head) && ENDS_LINE.test(before)) return false;
  if (screen.atBreak?.test(value) && ENDS_LINE_THEN_PREFIX.test(before)) return false;
  const tail = value.charAt(value.length - 1);
  if (screen.nodeLast.has(tail)) return false;
  if (screen.last.has(tail) && (after === '' || STARTS_LINE.test(after))) return false;
  return true;
}

function text(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  if (needsNoEscape(node.value, state, info)) return node.value;
  return defaultHandlers.text(node, parent, state, info);
}

/**
 * Whether `safe` leaves the first character of `value` as it is: no pattern can fire there. Only
 * the first character of a peek is used, and escapes elsewhere never change it (an escape goes
 * before its own character; the backslash `safe` may add for what follows goes at the end).
 */
function firstNeedsNoEscape(value: string, state: State, info: Info): boolean {
  if (value.length < 2) return needsNoEscape(value, state, info);
  const screen = screenFor(state);
  const head = value.charAt(0);
  if (screen.always || screen.middle.test(head) || screen.nodeFirst.has(head)) return false;
  const before = info.before || '';
  if (screen.pairs.test(before.charAt(before.length - 1) + head)) return false;
  if (screen.first.has(head) && ENDS_LINE.test(before)) return false;
  if (screen.atBreak?.test(value) && ENDS_LINE_THEN_PREFIX.test(before)) return false;
  // A pattern before a line ending fires at the first character when one follows it.
  if (screen.last.has(head) && STARTS_LINE.test(value.slice(1))) return false;
  return true;
}

/**
 * What the text before this one is told comes after it: only the first character counts, and it
 * is escaped only when some pattern can fire there.
 */
text.peek = (node: Text, parent: Parents | undefined, state: State, info: Info): string => {
  if (firstNeedsNoEscape(node.value, state, info)) return node.value;
  return defaultHandlers.text(node, parent, state, info);
};

/**
 * The library's `link`, its destination and title screened the same way before `safe`: a
 * destination like `https://example.com/a/1` provably needs no escaping, and running every
 * pattern over it was most of what a link cost.
 */
function link(node: Link, parent: Parents | undefined, state: State, info: Info): string {
  const safe = state.safe;
  state.safe = (value, config) =>
    value && needsNoEscape(value, state, config) ? value : safe.call(state, value, config);
  try {
    return defaultHandlers.link(node, parent, state, info);
  } finally {
    state.safe = safe;
  }
}
link.peek = defaultHandlers.link.peek;

export function plainTextToMarkdown(): Options {
  return { handlers: { text, link } };
}
