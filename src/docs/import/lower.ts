/**
 * Lowering: an edit script (edit-script.ts) -> batchUpdate requests. Each container is lowered
 * from its last step to its first, so every request's indices are those of the document left by
 * the requests before it; the few steps that run after a container is done (nested list
 * re-bulleting, filling new table cells) compute positions from the new content instead.
 * Paragraphs are lowered by paragraphs.ts, tables by lower-table.ts and table-insert.ts.
 * Refusals (where Docs cannot do what the content says) are typed errors with a reason.
 */
import { ValidationError } from '../../errors.js';
import type { DocsTextStyle, DocumentTab } from '../../ground/docs-json.js';
import type { Block, ParagraphBlock, TableBlock } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { isBareEmpty, isPlainEmpty } from '../export/forced-paragraphs.js';
import type { ParagraphSource, TableSource } from '../export/types.js';
import { type Repin, repinAnchors, repinnable } from './anchor-repin.js';
import type { PlanContext } from './context.js';
import type { AnySource, ContainerScript, EditScript, ListPairs, Step } from './edit-script.js';
import { checkNoSuggestions, isHeading } from './guards.js';
import { checkNestedFirstKinds } from './list-guard.js';
import { rebuildLists } from './list-rebuild.js';
import { lowerTableEdit } from './lower-table.js';
import { editedStyle, editParagraph } from './paragraph-edit.js';
import { insertParagraphs } from './paragraph-insert.js';
import { lowerTwoForOne } from './paragraph-split.js';
import { toUnits } from './paragraph-units.js';
import { goesOnAs, type Inherited, sameList } from './paragraphs.js';
import { paragraphStylePayload, TEXT_FIELDS, type TextField } from './style-payloads.js';
import { insertTable } from './table-insert.js';

/** An empty rule, quote or item paragraph: its mark is a named range over its newline. */
function markedEmpty(b: ParagraphBlock): boolean {
  return b.inlines.length === 0 && (b.rule === true || b.quote !== undefined || b.item !== undefined);
}

/**
 * What paragraphs typed next to the new paragraph `b` inherit from it: `textStyle` is its text's
 * at that side. Bulleted once the container is done (`bulletLater`), it has no bullet to copy:
 * its list's items next to it are bulleted with it then.
 */
function inheritedFromNew(
  b: ParagraphBlock,
  bulletLater: boolean,
  textStyle: Inherited['textStyle'],
): Inherited {
  return {
    style: b.style,
    list: b.list,
    listIsNew: true,
    ...(bulletLater ? { bulletLater: true } : {}),
    textStyle,
    marks: { quote: b.quote, rule: b.rule, item: b.item },
  };
}

/** A code or HTML block, or an empty rule, quote or item, not in a list: a mark over its newline. */
function markCoversNewline(b: ParagraphBlock): boolean {
  return b.list === undefined && (markedEmpty(b) || b.code !== undefined || b.html === true);
}

/**
 * Whether inserting at a paragraph's closing newline leaves the paragraph as it was: the newline
 * Docs adds there takes the style of the character before it, so the paragraph must end with one
 * run holding its last text and its newline (or hold only the newline).
 */
function markSurvivesSplit(src: ParagraphSource, b: ParagraphBlock): boolean {
  const last = src.elements[src.elements.length - 1];
  if (!last) return true;
  // A suggested newline is no newline the API can type.
  const tail = b.inlines[b.inlines.length - 1];
  if (tail?.type === 'text' && tail.style.suggestion) return false;
  if (last.endIndex - last.startIndex > 1) return last.kind === 'textRun';
  return last.startIndex === src.startIndex;
}

/**
 * The id of an anchor on a paragraph with no text (its named range covers the newline), if any. A
 * heading's, a title's or a subtitle's is its heading id, which stays with the paragraph text
 * typed after it splits from (the first part keeps the paragraph's properties).
 */
function anchorOnNewline(b: ParagraphBlock): string | null {
  if (isHeading(b as Block) || b.style.namedStyle === 'TITLE' || b.style.namedStyle === 'SUBTITLE')
    return null;
  if (!b.inlines.every((i) => i.type === 'anchor')) return null;
  const a = b.inlines.find((i) => i.type === 'anchor' && i.id !== null);
  return a?.type === 'anchor' ? a.id : null;
}

function lastTextStyle(b: ParagraphBlock, ctx: PlanContext): Inherited['textStyle'] {
  const u = toUnits(b, ctx.codes, ctx.env.positioned);
  return u.styles.length ? (u.styles[u.styles.length - 1] ?? null) : null;
}

