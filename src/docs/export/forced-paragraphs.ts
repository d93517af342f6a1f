/**
 * The empty paragraphs Docs forces at the edges of a body, left out of the text an export writes.
 * A table cannot start a body (the Docs API puts a newline before every table it inserts) nor end
 * it (a body always ends with a paragraph), so a tab that is "a table" in Docs is an empty paragraph,
 * the table and another empty paragraph. The export writes it as the table alone, which is also what
 * an import of the table alone makes (import/forced.ts puts the paragraphs back): the text reads back
 * as written, and a no-op import sends nothing. Only a plain empty paragraph (no style, no anchor, no
 * list) is left out: anything else in it is content the text must show (grammar/README.md §7).
 */
import type { Block, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';

/** An empty paragraph with nothing but its paragraph style: no list, quote, rule, code or HTML mark. */
export function isBareEmpty(b: Block | undefined): b is ParagraphBlock {
  return (
    b?.type === 'paragraph' &&
    b.inlines.length === 0 &&
    b.list === undefined &&
    b.code === undefined &&
    b.quote === undefined &&
    b.rule === undefined &&
    b.item === undefined &&
    b.html === undefined
  );
}

/** Whether the block is an empty `Normal text` paragraph with nothing else about it. */
export function isPlainEmpty(b: Block | undefined): boolean {
  return isBareEmpty(b) && Object.keys(b.style).length === 1 && b.style.namedStyle === 'NORMAL_TEXT';
}

/** Where the exported content sits in its tab's body. */
export interface Edges {
  startsBody: boolean;
  endsBody: boolean;
}

/** The blocks an export writes: `model` without the forced empty paragraphs at the body's edges. */
export function withoutForcedEdges(model: MebdfDocument, edges: Edges): MebdfDocument {
  const { blocks } = model;
  const first = edges.startsBody && isPlainEmpty(blocks[0]) && blocks[1]?.type === 'table' ? 1 : 0;
  const n = blocks.length;
  const last =
    edges.endsBody && n - first >= 2 && isPlainEmpty(blocks[n - 1]) && blocks[n - 2]?.type === 'table'
      ? 1
      : 0;
  if (first === 0 && last === 0) return model;
  return { ...model, blocks: blocks.slice(first, n - last) };
}
