/**
 * The fast mdast -> MEBDF writer. It runs mdast-util-to-markdown itself, with the canonical options
 * (src/mebdf/tree.ts), so every handler, join rule and unsafe pattern is the package's (or the
 * MEBDF extension's) own; it only swaps the functions that dominated the cost for exact, faster
 * versions:
 * - `state.safe` tests only the candidate positions — characters of in-scope unsafe patterns, and
 *   the value's edges next to a line ending — against one sticky regex that matches a superset of
 *   the positions `safe` escapes; when none fires the value is written as is, otherwise (and for
 *   any value holding a backslash or line ending, or under `autolink`) the package's `safe` runs.
 * - `state.containerPhrasing` / `state.containerFlow` are the package's algorithms (attention
 *   included, see attention.ts) without position tracking, which never changes the text; a
 *   phrasing run with an `html` node goes to the package's own.
 * - the `text` handler skips the sibling lookup that only `beforeNode`/`afterNode` patterns use
 *   (there are none), and ATX headings skip the unist-util-visit walk; a heading that could be
 *   setext (depth 1–2 with a break or line ending inside) goes to the package's handler.
 * test/serialize checks the result byte for byte against `stringifyTree` on models and on random mdast.
 */
import type { Heading, Nodes, Parents, PhrasingContent, Root } from 'mdast';
import {
  type Attention,
  type ConstructName,
  type Handle,
  type Info,
  type SafeConfig,
  type State,
  type Tracker,
  toMarkdown,
  type Unsafe,
} from 'mdast-util-to-markdown';
import { CANONICAL_OPTIONS } from '../tree.js';
import { attentionSequences, firstCharacter, type Item, lastCharacter, serializeItems } from './attention.js';

type AnyHandle = Handle & { peek?: Handle; attention?: Attention };

const NOW = { line: 1, column: 1 } as const;

/** Serialises mdast exactly as `stringifyTree` (src/mebdf/tree.ts) does, faster. */
export function writeTree(tree: Root): string {
  return toMarkdown(tree, {
    ...CANONICAL_OPTIONS,
    extensions: [...(CANONICAL_OPTIONS.extensions ?? []), { handlers: { root: fastRoot } }],
  });
}

/** The package's `root` handler, after installing the fast functions on this run's state. */
function fastRoot(node: Root, _parent: Parents | undefined, state: State, info: Info): string {
  install(state);
  const hasPhrasing = node.children.some((child) => isPhrasing(child));
  if (!hasPhrasing) return state.containerFlow(node, info);
  const exit = state.enter('phrasing');
  const value = state.containerPhrasing(node as unknown as Parents & { children: PhrasingContent[] }, info);
  exit();
  return value;
}

const PHRASING_TYPES = new Set([
  'break',
  'delete',
  'emphasis',
  'footnoteReference',
  'image',
  'imageReference',
  'inlineCode',
  'inlineMath',
  'link',
  'linkReference',
  'mdxJsxTextElement',
  'mdxTextExpression',
  'strong',
  'text',
  'textDirective',
  'footnote',
]);

function isPhrasing(node: Nodes): boolean {
  // mdast-util-phrasing's list, which the package's root handler uses.
  return PHRASING_TYPES.has(node.type);
}

