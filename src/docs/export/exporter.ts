/**
 * Docs JSON of one tab -> the MEBDF block model, with sources and located warnings. Pure.
 *
 * The body is walked in reading order. Paragraphs and tables map to model blocks; a section break
 * (other than the one every body starts with) and a table of contents become a paragraph holding one
 * placeholder embed, since the model has no block form for them. Footnote definitions are converted
 * after the block that first references them.
 */

import type { Document, StructuralElement, Table } from '../../ground/docs-json.js';
import { setNewest } from '../../ground/newest.js';
import { frozenInTests, isSealed, takeTwin } from '../../ground/sealed.js';
import { settleDocument, settledCopy } from '../../ground/stale-tail.js';
import type {
  Block,
  MebdfDocument,
  NamedStyleType,
  ParagraphBlock,
  TableBlock,
  TableCell,
} from '../../mebdf/model.js';
import { buildDifference } from './build-check.js';
import { isCodeRangeName } from './code-blocks.js';
import { type ContextState, ExportContext } from './context.js';
import { closeOpenHtml, HTML_RANGE_NAME } from './html-ranges.js';
import { isImageRangeName } from './image-marks.js';
import { assignListKeys, footnoteLabels, plainText } from './model-utils.js';
import { captionOf, convertParagraph } from './paragraph.js';
import { isMarkRangeName, normaliseQuotes } from './quote-blocks.js';
import { type SectionStart, sectionStart } from './section-start.js';
import { sectionHeading } from './sections.js';
import { linkedHeadings } from './shown-anchors.js';
import type { NamedStyleBase } from './style-overrides.js';
import { type ResolvedTab, resolveTab } from './tabs.js';
import type { BlockSource, CellBlockSource, FootnoteSource, LocatedWarning, TableSource } from './types.js';

const SECTION_TYPE: Record<string, string> = { NEXT_PAGE: 'next page', CONTINUOUS: 'continuous' };

export interface BuiltTab {
  tab: ResolvedTab;
  model: MebdfDocument;
  sources: BlockSource[];
  footnoteSources: Record<string, FootnoteSource>;
  warnings: LocatedWarning[];
  /** Ids of the tab's headings a link of the document points to (shown-anchors.ts). */
  linked: ReadonlySet<string>;
  /**
   * The tab's named-style bases as the build used them (style-overrides.ts `namedStyleBases`):
   * an import of the same read resolves and plans against these rather than working them out again.
   */
  bases?: Record<NamedStyleType, NamedStyleBase>;
  /**
   * Where each top-level block came from (its index in the body's content), and the exporter's
   * state before each block that can start a section (a top-level heading) and at the end: what
   * rebuilding one section after an edit inside it goes on from (rebuild.ts).
   */
  marks?: BlockMarks;
  /**
   * Where each stage's warnings start in `warnings`, in the order a build raises them: the named
   * ranges' (0), the blocks' as converted (`conversion`), the tab's after the blocks (`late`),
   * numbered lists that go on (`lists`), the read's suggestions mode (`mode`). A rebuild of a
   * span keeps them in this order (rebuild.ts).
   */
  stages?: WarningStages;
  /**
   * Set when the body was converted from this block on (a section's read, section-start.ts): the
   * blocks before it are holes in `model.blocks` and `sources` (and `undefined` in a rebuild of
   * such a build), so that the others keep their numbers in the tab. Such a build is `partial`.
   */
  skipped?: number;
  /**
   * Set when the body was converted only as far as one section needs (`buildTab`'s `section`):
   * the blocks after the one that follows the section's next heading are left out, and so are the
   * warnings about the whole tab. Such a build serves that section's export and its rebuild alone.
   */
  partial?: true;
}

/** How far `buildTab` converts: the whole body (default) or what the section of `section` needs. */
export interface BuildOptions {
  /** An anchor id (`""`: the preamble): convert the body only as far as that section needs. */
  section?: string;
}

export interface WarningStages {
  conversion: number;
  late: number;
  lists: number;
  mode: number;
}