function firstTextStyle(b: ParagraphBlock, ctx: PlanContext): Inherited['textStyle'] {
  const u = toUnits(b, ctx.codes, ctx.env.positioned);
  return u.styles.length ? (u.styles[0] ?? null) : null;
}

/** The paragraph that stays after new blocks, which they may go before. */
interface Survivor {
  /** Its content when the insert happens (edited already), and as read. */
  block: ParagraphBlock;
  was: ParagraphBlock;
  src: ParagraphSource;
  listId?: string | undefined;
  isNew: boolean;
  start: number;
}

/**
 * Whether new blocks can go before the paragraph that stays after them rather than after `prev`:
 * they start with a paragraph, and that paragraph has no anchor but its heading id (which stays
 * with it), no object (they would go to the new first paragraph), and no list is continued or
 * left by the new blocks.
 */
function canInsertBefore(blocks: Block[], prev: ParagraphBlock, surv: Survivor): boolean {
  if (blocks[0]!.type !== 'paragraph') return false;
  if (surv.was.list || surv.block.list || !plainStart(surv)) return false;
  return !(prev.list && blocks.some((b) => b.type === 'paragraph' && b.list));
}

/** Text typed at the survivor's start leaves its anchors, embeds and objects where they were. */
function plainStart(surv: Survivor): boolean {
  const { was: ob, block: nb, src } = surv;
  const marked = (b: ParagraphBlock) =>
    b.inlines.some((i, k) => (i.type === 'anchor' && !(k === 0 && isHeading(b))) || i.type === 'embed');
  return !marked(ob) && !marked(nb) && !src.positionedObjectIds?.length && !emptyHeading(surv);
}

/**
 * New items that open the list the survivor is the first item of (the paragraph before is no
 * item of it), all at the survivor's level: typed at its start they copy its bullet and are items of
 * that list. Typed after the paragraph before and bulleted, they would make a list of their own.
 * `'leaves'` when the survivor itself leaves that list (indented into a list of its own): it is
 * re-bulleted once the container is done (list-rebuild.ts), so what the new items copy is still
 * its old bullet.
 */
function opensListAfter(
  blocks: Block[],
  prev: ParagraphBlock,
  surv: Survivor,
  lists: ListPairs,
  /** Other new blocks come before `blocks` (listOpenersAtEnd): `prev` is not right before them. */
  afterOthers = false,
): 'stays' | 'leaves' | null {
  const item = surv.was.list;
  // Inline anchors and embeds stay in the item (text typed at its start goes before them).
  if (!item) return null;
  if (surv.src.positionedObjectIds?.length || emptyHeading(surv)) return null;
  if (prev.list?.key === item.key && !afterOthers) return null;
  // The first new block at the survivor's level and kind; the others items of its list at any
  // level (typed there, they copy its bullet; those nested are bulleted at their level then).
  const first = blocks[0];
  if (first?.type !== 'paragraph' || !sameList(lists, item, first.list)) return null;
  if (!blocks.every((b) => b.type === 'paragraph' && b.list && goesOnAs(lists, item.key, b.list.key)))
    return null;
  if (sameList(lists, item, surv.block.list)) return 'stays';
  return surv.isNew && surv.block.list !== undefined ? 'leaves' : null;
}

/**
 * How many of the last new blocks open the survivor's list (opensListAfter, whether the survivor
 * stays in it or leaves it), when blocks that do not come before them: 0 when none do, or when
 * all do (then all go before the survivor).
 */
function listOpenersAtEnd(blocks: Block[], prev: ParagraphBlock, surv: Survivor, lists: ListPairs): number {
  let k = 0;
  // Items last after a new block that is no item: the paragraph before all of them is no neighbour of theirs.
  let items = 0;
  while (items < blocks.length) {
    const b = blocks[blocks.length - 1 - items]!;
    if (b.type !== 'paragraph' || !b.list) break;
    items++;
  }
  const apart = items < blocks.length;
  // The longest such run of items whose first is at the survivor's level (nested items after it
  // go with it: opensListAfter).
  for (let m = Math.min(items, blocks.length - 1); m > k; m--)
    if (opensListAfter(blocks.slice(-m), prev, surv, lists, apart) !== null) k = m;
  return k;
}

/**
 * A heading with no text: text typed at its start splits it at its newline, and the heading id is
 * known to stay with the heading's text only where it has some.
 */
function emptyHeading(surv: Survivor): boolean {
  return isHeading(surv.was) && surv.src.endIndex - surv.src.startIndex <= 1;
}

