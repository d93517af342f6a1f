/**
 * The list shapes no Docs document holds, refused before any request is planned, saying why,
 * instead of failing verification. Docs reads items that follow one another as one list, a nested
 * item as nested in the item before it, and an outer item of another Docs list as a new list
 * (export/model-utils.ts `listRuns`, the reader's rule these checks walk); the Docs API makes new
 * lists only from presets, which have one kind on every level.
 * - `checkListStarts` (the new text alone): a list whose first item is nested, right after an
 *   item of another list (Markdown writes it by changing the marker: `- a` then `* 1. b`).
 * - `checkNestedFirstKinds` (a container's script): a list whose first item is nested and of
 *   another kind than its outer items, unless its items stay in a Docs list that has both.
 * The refusals the list planner reaches itself (`mixedListFirst`, `listGoesOn`) are made here too.
 */
import { ValidationError } from '../../errors.js';
import type { DocumentTab, Paragraph } from '../../ground/docs-json.js';
import type { Block, ListKind, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { listLevel } from '../export/lists.js';
import { listRuns, plainText } from '../export/model-utils.js';
import type { ParagraphSource } from '../export/types.js';
import type { ContainerScript, ListPairs } from './edit-script.js';
import { sameList } from './paragraphs.js';

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

/**
 * Refuses a list of the container's new content whose first item is nested and of another kind
 * than its outer items (a numbered sub-item first, bullets after) where no item of that list stays
 * in a Docs list whose levels have both kinds: the outer items read back as the first item's list
 * only when they are in its Docs list, and a new Docs list has one kind on every level. Every way
 * of planning it would fail verification.
 */
export function checkNestedFirstKinds(lists: ListPairs, tab: DocumentTab, script: ContainerScript): void {
  const { next } = script;
  /** Each list's first item (new block index) and the kinds of its outer items. */
  const firsts = new Map<string, number>();
  const outers = new Map<string, Set<ListKind>>();
  for (const [n, b] of next.entries()) {
    if (b.type !== 'paragraph' || !b.list) continue;
    if (!firsts.has(b.list.key)) firsts.set(b.list.key, n);
    if (b.list.level === 0) outers.set(b.list.key, (outers.get(b.list.key) ?? new Set()).add(b.list.kind));
  }
  for (const [key, f] of firsts) {
    const first = next[f] as ParagraphBlock;
    const outer = outers.get(key);
    if (first.list!.level === 0 || !outer || (outer.size === 1 && outer.has(first.list!.kind))) continue;
    const outerKind = outer.size === 1 ? [...outer][0]! : null;
    if (outerKind && keptInListOfBoth(lists, tab, script, f, outerKind)) continue;
    throw mixedListFirst(first, outerKind);
  }
}

/**
 * Whether new block `f` (a nested first item) can be in a Docs list that has both kinds: an item
 * of its list stays in the Docs list it is in, whose levels give `outer` outside and `f`'s kind at
 * `f`'s level; and the first item from `f` on that was in the old content (`f` itself, or the
 * one new items are typed before) was an item of that list at `f`'s level. Typed at that item's
 * start, new items copy its bullet as it was (an item split at its start keeps it); no request
 * moves a paragraph to a nested level of an existing list, so one at another level would not do.
 */
function keptInListOfBoth(
  lists: ListPairs,
  tab: DocumentTab,
  script: ContainerScript,
  f: number,
  outer: ListKind,
): boolean {
  const first = (script.next[f] as ParagraphBlock).list!;
  const listIdOf = (o: number) => (script.sources[o] as ParagraphSource | undefined)?.listId;
  const opOf = new Map<number, { o: number; n: number }>();
  for (const op of script.ops) if (op.op === 'keep' || op.op === 'pair') opOf.set(op.n, op);
  const ofBoth = (listId: string) =>
    listLevel(tab, listId, 0).kind === outer && listLevel(tab, listId, first.level).kind === first.kind;
  const stays = [...opOf.values()].some(({ o, n }) => {
    const now = script.next[n];
    const was = script.old[o];
    const listId = listIdOf(o);
    return (
      now?.type === 'paragraph' &&
      now.list?.key === first.key &&
      was?.type === 'paragraph' &&
      listId !== undefined &&
      sameList(lists, was.list, now.list) &&
      ofBoth(listId)
    );
  });
  if (!stays) return false;
  for (let n = f; n < script.next.length; n++) {
    const now = script.next[n];
    if (now?.type !== 'paragraph' || (now.list === undefined && now.item === undefined)) return false;
    const op = opOf.get(n);
    if (!op) continue;
    const was = script.old[op.o];
    const listId = listIdOf(op.o);
    return (
      was?.type === 'paragraph' &&
      listId !== undefined &&
      was.list?.level === first.level &&
      was.list.kind === first.kind &&
      ofBoth(listId)
    );
  }
  return false;
}

const KIND_WORDS: Record<ListKind, string> = {
  bullet: 'bulleted',
  ordered: 'numbered',
  checkbox: 'checklist',
};

/**
 * The refusal of a list whose first item is nested and of another kind than its outer items: the
 * Docs API makes lists from presets with one kind on every level, and joins new items only to
 * the list right before them, so nothing can make that item the first of its outer items' list.
 */
export function mixedListFirst(first: ParagraphBlock, outer: ListKind | null): ValidationError {
  const kind = KIND_WORDS[first.list!.kind];
  return new ValidationError(
    `The nested ${kind} item "${clip(plainText(first.inlines))}" cannot start a list whose outer items are ${outer ? KIND_WORDS[outer] : 'of several kinds'}: the Docs API makes a new list from one of its presets, with one kind on every level, and adds items only to the list right before them.`,
    `Put an outer item of the list before it, make it ${outer ? KIND_WORDS[outer] : 'the kind of the items after it'}, or end the list before the outer items after it (a paragraph between).`,
  );
}

/**
 * The refusal of a list bulleted anew that goes on past the section imported (list-rebuild.ts
 * checkListGoesOn): `after` is the Docs paragraph right after the section, an item of that list.
 */
export function listGoesOn(first: ParagraphBlock, after: Paragraph): ValidationError {
  const text = (after.elements ?? []).map((e) => e.textRun?.content ?? '').join('');
  return new ValidationError(
    `The list of "${clip(plainText(first.inlines))}" goes on after this section (its item "${clip(text.trim())}"), and this edit needs it bulleted anew (the Docs API adds items to a list only right after it, and only through a preset): its items after the section would start a list of their own, numbered anew.`,
    'Import the whole tab instead (its items after the section are then bulleted with it), or keep the list’s first items as they are.',
  );
}

/** The first words of an item, to name it in a message. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