export interface BlockMarks {
  element: number[];
  before: Map<number, ContextState>;
}

/** The blocks converted from a run of body elements, into `into` (block numbers go on from its length). */
export interface Converted {
  blocks: MebdfDocument['blocks'];
  sources: BlockSource[];
  footnotes: MebdfDocument['footnotes'];
  footnoteSources: Record<string, FootnoteSource>;
}

export function buildTab(doc: Document, tabId?: string | null, options: BuildOptions = {}): BuiltTab {
  const tab = resolveTab(doc, tabId);
  const content = tab.content.body?.content ?? [];
  // A sealed tab's whole build is kept for the tab's later reads (ground/sealed.ts), and serves a
  // section's read as well as the tab's; a section's build is kept for that section's reads.
  const view = isSealed(tab.content) ? viewOf(doc) : undefined;
  const builds = view === undefined ? undefined : (wholeBuilds.get(tab.content) ?? twinBuilds(doc, tab));
  const known = view === undefined ? undefined : builds?.get(view);
  if (known) return known;
  // A document verification left with stale indices is built as what it is (ground/stale-tail.ts).
  settleDocument(doc);
  if (options.section !== undefined && view !== undefined) {
    const key = sectionKey(view, options.section);
    const kept = sectionBuilds.get(tab.content)?.get(key);
    if (kept) return kept;
    return keepSectionBuild(tab.content, key, sectionBuild(doc, tab, content, options));
  }
  const built =
    options.section !== undefined
      ? sectionBuild(doc, tab, content, options)
      : whole(doc, tab, content, options);
  if (view !== undefined) {
    // Its sources are shared by every later read too (frozen under the tests).
    frozenInTests(built.sources);
    keepWholeBuild(tab.content, view, built);
  }
  return built;
}

/** A whole build of `tab` (`options.section`: as far as that section needs). */
function whole(
  doc: Document,
  tab: ResolvedTab,
  content: StructuralElement[],
  options: BuildOptions,
): BuiltTab {
  return build(doc, tab, tabContext(tab), content, options, null)!;
}

/**
 * The build a section's read needs: from its start's state as a scan of the body before it finds
 * it, rather than converting that body (section-start.ts), when it comes after the first blocks.
 */
function sectionBuild(
  doc: Document,
  tab: ResolvedTab,
  content: StructuralElement[],
  options: BuildOptions,
): BuiltTab {
  if (!options.section) return whole(doc, tab, content, options);
  const ctx = tabContext(tab);
  const start = sectionStart(ctx, content, options.section);
  return (start && build(doc, tab, ctx, content, options, start)) ?? whole(doc, tab, content, options);
}

/**
 * The section builds of sealed tabs, by view and section: the background gdoc and a server read
 * the very tab again when an import follows an export of the same section, and the import then
 * finds the section built (the scan before it and the walk for links after it grow with the
 * document, not with the section). A few per tab: a process edits one section at a time.
 */
const sectionBuilds = new WeakMap<object, Map<string, BuiltTab>>();
const SECTION_BUILDS_KEPT = 4;

function sectionKey(view: string, section: string): string {
  return `${view}\0${section}`;
}

function keepSectionBuild(content: object, key: string, built: BuiltTab): BuiltTab {
  // Shared by every later read of the section, as a whole build is (frozen under the tests).
  frozenInTests(built.model);
  frozenInTests(built.sources);
  const builds = sectionBuilds.get(content) ?? new Map<string, BuiltTab>();
  sectionBuilds.set(content, builds);
  setNewest(builds, key, built, SECTION_BUILDS_KEPT);
  return built;
}

/**
 * Keeps `built`, a whole build of `doc`'s tab that `buildTab` did not make (verification's rebuild
 * of the part an import wrote, export/rebuild.ts), for the tab's later reads once `doc` is sealed:
 * the store that takes the written document then hands out a tab whose build is already made,
 * and whose blocks are the very objects the import read (its next import and export tell the
 * unchanged ones apart at a glance). Only a build that stands for a whole build (a rebuild
 * carries marks only then). Under the tests it is held to a whole build made afresh.
 */
