/**
 * The import planner: old model (an export of the target, with its sources) + new model (the
 * parsed MEBDF) -> the fewest batchUpdate requests turning one into the other. Pure.
 *
 * Blocks are aligned first (align.ts); kept blocks get nothing; paired blocks are edited in place
 * (paragraphs.ts; tables here: cell by cell, rows or columns added/removed, merges redone); the
 * rest are deleted or inserted. The walk goes from the end of each container (body section, table
 * cell, footnote) to its start, so every request's indices are those of the document left by the
 * requests before it; the few steps that run after a container is done (nested list re-bulleting,
 * filling new table cells) compute positions from the new content instead. Refusals (guards.ts,
 * and where Docs cannot do what the content says) are typed errors with a reason.
 */
import { ValidationError } from '../../errors.js';
import type {
  Block,
  ListKind,
  MebdfDocument,
  ParagraphBlock,
  TableBlock,
  TableCell,
} from '../../mebdf/model.js';
import { listLevel } from '../export/lists.js';
import { cellStyleBase, namedStyleBases } from '../export/styles.js';
import type {
  BlockSource,
  CellBlockSource,
  FootnoteSource,
  ParagraphSource,
  TableSource,
} from '../export/types.js';
import type { DocumentTab, Request } from '../types.js';
import { type AlignOp, pairsOf } from './align.js';
import { buildScript } from './build-script.js';
import { type DeletedObject, PlanContext } from './context.js';
import type { ContainerScript, Step } from './edit-script.js';
import {
  allInlines,
  checkNoSuggestions,
  checkObjects,
  checkSection,
  headingAnchorId,
  isHeading,
} from './guards.js';
import { toUnits } from './paragraph-units.js';
import { editParagraph, type Inherited, insertParagraphs, PRESETS } from './paragraphs.js';
import { RunStyles } from './run-styles.js';
import { type CellSpan, tableDims } from './table-edit.js';

export interface PlanTarget {
  /** What the planner edits: the old content as exported, with where each block is in Docs. */
  model: MebdfDocument;
  sources: BlockSource[];
  footnoteSources: Record<string, FootnoteSource>;
}

export interface PlanInput {
  tabId: string;
  /** The tab's content (named styles, lists, positioned objects). */
  tab: DocumentTab;
  old: PlanTarget;
  next: MebdfDocument;
  /** The body's end index (the final newline's end): the last paragraph cannot be deleted. */
  bodyEnd: number;
  /** `section` checks the section rules; `anchorId` `''` is the preamble. */
  /** `followingLevel`: the level of the heading right after the section (0 when none). */
  scope: { kind: 'tab' } | { kind: 'section'; anchorId: string; followingLevel?: number };
  allowDeletions: boolean;
  /** Embed ids anywhere in the tab, to tell "moved here from elsewhere" from "unknown". */
  tabEmbedIds?: Set<string>;
  /**
   * The old content as parsed back from its canonical text, when that differs from `old.model`
   * only in details reading loses: blocks equal to their canonical form count as unchanged.
   */
  canonical?: MebdfDocument;
}

export interface Plan {
  requests: Request[];
  /** Objects the requests delete (only with allowDeletions). */
  deleted: DeletedObject[];
  /** Object ids of the target that the plan leaves in place. */
  preserved: string[];
  warnings: string[];
  /** How many named ranges the plan creates for `{^}`. */
  anchorsCreated: number;
}

type AnySource = BlockSource | CellBlockSource;

function lastTextStyle(b: ParagraphBlock, ctx: PlanContext): Inherited['textStyle'] {
  const u = toUnits(b, ctx.codes, ctx.positioned);
  return u.styles.length ? (u.styles[u.styles.length - 1] ?? null) : null;
}

function firstTextStyle(b: ParagraphBlock, ctx: PlanContext): Inherited['textStyle'] {
  const u = toUnits(b, ctx.codes, ctx.positioned);
  return u.styles.length ? (u.styles[0] ?? null) : null;
}

/** The outer level of each preset the planner uses: [glyphSymbol, glyphType, glyphFormat]. */
const PRESET_OUTER: Record<ListKind, [string | null, string | null, string | null]> = {
  bullet: ['\u25cf', null, '%0'],
  ordered: [null, 'DECIMAL', '%0.'],
  checkbox: [null, 'GLYPH_TYPE_UNSPECIFIED', null],
};

