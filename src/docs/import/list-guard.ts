/**
 * The one list shape no Docs document holds: a list whose first item is nested, right after an
 * item of another list (Markdown writes it by changing the marker: `- a` then `* 1. b`). Docs reads
 * items that follow one another as one list, a nested item as nested in the item before it
 * (export/model-utils.ts `assignListKeys`), so no requests can make such a text read back as it
 * was written: it is refused before anything is planned, saying why, instead of failing
 * verification.
 */
import { ValidationError } from '../../errors.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { plainText } from '../export/model-utils.js';

export function checkListStarts(next: MebdfDocument): void {
  checkContainer(next.blocks);
  for (const blocks of Object.values(next.footnotes)) checkContainer(blocks);
}

function checkContainer(blocks: readonly Block[]): void {
  /** The list open at this point, as a reader sees it: its key and its last item. */
  let open: { key: string; text: string } | null = null;
  for (const block of blocks) {
    if (block.type === 'table') {
      open = null;
      for (const row of block.rows) for (const cell of row) checkContainer(cell.blocks);
      continue;
    }
    if (!block.list) {
      // A further block of an item (model.ts `item`) leaves its list open.
      if (block.item === undefined) open = null;
      continue;
    }
    if (open && block.list.key !== open.key && block.list.level > 0) {
      throw new ValidationError(
        `The list starting with the nested item "${clip(plainText(block.inlines))}" comes right after the item "${open.text}" of another list: in Docs, items that follow one another are one list, and a nested item there is nested under the item before it.`,
        'Put a paragraph between the two lists, start the second list with an outer item, or make its items part of the list before.',
      );
    }
    open = { key: block.list.key, text: clip(plainText(block.inlines)) };
  }
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