export function keepBuild(doc: Document, built: BuiltTab): void {
  if (!built.marks || built.partial || built.skipped) return;
  const tab = resolveTab(doc, built.tab.tabId);
  if (tab.content !== built.tab.content) return;
  if (CHECK_KEPT) checkKept(doc, built);
  // Its sources move lazily: only its model is frozen with it.
  keepWholeBuild(tab.content, viewOf(doc), built);
}

/** Keeps a whole build of a sealed tab for the reads in `view`; its model is shared by every one. */
function keepWholeBuild(content: object, view: string, built: BuiltTab): void {
  frozenInTests(built.model);
  const builds = wholeBuilds.get(content);
  if (builds) builds.set(view, built);
  else wholeBuilds.set(content, new Map([[view, built]]));
}

/**
 * The builds kept of the written document `tab` was read back from (ground/sealed.ts
 * `sealAsWritten`), now `tab`'s: the same data, so the same builds, of this tab's objects.
 */
function twinBuilds(doc: Document, tab: ResolvedTab): Map<string, BuiltTab> | undefined {
  const twin = takeTwin(tab.content);
  const kept = twin && wholeBuilds.get(twin);
  if (!kept) return undefined;
  const builds = new Map<string, BuiltTab>();
  for (const [view, built] of kept) {
    const moved = { ...built, tab };
    if (CHECK_KEPT) checkKept(doc, moved);
    builds.set(view, moved);
  }
  wholeBuilds.set(tab.content, builds);
  return builds;
}

/** Throws when `built` is not the whole build of `doc`'s tab (under the tests). */
function checkKept(doc: Document, built: BuiltTab): void {
  // A document with stale indices (ground/stale-tail.ts) is checked as it will be once settled.
  const settled = settledCopy(doc);
  const tab = resolveTab(settled, built.tab.tabId);
  const whole = build(settled, tab, tabContext(tab), tab.content.body?.content ?? [], {}, null)!;
  const difference = buildDifference(built, whole);
  if (difference) throw new Error(`The kept build's ${difference} differs from a whole build's`);
}

/** Under the tests, a build kept by `keepBuild` is compared with a whole build of its document. */
const CHECK_KEPT = process.env.VITEST !== undefined;

/**
 * The whole builds of sealed tabs, by the view the document was read in: a process that exports a
 * tab and then imports into it (a server, the background gdoc, on the local store: the read is
 * the very tab the export read) builds the tab's model once, not once per command (a fifth of a
 * one-word whole-tab import at 100 pages). A build is never changed by what uses it.
 */
const wholeBuilds = new WeakMap<object, Map<string, BuiltTab>>();

/**
 * The view of a document a build depends on beside the tab's own content: its suggestions mode
 * (the build warns of a mode that hides them). Whether comments were read does not change a
 * build (comment markers are put on the export after it, service/comment-export.ts), and a read
 * without them has tabs of its own where the tab held comment anchors: an export and an import's
 * read (which asks for comments) of one tab share its build.
 */
function viewOf(doc: Document): string {
  return doc.suggestionsViewMode ?? '';
}

/**
 * The build of `tab` from `start` (null: from the body's start), or null when the blocks converted
 * refer to a footnote defined before `start`, whose text a build from there does not hold.
 */
