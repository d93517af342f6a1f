/**
 * The one list shape no Docs document holds: a list whose first item is nested, right after an
 * item of another list (Markdown writes it by changing the marker: `- a` then `* 1. b`). Docs reads
 * items that follow one another as one list, a nested item as nested in the item before it
 * (export/model-utils.ts `listRuns`, the reader's rule this check walks), so no requests can make
 * such a text read back as it was written: it is refused before anything is planned, saying why,
 * instead of failing verification.
 */
import { ValidationError } from '../../errors.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { listRuns, plainText } from '../export/model-utils.js';

export function checkListStarts(next: MebdfDocument): void {
  checkContainer(next.blocks);
  for (const blocks of Object.values(next.footnotes)) checkContainer(blocks);
}

function checkContainer(blocks: readonly Block[]): void {
  /** The item before, in the run: a run never starts with the check's case. */
  let last = '';
  listRuns(blocks, (block, starts, root) => {
    if (!starts && block.list.level > 0 && block.list.key !== root) {
      throw new ValidationError(
        `The list starting with the nested item "${clip(plainText(block.inlines))}" comes right after the item "${last}" of another list: in Docs, items that follow one another are one list, and a nested item there is nested under the item before it.`,
        'Put a paragraph between the two lists, start the second list with an outer item, or make its items part of the list before.',
      );
    }
    last = clip(plainText(block.inlines));
  });
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