/**
 * The paragraph that stays right after the blocks `step` inserts, when it is a list item keeping
 * its bullet: its list in the new model and the Docs list it stays in (Inherited `itemAfter`).
 */
function keptItemAfter(
  script: ContainerScript,
  step: Step & { kind: 'insert' },
  lists: ListPairs,
): Inherited['itemAfter'] {
  const s = step.survivor;
  if (!s || s.n !== step.news[step.news.length - 1]! + 1) return undefined;
  const now = script.next[s.n];
  const was = script.old[s.o];
  const listId = (script.sources[s.o] as ParagraphSource | undefined)?.listId;
  if (now?.type !== 'paragraph' || !now.list || was?.type !== 'paragraph' || !listId) return undefined;
  if (!sameList(lists, was.list, now.list)) return undefined;
  const before = script.next[step.news[0]! - 1];
  const itemBefore = before?.type === 'paragraph' && before.list?.key === now.list.key;
  return { key: now.list.key, listId, itemBefore };
}

/** What the old block at `o` becomes when the script pairs it with a new one (edited in place). */
function pairedNew(script: ContainerScript, o: number): ParagraphBlock | undefined {
  const pair = script.ops.find((op) => op.op === 'pair' && op.o === o);
  const block = pair?.op === 'pair' ? script.next[pair.n] : undefined;
  return block?.type === 'paragraph' ? block : undefined;
}

class Lowering {
  /** Anchors to make again, each once its container is done. */
  private repins: Repin[] = [];

  constructor(
    readonly ctx: PlanContext,
    /** The tab as read (its lists, for re-bulleting). */
    readonly tab: DocumentTab,
  ) {}

  /**
   * Lowers the script of one container, from its last step to its first, so that every request's
   * indices are those of the document left by the requests before it.
   */
  container(script: ContainerScript): void {
    if (script.inCell && !this.ctx.inCell) {
      new Lowering(this.ctx.cell(), this.tab).container(script);
      return;
    }
    const ctx = this.ctx;
    const { seg, old, sources, next } = script;
    checkNestedFirstKinds(ctx.env.lists, this.tab, script);
    /** New list items that need a nested level: their list is re-bulleted once the container is done. */
    const nested = new Set<ParagraphBlock>();
    for (let k = script.steps.length - 1; k >= 0; k--) {
      const step = script.steps[k]!;
      switch (step.kind) {
        case 'edit-paragraph':
          for (const b of editParagraph(
            ctx,
            seg,
            old[step.o] as ParagraphBlock,
            sources[step.o] as ParagraphSource,
            next[step.n] as ParagraphBlock,
          ))
            nested.add(b);
          break;
        case 'split-paragraph':
        case 'join-paragraphs':
          for (const b of lowerTwoForOne(ctx, script, step)) nested.add(b);
          break;
        case 'edit-table':
          lowerTableEdit(
            ctx,
            old[step.o] as TableBlock,
            sources[step.o] as TableSource,
            next[step.n] as TableBlock,
            step,
            (cell) => this.container(cell),
          );
          break;
        case 'delete':
          this.deleteRun(script, step);
          break;
        case 'insert':
          for (const b of this.insertRun(script, step)) nested.add(b);
          break;
      }
    }
    if (nested.size > 0) rebuildLists(ctx, this.tab, script, nested);
    const repins = this.repins.filter((r) => r.script === script);
    if (repins.length === 0) return;
    this.repins = this.repins.filter((r) => r.script !== script);
    repinAnchors(ctx, script, repins);
  }

