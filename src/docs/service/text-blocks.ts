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
