/**
 * The canonical text of a block model, block by block, with a cache that keeps each top-level
 * block's rendering: `renderBlocks(model, cache)` is `stringifyMebdf(model)` (the same bytes; the
 * serializer is still mdast-util-to-markdown with the MEBDF extension) plus where each top-level
 * piece of the model is in the text.
 *
 * What the cache is for: one command that renders the same tab twice — an import renders the
 * current tab, applies its requests and exports again to verify — passes one `RenderCache` to both
 * renders, and a block that did not change is serialised once. The cache keys each top-level
 * mdast node by its content (and, for a list, by the bullet of a list just before it, the only
 * state the library carries from one top-level node to the next; a render into an empty cache, a
 * document's first export, makes its keys only when they are asked for); a node at the top level is
 * written the same wherever it stands, so a hit is the text the library would write. Separators
 * between blocks are still the library's (`join`). Model building and mdast building are not
 * cached: they cost a fraction of serialising.
 *
 * Usage: `const cache = new RenderCache(); renderBlocks(before, cache); … renderBlocks(after,
 * cache)`; `exportTab(doc, tabId, { cache })` and `exportSection(…, { cache })` take one too.
 * A cache holds text for the models it saw: keep it for one command, not for the process.
 */
import type { Root, RootContent } from 'mdast';
import {
  defaultHandlers,
  type Handle,
  type Info,
  type Options,
  type State,
  toMarkdown,
} from 'mdast-util-to-markdown';
import type { MebdfDocument } from './model.js';
import { modelToTree, type TreeChunk } from './semantic/from-model.js';
import type { WriterState } from './semantic/write-state.js';
import { CANONICAL_OPTIONS } from './tree.js';

/** Top-level renderings by content, shared by the renders of one command. */
export class RenderCache {
  private readonly keyed = new Map<string, CachedText>();
  /**
   * Renders made while the cache held nothing (a document's first export): a lookup could find
   * nothing, so their keys (the text of each node's tree, as long as the document's JSON) are
   * made only when the cache is next read, or the record of the export is kept (after the answer).
   */
  private unkeyed: Top[] = [];
  /**
   * Renderings an earlier process made (the last text kept of the target, in the base store), by
   * the digest of their key: a command's first render takes a node from there when it is one.
   */
  private earlier?: { texts: Map<string, Earlier>; digest: (key: string) => string };
  /** Top-level nodes served from the cache, and serialised, since the cache was made. */
  hits = 0;
  misses = 0;
  /** Renders through this cache so far; each entry records the last one that used it. */
  renders = 0;

  /** The renderings by key (the unkeyed ones keyed first). */
  get texts(): Map<string, CachedText> {
    for (const top of this.unkeyed.splice(0)) this.keyed.set(top.key, top.cached);
    return this.keyed;
  }

  /** Whether no lookup can find anything: a render then need not key its nodes as it goes. */
  isEmpty(): boolean {
    return this.keyed.size === 0 && this.unkeyed.length === 0 && this.earlier === undefined;
  }

  /** Keeps the rendering of `top`, keyed when the cache is next read. */
  keepUnkeyed(top: Top): void {
    this.unkeyed.push(top);
  }

  /** Takes the renderings of an earlier process, by `digest` of their key. */
  takeEarlier(texts: Map<string, Earlier>, digest: (key: string) => string): void {
    this.earlier = { texts, digest };
  }

  /** The earlier process's rendering of the node with `key`, if it made one. */
  earlierOf(key: string): Earlier | undefined {
    return this.earlier?.texts.get(this.earlier.digest(key));
  }

  /**
   * Drops the texts none of the last `renders` renders used: a cache kept from one command to the
   * next (the tab's text is rendered again by the next import of it) keeps what the tab is now.
   */
  forget(renders: number): void {
    const oldest = this.renders - renders;
    const texts = this.texts;
    for (const [key, entry] of texts) if (entry.used <= oldest) texts.delete(key);
  }
}