  /** A run of old blocks deleted, keeping the newlines Docs cannot delete. */
  private deleteRun(script: ContainerScript, step: Step & { kind: 'delete' }): void {
    const { seg, old, sources, tailEnd } = script;
    const { olds: idx, prev, next } = step;
    checkNoSuggestions(idx.map((i) => old[i]!));
    if (step.recreatesTable) {
      this.ctx.warnings.push(
        'A table is re-created (the Docs API has no request for this change of it): its cell colours, widths and borders are not kept.',
      );
    }
    const first = sources[idx[0]!]!;
    const last = sources[idx[idx.length - 1]!]!;
    const atTail = tailEnd !== null && last.endIndex === tailEnd;
    // The newline right before a table, a table of contents or a section break cannot be deleted.
    const nextKind = next !== null ? sources[next]!.kind : null;
    const beforeTable = nextKind === 'table' || nextKind === 'tableOfContents' || nextKind === 'sectionBreak';
    const prevSrc = prev !== null ? sources[prev]! : null;
    if ((atTail || beforeTable) && last.kind === 'paragraph') {
      // The final newline (or the one before a table) cannot go: merge into the paragraph before.
      if (prevSrc && prevSrc.kind === 'paragraph') {
        const styles = this.ctx.env.runStyles;
        const own = (at: number) => styles.paragraphAt(seg, at)?.paragraphStyle;
        // Deleting an empty paragraph next to one that looks the same: either may go.
        const twin =
          idx.length === 1 && last.endIndex - last.startIndex === 1 && deepEqual(old[prev!], old[idx[0]!]);
        if (
          prevSrc.endIndex - prevSrc.startIndex === 1 &&
          !twin &&
          !deepEqual(own(prevSrc.startIndex), own(last.endIndex - 1))
        ) {
          this.mergeIntoEmpty(seg, prevSrc, last);
          this.ctx.remarkBlock(seg, prevSrc, pairedNew(script, prev!) ?? (old[prev!] as ParagraphBlock));
          return;
        }
        this.ctx.deleteOld(seg, prevSrc.endIndex - 1, last.endIndex - 1);
        // The paragraph before now ends with the deleted one's newline: give it its own style back.
        this.restoreMark(seg, prevSrc, last.endIndex - 1);
        this.ctx.remarkBlock(seg, prevSrc, pairedNew(script, prev!) ?? (old[prev!] as ParagraphBlock));
        return;
      }
      if (atTail) {
        throw new ValidationError(
          prevSrc && prevSrc.kind === 'table'
            ? 'The paragraph after the last table cannot be removed: in Google Docs a table is always followed by a paragraph.'
            : 'The last paragraph cannot be removed: a document part always ends with a paragraph.',
          'Keep the (possibly empty) last paragraph.',
        );
      }
      this.ctx.deleteOld(seg, first.startIndex, last.endIndex - 1);
      this.ctx.warnings.push(
        'An emptied paragraph is kept before a table or break: Docs needs a paragraph there.',
      );
      return;
    }
    this.ctx.deleteOld(seg, first.startIndex, last.endIndex);
  }

  /**
   * Deletes the paragraphs up to `last` (whose newline Docs cannot delete) after the empty
   * paragraph `prev`. A deletion that starts at a paragraph's start drops that paragraph and the
   * one holding its end keeps its own style; one that starts inside a paragraph keeps that one's:
   * so a character is typed into the empty paragraph first, the range deleted from its newline on,
   * the character deleted again, and the newline, which is `last`'s, given `prev`'s style back.
   */
  private mergeIntoEmpty(seg: string, prevSrc: ParagraphSource, last: AnySource): void {
    const p = prevSrc.startIndex;
    this.ctx.insertText(seg, p, '.');
    this.ctx.push({ deleteContentRange: { range: this.ctx.range(seg, p + 1, last.endIndex) } });
    this.ctx.noteDeletedOld(seg, p, last.endIndex - 1);
    this.ctx.deleteRange(seg, p, p + 1);
    this.restoreMark(seg, prevSrc, last.endIndex - 1, p);
  }

