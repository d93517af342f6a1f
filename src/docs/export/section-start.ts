/**
 * Where a build as far as one section needs (exporter.ts `buildTab(…, { section })`) can start
 * converting, and the exporter's state there, found by a scan of the Docs JSON instead of by
 * converting the body before the section: an import into a section then costs what the section
 * costs, not what the body before it does. Pure.
 *
 * The scan counts what conversion would have counted (paragraph.ts, exporter.ts): the synthetic
 * ids handed out (objects without an id of their own, headings without a heading id), the last
 * paragraph end per segment (where the named-range cursors stand), the footnotes defined, the
 * Docs lists of the top-level items (for the warning about a numbered list that goes on) and how
 * many lists `assignListKeys` numbered. What a paragraph's conversion reads of the one before it
 * (the quote it may continue, the list item it may be a further block of, the list run and quote
 * that `assignListKeys` and `normaliseQuotes` carry on) is not counted: conversion starts right
 * after a *plain* paragraph, which leaves none of it behind, so the first block converted reads
 * exactly what a whole build gives it. test/import/section-read.property.test.ts holds the scan to
 * a whole build's state on every section of every real document.
 */
import type { Paragraph, StructuralElement } from '../../ground/docs-json.js';
import type { ExportContext } from './context.js';
import { SYNTHETIC_HEADING_PREFIX } from './ids.js';
import { ITEM_RANGE_NAME, isQuoteBar } from './quote-blocks.js';
import { linkTarget } from './shown-anchors.js';
import { headingLevelOf } from './style-overrides.js';
import type { SyntheticKind } from './types.js';

/** What converting the body elements before `element` leaves behind (see the file comment). */
export interface SectionStart {
  /** The body element conversion starts at, and how many top-level blocks come before it. */
  element: number;
  blocks: number;
  ids: { counters: Map<string, number>; headings: number };
  /** Per segment, the end of the last paragraph converted in it (its named-range cursor goes there). */
  ends: Map<string, number>;
  /** Footnote labels defined (their footnotes converted) before. */
  footnotes: ReadonlySet<string>;
  /** Docs list ids of the top-level list items before. */
  lists: ReadonlySet<string>;
  /** Lists `assignListKeys` numbered before (the next top-level list is this + 1). */
  listKeys: number;
  /**
   * Ids of the tab's headings that links in the body elements before `element` point to (some
   * after it too): shown-anchors.ts `linkedHeadings` need not walk those elements again.
   */
  linked: Set<string>;
}

/** The scan's running counts; `mark` snapshots them at a block boundary cheaply. */
class Counts {
  readonly counters = new Map<SyntheticKind, number>();
  headings = 0;
  bodyEnd = -1;
  /** Footnote segments in the order scanned, with the end of each one's last paragraph. */
  readonly footnoteEnds: Array<[string, number]> = [];
  readonly labels = new Set<string>();
  readonly lists = new Set<string>();
  listKeys = 0;
  blocks = 0;

  /** The counters as a mark holds them: copied only when they changed since the last mark. */
  private counted: Map<string, number> | undefined;

  id(kind: SyntheticKind): void {
    this.counters.set(kind, (this.counters.get(kind) ?? 0) + 1);
    this.counted = undefined;
  }

  mark(element: number): Mark {
    this.counted ??= new Map(this.counters);
    return {
      element,
      blocks: this.blocks,
      counters: this.counted,
      headings: this.headings,
      bodyEnd: this.bodyEnd,
      footnoteEnds: this.footnoteEnds.length,
      labels: this.labels.size,
      lists: this.lists.size,
      listKeys: this.listKeys,
    };
  }

  /** The state at `m`: the sets only grew since, in insertion order, so their first entries are it. */
  at(m: Mark): Omit<SectionStart, 'linked'> {
    const ends = new Map<string, number>();
    if (m.bodyEnd >= 0) ends.set('', m.bodyEnd);
    for (const [segment, end] of this.footnoteEnds.slice(0, m.footnoteEnds)) ends.set(segment, end);
    return {
      element: m.element,
      blocks: m.blocks,
      ids: { counters: m.counters, headings: m.headings },
      ends,
      footnotes: new Set([...this.labels].slice(0, m.labels)),
      lists: new Set([...this.lists].slice(0, m.lists)),
      listKeys: m.listKeys,
    };
  }
}

interface Mark {
  element: number;
  blocks: number;
  counters: Map<string, number>;
  headings: number;
  bodyEnd: number;
  footnoteEnds: number;
  labels: number;
  lists: number;
  listKeys: number;
}

/**
 * Where to start converting for the section of the top-level heading `anchorId`, and the state
 * there: right after the last plain paragraph before the heading. Null when the heading is not
 * found (a whole build then says why) or no such paragraph comes before it (nothing to skip).
 */
