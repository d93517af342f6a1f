/**
 * An incremental parse: the model of a text that differs from a known canonical text (an export the
 * caller has the model of) in a few blocks, parsing only the changed middle.
 *
 * `known` is a text `renderBlocks` wrote from its model, with where each top-level piece is and
 * the block state before it. The text is compared with it from both ends; the pieces that are the
 * same on either side keep their blocks, and only the text between them goes through the whole
 * parser (micromark, the semantic layer), starting in the state the pieces before it leave. The
 * stitched model is accepted only when it writes out to exactly the text: the canonical form
 * (grammar §7: `parseMebdf(stringifyMebdf(m))` deep-equals `m`) then makes it the text's parse,
 * whatever the middle did to its neighbours (an unclosed fence, a list going on, a setext
 * underline). Otherwise, and wherever the text reaches something document-wide — footnote
 * references or definitions, link reference definitions — the answer is null: parse the whole
 * text (`parseMebdf`), which also says what is wrong with a text that does not parse.
 */
import type { RootContent } from 'mdast';
import { delimiterDiagnostics, depthDiagnostics } from './limits.js';
import type { Block, MebdfDocument, ParagraphBlock } from './model.js';
import { RenderCache, type RenderedBlock, type RenderedNode, renderBlocks } from './render-blocks.js';
import { treeToModel } from './semantic/to-model.js';
import type { WriterState } from './semantic/write-state.js';
import { parseTree } from './tree.js';

/** A canonical text with its model and pieces (what `knownText` makes). */
export interface KnownText {
  /** The text, exactly as `renderBlocks(model)` wrote it. */
  content: string;
  model: MebdfDocument;
  /** The top-level pieces of `content`, body first, then the footnote definitions. */
  blocks: RenderedBlock[];
  /** The block state after the body's last piece. */
  bodyEnd: WriterState;
  /** The renderings of `model`'s blocks: the check of a stitched model serialises only what is new. */
  cache: RenderCache;
  /** Its top-level nodes, when this process wrote it (what the base store keeps of its renderings). */
  nodes?: RenderedNode[];
  /**
   * Written by other code (kept by an older version of this program): an incremental parse may
   * start from it, since its check writes the stitched model out anew, but an equal model is not
   * taken to write out as this text.
   */
  otherWriter?: true;
}

/** `model` written out (through `cache`, which keeps its block texts) with its pieces. */
export function knownText(model: MebdfDocument, cache: RenderCache = new RenderCache()): KnownText {
  const rendered = renderBlocks(model, cache);
  return { ...rendered, model, cache };
}

/** The middle is parsed alone only while it is at most this share of the text (or this short). */
const MAX_MIDDLE_SHARE = 0.5;
const ALWAYS_ALONE = 4096;

/** Whether `text` is close enough to the known text `old` for an incremental parse to be tried. */
export function nearEnough(text: string, old: string): boolean {
  const same = commonEnds(text, old);
  return text.length - same.prefix - same.suffix <= Math.max(ALWAYS_ALONE, text.length * MAX_MIDDLE_SHARE);
}

/**
 * The model `parseMebdf(text)` returns, parsing only what differs from `known`; null when that
 * cannot be shown (then parse the whole text). Never throws on bad MEBDF: that is null too.
 */
export function parseIncremental(text: string, known: KnownText): MebdfDocument | null {
  return parseIncrementalKnown(text, known)?.model ?? null;
}

/**
 * `parseIncremental`, with the text's pieces: the check writes the stitched model out, so what
 * it wrote is a known text of its own (an export of a model equal to it is then that text).
 */
export function parseIncrementalKnown(text: string, known: KnownText): KnownText | null {
  const old = known.content;
  if (text === old) return known;
  const pieces = known.blocks;
  // The body's pieces: the footnote definitions after them are never kept around a middle.
  let body = pieces.findIndex((piece) => piece.label !== undefined);
  if (body < 0) body = pieces.length;
  const starts = (i: number): number => (i === 0 ? 0 : i < body ? pieces[i]!.start : old.length);
  const same = commonEnds(text, old);
  const tail = (i: number): number => old.length - starts(i);
  // The footnote definitions (and the end of the text) must be as they were.
  if (tail(body) > same.suffix) return null;
  // Pieces [0, first) are before the first difference, with the separator after them…
  let first = 0;
  while (first < body && starts(first + 1) <= same.prefix) first++;
  // …and end before the text that stays at the end begins.
  while (first > 0 && text.length - tail(body) < starts(first)) first--;
  if (text.length - tail(body) < starts(first)) return null;
  // Pieces [last, body) are after the last difference, and do not overlap the ones before it.
  let last = body;
  while (last > first && tail(last - 1) <= same.suffix && text.length - tail(last - 1) >= starts(first))
    last--;
  const from = starts(first);
  const to = text.length - tail(last);
  const middle = text.slice(from, to);
  if (middle.length > Math.max(ALWAYS_ALONE, text.length * MAX_MIDDLE_SHARE)) return null;
  // Footnotes: their order and labels are the whole text's, and their definitions come last.
  const oldMiddle = old.slice(from, starts(last));
  if (middle.includes('[^') || oldMiddle.includes('[^')) return null;
  const state = first < body ? pieces[first]!.state : known.bodyEnd;
  if (!state) return null;
  const parsed = parseAlone(middle, state);
  if (!parsed) return null;
  const blockAt = (i: number): number =>
    i === 0 ? 0 : i < body ? pieces[i]!.firstBlock : known.model.blocks.length;
  const before = known.model.blocks.slice(0, blockAt(first));
  const after = known.model.blocks.slice(blockAt(last));
  const stitched = stitch(before, parsed.blocks, after, known.model.footnotes);
  const written = renderBlocks(stitched, known.cache);
  return written.content === text ? { ...written, model: stitched, cache: known.cache } : null;
}

