import { definitionLine, definitionProps } from '../../mebdf/style-names.js';

/**
 * MEBDF text as blocks: the runs of lines between blank lines (paragraphs, headings, a whole list
 * or table). On its own so that an export, which cuts a large text into parts by blocks, does not
 * load the three-way merge and its diff library.
 */

/**
 * The text with line feeds for line ends, as MEBDF reads them: an editor on Windows saves CR LF,
 * and blocks are cut at blank lines ("\n\n"), so such a text would be one block.
 */
export function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** The blocks of a text; `joinBlocks(splitBlocks(t))` is `t` up to trailing newlines. */
export function splitBlocks(text: string): string[] {
  const body = text.replace(/\n+$/, '');
  return body === '' ? [] : body.split('\n\n');
}

/**
 * What a block says, for telling blocks apart: without the blank lines above it (a text with two
 * blank lines between paragraphs cuts into blocks that start with a newline) and without the
 * white space at its end (never part of MEBDF: a line break needs text after it). An editor that
 * adds those changes no block, so a colleague's edit of a neighbour still merges. White space
 * inside a block (two spaces ending a line are a line break) still counts.
 */
export function blockKey(block: string): string {
  // Most blocks start with neither a blank line nor white space and end in no white space: they
  // are their own key (a whole tab's thousands of blocks are compared with each of its reads).
  const first = block.charCodeAt(0);
  if (first !== 10 && first !== 32 && first !== 9 && !/\s/.test(block.charAt(block.length - 1))) return block;
  return block.replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
}

/** Whether two blocks say the same (blockKey). */
export function sameBlock(a: string, b: string): boolean {
  return a === b || blockKey(a) === blockKey(b);
}

/** The blocks of `blocks` that `other` lacks, by what they say (each block of `other` matched once), in order. */
export function blocksLacking(blocks: string[], other: string[]): string[] {
  const left = new Map<string, number>();
  for (const b of other) {
    const key = blockKey(b);
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const b of blocks) {
    const key = blockKey(b);
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    else out.push(b);
  }
  return out;
}

export function joinBlocks(blocks: string[]): string {
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

/**
 * The style names a text defines in its first block, when that block is nothing but definitions
 * (where an export puts them), and the text after that block.
 */
export function leadingNames(text: string): { names: Map<string, string>; rest: string } {
  const [first, ...others] = splitBlocks(text);
  const names = new Map<string, string>();
  for (const line of first?.split('\n') ?? []) {
    const definition = definitionLine(line);
    if (!definition) return { names: new Map(), rest: text };
    names.set(definition.name, definition.list);
  }
  return { names, rest: joinBlocks(others) };
}

/** Definition lines for `names`, one per line, as an export writes them. */
export function definitionBlock(names: Iterable<[string, string]>): string {
  return [...names].map(([name, list]) => `{!${definitionProps(name, list)}}`).join('\n');
}
