/**
 * The old content in canonical form (its export read back) for the planner, without reading the
 * whole export back. Blocks the new content has unchanged at the start and at the end of the
 * target (equal models) need no canonical form: the planner keeps them whichever form it compares.
 * Only the blocks between are written out and read back (a few, for an edit of a few); the list
 * keys read back are put back as the whole export numbers them. Where that cannot be done exactly
 * (footnotes involved, blocks that read back as more or fewer, lists that do not pair) the whole
 * export is read back as before. The middle is written out through the read's render cache when
 * there is one: the export of the read wrote those very blocks, so their text is not made again
 * (a render through a cache is the same bytes as `stringifyMebdf`, mebdf/render-blocks.ts). Pure
 * but for the cache.
 */
import { parseMebdf } from '../../mebdf/index.js';
import type { Block, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { footnoteLabels } from '../export/model-utils.js';
import { type RenderCache, render } from '../export/render.js';
import { commonEnds } from '../import/align.js';

/**
 * `old` (the target's model, its text `oldText`) in canonical form as compared with `next`;
 * undefined: none. `cache`: the render cache the export of `old` went through.
 */
export function canonicalFor(
  old: MebdfDocument,
  oldText: string,
  next: MebdfDocument,
  cache?: RenderCache,
): MebdfDocument | undefined {
  return middleCanonical(old, next, cache) ?? readBack(oldText);
}

function readBack(text: string): MebdfDocument | undefined {
  try {
    return parseMebdf(text);
  } catch {
    return undefined; // the export does not read back: the planner compares with the model as is
  }
}

function middleCanonical(
  old: MebdfDocument,
  next: MebdfDocument,
  cache: RenderCache | undefined,
): MebdfDocument | undefined {
  if (!deepEqual(old.footnotes, next.footnotes)) return undefined;
  const a = old.blocks;
  const b = next.blocks;
  const { pre: start, suf: end } = commonEnds(a, b);
  const middle = a.slice(start, a.length - end);
  if (middle.length === 0) return old;
  if (footnoteLabels(middle).length > 0) return undefined;
  const back = readBack(render({ blocks: middle, footnotes: {} }, cache));
  if (!back || back.blocks.length !== middle.length || Object.keys(back.footnotes).length > 0)
    return undefined;
  const keys = listKeys(middle, back.blocks);
  if (!keys) return undefined;
  const blocks = back.blocks.map((block) => withListKeys(block, keys));
  return { blocks: [...a.slice(0, start), ...blocks, ...a.slice(a.length - end)], footnotes: old.footnotes };
}

/** Paragraphs of blocks in order, table cells included. */
function paragraphs(blocks: readonly Block[]): ParagraphBlock[] {
  return blocks.flatMap((b) => (b.type === 'table' ? b.rows.flat().flatMap((c) => c.blocks) : [b]));
}

/** Read-back list key -> the export's, pairing paragraphs by position; null when they do not pair. */
function listKeys(exported: readonly Block[], back: readonly Block[]): Map<string, string> | null {
  const from = paragraphs(exported);
  const to = paragraphs(back);
  if (from.length !== to.length) return null;
  const keys = new Map<string, string>();
  for (let i = 0; i < to.length; i++) {
    const was = from[i]!.list?.key;
    const now = to[i]!.list?.key;
    if (was === undefined && now === undefined) continue;
    if (was === undefined || now === undefined) return null;
    if ((keys.get(now) ?? was) !== was) return null;
    keys.set(now, was);
  }
  return keys;
}

function withListKeys<B extends Block>(block: B, keys: Map<string, string>): B {
  if (block.type === 'table') {
    const rows = block.rows.map((row) =>
      row.map((cell) => ({ ...cell, blocks: cell.blocks.map((p) => withListKeys(p, keys)) })),
    );
    return { ...block, rows };
  }
  if (block.type !== 'paragraph' || !block.list) return block;
  return { ...block, list: { ...block.list, key: keys.get(block.list.key) ?? block.list.key } };
}