  /**
   * A run of new blocks inserted after the old paragraph before it, or else before the paragraph
   * that stays after it. Returns the new paragraphs whose list needs re-bulleting.
   */
  private insertRun(script: ContainerScript, step: Step & { kind: 'insert' }): ParagraphBlock[] {
    const ctx = this.ctx;
    const { seg, old, sources, tailEnd } = script;
    const { prev, next } = step;
    const blocks = step.news.map((n) => script.next[n]!);
    const prevSrc = prev !== null ? sources[prev]! : null;
    const nextSrc = next !== null ? sources[next]! : null;
    // The paragraph the run goes before: the step's survivor, or with none, the paragraph after
    // the section (`following`), which the section's last new items may go on numbering into.
    const afterSection = step.survivor === null;
    // A paired survivor is already edited when the insert happens (later steps run first).
    const surv: Survivor | null = step.survivor
      ? {
          block: (step.survivor.edited
            ? script.next[step.survivor.n]
            : old[step.survivor.o]) as ParagraphBlock,
          was: old[step.survivor.o] as ParagraphBlock,
          src: sources[step.survivor.o] as ParagraphSource,
          listId: (sources[step.survivor.o] as ParagraphSource).listId,
          isNew: step.survivor.edited,
          start: sources[step.survivor.o]!.startIndex,
        }
      : this.following(script, step);
    // Where new blocks go before the paragraph that stays after them (deleted blocks between run
    // first and collapse to the next block's start), if they can.
    const beforeX =
      surv === null
        ? null
        : nextSrc === null
          ? surv.start
          : nextSrc.kind === 'paragraph'
            ? nextSrc.startIndex
            : null;
    if (prevSrc && prevSrc.kind === 'paragraph') {
      const pb = old[prev!] as ParagraphBlock;
      const markKept = markSurvivesSplit(prevSrc, pb);
      // Inserting after `prev` gives it a new closing newline; when that would not look like its
      // old one, the new paragraphs go before the paragraph after them instead, if that is safe.
      // An anchor on an empty paragraph covers its newline, which is where text after it goes in:
      // the anchor would move onto the new paragraph.
      const anchored = anchorOnNewline(pb);
      // So does the mark of an empty quoted paragraph or a rule (quote-blocks.ts).
      const marked = markedEmpty(pb);
      const before = (!markKept || anchored || marked) && surv && beforeX !== null;
      // The paragraph before may be edited into a list item bulleted once the container is done:
      // new items of its list typed before the survivor are bulleted with it then (bulleted now,
      // before it, they could not join its list, and verification refused the edit).
      const edited = pairedNew(script, prev!);
      const laterKey =
        edited?.list !== undefined && !sameList(ctx.env.lists, pb.list, edited.list)
          ? edited.list.key
          : undefined;
      if (before && canInsertBefore(blocks, pb, surv))
        return this.insertBefore(seg, beforeX, blocks, surv, false, laterKey);
      const opens = surv && beforeX !== null ? opensListAfter(blocks, pb, surv, ctx.env.lists) : null;
      if (surv && beforeX !== null && opens)
        return this.insertBefore(seg, beforeX, blocks, surv, opens === 'leaves');
      // New blocks that end with items opening the survivor's list (a table, then a new first item):
      // the items are typed at the survivor's start, where they copy its bullet, and the rest goes
      // in after the paragraph before. Bulleted after that paragraph, the items made a list of
      // their own and verification refused the edit.
      // So do new items that end the section before the paragraph after it (list-following.ts).
      const openers =
        surv && beforeX !== null && (step.next !== null || afterSection)
          ? listOpenersAtEnd(blocks, pb, surv, ctx.env.lists)
          : 0;
      if (
        surv &&
        beforeX !== null &&
        openers > 0 &&
        !(before && canInsertBefore(blocks.slice(0, -openers), pb, surv))
      ) {
        // A survivor that leaves the list (nested deeper, say) is typed before as it was.
        const leaves = opensListAfter(blocks.slice(-openers), pb, surv, ctx.env.lists, true) === 'leaves';
        const items = this.insertBefore(seg, beforeX, blocks.slice(-openers), surv, leaves);
        const rest = this.insertRun(script, { ...step, news: step.news.slice(0, -openers), survivor: null });
        return [...items, ...rest];
      }
      const suggestedBreak = !markKept && ctx.env.runStyles.suggestedInsertion(seg, prevSrc.endIndex - 1);
      // A new table there goes in at the next paragraph's start: forced.ts put an empty paragraph
      // before it, which is the one the newline insertTable types there makes.
      if (
        suggestedBreak &&
        surv &&
        beforeX !== null &&
        !emptyHeading(surv) &&
        blocks[1]?.type === 'table' &&
        isPlainEmpty(blocks[0]!)
      )
        return this.insertBefore(seg, beforeX, blocks.slice(1), surv);
      if (suggestedBreak) {
        throw new ValidationError(
          'New content right after a paragraph whose paragraph break is a suggested insertion cannot be written there: text added there takes that break over, and no request makes the paragraph before end in a break of that same suggestion again.',
          'Accept or reject that suggestion first, or put the new content elsewhere.',
        );
      }
      const repin = anchored ? repinnable(this.tab, script, anchored, prev!) : null;
      if (repin) this.repins.push(repin);
      else if (anchored) {
        throw new ValidationError(
          `New content right after the empty paragraph holding the anchor {^ ${anchored}} cannot be written without moving that anchor: the Docs API can only insert there at the paragraph's newline, which the anchor covers, and its named range cannot be made again as it was (it has several parts, ends inside a block rather than at its end, or at the end of a block this edit deletes).`,
          'Add the new content before that paragraph, or give it some text first.',
        );
      }
      // Text typed at the end of a paragraph takes its last character's style, or the newline's.
      const x = prevSrc.endIndex - 1;
      const textStyle =
        lastTextStyle(pb, ctx) ?? ctx.env.runStyles.at(seg, x > prevSrc.startIndex ? x - 1 : x);
      // The paragraph before may be edited into a list item bulleted once the container is done
      // (`edited`, `laterKey` above): the new paragraphs inherit that list, bulleted with it then.
      const pn = edited;
      const marks = { quote: pb.quote, rule: pb.rule, item: pb.item };
      const inh: Inherited =
        laterKey !== undefined && pn?.list
          ? {
              style: pb.style,
              list: pn.list,
              listIsNew: true,
              bulletLater: true,
              bulletUntilLater: (prevSrc as ParagraphSource).listId,
              textStyle,
              marks,
            }
          : {
              style: pb.style,
              list: pb.list,
              listId: (prevSrc as ParagraphSource).listId,
              textStyle,
              marks,
            };
      const atTail = tailEnd !== null && prevSrc.endIndex === tailEnd;
      const nested = this.insertAfter(
        seg,
        x,
        blocks,
        inh,
        atTail,
        keptItemAfter(script, step, ctx.env.lists),
      );
      if (!markKept) this.restoreMark(seg, prevSrc);
      ctx.remarkBlock(seg, prevSrc, pn ?? pb);
      // Its marks moved onto the last new paragraph: put them back, unless its edit remakes them.
      if (marked && !(pn && (pn.quote !== pb.quote || pn.rule !== pb.rule || pn.item !== pb.item)))
        ctx.repinMarks(seg, prevSrc.startIndex, prevSrc.endIndex);
      return nested;
    }
    if (surv && beforeX !== null && !emptyHeading(surv)) {
      // Text typed at a paragraph's start makes new paragraphs before it; a heading keeps its id
      // (it stays with the heading's first character), a list item its bullet (the new paragraphs
      // copy it and lose it again; so does the paragraph insertTable makes before a table).
      return this.insertBefore(seg, beforeX, blocks, surv);
    }
    if (old.length === 0) {
      throw new ValidationError(
        'The preamble is empty and the tab starts with a heading that is empty or holds a positioned object: text written before it would take its id or its object.',
        'Add an empty paragraph before the first heading in Docs, then import the preamble.',
      );
    }
    if (prevSrc) {
      // Text goes into a paragraph: the one after a table, contents or break is the next heading.
      const what =
        prevSrc.kind === 'sectionBreak'
          ? 'section break'
          : prevSrc.kind === 'tableOfContents'
            ? 'table of contents'
            : 'table';
      throw new ValidationError(
        `New content after a ${what} that ends the section cannot be written: the only paragraph after the ${what} is the next heading, which is empty or holds a positioned object (its id or object would move onto the new content).`,
        `Add an empty paragraph after the ${what} in Docs first, or put the new content before it.`,
      );
    }
    throw new ValidationError(
      'The new content cannot be placed: there is no paragraph next to it to insert at.',
      'Keep at least one existing paragraph next to new content.',
    );
  }

