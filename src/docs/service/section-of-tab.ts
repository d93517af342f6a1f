/**
 * A section as a read of its whole tab showed it: the tab's text cut to the section's blocks, for
 * an import of that section whose text was edited from the tab's read (read the tab, change one
 * part with import_section, or a piece of `gdoc export DOC` imported with `--section`). Without
 * it such an import had no read of its target to compare with and was written as sent, so a
 * colleague's edit of the section made since the tab was read was silently reverted.
 *
 * The section is found as the export cuts one: its heading — the block marked with its anchor
 * (`{^ id}`), else the one block saying what the content's first block (its heading) says — down
 * to the next heading of the same or a higher level (the preamble: the blocks before the first
 * heading). Lines inside fenced code are never taken for headings. Undefined when the tab's text
 * has no such heading, or several.
 */
import { blockKey, definitionBlock, joinBlocks, leadingNames, splitBlocks } from './text-blocks.js';

const HEADING = /^(#{1,6})[ \t]/;
const FENCE = /^[ \t]*(```|~~~)/gm;

export function sectionOfTab(
  tabText: string,
  anchorId: string,
  contentHeading: string | undefined,
): string | undefined {
  const { names, rest } = leadingNames(tabText);
  const blocks = splitBlocks(rest);
  // The level of each block that is a heading (undefined: not one, or inside fenced code).
  const levels: Array<number | undefined> = [];
  let fenced = false;
  for (const block of blocks) {
    levels.push(fenced ? undefined : headingLevel(block));
    if ((block.match(FENCE)?.length ?? 0) % 2 === 1) fenced = !fenced;
  }
  let start: number;
  if (anchorId === '') start = 0;
  else {
    const marked = blocks.findIndex((b, i) => levels[i] !== undefined && b.includes(`{^ ${anchorId}}`));
    if (marked >= 0) start = marked;
    else {
      if (contentHeading === undefined || headingLevel(contentHeading) === undefined) return undefined;
      const key = blockKey(contentHeading);
      const same = blocks.flatMap((b, i) => (levels[i] !== undefined && blockKey(b) === key ? [i] : []));
      if (same.length !== 1) return undefined;
      start = same[0]!;
    }
  }
  // The preamble ends at the first heading of any level.
  const own = anchorId === '' ? Number.POSITIVE_INFINITY : levels[start]!;
  let end = anchorId === '' ? start : start + 1;
  while (end < blocks.length && !(levels[end] !== undefined && levels[end]! <= own)) end++;
  const section = blocks.slice(start, end);
  // The style names the section uses, defined first as its own export defines them.
  const text = section.join('\n\n');
  const used = [...names].filter(([name]) => text.includes(`{!${name}`));
  return joinBlocks(used.length > 0 ? [definitionBlock(used), ...section] : section);
}

/** A block's heading level: its first line that is not a bare `{!…}` mark starts with `#`s. */
function headingLevel(block: string): number | undefined {
  const line = block.split('\n').find((l) => !/^\{![^}]*\}$/.test(l));
  return line === undefined ? undefined : HEADING.exec(line)?.[1]?.length;
}