function build(
  doc: Document,
  tab: ResolvedTab,
  ctx: ExportContext,
  content: StructuralElement[],
  options: BuildOptions,
  start: SectionStart | null,
): BuiltTab | null {
  const out: Converted = { blocks: [], sources: [], footnotes: {}, footnoteSources: {} };
  const marks: BlockMarks = { element: [], before: new Map() };
  const skipped = start?.blocks ?? 0;
  if (start) {
    ctx.skipTo(start.ids, start.ends, start.footnotes);
    // Holes for the blocks not converted: every block keeps its number in the tab.
    out.blocks.length = skipped;
    out.sources.length = skipped;
    marks.element.length = skipped;
  }
  const stop = options.section === undefined ? undefined : sectionEnd(options.section, skipped);
  const conversion = ctx.warnings.length;
  const reached = convertBody(ctx, tab, content, start?.element ?? 0, content.length, out, marks, stop);
  marks.before.set(out.blocks.length, ctx.state());
  const { blocks, sources, footnotes, footnoteSources } = out;
  if (start && refersToAny(out, skipped, start.footnotes)) return null;
  const partial = reached < content.length || skipped > 0;
  const late = ctx.warnings.length;

  for (const a of partial ? [] : ctx.namedRanges.rest()) {
    const where = a.segmentId
      ? `in segment ${a.segmentId} (a header, a footer or an unreferenced footnote)`
      : 'after the last paragraph';
    ctx.warn(`Named range "${a.name}" (${a.id}) starts ${where} and is not shown.`);
  }
  for (const [kind, map] of partial
    ? []
    : ([
        ['header', tab.content.headers],
        ['footer', tab.content.footers],
      ] as const)) {
    for (const [id, segment] of Object.entries(map ?? {})) {
      const what = segmentSummary(segment.content ?? []);
      if (what)
        ctx.warn(
          `The tab's ${kind} ${id} holds ${what}; headers and footers are not part of the export (export_header_footer reads them).`,
        );
    }
  }

  closeOpenHtml(blocks, ctx.openHtml);
  const lists = ctx.warnings.length;
  warnInterruptedLists(ctx, blocks, start?.lists);
  const stages = { conversion, late, lists, mode: ctx.warnings.length };
  const mode = doc.suggestionsViewMode;
  if (mode && mode !== 'SUGGESTIONS_INLINE') {
    ctx.warn(
      `The document was read with suggestions mode ${mode}: suggestions are not shown, and indices differ from the document's; read it with SUGGESTIONS_INLINE before editing.`,
    );
  }
  const model: MebdfDocument = { blocks, footnotes };
  // The blocks converted: after a plain paragraph when some were skipped, which ends any list run
  // and quote (section-start.ts), so they go on from there as in a whole build.
  const converted = skipped ? { blocks: blocks.slice(skipped), footnotes } : model;
  assignListKeys(converted, start?.listKeys ?? 0);
  normaliseQuotes(converted);
  return {
    tab,
    model,
    sources,
    footnoteSources,
    warnings: ctx.warnings,
    linked: linkedHeadings(
      doc,
      tab.tabId,
      start ? { elements: start.element, linked: start.linked } : undefined,
    ),
    marks,
    stages,
    bases: ctx.bases,
    ...(partial ? { partial: true as const } : {}),
    ...(skipped ? { skipped } : {}),
  };
}

/** Whether the blocks from `from` on, or the footnotes converted, refer to one of `labels`. */
function refersToAny(out: Converted, from: number, labels: ReadonlySet<string>): boolean {
  if (labels.size === 0) return false;
  const blocks = [...out.blocks.slice(from), ...Object.values(out.footnotes).flat()];
  return footnoteLabels(blocks).some((label) => labels.has(label));
}

/**
 * Whether the blocks converted so far hold all a section's export needs: its blocks, the next
 * heading at its level or above (which ends it, and which an import into it looks at), and one
 * block more, whose presence settles that heading's HTML mark (html-ranges.ts `closeOpenHtml`).
 * Every block's conversion depends only on what comes before it, so those blocks are as a whole
 * build makes them.
 */
function sectionEnd(anchorId: string, from: number): (blocks: readonly Block[]) => boolean {
  let seen = from;
  let level = anchorId === '' ? 0 : -1;
  let following = -1;
  return (blocks) => {
    for (; seen < blocks.length && following < 0; seen++) {
      const h = sectionHeading(blocks[seen]!);
      if (!h) continue;
      if (level >= 0 && h.level <= level) following = seen;
      else if (level < 0 && h.anchorId === anchorId) level = h.level;
    }
    return following >= 0 && blocks.length >= following + 2;
  };
}