function install(state: State): void {
  const originalSafe = state.safe.bind(state);
  const originalPhrasing = state.containerPhrasing.bind(state);
  const scopes = scopeCache(state.unsafe);
  let lastStack: ConstructName[] = [];
  let lastScope: Scope | undefined;

  const scopeOf = (stack: ConstructName[]): Scope => {
    if (lastScope !== undefined && stack.length === lastStack.length) {
      let same = true;
      for (let index = 0; index < stack.length; index++) {
        if (stack[index] !== lastStack[index]) {
          same = false;
          break;
        }
      }
      if (same) return lastScope;
    }
    const key = stack.join('>');
    let scope = scopes.get(key);
    if (scope === undefined) {
      scope = buildScope(state, stack);
      scopes.set(key, scope);
    }
    lastStack = [...stack];
    lastScope = scope;
    return scope;
  };

  state.safe = (value: string | null | undefined, config: SafeConfig): string => {
    const scope = scopeOf(state.stack);
    if (scope.sticky === null) return originalSafe(value, config);
    const input = value || '';
    const before = config.before || '';
    const after = config.after || '';
    // `safe` also escapes a backslash before punctuation, across the boundary with `after`.
    if (after.includes('\\')) return originalSafe(value, config);
    const lineBefore = LINE_ENDING.test(before);
    const lineAfter = LINE_ENDING.test(after);
    scope.plain.lastIndex = 0;
    let found = scope.plain.exec(input);
    if (found === null && !lineBefore && !lineAfter) return input;
    // Every position `safe` escapes holds the character of an in-scope pattern. Patterns that need
    // no line ending can only fire on a character of the `plain` class; those that need one (with
    // none inside the value) only in the value's leading `[\t ]*\d*` after a line ending before
    // it, or on its last character before a line ending after it. Each such candidate is tested
    // with all patterns at once; if none fires, `safe` returns the value unchanged.
    const full = before + input + after;
    const sticky = scope.sticky;
    const offset = before.length;
    while (found !== null) {
      const character = found[0];
      if (character === '\\' || character === '\r' || character === '\n') return originalSafe(value, config);
      sticky.lastIndex = offset + found.index;
      if (sticky.test(full)) return originalSafe(value, config);
      found = scope.plain.exec(input);
    }
    if (lineBefore) {
      const lead = leadLength(input);
      for (let position = 0; position <= lead && position < input.length; position++) {
        sticky.lastIndex = offset + position;
        if (sticky.test(full)) return originalSafe(value, config);
      }
    }
    if (lineAfter && input.length > 0) {
      sticky.lastIndex = offset + input.length - 1;
      if (sticky.test(full)) return originalSafe(value, config);
    }
    return input;
  };

  state.containerPhrasing = (parent, info) => {
    const children = (parent.children ?? []) as Nodes[];
    // The package rewrites an `html` node after a line ending; the model never produces one.
    if (children.some((child) => child.type === 'html')) return originalPhrasing(parent, info);
    return serializeItems(phrasing(state, parent, info.before, info.after), info.before, info.after);
  };

  state.containerFlow = (parent, _info) => containerFlow(state, parent);

  // Positions are only reported, never written: a tracker that does not count lines.
  state.createTracker = () => NO_TRACKER;

  // The package's `heading` handler decides ATX or setext by walking the heading with
  // unist-util-visit; without `setext` that only matters when a break or line ending is inside.
  const originalHeading = state.handlers.heading as AnyHandle;
  state.handlers.heading = (node: Heading, parent, state, info) =>
    (node.depth || 1) >= 3 || (!state.options.setext && !hasLineBreak(node))
      ? atxHeading(node, state)
      : originalHeading(node, parent, state, info);

  // The package's `text` handler only adds the neighbouring nodes for `beforeNode` / `afterNode`
  // patterns; without any, it is `safe` on the value. (`phrasing` also relies on every pattern
  // character being ASCII punctuation, whitespace or a control character when it sees `fastText`.)
  if (
    !state.unsafe.some(
      (pattern) =>
        pattern.beforeNode || pattern.afterNode || /[A-Za-z0-9]|[^\0-\x7f]/.test(pattern.character),
    )
  ) {
    state.handlers.text = fastText;
  }
}

function fastText(node: { value: string }, _parent: Parents | undefined, state: State, info: Info): string {
  return state.safe(node.value, info);
}

/** Info for peeking at the next sibling (handlers only read it). */
const PEEK: Info = { before: '', after: '', now: NOW, lineShift: 0 };

/**
 * The first character `safe` writes for a text value with no context, when it is sure without
 * running it: a letter, digit or non-ASCII character is never escaped there (no pattern has one).
 */
function plainFirstCharacter(value: string): string | undefined {
  const code = value.charCodeAt(0);
  if (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code >= 0x80
  ) {
    return firstCharacter(value);
  }
  return undefined;
}

const LINE_ENDING = /[\r\n]/;