  /**
   * The paragraph after the section, as what new blocks at the end of the body's script go
   * before (a table, contents or break may end the section; an empty preamble has no paragraph):
   * not when it holds a positioned object (the split paragraph's object stays with its first part)
   * or a bullet (its list is the tab's, not the section's).
   */
  private following(script: ContainerScript, step: Step & { kind: 'insert' }): Survivor | null {
    const f = this.ctx.env.following;
    if (!f || step.next !== null || script.seg !== '' || script.inCell) return null;
    const last = script.sources[script.sources.length - 1];
    if (last && last.endIndex !== f.source.startIndex) return null;
    if (f.source.positionedObjectIds?.length) return null;
    // A list item stays one (its bullet stays with its first character, as its heading id does):
    // the new paragraphs before it copy the bullet, and lose it again where they are no item.
    return {
      block: f.block,
      was: f.block,
      src: f.source,
      listId: f.source.listId,
      isNew: false,
      start: f.source.startIndex,
    };
  }

  /**
   * Inserts `blocks` before the surviving paragraph starting at `x`. `asWas`: the survivor leaves
   * its list but is re-bulleted only once the container is done, so the new paragraphs copy the
   * bullet it has now (opensListAfter).
   */
  private insertBefore(
    seg: string,
    x: number,
    blocks: Block[],
    surv: Survivor,
    asWas = false,
    /** The list of the paragraph before the new blocks, when it is bulleted once the container is done. */
    laterKey?: string,
  ): ParagraphBlock[] {
    const ctx = this.ctx;
    if (blocks[0]!.type === 'table') return this.tableBefore(seg, x, blocks, surv, null);
    // An empty paragraph and then a table (the one Docs forces after a table or a section break):
    // the newline insertTable types is that paragraph.
    const lead = blocks[0] as ParagraphBlock;
    if (blocks[1]?.type === 'table' && (isBareEmpty(lead) || markCoversNewline(lead)))
      return this.tableBefore(seg, x, blocks.slice(1), surv, lead);
    const nb0 = surv.block;
    // A survivor that changes list is bulleted once the container is done (paragraph-edit.ts);
    // until then it has the style the paragraphs split from it copy (editedStyle).
    const rebulleted = nb0.list !== undefined && !sameList(ctx.env.lists, surv.was.list, nb0.list);
    const bulletLater = !asWas && surv.isNew && rebulleted;
    const inh0: Inherited = {
      style: editedStyle(surv.was, nb0, rebulleted),
      list: asWas ? surv.was.list : nb0.list,
      listIsNew: surv.isNew && !asWas,
      bulletLater,
      // An edited survivor whose list stays is still in its Docs list: new items copy its levels' indents.
      listId: bulletLater || (surv.isNew && !asWas && !nb0.list) ? undefined : surv.listId,
      ...(laterKey === undefined ? {} : { laterKey }),
      textStyle: firstTextStyle(nb0, ctx) ?? (surv.isNew ? null : ctx.env.runStyles.at(seg, surv.start)),
      marks: { quote: nb0.quote, rule: nb0.rule, item: nb0.item },
    };
    if (!blocks.some((b) => b.type === 'table'))
      return insertParagraphs(ctx, seg, x, 'before', blocks as ParagraphBlock[], inh0);
    // Place the first new paragraph before the survivor, then the rest after that new paragraph.
    const first = blocks[0] as ParagraphBlock;
    // Unless its mark is a named range over its newline (a code or HTML block, an empty rule,
    // quote or item paragraph): what goes in after a paragraph is typed at its newline, which the
    // mark would then cover past it (a rule before a table read back as an empty paragraph after
    // the table, a code block before text as text).
    // Or unless it is an item of another list of the kind of the item after it: bulleted first,
    // its list would be the one right before that item's, which would join it (one list where the
    // text has two). The rest goes in before the survivor first, then this paragraph before it.
    const after = blocks[1];
    const otherList =
      after?.type === 'paragraph' &&
      first.list !== undefined &&
      after.list !== undefined &&
      first.list.key !== after.list.key &&
      first.list.kind === after.list.kind;
    if (after?.type === 'paragraph' && (markCoversNewline(first) || otherList)) {
      const rest = this.insertBefore(seg, x, blocks.slice(1), surv, asWas, laterKey);
      const inh = inheritedFromNew(after, rest.includes(after), firstTextStyle(after, ctx));
      return [...insertParagraphs(ctx, seg, x, 'before', [first], inh), ...rest];
    }
    const nested = insertParagraphs(ctx, seg, x, 'before', [first], inh0);
    const len = toUnits(first, ctx.codes, ctx.env.positioned).text.length;
    const inh = inheritedFromNew(first, nested.includes(first), lastTextStyle(first, ctx));
    return [...nested, ...this.insertAfter(seg, x + len, blocks.slice(1), inh, false)];
  }