class Planner {
  constructor(
    readonly ctx: PlanContext,
    readonly input: PlanInput,
  ) {}

  /**
   * Lowers the script of one container, from its last step to its first, so that every request's
   * indices are those of the document left by the requests before it.
   */
  container(script: ContainerScript): void {
    if (script.inCell && !this.ctx.inCell) {
      new Planner(this.ctx.cell(), this.input).container(script);
      return;
    }
    const ctx = this.ctx;
    const { seg, old, sources, next, tailEnd } = script;
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
          this.table(
            old[step.o] as TableBlock,
            sources[step.o] as TableSource,
            next[step.n] as TableBlock,
            step,
          );
          break;
        case 'delete':
          this.deleteRun(seg, step.olds, old, sources, step.prev, step.next, tailEnd);
          break;
        case 'insert': {
          const surv = step.survivor;
          // A paired block is already edited when the insert happens (later steps run first).
          const survivor = surv && {
            block: (surv.edited ? next[surv.n] : old[surv.o]) as ParagraphBlock,
            isNew: surv.edited,
            start: sources[surv.o]!.startIndex,
          };
          const blocks = step.news.map((n) => next[n]!);
          for (const b of this.insertRun(seg, blocks, old, sources, step.prev, step.next, survivor, tailEnd))
            nested.add(b);
          break;
        }
      }
    }
    if (nested.size > 0) this.rebuildLists(seg, script.ops, sources, next, nested);
  }

  /**
   * Re-bullets each list of `next` marked for it, as one createParagraphBullets over all its items
   * with leading tabs giving their levels (Docs takes nesting from tabs, relative to the set). Runs
   * after every other request of the container, so positions are those of the new content.
   */
  private rebuildLists(
    seg: string,
    ops: readonly AlignOp[],
    sources: readonly AnySource[],
    next: readonly Block[],
    nested: ReadonlySet<ParagraphBlock>,
  ): void {
    const ctx = this.ctx;
    const flagged = new Set<number>();
    next.forEach((b, i) => {
      if (b.type === 'paragraph' && nested.has(b)) flagged.add(i);
    });
    if (flagged.size === 0) return;
    const first = sources[0];
    if (!first) return;
    const kept = new Map<number, AnySource>();
    for (const op of ops) if (op.op === 'keep') kept.set(op.n, sources[op.o]!);
    const oldOf = new Map<number, AnySource>();
    for (const op of ops) if (op.op === 'keep' || op.op === 'pair') oldOf.set(op.n, sources[op.o]!);
    // Final start of every new block: nothing before the container moved.
    const starts: number[] = [];
    let at = first.startIndex;
    next.forEach((b, i) => {
      starts.push(at);
      const src = kept.get(i);
      at += src ? src.endIndex - src.startIndex : this.length(b);
    });
    const keys = new Set([...flagged].map((i) => (next[i] as ParagraphBlock).list!.key));
    for (const key of keys) {
      const idx = next.flatMap((b, i) => (b.type === 'paragraph' && b.list?.key === key ? [i] : []));
      const items = idx.map((i) => next[i] as ParagraphBlock);
      if (idx[idx.length - 1]! - idx[0]! !== idx.length - 1) {
        throw new ValidationError(
          'A nested list item is new in a list that other paragraphs interrupt; the Docs API can only nest items of one unbroken list.',
          'Keep the list in one piece, or nest the item in Docs.',
        );
      }
      // Start at an outer item that is not the list's first, before the first nested newcomer:
      // the bulleted set then joins the list of the item before it and keeps that list's glyphs.
      // Without one the whole list is re-created from a preset, which needs one kind throughout.
      const firstFlagged = idx.findIndex((i) => flagged.has(i));
      // Joining works only when the list's outer level looks like the preset (Google's rule).
      const outerKind = (items.find((b) => b.list!.level === 0) ?? items[0]!).list!.kind;
      const listId = idx
        .map((i) => oldOf.get(i))
        .find((src): src is ParagraphSource => src?.kind === 'paragraph' && !!src.listId)?.listId;
      const canJoin = listId !== undefined && this.presetMatches(listId, outerKind);
      let from = 0;
      for (let p = canJoin ? firstFlagged : 0; p >= 1; p--) {
        if (items[p]!.list!.level === 0) {
          from = p;
          break;
        }
      }
      // No such outer item before it: start at the newcomer itself (the item before it keeps the
      // set in the list) when an outer item after it gives the set its level 0.
      const lastFlagged = idx.length - 1 - [...idx].reverse().findIndex((i) => flagged.has(i));
      const outerAfter = items.findIndex((b, k) => k > firstFlagged && b.list!.level === 0);
      let to = items.length - 1; // re-created whole: the set must not leave part of the list behind
      if (from > 0) to = lastFlagged;
      else if (canJoin && firstFlagged >= 1 && outerAfter !== -1) {
        from = firstFlagged;
        to = Math.max(lastFlagged, outerAfter);
      }
      const set = items.slice(from, to + 1);
      if (canJoin && from > 0) {
        // The set joins the existing list, whose glyph kind per level is fixed.
        for (const b of set) {
          const have = listLevel(this.input.tab, listId!, b.list!.level).kind;
          if (have !== b.list!.kind) {
            throw new ValidationError(
              `Level ${b.list!.level + 1} of this list is ${have === 'ordered' ? 'numbered' : have}; a ${b.list!.kind === 'ordered' ? 'numbered' : b.list!.kind} item cannot be nested there (the Docs API cannot change a list's glyphs).`,
              `Use the list's own marker at that level (${have === 'ordered' ? '1.' : have === 'checkbox' ? '- [ ]' : '-'}).`,
            );
          }
        }
      }
      // The preset must match the list's outer level for the set to join it.
      const kind = (set.find((b) => b.list!.level === 0) ?? set[0]!).list!.kind;
      if (from === 0 && to === items.length - 1 && items.some((b) => b.list!.kind !== kind)) {
        throw new ValidationError(
          'A nested list item is new in a list that mixes numbered, bulleted or checkbox levels; the Docs API can only create lists of one kind.',
          'Give the new item the same kind of marker as its list, or nest it in Docs.',
        );
      }
      const setIdx = idx.slice(from, to + 1);
      for (let k = setIdx.length - 1; k >= 0; k--) {
        const level = set[k]!.list!.level;
        if (level > 0) ctx.insertText(seg, starts[setIdx[k]!]!, '\t'.repeat(level));
      }
      const tabs = set.reduce((n, b) => n + b.list!.level, 0);
      const lastIdx = setIdx[setIdx.length - 1]!;
      const start = starts[setIdx[0]!]!;
      const end = starts[lastIdx]! + this.length(next[lastIdx]!) + tabs - 1;
      ctx.push({
        createParagraphBullets: {
          range: ctx.range(seg, start, Math.max(end, start + 1)),
          bulletPreset: PRESETS[kind],
        },
      });
    }
  }

  /** Whether list `listId`'s outer level has the glyph of the preset for `kind` (so a set joins it). */
  private presetMatches(listId: string, kind: ListKind): boolean {
    const level = this.input.tab.lists?.[listId]?.listProperties?.nestingLevels?.[0];
    if (!level) return false;
    const want = PRESET_OUTER[kind];
    return (
      (level.glyphSymbol ?? null) === want[0] &&
      (level.glyphType ?? null) === want[1] &&
      (level.glyphFormat ?? null) === want[2]
    );
  }

  /** The number of indices a new block occupies. */
  private length(b: Block): number {
    if (b.type === 'paragraph') return toUnits(b, this.ctx.codes, this.ctx.positioned).text.length + 1;
    let n = 2;
    for (const row of b.rows) {
      n += 1;
      for (const cell of row) {
        n += 1;
        for (const p of cell.blocks) n += this.length(p);
      }
    }
    return n;
  }

  private deleteRun(
    seg: string,
    idx: readonly number[],
    old: readonly Block[],
    sources: readonly AnySource[],
    prev: number | null,
    next: number | null,
    tailEnd: number | null,
  ): void {
    checkNoSuggestions(idx.map((i) => old[i]!));
    if (idx.some((i) => old[i]!.type === 'table')) {
      this.ctx.warnings.push(
        'A table is deleted (re-created where the new content has a table of another shape): its cell colours, widths and borders are not kept.',
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

  private insertRun(
    seg: string,
    blocks: Block[],
    old: readonly Block[],
    sources: readonly AnySource[],
    prev: number | null,
    next: number | null,
    surv: { block: ParagraphBlock; isNew: boolean; start: number } | null,
    tailEnd: number | null,
  ): ParagraphBlock[] {
    const ctx = this.ctx;
    const prevSrc = prev !== null ? sources[prev]! : null;
    const nextSrc = next !== null ? sources[next]! : null;
    if (prevSrc && prevSrc.kind === 'paragraph') {
      const pb = old[prev!] as ParagraphBlock;
      // Text typed at the end of a paragraph takes its last character's style, or the newline's.
      const x = prevSrc.endIndex - 1;
      const textStyle = lastTextStyle(pb, ctx) ?? ctx.runStyles.at(seg, x > prevSrc.startIndex ? x - 1 : x);
      const inh: Inherited = { style: pb.style, list: pb.list, textStyle };
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
        textStyle: firstTextStyle(nb0, ctx) ?? (surv.isNew ? null : ctx.runStyles.at(seg, surv.start)),
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
        const len = toUnits(first, ctx.codes, ctx.positioned).text.length;
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
        this.insertTable(seg, x, b, !(j === blocks.length && atTail), cellText);
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

  /** insertTable at `x` (an existing paragraph's closing newline), then fill its cells. */
  private insertTable(
    seg: string,
    x: number,
    t: TableBlock,
    dropTrailing: boolean,
    cellText: Inherited['textStyle'],
  ): void {
    const ctx = this.ctx;
    if (seg !== '')
      throw new ValidationError('A table cannot be inserted in a footnote.', 'Move the table into the body.');
    const { rows, cols } = tableDims(t);
    ctx.push({ insertTable: { rows, columns: cols, location: ctx.location(seg, x) } });
    const T = x + 1;
    // Merges first, while every cell is empty: merging empty cells moves no text, so no index moves.
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const cell = t.rows[r]![c]!;
        if ((cell.rowSpan ?? 1) === 1 && (cell.colSpan ?? 1) === 1) continue;
        ctx.push({
          mergeTableCells: {
            tableRange: {
              tableCellLocation: {
                tableStartLocation: { index: T, tabId: ctx.tabId },
                rowIndex: r,
                columnIndex: c,
              },
              rowSpan: cell.rowSpan ?? 1,
              columnSpan: cell.colSpan ?? 1,
            },
          },
        });
      }
    }
    const size = 2 + rows * (1 + 2 * cols);
    if (dropTrailing) ctx.deleteRange(seg, T + size, T + size + 1);
    const blank: Inherited = { ...this.newCellStyle(), textStyle: cellText };
    for (let r = rows - 1; r >= 0; r--) {
      for (let c = cols - 1; c >= 0; c--) {
        const cell = t.rows[r]![c]!;
        const p = T + 3 + r * (1 + 2 * cols) + 2 * c;
        this.fillCell(seg, p, cell, blank);
      }
    }
  }

  /**
   * What the paragraph of a new cell starts with: Google gives it an explicit full paragraph style
   * (single spacing, no space around, no indents, left aligned); the model says what of that
   * differs from the cell base of NORMAL_TEXT (whose single spacing is Google's, so never said).
   * Its text style is that of the insertion point: unknown here.
   */
  private newCellStyle(): Inherited {
    const base = cellStyleBase(this.ctx.bases.NORMAL_TEXT).paragraph;
    const style: ParagraphBlock['style'] = { namedStyle: 'NORMAL_TEXT' };
    if (base.align !== 'left') style.align = 'left';
    if (base.indentLeft !== 0) style.indentLeft = 0;
    if (base.indentRight !== 0) style.indentRight = 0;
    if (base.indentFirstLine - base.indentLeft !== 0) style.firstLineIndent = 0;
    if (base.spaceBefore !== 0) style.spaceBefore = 0;
    if (base.spaceAfter !== 0) style.spaceAfter = 0;
    return { style, textStyle: null };
  }

  private fillCell(seg: string, p: number, cell: TableCell, inh: Inherited): void {
    const blocks = cell.blocks.length ? cell.blocks : [];
    if (blocks.length === 0) return;
    // An empty single paragraph with the default style needs nothing.
    const only = blocks.length === 1 ? blocks[0]! : null;
    if (
      only &&
      only.inlines.length === 0 &&
      !only.list &&
      JSON.stringify(only.style) === JSON.stringify(inh.style)
    )
      return;
    insertParagraphs(this.ctx.cell(), seg, p, 'fill', blocks, inh);
  }

  /**
   * Edits table `o` (at `src`) into `n` in place: merges that change are undone; kept cells are
   * edited from the last to the first (indices of the table as read); then columns and rows are
   * deleted (right to left, bottom to top) and inserted (left to right, top to bottom, at their new
   * indices); new cells are filled from the end at positions computed from the new content; last,
   * the new merges are done.
   */
  private table(o: TableBlock, src: TableSource, n: TableBlock, step: Step & { kind: 'edit-table' }): void {
    const ctx = this.ctx;
    const edit = step.table;
    const at = (rowIndex: number, columnIndex: number) => ({
      tableStartLocation: { index: src.startIndex, tabId: ctx.tabId },
      rowIndex,
      columnIndex,
    });
    const range = (s: CellSpan) => ({
      tableCellLocation: at(s.row, s.col),
      rowSpan: s.rowSpan,
      columnSpan: s.colSpan,
    });
    for (const s of edit.unmerge) ctx.push({ unmergeTableCells: { tableRange: range(s) } });
    for (let k = step.cells.length - 1; k >= 0; k--) this.container(step.cells[k]!);
    const oldCols = tableDims(o).cols;
    const rowTo = pairsOf([...edit.rows]);
    const colTo = pairsOf([...edit.cols]);
    for (let c = oldCols - 1; c >= 0; c--) {
      if (colTo.has(c)) continue;
      checkNoSuggestions(o.rows.flatMap((r) => r[c]!.blocks));
      ctx.push({ deleteTableColumn: { tableCellLocation: at(0, c) } });
    }
    for (let r = o.rows.length - 1; r >= 0; r--) {
      if (rowTo.has(r)) continue;
      checkNoSuggestions(o.rows[r]!.flatMap((c) => c.blocks));
      ctx.push({ deleteTableRow: { tableCellLocation: at(r, 0) } });
    }
    const newCols = new Set<number>();
    for (const op of edit.cols) {
      if (op.op !== 'ins') continue;
      newCols.add(op.n);
      ctx.push({
        insertTableColumn: { tableCellLocation: at(0, Math.max(0, op.n - 1)), insertRight: op.n > 0 },
      });
    }
    const newRows = new Set<number>();
    for (const op of edit.rows) {
      if (op.op !== 'ins') continue;
      newRows.add(op.n);
      ctx.push({
        insertTableRow: { tableCellLocation: at(Math.max(0, op.n - 1), 0), insertBelow: op.n > 0 },
      });
    }
    // New cells, filled from the end at their final positions: kept cells hold their new content
    // by then, new ones one empty paragraph.
    const fresh = (r: number, c: number): boolean => newRows.has(r) || newCols.has(c);
    const starts: number[][] = [];
    let pos = src.startIndex + 1;
    for (let r = 0; r < n.rows.length; r++) {
      pos += 1;
      const row: number[] = [];
      for (let c = 0; c < n.rows[r]!.length; c++) {
        row.push(pos);
        pos += fresh(r, c) ? 2 : 1 + n.rows[r]![c]!.blocks.reduce((t, b) => t + this.length(b), 0);
      }
      starts.push(row);
    }
    const blank = this.newCellStyle();
    for (let r = n.rows.length - 1; r >= 0; r--) {
      for (let c = n.rows[r]!.length - 1; c >= 0; c--) {
        if (fresh(r, c)) this.fillCell('', starts[r]![c]! + 1, n.rows[r]![c]!, blank);
      }
    }
    for (const s of edit.merge) ctx.push({ mergeTableCells: { tableRange: range(s) } });
  }
}

/** Named-range anchors `{^ id}` (heading anchors are headings' own: not named ranges). */
function namedAnchors(doc: MebdfDocument): Set<string> {
  const out = new Set<string>();
  for (const i of allInlines(doc)) if (i.type === 'anchor' && i.id && !i.id.startsWith('h.')) out.add(i.id);
  return out;
}

/**
 * Anchors left out of the new content are deleted (deleteNamedRange, first in the batch, while
 * they still exist); an anchor kept whose marked text the plan deletes entirely would vanish with
 * it (Docs drops an emptied named range), so that is refused.
 */
function checkAnchors(ctx: PlanContext, input: PlanInput): void {
  const before = namedAnchors(input.old.model);
  const after = namedAnchors(input.next);
  const drops = [...before].filter((id) => !after.has(id));
  ctx.requests.unshift(
    ...drops.map((namedRangeId) => ({
      deleteNamedRange: { namedRangeId, tabsCriteria: { tabIds: [input.tabId] } },
    })),
  );
  for (const group of Object.values(input.tab.namedRanges ?? {})) {
    for (const nr of group.namedRanges ?? []) {
      const id = nr.namedRangeId ?? '';
      if (!after.has(id) || !before.has(id)) continue;
      const ranges = (nr.ranges ?? []).filter((r) => (r.endIndex ?? 0) > (r.startIndex ?? 0));
      const survives = ranges.some((r) => {
        const seg = r.segmentId ?? '';
        // Walk the range, skipping over deleted stretches: any character left keeps the anchor.
        let at = r.startIndex ?? 0;
        const end = r.endIndex ?? 0;
        let moved = true;
        while (at < end && moved) {
          moved = false;
          for (const d of ctx.deletedOld) {
            if (d.seg === seg && d.start <= at && d.end > at) {
              at = d.end;
              moved = true;
            }
          }
        }
        return at < end;
      });
      if (ranges.length > 0 && !survives) {
        throw new ValidationError(
          `The text the anchor {^ ${id}} marks would be deleted, and Docs deletes the anchor with it.`,
          `Keep some of the text right after {^ ${id}}, or drop the anchor (or use {^} for a new one).`,
        );
      }
    }
  }
}

/** Plans the import of `next` over the target `old`. Throws the typed errors of the guards. */
export function planImport(input: PlanInput): Plan {
  const { old, next } = input;
  if (input.scope.kind === 'section') {
    checkSection(old.model, next, input.scope.anchorId, input.scope.followingLevel ?? 0);
  }
  const positionedIds = new Set(Object.keys(input.tab.positionedObjects ?? {}));
  const bases = namedStyleBases(input.tab);
  const script = buildScript(input);
  // Objects: every placeholder must name an object of the target, once; missing ones would go.
  const { oldEmbeds, seen, missing } = checkObjects(old.model, next, input.tabEmbedIds, input.allowDeletions);
  const newFootnoteLabels = new Set<string>();
  for (const i of allInlines(next)) if (i.type === 'footnoteRef') newFootnoteLabels.add(i.label);
  const ctx = new PlanContext({
    tabId: input.tabId,
    bases,
    lists: script.lists,
    positioned: (id) => positionedIds.has(id),
    runStyles: new RunStyles(input.tab, input.tabId, bases),
    oldEmbedIds: new Set(oldEmbeds.keys()),
    newEmbedIds: seen,
    newFootnoteLabels,
  });
  for (const [id, m] of missing) ctx.recordDeleted(id, m.kind, m.caption);

  // Footnotes: existing ones are edited in their own segments (new ones need a second write).
  for (const label of Object.keys(next.footnotes)) {
    if (!(label in old.model.footnotes)) {
      throw new ValidationError(
        `The footnote [^${label}] is new: creating a footnote with its text needs two writes, which an import does not do.`,
        'Add the footnote in Docs, then edit its text here.',
      );
    }
  }
  const planner = new Planner(ctx, input);
  for (const footnote of script.footnotes) planner.container(footnote);
  planner.container(script.body);
  checkAnchors(ctx, input);
  ctx.deleted.sort((a, b) => a.id.localeCompare(b.id));
  return {
    requests: ctx.requests,
    deleted: ctx.deleted,
    preserved: [...oldEmbeds.keys()].filter((id) => seen.has(id)),
    warnings: [...new Set(ctx.warnings)],
    anchorsCreated: ctx.anchorsCreated,
  };
}