/** A top-level node's text in a cache, the bullet it leaves, and the last render that used it. */
interface CachedText {
  text: string;
  bullet: string | undefined;
  used: number;
}

/** A top-level node's text as an earlier process wrote it, and the bullet it leaves. */
export interface Earlier {
  text: string;
  bullet: string | undefined;
}

/** A top-level piece of the model and where its text is in `content`. */
export interface RenderedBlock {
  /** Blocks `[firstBlock, endBlock)` of the model: one paragraph or table, or one list's items. */
  firstBlock: number;
  endBlock: number;
  /** Set for a footnote definition (then `firstBlock === endBlock === -1`). */
  label?: string;
  /** `content.slice(start, end)` is the piece, directive lines included, without separators. */
  start: number;
  end: number;
  /** The block state the text before the piece leaves (the reader's state where it starts). */
  state?: WriterState;
}

export interface RenderedBlocks {
  content: string;
  blocks: RenderedBlock[];
  /** The block state the body's text leaves (where text after the last body piece starts). */
  bodyEnd: WriterState;
  /**
   * Each top-level node of the text: its cache key and where its text is (`content.slice(from,
   * to)`), so that a later process can take the renderings back (`RenderCache.earlier`).
   */
  nodes?: RenderedNode[];
}

export interface RenderedNode {
  key: string;
  from: number;
  to: number;
  /** The bullet a list leaves for the next top-level list. */
  bullet: string | undefined;
}

interface Span {
  from: number;
  to: number;
}

/** Where `top` is in the text, its key made only when asked for (known-store.ts asks, after the answer). */
function nodeAt(top: Top, from: number): RenderedNode {
  return {
    get key() {
      return top.key;
    },
    from,
    to: from + top.text.length,
    bullet: top.bullet,
  };
}

export function renderBlocks(
  document: MebdfDocument,
  cache: RenderCache = new RenderCache(),
): RenderedBlocks {
  // Into an empty cache, no lookup can hit: the nodes are keyed later, if ever (RenderCache.unkeyed).
  const cold = cache.isEmpty();
  // Counted, so that each text records the last render that used it (see `forget`).
  cache.renders += 1;
  const chunks: TreeChunk[] = [];
  const end: { state?: WriterState } = {};
  const tree = modelToTree(document, chunks, end);
  const tops: Span[] = [];
  const nodes: RenderedNode[] = [];
  const content = serialize(tree, cache, cold, tops, nodes);
  const blocks: RenderedBlock[] = [];
  for (const chunk of chunks) {
    if (chunk.to === chunk.from) continue;
    const piece: RenderedBlock = {
      firstBlock: chunk.firstBlock,
      endBlock: chunk.endBlock,
      start: tops[chunk.from]!.from,
      end: tops[chunk.to - 1]!.to,
    };
    if (chunk.label !== undefined) piece.label = chunk.label;
    if (chunk.state) piece.state = chunk.state;
    blocks.push(piece);
  }
  return { content, blocks, bodyEnd: end.state!, nodes };
}

/** `stringifyTree(tree)`, with top-level nodes through `cache`; `tops[i]` locates root child i. */
function serialize(
  tree: Root,
  cache: RenderCache,
  cold: boolean,
  tops: Span[],
  nodes: RenderedNode[],
): string {
  const written: Top[] = [];
  const lines: number[] = [];
  const root: Handle = (node: Root, parent, state, info) => {
    // A root of phrasing is written as one paragraph: nothing to cache.
    if (node.children.some((child) => !FLOW.has(child.type)))
      return defaultHandlers.root(node, parent, state, info);
    const handle = state.handle;
    const cached = ((child: RootContent, childParent: unknown, childState: State, childInfo: Info) => {
      if (childParent !== node) return handle(child, childParent as Root, childState, childInfo);
      const one = topLevel(child, handle, node, state, childInfo, cache, cold);
      written.push(one);
      lines.push(childInfo.now.line);
      return one.text;
    }) as State['handle'];
    Object.assign(cached, { handlers: (handle as unknown as { handlers: unknown }).handlers });
    state.handle = cached;
    try {
      return defaultHandlers.root(node, parent, state, info);
    } finally {
      state.handle = handle;
    }
  };
  const content = toMarkdownWith(tree, root);
  // Each top-level node starts a line (the tracker's line number); its text runs from there.
  let line = 1;
  let offset = 0;
  written.forEach((top, index) => {
    while (line < lines[index]!) {
      offset = content.indexOf('\n', offset) + 1;
      line += 1;
    }
    tops.push({ from: offset, to: offset + top.text.length });
    nodes.push(nodeAt(top, offset));
  });
  return content;
}

