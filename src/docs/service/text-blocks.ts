/**
 * MEBDF text as blocks: the runs of lines between blank lines (paragraphs, headings, a whole list
 * or table). On its own so that an export, which cuts a large text into parts by blocks, does not
 * load the three-way merge and its diff library.
 */

/** The blocks of a text; `joinBlocks(splitBlocks(t))` is `t` up to trailing newlines. */
export function splitBlocks(text: string): string[] {
  const body = text.replace(/\n+$/, '');
  return body === '' ? [] : body.split('\n\n');
}

export function joinBlocks(blocks: string[]): string {
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

/** A line `{!s1 = list}` (a style name's definition, grammar §2): the name and the list. */
const DEFINITION_LINE = /^ {0,3}\{!\s*([a-z][a-z0-9-]*)\s*=\s*([^}\n]*?)\s*\}[ \t]*$/;

/**
 * The style names a text defines in its first block, when that block is nothing but definitions
 * (where an export puts them), and the text after that block.
 */
export function leadingNames(text: string): { names: Map<string, string>; rest: string } {
  const [first, ...others] = splitBlocks(text);
  const names = new Map<string, string>();
  const lines = first?.split('\n') ?? [];
  for (const line of lines) {
    const match = DEFINITION_LINE.exec(line);
    if (!match) return { names: new Map(), rest: text };
    names.set(match[1]!, match[2]!);
  }
  return { names, rest: joinBlocks(others) };
}