/** `formatHeadingAsSetext`'s walk: a `break`, or a literal with a line ending, at any depth. */
function hasLineBreak(node: Nodes): boolean {
  if (node.type === 'break') return true;
  if ('value' in node && typeof node.value === 'string' && /\r?\n|\r/.test(node.value)) return true;
  if ('children' in node) for (const child of node.children as Nodes[]) if (hasLineBreak(child)) return true;
  return false;
}

/** The package's `heading` handler (lib/handle/heading.js), ATX branch, without position tracking. */
function atxHeading(node: Heading, state: State): string {
  const rank = Math.max(Math.min(6, node.depth || 1), 1);
  const sequence = '#'.repeat(rank);
  const exit = state.enter('headingAtx');
  const subexit = state.enter('phrasing');
  let value = state.containerPhrasing(node, { before: '# ', after: '\n', now: NOW, lineShift: 0 });
  const head = value.charCodeAt(0);
  if (head === 9 /* `\t` */ || head === 32 /* ` ` */) {
    value = '&#x' + head.toString(16).toUpperCase() + ';' + value.slice(1);
  }
  value = value ? sequence + ' ' + value : sequence;
  if (state.options.closeAtx) value += ' ' + sequence;
  subexit();
  exit();
  return value;
}

/**
 * Scopes depend only on the unsafe patterns, which are the same objects on every run with the
 * canonical options: they are kept across runs while the list is unchanged.
 */
let cachedPatterns: readonly Unsafe[] = [];
let cachedScopes = new Map<string, Scope>();

function scopeCache(patterns: readonly Unsafe[]): Map<string, Scope> {
  const same =
    patterns.length === cachedPatterns.length &&
    patterns.every((pattern, index) => pattern === cachedPatterns[index]);
  if (!same) {
    cachedPatterns = [...patterns];
    cachedScopes = new Map();
  }
  return cachedScopes;
}

/** Handlers only spread or pass on what `current()` returns, so one shared object will do. */
const POSITION = { now: NOW, lineShift: 0 };

const NO_TRACKER: Tracker = {
  move: (value) => value || '',
  current: () => POSITION,
  shift: () => {},
};

interface Scope {
  /** Every in-scope pattern, as one sticky regex (null: always use the package's `safe`). */
  sticky: RegExp | null;
  /** The characters of the patterns that can fire without a line ending, plus `\r`, `\n`, `\` (global). */
  plain: RegExp;
}

/** Length of the leading `[\t ]*\d*` of a value (where a line-start pattern can still fire). */
function leadLength(input: string): number {
  let index = 0;
  while (index < input.length && (input.charCodeAt(index) === 32 || input.charCodeAt(index) === 9)) index++;
  while (index < input.length && input.charCodeAt(index) >= 48 && input.charCodeAt(index) <= 57) index++;
  return index;
}

/** `before` / `after` sources that only match a line ending. */
const LINE_ENDING_SOURCES = new Set(['[\\r\\n]', '\\r', '\\n']);

/** Regexes matching (a superset of) every position an in-scope unsafe pattern would escape. */
function buildScope(state: State, stack: readonly ConstructName[]): Scope {
  const never: Scope = { sticky: null, plain: /[\s\S]/g };
  if (stack.includes('autolink')) return never;
  const alternatives: string[] = [];
  const plainCharacters = new Set(['\r', '\n', '\\']);
  for (const pattern of state.unsafe) {
    if (!patternInScope(stack, pattern)) continue;
    if (pattern.beforeNode || pattern.afterNode || pattern.unicode) return never;
    const character = (/[$()*+.?[\\\]^{|}]/.test(pattern.character) ? '\\' : '') + pattern.character;
    const before =
      (pattern.atBreak ? '[\\r\\n][\\t ]*' : '') + (pattern.before ? `(?:${pattern.before})` : '');
    alternatives.push(
      character +
        (before ? `(?<=(?:${before})${character})` : '') +
        (pattern.after ? `(?=(?:${pattern.after}))` : ''),
    );
    const needsLineEnding =
      pattern.atBreak ||
      pattern.character === '\r' ||
      pattern.character === '\n' ||
      LINE_ENDING_SOURCES.has(pattern.before ?? '') ||
      LINE_ENDING_SOURCES.has(pattern.after ?? '');
    if (!needsLineEnding) plainCharacters.add(pattern.character);
  }
  const sticky = alternatives.length === 0 ? /(?!)/y : new RegExp(alternatives.join('|'), 'y');
  const plain = new RegExp(`[${[...plainCharacters].map(classCharacter).join('')}]`, 'g');
  return { sticky, plain };
}

function classCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return `\\u${code.toString(16).padStart(4, '0')}`;
  return /[A-Za-z0-9]/.test(character) ? character : `\\${character}`;
}

/** The package's `containerFlow` (lib/util/container-flow.js) without position tracking. */
function containerFlow(state: State, parent: Parents): string {
  const handlers = state.handlers as Record<string, AnyHandle | undefined>;
  const indexStack = state.indexStack;
  const children = ((parent as { children?: Nodes[] }).children ?? []) as Nodes[];
  const results: string[] = [];
  indexStack.push(-1);
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    indexStack[indexStack.length - 1] = index;
    const info: Info = { before: '\n', after: '\n', now: NOW, lineShift: 0 };
    const handle = handlers[child.type];
    results.push(handle ? handle(child, parent, state, info) : state.handle(child, parent, state, info));
    if (child.type !== 'list') state.bulletLastUsed = undefined;
    if (index < children.length - 1) results.push(between(child, children[index + 1]!, parent, state));
  }
  indexStack.pop();
  return results.join('');
}

function between(left: Nodes, right: Nodes, parent: Parents, state: State): string {
  let index = state.join.length;
  while (index--) {
    const result = state.join[index]!(left as never, right as never, parent as never, state);
    if (result === true || result === 1) break;
    if (typeof result === 'number') return '\n'.repeat(1 + result);
    if (result === false) return '\n\n<!---->\n\n';
  }
  return '\n\n';
}

function patternInScope(stack: readonly ConstructName[], pattern: Unsafe): boolean {
  return listInScope(stack, pattern.inConstruct, true) && !listInScope(stack, pattern.notInConstruct, false);
}

function listInScope(
  stack: readonly ConstructName[],
  list: ConstructName | readonly ConstructName[] | null | undefined,
  none: boolean,
): boolean {
  const names = typeof list === 'string' ? [list] : list;
  if (!names || names.length === 0) return none;
  for (const name of names) if (stack.includes(name)) return true;
  return false;
}

/** The package's `phrasing` (lib/util/container-phrasing.js) without position tracking. */
function phrasing(state: State, parent: Parents, infoBefore: string, infoAfter: string): Item[] {
  const handlers = state.handlers as Record<string, AnyHandle | undefined>;
  const indexStack = state.indexStack;
  const children = ((parent as { children?: Nodes[] }).children ?? []) as Nodes[];
  const results: Item[] = [];
  let before = infoBefore;
  indexStack.push(-1);
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    indexStack[indexStack.length - 1] = index;
    let after: string;
    if (index + 1 < children.length) {
      const next = children[index + 1]!;
      let handle = handlers[next.type];
      const quick = handle === fastText ? plainFirstCharacter((next as { value: string }).value) : undefined;
      if (quick !== undefined) {
        after = quick;
      } else {
        if (handle?.peek) handle = handle.peek;
        after = handle ? firstCharacter(handle(next, parent, state, PEEK)) : '';
      }
    } else {
      after = infoAfter;
    }
    const handle = handlers[child.type];
    if (handle?.attention) {
      const { construct, markers, sizes } = handle.attention(child, state);
      const sequences = attentionSequences(child.type, markers, sizes);
      const sequence = sequences[0]!;
      const exit = state.enter(construct);
      const inner = phrasing(state, child as Parents, sequence, sequence);
      exit();
      // Empty attention cannot form.
      if (inner.length === 0) continue;
      results.push({ children: inner, sequences });
      before = lastCharacter(sequence);
    } else {
      const info: Info = { now: NOW, lineShift: 0, after, before };
      const value = handle ? handle(child, parent, state, info) : state.handle(child, parent, state, info);
      if (!value) continue;
      results.push(value);
      before = lastCharacter(value);
    }
  }
  indexStack.pop();
  return results;
}