/** The flow nodes the model's trees hold at the top level. */
const FLOW = new Set([
  'paragraph',
  'heading',
  'list',
  'table',
  'footnoteDefinition',
  'mebdfDirective',
  'mebdfRaw',
  'thematicBreak',
  'code',
  'blockquote',
  'html',
]);

/**
 * A top-level node as written: its text, the bullet it leaves, and its cache key, made from the
 * node when first asked for (a render into an empty cache asks for none: `RenderCache.unkeyed`).
 */
class Top {
  private made: string | undefined;
  constructor(
    /** The text as the cache keeps it (and the bullet the node leaves). */
    readonly cached: CachedText,
    /** The key, or the node and the bullet the list before left (a list's key holds it) to make it from. */
    private readonly from: string | { node: RootContent; bulletBefore: string | undefined },
  ) {
    if (typeof from === 'string') this.made = from;
  }

  get text(): string {
    return this.cached.text;
  }

  get bullet(): string | undefined {
    return this.cached.bullet;
  }

  get key(): string {
    if (this.made === undefined && typeof this.from !== 'string')
      this.made = keyOf(this.from.node, this.from.bulletBefore);
    return this.made!;
  }
}

/** A list right after a list takes the other bullet: the one state carried between top-level nodes. */
function keyOf(node: RootContent, bulletBefore: string | undefined): string {
  return node.type === 'list' ? `${bulletBefore ?? ''}\u0000${JSON.stringify(node)}` : JSON.stringify(node);
}

function topLevel(
  node: RootContent,
  handle: State['handle'],
  parent: Root,
  state: State,
  info: Info,
  cache: RenderCache,
  cold: boolean,
): Top {
  const bulletBefore = state.bulletLastUsed;
  const key = cold ? undefined : keyOf(node, bulletBefore);
  if (key !== undefined) {
    const texts = cache.texts;
    let hit = texts.get(key);
    if (!hit) {
      const earlier = cache.earlierOf(key);
      if (earlier) {
        hit = { ...earlier, used: cache.renders };
        texts.set(key, hit);
      }
    }
    if (hit) {
      cache.hits += 1;
      hit.used = cache.renders;
      if (node.type === 'list') state.bulletLastUsed = hit.bullet;
      return new Top(hit, key);
    }
  }
  cache.misses += 1;
  const text = handle(node, parent, state, info);
  // Only a list leaves a bullet: any other node's would be whatever list came before its first
  // render, and the same text would be kept with another bullet by another history.
  const bullet = node.type === 'list' ? state.bulletLastUsed : undefined;
  const cached = { text, bullet, used: cache.renders };
  if (key !== undefined) {
    cache.texts.set(key, cached);
    return new Top(cached, key);
  }
  const top = new Top(cached, { node, bulletBefore });
  cache.keepUnkeyed(top);
  return top;
}

function toMarkdownWith(tree: Root, root: Handle): string {
  const options: Options = {
    ...CANONICAL_OPTIONS,
    extensions: [...(CANONICAL_OPTIONS.extensions ?? []), { handlers: { root } }],
  };
  return toMarkdown(tree, options);
}
