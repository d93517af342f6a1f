/**
 * Lowering: an edit script (edit-script.ts) -> batchUpdate requests. Each container is lowered
 * from its last step to its first, so every request's indices are those of the document left by
 * the requests before it; the few steps that run after a container is done (nested list
 * re-bulleting, filling new table cells) compute positions from the new content instead.
 * Paragraphs are lowered by paragraphs.ts, tables by lower-table.ts and table-insert.ts.
 * Refusals (where Docs cannot do what the content says) are typed errors with a reason.
 */
import { ValidationError } from '../../errors.js';
import type { DocumentTab } from '../../ground/docs-json.js';
import type { Block, ParagraphBlock, TableBlock } from '../../mebdf/model.js';
import type { ParagraphSource, TableSource } from '../export/types.js';
import type { PlanContext } from './context.js';
import type { ContainerScript, EditScript, Step } from './edit-script.js';
import { checkNoSuggestions, headingAnchorId, isHeading } from './guards.js';
import { rebuildLists } from './lower-lists.js';
import { lowerTableEdit } from './lower-table.js';
import { editParagraph } from './paragraph-edit.js';
import { insertParagraphs } from './paragraph-insert.js';
import { toUnits } from './paragraph-units.js';
import type { Inherited } from './paragraphs.js';
import { insertTable } from './table-insert.js';

function lastTextStyle(b: ParagraphBlock, ctx: PlanContext): Inherited['textStyle'] {
  const u = toUnits(b, ctx.codes, ctx.env.positioned);
  return u.styles.length ? (u.styles[u.styles.length - 1] ?? null) : null;
}

function firstTextStyle(b: ParagraphBlock, ctx: PlanContext): Inherited['textStyle'] {
  const u = toUnits(b, ctx.codes, ctx.env.positioned);
  return u.styles.length ? (u.styles[0] ?? null) : null;
}

class Lowering {
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
        this.ctx.deleteOld(seg, prevSrc.endIndex - 1, last.endIndex - 1);
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
   * A run of new blocks inserted after the old paragraph before it, or else before the paragraph
   * that stays after it. Returns the new paragraphs whose list needs re-bulleting.
   */
  private insertRun(script: ContainerScript, step: Step & { kind: 'insert' }): ParagraphBlock[] {
    const ctx = this.ctx;
    const { seg, old, sources, tailEnd } = script;
    const { prev, next } = step;
    const blocks = step.news.map((n) => script.next[n]!);
    // A paired survivor is already edited when the insert happens (later steps run first).
    const surv = step.survivor && {
      block: (step.survivor.edited ? script.next[step.survivor.n] : old[step.survivor.o]) as ParagraphBlock,
      isNew: step.survivor.edited,
      start: sources[step.survivor.o]!.startIndex,
    };
    const prevSrc = prev !== null ? sources[prev]! : null;
    const nextSrc = next !== null ? sources[next]! : null;
    if (prevSrc && prevSrc.kind === 'paragraph') {
      const pb = old[prev!] as ParagraphBlock;
      // Text typed at the end of a paragraph takes its last character's style, or the newline's.
      const x = prevSrc.endIndex - 1;
      const textStyle =
        lastTextStyle(pb, ctx) ?? ctx.env.runStyles.at(seg, x > prevSrc.startIndex ? x - 1 : x);
      const inh: Inherited = {
        style: pb.style,
        list: pb.list,
        listId: (prevSrc as ParagraphSource).listId,
        textStyle,
      };
      const atTail = tailEnd !== null && prevSrc.endIndex === tailEnd;
      return this.insertAfter(seg, prevSrc.endIndex - 1, blocks, inh, atTail);
    }
    if (nextSrc && nextSrc.kind === 'paragraph' && surv) {
      // Deleted blocks between run first and collapse to nextSrc.startIndex; the survivor follows.
      const nb0 = surv.block;
      const inh0: Inherited = {
        style: nb0.style,
        list: nb0.list,
        listIsNew: surv.isNew,
        listId: surv.isNew ? undefined : (nextSrc as ParagraphSource).listId,
        textStyle: firstTextStyle(nb0, ctx) ?? (surv.isNew ? null : ctx.env.runStyles.at(seg, surv.start)),
      };
      const hid = isHeading(nb0) ? headingAnchorId(nb0) : null;
      if (hid && !hid.startsWith('h.synthetic-')) {
        // Docs gives the heading id to the part of a split paragraph that keeps its start: the new
        // paragraph would take {^ hid} and the heading would get a fresh id (links to it break).
        throw new ValidationError(
          `New content right before the heading {^ ${hid}} with a table (or nothing) before it cannot be written without changing that heading's id.`,
          'Add the new paragraph inside the preceding content in Docs first (e.g. an empty paragraph after the table), or place it elsewhere.',
        );
      }
      if (blocks.some((b) => b.type === 'table') && blocks[0]!.type === 'paragraph') {
        // Place the first new paragraph before `next`, then the rest after that new paragraph.
        const first = blocks[0] as ParagraphBlock;
        const nested = insertParagraphs(ctx, seg, nextSrc.startIndex, 'before', [first], inh0);
        const len = toUnits(first, ctx.codes, ctx.env.positioned).text.length;
        const inh: Inherited = {
          style: first.style,
          list: first.list,
          listIsNew: true,
          textStyle: lastTextStyle(first, ctx),
        };
        return [...nested, ...this.insertAfter(seg, nextSrc.startIndex + len, blocks.slice(1), inh, false)];
      }
      if (blocks.some((b) => b.type === 'table')) {
        throw new ValidationError(
          'A new table right after a table or at the very start cannot be inserted: the Docs API needs a paragraph before it.',
          'Put a paragraph (it may be empty) before the new table.',
        );
      }
      return insertParagraphs(ctx, seg, nextSrc.startIndex, 'before', blocks as ParagraphBlock[], inh0);
    }
    if (old.length === 0) {
      throw new ValidationError(
        'The preamble is empty and the tab starts with a heading: text written before it would take over that heading (and its id).',
        'Add an empty paragraph before the first heading in Docs, then import the preamble.',
      );
    }
    if (prevSrc && prevSrc.kind === 'table') {
      throw new ValidationError(
        'New content after a table that ends the section cannot be written: the only paragraph after the table is the next heading, which would lose its id.',
        'Add an empty paragraph after the table in Docs first, or put the new content before the table.',
      );
    }
    throw new ValidationError(
      'The new content cannot be placed: there is no paragraph next to it to insert at.',
      'Keep at least one existing paragraph next to new content.',
    );
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
      nested.push(
        ...insertParagraphs(this.ctx, seg, x, 'after', blocks.slice(i, j) as ParagraphBlock[], inh),
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
