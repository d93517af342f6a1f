/**
 * Model-level helpers shared by the tab and section exports: list keys by first appearance,
 * footnotes of a slice, plain text of inlines, and the placeholder summary.
 */
import type { Block, Inline, ListMembership, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';

/** Every paragraph of the model in reading order: blocks (table cells row by row), then footnotes. */
export function paragraphsOf(model: MebdfDocument): ParagraphBlock[] {
  const out: ParagraphBlock[] = [];
  for (const block of model.blocks) pushParagraphs(block, out);
  for (const label of Object.keys(model.footnotes)) out.push(...model.footnotes[label]!);
  return out;
}

/** The paragraphs of one block: itself, or a table's cells' row by row. */
export function blockParagraphs(block: Block): ParagraphBlock[] {
  return pushParagraphs(block, []);
}

/** `blocks` with each paragraph (table cells' too) mapped by `fn`, in order. */
export function mapParagraphs(blocks: readonly Block[], fn: (p: ParagraphBlock) => ParagraphBlock): Block[] {
  return blocks.map((b) =>
    b.type === 'table'
      ? {
          ...b,
          rows: b.rows.map((r) =>
            r.map((c) => ({ ...c, blocks: mapParagraphs(c.blocks, fn) as typeof c.blocks })),
          ),
        }
      : fn(b),
  );
}

// Arrays, not generators: every export walks every paragraph, and nested generators cost a
// resumption per paragraph and level.
function pushParagraphs(block: Block, out: ParagraphBlock[]): ParagraphBlock[] {
  if (block.type === 'paragraph') out.push(block);
  else for (const row of block.rows) for (const cell of row) out.push(...cell.blocks);
  return out;
}

/**
 * Give lists their model keys, in place: `1`, `2`, … in order of first appearance (the model's
 * invariant). A list is a run of consecutive list paragraphs of one container (the blocks, a table
 * cell, a footnote) sharing an incoming key (a Docs list id, or an earlier key): Markdown cannot
 * say that a list goes on after a paragraph that interrupts it, so the part after the interruption
 * is a list of its own (the exporter warns when that restarts numbering). Two different lists next
 * to each other get two keys, except that an item at a nested level right after an item continues
 * that item's list: it reads as nested in it (in Docs as in Markdown), whichever Docs list holds it.
 * That is how a numbered level under a bulleted one is stored, since the Docs API creates lists of
 * one glyph kind only (import/lower-lists.ts). A level-0 item continues the run only in the list
 * that began it. `before`: how many lists came before the model's blocks (a part of a tab's body
 * that starts after a plain paragraph, exporter.ts) — the first is numbered `before + 1`.
 */
export function assignListKeys(model: MebdfDocument, before = 0): void {
  let next = before;
  let key = '';
  const rekey = (block: ListItem, starts: boolean): void => {
    if (starts) key = String(++next);
    block.list = { ...block.list, key };
  };
  listRuns(model.blocks, rekey);
  for (const label of Object.keys(model.footnotes)) listRuns(model.footnotes[label]!, rekey);
}

/** A paragraph that is a list item. */
export type ListItem = ParagraphBlock & { list: ListMembership };

/**
 * The runs of list items of one container as a reader sees them (`assignListKeys`), the cells of
 * its tables where they stand: `visit` gets each item, whether it starts a run, and the incoming
 * key of the run's first item. A paragraph that is no item nor a further block of one (model.ts
 * `item`) ends a run, and so does a table; a nested item continues it whatever its key; an outer
 * item continues it only with the key that began it.
 */
export function listRuns(
  container: readonly Block[],
  visit: (block: ListItem, starts: boolean, root: string) => void,
): void {
  let root: string | null = null;
  for (const block of container) {
    if (block.type === 'table') {
      root = null;
      for (const row of block.rows) for (const cell of row) listRuns(cell.blocks, visit);
      continue;
    }
    if (!block.list) {
      // A further block of an item leaves the list open: the items after it in the same Docs
      // list are the same list.
      if (block.item === undefined) root = null;
      continue;
    }
    const starts = root === null || (block.list.key !== root && block.list.level === 0);
    if (starts) root = block.list.key;
    visit(block as ListItem, starts, root!);
  }
}

/** Footnote labels referenced by `blocks`, in order of first reference. */
export function footnoteLabels(blocks: Block[]): string[] {
  const seen = new Set<string>();
  for (const block of blocks) {
    for (const p of blockParagraphs(block)) {
      for (const inline of p.inlines) if (inline.type === 'footnoteRef') seen.add(inline.label);
    }
  }
  return [...seen];
}

/** The text of inlines as a reader sees it (soft breaks as spaces, objects by caption). */
export function plainText(inlines: Inline[]): string {
  let out = '';
  for (const inline of inlines) {
    if (inline.type === 'text') out += inline.text;
    else if (inline.type === 'break') out += ' ';
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** `Placeholders kept by id: 3 image, 1 pagebreak …` for the embeds in a model, or null. */
export function placeholderSummary(model: MebdfDocument): string | null {
  const counts = new Map<string, number>();
  for (const p of paragraphsOf(model)) {
    for (const inline of p.inlines) {
      if (inline.type === 'embed') counts.set(inline.kind, (counts.get(inline.kind) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return null;
  const list = [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
  return `Objects MEBDF cannot spell are placeholders {^= id kind "caption"} (${list}); keep each placeholder where the object belongs: removing one deletes the object.`;
}

/** Every embed id of the tab, to tell a placeholder moved in from elsewhere from an unknown one. */
export function embedIds(tab: MebdfDocument): Set<string> {
  const ids = new Set<string>();
  for (const paragraph of paragraphsOf(tab)) {
    for (const inline of paragraph.inlines) if (inline.type === 'embed') ids.add(inline.id);
  }
  return ids;
}