/** A fresh exporter state for `tab`, its named ranges collected (`bases`: its named-style bases, when known). */
export function tabContext(tab: ResolvedTab, bases?: Record<NamedStyleType, NamedStyleBase>): ExportContext {
  const ctx = new ExportContext(tab.content, tab.tabId, bases);
  collectNamedRanges(ctx);
  return ctx;
}

/**
 * Converts the body elements `[from, to)` into `out`, each top-level block followed by the
 * footnotes it first references. With `marks`, records each block's element and the state before
 * each top-level heading.
 */
export function convertBody(
  ctx: ExportContext,
  tab: ResolvedTab,
  content: StructuralElement[],
  from: number,
  to: number,
  out: Converted,
  marks?: BlockMarks,
  stop?: (blocks: readonly Block[]) => boolean,
): number {
  const { blocks, sources, footnotes, footnoteSources } = out;
  for (let i = from; i < to; i++) {
    if (stop?.(blocks)) {
      ctx.block = -1;
      return i;
    }
    const se = content[i]!;
    // Every body starts with a section break at [0,1): structure, not content.
    if (se.sectionBreak && i === 0 && !se.startIndex) continue;
    if (!se.paragraph && !se.table && !se.tableOfContents && !se.sectionBreak) continue;
    if (marks) {
      marks.element.push(i);
      if (blocks.length === 0 || startsSection(se)) marks.before.set(blocks.length, ctx.state());
    }
    ctx.block = blocks.length;
    if (se.table) {
      const { block, source } = convertTable(ctx, se, se.table);
      blocks.push(block);
      sources.push(source);
    } else {
      const { block, source } = convertFlow(ctx, se, '');
      blocks.push(block);
      sources.push(source);
    }
    // Footnotes first referenced in this block.
    while (ctx.pendingFootnotes.length > 0) {
      const { label, footnoteId } = ctx.pendingFootnotes.shift()!;
      const fn = tab.content.footnotes?.[footnoteId];
      if (!fn) {
        ctx.warn(
          `Footnote ${label} (${footnoteId}) is referenced but missing from the tab; its definition is empty.`,
        );
        footnotes[label] = [];
        footnoteSources[label] = { footnoteId, blocks: [] };
        continue;
      }
      const converted = convertContent(ctx, fn.content ?? [], footnoteId);
      footnotes[label] = converted.blocks;
      footnoteSources[label] = { footnoteId, blocks: converted.sources };
    }
  }
  ctx.block = -1;
  return to;
}

/** Whether a body element is a paragraph in a heading style (it may start a section). */
export function startsSection(se: StructuralElement | undefined): boolean {
  return se?.paragraph?.paragraphStyle?.namedStyleType?.startsWith('HEADING_') === true;
}

function collectNamedRanges(ctx: ExportContext): void {
  for (const group of Object.values(ctx.tab.namedRanges ?? {})) {
    for (const nr of group.namedRanges ?? []) {
      const id = nr.namedRangeId;
      const ranges = [...(nr.ranges ?? [])].sort((a, b) => (a.startIndex ?? 0) - (b.startIndex ?? 0));
      const first = ranges[0];
      const name = nr.name ?? group.name ?? '';
      if (
        !id ||
        !first ||
        isCodeRangeName(name) ||
        name === HTML_RANGE_NAME ||
        isMarkRangeName(name) ||
        isImageRangeName(name)
      )
        continue;
      const length = (first.endIndex ?? 0) - (first.startIndex ?? 0);
      const note =
        ranges.length > 1
          ? `has ${ranges.length} ranges, the first ${length} characters long`
          : `spans ${length} characters`;
      ctx.namedRanges.add(first.segmentId ?? '', {
        index: first.startIndex ?? 0,
        id,
        name: nr.name ?? group.name ?? '',
        note,
      });
    }
  }
  ctx.namedRanges.sort();
}