export function sectionStart(
  ctx: ExportContext,
  content: readonly StructuralElement[],
  anchorId: string,
): SectionStart | null {
  const counts = new Counts();
  const linked = new Set<string>();
  const footnotes = ctx.tab.footnotes ?? {};
  /** Footnote ids referenced and not scanned yet (converted after the block that references them). */
  const pending: string[] = [];
  let best: Mark | null = null;
  let plainBefore = false;
  /** The incoming list id of the top-level list run's first item (assignListKeys' `root`). */
  let root: string | null = null;
  /** The end of the top-level paragraph just scanned when it is an item or a further block of one. */
  let itemEnd = -1;

  const paragraph = (p: Paragraph, segmentId: string, end: number): boolean => {
    const ps = p.paragraphStyle ?? {};
    if (headingLevelOf(ps.namedStyleType) > 0 && !ps.headingId) counts.headings += 1;
    let refs = false;
    for (const el of p.elements ?? []) {
      if (el.textRun) {
        const link = el.textRun.textStyle?.link;
        if (link) linkTarget(link, ctx.tabId, linked);
        const text = el.textRun.content ?? '';
        for (let at = text.indexOf('\ue907'); at >= 0; at = text.indexOf('\ue907', at + 1))
          counts.id('unknown');
      } else if (el.inlineObjectElement) {
        if (el.inlineObjectElement.inlineObjectId == null) counts.id('unknown');
      } else if (el.footnoteReference) {
        refs = true;
        const footnoteId = el.footnoteReference.footnoteId ?? '';
        const label = el.footnoteReference.footnoteNumber || footnoteId;
        if (!counts.labels.has(label)) {
          counts.labels.add(label);
          pending.push(footnoteId);
        }
      } else if (el.pageBreak) counts.id('pagebreak');
      else if (el.columnBreak) counts.id('columnbreak');
      else if (el.horizontalRule) counts.id('hr');
      else if (el.autoText) counts.id('autotext');
      else if (el.person) {
        if (el.person.personId == null) counts.id('unknown');
      } else if (el.richLink) {
        if (el.richLink.richLinkId == null) counts.id('unknown');
      } else if (el.dateElement) {
        if (el.dateElement.dateId == null) counts.id('unknown');
      } else if (el.equation) counts.id('equation');
      else counts.id('unknown');
    }
    if (segmentId === '') counts.bodyEnd = end;
    else {
      const last = counts.footnoteEnds.at(-1);
      if (last?.[0] === segmentId) last[1] = end;
      else counts.footnoteEnds.push([segmentId, end]);
    }
    return refs;
  };

  /**
   * A table cell's or a footnote's content (exporter.ts `convertContent`), the lists of a cell
   * counted when `cell` (a footnote's are numbered after the blocks'); whether it held a paragraph.
   */
  const contents = (list: readonly StructuralElement[], segmentId: string, cell: boolean): boolean => {
    let cellRoot: string | null = null;
    let paragraphs = false;
    for (const se of list) {
      if (se.paragraph) {
        paragraphs = true;
        paragraph(se.paragraph, segmentId, se.endIndex ?? se.startIndex ?? 0);
        const listId = se.paragraph.bullet?.listId;
        // In a cell no paragraph is a further block (cells leave the item before untouched).
        if (cell && listId) {
          if (cellRoot === null || (listId !== cellRoot && (se.paragraph.bullet?.nestingLevel ?? 0) === 0)) {
            cellRoot = listId;
            counts.listKeys += 1;
          }
        } else cellRoot = null;
        continue;
      }
      if (se.tableOfContents) counts.id('toc');
      else if (se.table) counts.id('unknown');
      else if (se.sectionBreak) counts.id('sectionbreak');
      else continue;
      cellRoot = null;
    }
    return paragraphs;
  };

  for (let i = 0; i < content.length; i++) {
    const se = content[i]!;
    if (se.sectionBreak && i === 0 && !se.startIndex) continue;
    if (!se.paragraph && !se.table && !se.tableOfContents && !se.sectionBreak) continue;
    if (plainBefore) best = counts.mark(i);
    plainBefore = false;
    if (se.table) {
      for (const row of se.table.tableRows ?? [])
        for (const cell of row.tableCells ?? []) contents(cell.content ?? [], '', true);
      root = null;
      itemEnd = -1;
    } else if (se.paragraph) {
      const p = se.paragraph;
      const ps = p.paragraphStyle ?? {};
      const start = se.startIndex ?? 0;
      const end = se.endIndex ?? start;
      if (headingLevelOf(ps.namedStyleType) > 0) {
        const anchor = ps.headingId || `${SYNTHETIC_HEADING_PREFIX}${counts.headings + 1}`;
        if (anchor === anchorId) return best && best.blocks > 0 ? { ...counts.at(best), linked } : null;
      }
      const refs = paragraph(p, '', end);
      const marks = ctx.markRanges.in('', start, end);
      const listId = p.bullet?.listId;
      if (listId) {
        counts.lists.add(listId);
        if (root === null || (listId !== root && (p.bullet?.nestingLevel ?? 0) === 0)) {
          root = listId;
          counts.listKeys += 1;
        }
        itemEnd = end;
      } else if (itemEnd === start && marks.some((m) => m.name === ITEM_RANGE_NAME)) itemEnd = end;
      else {
        root = null;
        itemEnd = -1;
      }
      plainBefore = !p.bullet && !refs && marks.length === 0 && !isQuoteBar(ps.borderLeft);
    } else {
      counts.id(se.tableOfContents ? 'toc' : 'sectionbreak');
      root = null;
      itemEnd = -1;
    }
    counts.blocks += 1;
    // Footnotes first referenced in the block, converted right after it (and those they
    // reference); a paragraph of one is the paragraph before the next block (in another segment).
    while (pending.length > 0) {
      const id = pending.shift()!;
      const fn = footnotes[id];
      if (fn && contents(fn.content ?? [], id, false)) itemEnd = -1;
    }
  }
  return null;
}