/** How many characters the two texts share at their start and at their end (not overlapping). */
export function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const n = Math.min(a.length, b.length);
  // A chunk at a time first (the engine compares two strings' characters far faster than a loop
  // over them: texts of a megabyte are compared with each text kept at every import), then
  // character by character in the chunk that differs.
  let prefix = 0;
  while (prefix + CHUNK <= n && a.slice(prefix, prefix + CHUNK) === b.slice(prefix, prefix + CHUNK))
    prefix += CHUNK;
  while (prefix < n && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix + CHUNK <= n - prefix &&
    a.slice(a.length - suffix - CHUNK, a.length - suffix) ===
      b.slice(b.length - suffix - CHUNK, b.length - suffix)
  )
    suffix += CHUNK;
  while (suffix < n - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix))
    suffix++;
  return { prefix, suffix };
}

const CHUNK = 2048;

/** The model of `text` read from `state` alone; null when it has problems or reaches outside itself. */
function parseAlone(text: string, state: WriterState): MebdfDocument | null {
  if (delimiterDiagnostics(text).length > 0) return null;
  const tree = parseTree(text);
  if (depthDiagnostics(tree, text).length > 0) return null;
  if (tree.children.some(reachesOut)) return null;
  const { document, diagnostics } = treeToModel(tree, text, state);
  // An error is the whole parse's to report, where it is; so is a warning, which an import passes
  // on (its line is the whole text's).
  if (diagnostics.length > 0) return null;
  return document;
}

/** Whether a node holds a definition or a reference, whose meaning is the whole text's. */
function reachesOut(node: RootContent): boolean {
  switch (node.type) {
    case 'definition':
    case 'footnoteDefinition':
    case 'footnoteReference':
    case 'linkReference':
    case 'imageReference':
      return true;
  }
  return 'children' in node && (node.children as RootContent[]).some(reachesOut);
}

/**
 * The blocks before, the middle's and the blocks after as one model, with what the parser numbers
 * through the whole text redone: list keys in order of first appearance, and whether a quote
 * opening a piece follows another quote (`+`) or not (`>`).
 */
function stitch(
  before: Block[],
  middle: Block[],
  after: Block[],
  footnotes: MebdfDocument['footnotes'],
): MebdfDocument {
  const keys = new ListKeys();
  const blocks: Block[] = [];
  const add = (from: readonly Block[], space: string): void => {
    from.forEach((block, index) => {
      let next = keys.block(block, space);
      if (index === 0) next = withQuoteAfter(next, blocks[blocks.length - 1]);
      blocks.push(next);
    });
  };
  add(before, 'k');
  add(middle, 'm');
  add(after, 'k');
  let renumbered: MebdfDocument['footnotes'] | undefined;
  for (const [label, paragraphs] of Object.entries(footnotes)) {
    const next = paragraphs.map((p) => keys.paragraph(p, 'k'));
    if (next.some((p, i) => p !== paragraphs[i])) renumbered ??= { ...footnotes };
    if (renumbered) renumbered[label] = next;
  }
  return { blocks, footnotes: renumbered ?? footnotes };
}

/** List keys `1`, `2`, … by first appearance, a list being known by its key in its source (`space`). */
class ListKeys {
  private readonly keys = new Map<string, string>();

  paragraph(block: ParagraphBlock, space: string): ParagraphBlock {
    if (!block.list) return block;
    const source = `${space}${block.list.key}`;
    let key = this.keys.get(source);
    if (key === undefined) {
      key = String(this.keys.size + 1);
      this.keys.set(source, key);
    }
    return key === block.list.key ? block : { ...block, list: { ...block.list, key } };
  }

  block(block: Block, space: string): Block {
    if (block.type === 'paragraph') return this.paragraph(block, space);
    let changed = false;
    const rows = block.rows.map((row) =>
      row.map((cell) => {
        const blocks = cell.blocks.map((p) => this.paragraph(p, space));
        if (blocks.every((p, i) => p === cell.blocks[i])) return cell;
        changed = true;
        return { ...cell, blocks };
      }),
    );
    return changed ? { ...block, rows } : block;
  }
}

/**
 * A piece that opens a quote opens a new one (`+`) when the block before it is quoted too: pieces
 * are separate top-level nodes, so a quote never goes on from one into the next.
 */
function withQuoteAfter(block: Block, previous: Block | undefined): Block {
  if (block.type !== 'paragraph' || !block.quote) return block;
  const quoted = previous?.type === 'paragraph' && previous.quote !== undefined;
  const mark = quoted ? '+' : '>';
  return block.quote[0] === mark ? block : { ...block, quote: mark + block.quote.slice(1) };
}