function placeholderParagraph(
  ctx: ExportContext,
  se: StructuralElement,
  segmentId: string,
  kind: 'sectionBreak' | 'tableOfContents' | 'nestedTable',
): { block: ParagraphBlock; source: CellBlockSource } {
  const start = se.startIndex ?? 0;
  const end = se.endIndex ?? start;
  let id: string;
  let block: ParagraphBlock;
  if (kind === 'sectionBreak') {
    id = ctx.ids.next('sectionbreak');
    const caption = SECTION_TYPE[se.sectionBreak?.sectionStyle?.sectionType ?? ''];
    block = paragraphOf(
      caption
        ? { type: 'embed', id, kind: 'sectionbreak', caption }
        : { type: 'embed', id, kind: 'sectionbreak' },
    );
  } else if (kind === 'tableOfContents') {
    id = ctx.ids.next('toc');
    // The caption lists the entries, so a reader sees what the table of contents shows.
    const entries = (se.tableOfContents?.content ?? [])
      .map((entry) =>
        (entry.paragraph?.elements ?? [])
          .map((e) => e.textRun?.content ?? '')
          .join('')
          .trim(),
      )
      .filter((t) => t.length > 0);
    const caption = captionOf(entries.length ? `contents: ${entries.join(' · ')}` : 'table of contents');
    block = paragraphOf({ type: 'embed', id, kind: 'toc', caption: caption ?? 'table of contents' });
  } else {
    id = ctx.ids.next('unknown');
    const t = se.table;
    const caption = `nested table ${t?.rows ?? 0}×${t?.columns ?? 0}`;
    block = paragraphOf({ type: 'embed', id, kind: 'unknown', caption });
    ctx.warn(
      `A table nested in a table cell (${caption}) is shown as a placeholder; its content is not shown.`,
    );
  }
  // Named ranges starting inside the element are shown before the next paragraph: skip none here.
  return { block, source: { kind, segmentId, startIndex: start, endIndex: end, id } };
}

function paragraphOf(embed: ParagraphBlock['inlines'][number]): ParagraphBlock {
  return { type: 'paragraph', style: { namedStyle: 'NORMAL_TEXT' }, inlines: [embed] };
}

/** A paragraph, a section break or a table of contents. */
function convertFlow(
  ctx: ExportContext,
  se: StructuralElement,
  segmentId: string,
  inCell = false,
): { block: ParagraphBlock; source: CellBlockSource } {
  if (se.paragraph) {
    const start = se.startIndex ?? 0;
    const end = se.endIndex ?? start;
    const { block, source } = convertParagraph(ctx, se.paragraph, start, end, segmentId, inCell);
    return { block, source };
  }
  if (se.tableOfContents) return placeholderParagraph(ctx, se, segmentId, 'tableOfContents');
  if (se.table) return placeholderParagraph(ctx, se, segmentId, 'nestedTable');
  return placeholderParagraph(ctx, se, segmentId, 'sectionBreak');
}

/**
 * The content of a table cell (`inCell`) or a footnote: paragraphs only (anything else as a
 * placeholder).
 */
function convertContent(
  ctx: ExportContext,
  content: StructuralElement[],
  segmentId: string,
  inCell = false,
): { blocks: ParagraphBlock[]; sources: CellBlockSource[] } {
  const blocks: ParagraphBlock[] = [];
  const sources: CellBlockSource[] = [];
  for (const se of content) {
    if (!se.paragraph && !se.table && !se.tableOfContents && !se.sectionBreak) continue;
    const { block, source } = convertFlow(ctx, se, segmentId, inCell);
    blocks.push(block);
    sources.push(source);
  }
  closeOpenHtml(blocks, ctx.openHtml);
  return { blocks, sources };
}