  /**
   * A table first, before the surviving paragraph at `x` (nothing, a table or a break before it):
   * what follows the table goes in first, then insertTable at `x`, whose newline makes the
   * paragraph Docs needs before a table out of the start of the paragraph there; it is made `lead`
   * (an empty paragraph the new blocks start with), or else an empty normal paragraph. That
   * paragraph copies the bullet of the paragraph it splits from: it loses it, and deleting a bullet
   * leaves its nesting as indents, so every paragraph property is written then (as for new text,
   * paragraph-insert.ts).
   */
  private tableBefore(
    seg: string,
    x: number,
    blocks: Block[],
    surv: Survivor,
    lead: ParagraphBlock | null,
  ): ParagraphBlock[] {
    const ctx = this.ctx;
    const rest = blocks.slice(1);
    const nested = rest.length > 0 ? this.insertBefore(seg, x, rest, surv) : [];
    const at = rest.length > 0 ? (rest[0] as ParagraphBlock) : surv.block;
    // The new cells' text takes the style at `x`, which the model says only of normal text.
    const cellText = at.style.namedStyle === 'NORMAL_TEXT' ? firstTextStyle(at, ctx) : null;
    insertTable(ctx, seg, x, blocks[0] as TableBlock, false, cellText);
    const dropped = at.list !== undefined;
    if (dropped) ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, x, x + 1) } });
    const style = lead?.style ?? { namedStyle: 'NORMAL_TEXT' };
    const ps = paragraphStylePayload(at.style, style, ctx.paragraphBase(style.namedStyle), dropped, {
      fromBase: ctx.paragraphBase(at.style.namedStyle),
    });
    if (ps) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, x, x + 1), ...ps } });
    // That paragraph copies the look of the one it splits from (a quote's indent and bar): it gets
    // its own look and mark instead (a rule, an empty quote), or none; a code or HTML block has its
    // text typed into it, styled and marked.
    const split = { quote: at.quote, rule: at.rule, item: at.item };
    if (lead && lead.inlines.length > 0)
      insertParagraphs(ctx, seg, x, 'fill', [lead], { style: lead.style, textStyle: null, marks: split });
    else ctx.markQuoteRule(seg, lead ?? { type: 'paragraph', style, inlines: [] }, x, x, split);
    return nested;
  }

  /**
   * `prev` now ends with another newline than its own, the one that was at `from` in the document
   * as read (by default its last character's style, which a newline typed after it takes): gives
   * that newline the style `prev`'s own had.
   */
  private restoreMark(seg: string, prevSrc: ParagraphSource, from?: number, at?: number): void {
    const x = prevSrc.endIndex - 1;
    // As stored: the model cannot say every value a newline holds (not italic under an italic
    // named style), and the newline must come back as it was.
    const mark = this.ctx.env.runStyles.raw(seg, x);
    const now = this.ctx.env.runStyles.raw(seg, from ?? x - 1);
    const parent = this.ctx.env.runStyles.inherited(seg, x);
    if (!mark || !now || !parent) return;
    // A value equal to the inherited one is stored unset: written where the newline has it unset,
    // it changes nothing (a heading's newline set to the heading's own font).
    const stored = (f: TextField) => (deepEqual(mark[f], parent[f]) ? undefined : mark[f]);
    // Links never apply to a newline.
    const fields = TEXT_FIELDS.filter(
      (f) =>
        f !== 'link' && !deepEqual(mark[f], now[f]) && !(now[f] === undefined && stored(f) === undefined),
    );
    if (fields.length === 0) return;
    const textStyle: DocsTextStyle = {};
    for (const f of fields) if (mark[f] !== undefined) Object.assign(textStyle, { [f]: mark[f] });
    this.ctx.push({
      updateTextStyle: {
        range: this.ctx.range(seg, at ?? x, (at ?? x) + 1),
        textStyle,
        fields: fields.join(','),
      },
    });
  }

  /**
   * Inserts `blocks` after the paragraph whose closing newline is at `x`, last first. Returns the
   * new paragraphs whose list needs re-bulleting for a nested level.
   */
  private insertAfter(
    seg: string,
    x: number,
    blocks: Block[],
    inh: Inherited,
    atTail: boolean,
    /** The item right after the new blocks, when it keeps its bullet (keptItemAfter). */
    itemAfter?: Inherited['itemAfter'],
  ): ParagraphBlock[] {
    const nested: ParagraphBlock[] = [];
    let j = blocks.length;
    while (j > 0) {
      const b = blocks[j - 1]!;
      if (b.type === 'table') {
        // New cells' text takes the style at the insertion point (said in the model only when the
        // paragraph there is normal text, like the cells).
        const cellText = inh.style.namedStyle === 'NORMAL_TEXT' ? inh.textStyle : null;
        insertTable(this.ctx, seg, x, b, !(j === blocks.length && atTail), cellText);
        j--;
        continue;
      }
      let i = j - 1;
      while (i > 0 && blocks[i - 1]!.type === 'paragraph') i--;
      // Only the last paragraphs are right before the item after them.
      const around =
        j === blocks.length && itemAfter
          ? { ...inh, itemAfter: { ...itemAfter, itemBefore: itemAfter.itemBefore && i === 0 } }
          : inh;
      nested.push(
        ...insertParagraphs(this.ctx, seg, x, 'after', blocks.slice(i, j) as ParagraphBlock[], around),
      );
      j = i;
    }
    return nested;
  }
}

/** Lowers a whole edit script: each footnote in its own segment, then the body. */
export function lowerScript(ctx: PlanContext, tab: DocumentTab, script: EditScript): void {
  const lowering = new Lowering(ctx, tab);
  for (const footnote of script.footnotes) lowering.container(footnote);
  lowering.container(script.body);
}
