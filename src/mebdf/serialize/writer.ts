/**
 * The fast mdast -> MEBDF writer. It runs mdast-util-to-markdown itself, with the canonical options
 * (src/mebdf/tree.ts), so every handler, join rule and unsafe pattern is the package's own; it only
 * swaps the two functions that dominate the cost for exact but faster versions:
 * - `state.safe` first asks one combined regex (built once per construct stack from the in-scope
 *   unsafe patterns) whether any character of the value *could* need escaping; only then does it
 *   run the package's `safe`. The combined regex matches a superset of the positions `safe` would
 *   escape, so a miss proves the value is written as is.
 * - `state.containerPhrasing` is the package's algorithm (attention included, see attention.ts)
 *   without the position tracking (which never changes the text) and with a plain join when no
 *   `**`/`*`/`~~` is involved.
 */
import type { Nodes, Parents, PhrasingContent, Root } from 'mdast';
import {
  type Attention,
  type ConstructName,
  type Handle,
  type Info,
  type SafeConfig,
  type State,
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
  const scopes = new Map<string, RegExp | null>();

  state.safe = (value: string | null | undefined, config: SafeConfig): string => {
    const stack = state.stack;
    const key = stack.length === 0 ? '' : stack.join('>');
    let regex = scopes.get(key);
    if (regex === undefined) {
      regex = scopeRegex(state, stack);
      scopes.set(key, regex);
    }
    if (regex === null) return originalSafe(value, config);
    const input = value || '';
    const before = config.before || '';
    const after = config.after || '';
    if (input.includes('\\') || after.includes('\\')) return originalSafe(value, config);
    const full = before + input + after;
    regex.lastIndex = before.length;
    const match = regex.exec(full);
    if (match !== null && match.index < before.length + input.length) return originalSafe(value, config);
    return input;
  };

  state.containerPhrasing = (parent, info) => {
    const children = (parent.children ?? []) as Nodes[];
    // The package rewrites an `html` node after a line ending; the model never produces one.
    if (children.some((child) => child.type === 'html')) return originalPhrasing(parent, info);
    return serializeItems(phrasing(state, parent, info.before, info.after), info.before, info.after);
  };
}

/** One regex matching (a superset of) every position an in-scope unsafe pattern would escape. */
function scopeRegex(state: State, stack: readonly ConstructName[]): RegExp | null {
  if (stack.includes('autolink')) return null;
  const alternatives: string[] = [];
  for (const pattern of state.unsafe) {
    if (!patternInScope(stack, pattern)) continue;
    if (pattern.beforeNode || pattern.afterNode) return null;
    const character = (/[$()*+.?[\\\]^{|}]/.test(pattern.character) ? '\\' : '') + pattern.character;
    const before =
      (pattern.atBreak ? '[\\r\\n][\\t ]*' : '') + (pattern.before ? `(?:${pattern.before})` : '');
    alternatives.push(
      character +
        (before ? `(?<=(?:${before})${character})` : '') +
        (pattern.after ? `(?=(?:${pattern.after}))` : ''),
    );
  }
  if (alternatives.length === 0) return /(?!)/g;
  return new RegExp(alternatives.join('|'), 'g');
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
      if (handle?.peek) handle = handle.peek;
      after = handle
        ? firstCharacter(handle(next, parent, state, { before: '', after: '', now: NOW, lineShift: 0 }))
        : '';
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