function convertTable(
  ctx: ExportContext,
  se: StructuralElement,
  table: Table,
): { block: TableBlock; source: TableSource } {
  const rows: TableCell[][] = [];
  const source: TableSource = {
    kind: 'table',
    startIndex: se.startIndex ?? 0,
    endIndex: se.endIndex ?? 0,
    rows: [],
  };
  let styled = false;
  for (const row of table.tableRows ?? []) {
    const cells: TableCell[] = [];
    const cellSources: TableSource['rows'][number]['cells'] = [];
    for (const cell of row.tableCells ?? []) {
      const { blocks, sources } = convertContent(ctx, cell.content ?? [], '', true);
      const out: TableCell = { blocks };
      const style = cell.tableCellStyle;
      if ((style?.columnSpan ?? 1) > 1) out.colSpan = style!.columnSpan!;
      if ((style?.rowSpan ?? 1) > 1) out.rowSpan = style!.rowSpan!;
      if (style?.backgroundColor?.color?.rgbColor) styled = true;
      cells.push(out);
      cellSources.push({ startIndex: cell.startIndex ?? 0, endIndex: cell.endIndex ?? 0, blocks: sources });
    }
    rows.push(cells);
    source.rows.push({ startIndex: row.startIndex ?? 0, endIndex: row.endIndex ?? 0, cells: cellSources });
  }
  if (styled) {
    const size = `${rows.length}×${rows[0]?.length ?? 0}`;
    ctx.warn(`Cell background colours of a ${size} table are not shown.`, {
      text: 'Cell background colours of tables are not shown',
      where: `a ${size} table`,
    });
  }
  return { block: { type: 'table', rows }, source };
}

/**
 * A numbered Docs list that goes on after other content becomes a new list in MEBDF: say so.
 * `before`: the Docs lists of the items before the first block, when it is not the tab's first.
 */
function warnInterruptedLists(
  ctx: ExportContext,
  blocks: MebdfDocument['blocks'],
  before: ReadonlySet<string> = new Set(),
): void {
  for (const index of listsGoingOn(blocks, before)) {
    const block = blocks[index] as ParagraphBlock;
    const key = block.list!.key;
    ctx.block = index;
    const text = `Numbered list ${key} goes on after other content; MEBDF shows each continuation as a new list, so its numbering restarts`;
    ctx.warn(
      `Numbered list ${key} goes on after other content at ${paragraphText(block)}; MEBDF shows the rest as a new list, so its numbering restarts.`,
      { text, where: `at ${paragraphText(block)}` },
    );
  }
  ctx.block = -1;
}

/**
 * The blocks where a numbered Docs list goes on after other content (their list keys still the
 * Docs lists', before `assignListKeys`); `before`: the Docs lists of the items before the blocks.
 */
export function listsGoingOn(blocks: readonly Block[], before: ReadonlySet<string> = new Set()): number[] {
  const seen = new Set(before);
  const out: number[] = [];
  let prev: string | null = null;
  blocks.forEach((block, index) => {
    const key = block.type === 'paragraph' ? (block.list?.key ?? null) : null;
    if (
      key !== null &&
      key !== prev &&
      seen.has(key) &&
      block.type === 'paragraph' &&
      block.list?.kind === 'ordered'
    )
      out.push(index);
    if (key !== null) seen.add(key);
    prev = key;
  });
  return out;
}

function paragraphText(block: ParagraphBlock): string {
  const t = plainText(block.inlines);
  return t ? `"${t.length > 40 ? `${t.slice(0, 40)}…` : t}"` : 'an empty item';
}

/** What a header or footer holds, in words (`text "Page 1"`, `an image`), or null when it is empty. */
function segmentSummary(content: StructuralElement[]): string | null {
  let text = '';
  let objects = 0;
  const walk = (list: StructuralElement[]): void => {
    for (const se of list) {
      for (const el of se.paragraph?.elements ?? []) {
        if (el.textRun) text += el.textRun.content ?? '';
        else objects += 1;
      }
      for (const row of se.table?.tableRows ?? [])
        for (const cell of row.tableCells ?? []) walk(cell.content ?? []);
    }
  };
  walk(content);
  text = text.replace(/\s+/g, ' ').trim();
  const parts: string[] = [];
  if (text) parts.push(`text "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`);
  if (objects)
    parts.push(
      objects === 1 ? 'an object (image, page number, …)' : `${objects} objects (images, page numbers, …)`,
    );
  return parts.length ? parts.join(' and ') : null;
}
