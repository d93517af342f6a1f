/**
 * What the lowering of one plan works with: its fixed environment (the tab, the named-style bases,
 * list pairings, the objects on each side), whether it is inside a table cell, and the one
 * accumulator of the requests emitted so far (in execution order) and what they delete.
 */

import { EmbeddedObjectNotFoundError, ValidationError } from '../../errors.js';
import type { DocsParagraphStyle, DocumentTab, Request } from '../../ground/docs-json.js';
import type { ImageMark, NamedStyleType, ParagraphBlock, TextStyle } from '../../mebdf/model.js';
import { type CodeRanges, codeRangeName } from '../export/code-blocks.js';
import { HTML_RANGE_NAME, type HtmlRanges } from '../export/html-ranges.js';
import { type ImageRanges, imageRangeName } from '../export/image-marks.js';
import {
  ITEM_RANGE_NAME,
  type MarkRange,
  type MarkRanges,
  QUOTE_BORDER,
  QUOTE_INDENT,
  quoteRangeName,
  RULE_BORDER,
  RULE_RANGE_NAME,
} from '../export/quote-blocks.js';
import { cellStyleBase, type NamedStyleBase } from '../export/style-overrides.js';
import type { ParagraphSource } from '../export/types.js';
import type { ListPairs } from './edit-script.js';
import { ObjectCodes, type Units } from './paragraph-units.js';
import { RetypedHeadingsError } from './retyped-headings.js';
import type { RunStyles } from './run-styles.js';
import { type LevelIndents, type TextField, textStylePayload } from './style-payloads.js';
import { changesSuggestedText } from './suggested-text.js';

export interface DeletedObject {
  id: string;
  kind: string;
  caption?: string;
}

/** The paragraph right after the target in the tab, as the tab's export has it. */
export interface FollowingParagraph {
  block: ParagraphBlock;
  source: ParagraphSource;
}

/** What every part of one plan reads: all known before the lowering starts, never changed. */
export interface PlanEnv {
  readonly tabId: string;
  readonly bases: Record<NamedStyleType, NamedStyleBase>;
  /** Old list key -> new list key, learned from kept and paired list paragraphs. */
  readonly lists: ListPairs;
  /** The tab as read (its lists). */
  readonly tab: DocumentTab;
  /** The indents a list level gives its items (list unknown: a preset's). */
  readonly levelIndents: (listId: string | undefined, level: number) => LevelIndents;
  /** Whether an embed id is a positioned object (zero-width). */
  readonly positioned: (id: string) => boolean;
  /** Styles of the characters of the document as read. */
  readonly runStyles: RunStyles;
  /** The named ranges marking code blocks in the document as read. */
  readonly codeRanges: CodeRanges;
  /** The named ranges marking block quotes and thematic breaks in the document as read. */
  readonly markRanges: MarkRanges;
  /** The named ranges marking raw HTML in the document as read. */
  readonly htmlRanges: HtmlRanges;
  /** The named ranges marking images Docs could not fetch, in the document as read. */
  readonly imageRanges: ImageRanges;
  /** Embed ids in the old target and in the new content; footnote labels in the new content. */
  readonly oldEmbedIds: ReadonlySet<string>;
  readonly newEmbedIds: ReadonlySet<string>;
  readonly newFootnoteLabels: ReadonlySet<string>;
  /** Footnote labels of the new content that the target lacks: footnotes to create. */
  readonly createdFootnotes?: ReadonlySet<string>;
  /** The paragraph right after the target (a section's next heading), if any. */
  readonly following?: FollowingParagraph;
}

/** An anchor of the document the plan makes again: its old id and name, and the request making it. */
export interface RepinnedAnchor {
  id: string;
  name: string;
  /** The createNamedRange (its reply has the new id). */
  request: Request;
}

/** What the lowering of one plan emits, in execution order: the plan's one accumulator. */
class PlanOutput {
  readonly requests: Request[] = [];
  readonly deleted: DeletedObject[] = [];
  readonly warnings: string[] = [];
  /** Ranges of the *old* content the plan deletes (segment, start, end), for the anchor check. */
  readonly deletedOld: { seg: string; start: number; end: number }[] = [];
  /** Ids already in `deleted`. */
  readonly deletedIds = new Set<string>();
  /** How many named ranges the plan creates for proposed anchors `{^}`. */
  anchorsCreated = 0;
  /** Anchors of the document the plan makes again (they read back with a new id: anchor-repin.ts). */
  readonly repinned: RepinnedAnchor[] = [];
  /** The labels of the footnotes the plan creates, in the order of their createFootnote requests. */
  readonly footnotesCreated: string[] = [];
  /** Whether the plan marks raw HTML (said once in its warnings). */
  htmlMarked = false;
  /** Ids of the document's named ranges the plan has deleted already (remarkBlock). */
  readonly rangesDeleted = new Set<string>();
  /** `segment:start` of old paragraphs whose code or HTML block mark remarkBlock has made. */
  readonly blocksMarked = new Set<string>();
  /**
   * The list each new item is in once the insertion typed and bulleted it, until the container's
   * lists are rebuilt (list-rebuild.ts): the Docs list of the paragraph it was split from, when it
   * kept that bullet (the same list, level and kind: paragraph-insert.ts), or a list of its own, when
   * it is a nested item its own set bulleted joining no list (in no list of the old document, and in
   * none a later set joins). `held`: an item left for the list rebuild, which holds the bullet it
   * copied (that paragraph's list) only until the rebuild bullets it. Items not here have no bullet
   * yet, or one bulleted with others.
   */
  readonly typedIn = new Map<ParagraphBlock, { listId: string; held?: true } | 'own'>();
}

export class PlanContext {
  constructor(
    readonly env: PlanEnv,
    /**
     * Whether the paragraphs being planned are in a table cell: they are compared against the
     * cell base, as the exporter does.
     */
    readonly inCell = false,
    private readonly out = new PlanOutput(),
    /** PUA codes of objects, shared by the old and new side of every paragraph diff. */
    readonly codes = new ObjectCodes(),
  ) {}

  /** The same plan, for the content of a table cell. */
  cell(): PlanContext {
    return this.inCell ? this : new PlanContext(this.env, true, this.out, this.codes);
  }

  get requests(): Request[] {
    return this.out.requests;
  }
  get deleted(): DeletedObject[] {
    return this.out.deleted;
  }
  get warnings(): string[] {
    return this.out.warnings;
  }
  get deletedOld(): readonly { seg: string; start: number; end: number }[] {
    return this.out.deletedOld;
  }
  get anchorsCreated(): number {
    return this.out.anchorsCreated;
  }
  get repinned(): RepinnedAnchor[] {
    return this.out.repinned;
  }
  get footnotesCreated(): readonly string[] {
    return this.out.footnotesCreated;
  }
  /** Records the list new item `b` is in once typed (PlanOutput `typedIn`). */
  typedInto(b: ParagraphBlock, list: { listId: string } | 'own'): void {
    this.out.typedIn.set(b, list);
  }
  /** The Docs list new item `b` copied its bullet from when it was typed and keeps, if it did. */
  copiedList(b: ParagraphBlock): string | undefined {
    const list = this.out.typedIn.get(b);
    return typeof list === 'object' && !list.held ? list.listId : undefined;
  }
  /** Records that new item `b`, left for the list rebuild, holds the bullet of `listId` until then. */
  holdsCopied(b: ParagraphBlock, listId: string): void {
    this.out.typedIn.set(b, { listId, held: true });
  }
  /** The Docs list new item `b` is in until the list rebuild runs, if it copied a bullet (kept or held). */
  listUntilRebuild(b: ParagraphBlock): string | undefined {
    const list = this.out.typedIn.get(b);
    return typeof list === 'object' ? list.listId : undefined;
  }
  /** Whether new item `b` was bulleted as a list of its own when it was typed. */
  inOwnList(b: ParagraphBlock): boolean {
    return this.out.typedIn.get(b) === 'own';
  }

  /**
   * createFootnote for the new footnote `label` at body index `index`. Docs makes it empty (" \n")
   * and returns its id only in the reply: its text is a second batchUpdate (service/new-footnotes.ts).
   */
  createFootnote(index: number, label: string): void {
    this.push({ createFootnote: { location: this.location('', index) } });
    this.out.footnotesCreated.push(label);
  }

  /** The base paragraph styles are compared against: the named style's, or in a cell the cell's. */
  paragraphBase(named: NamedStyleType): NamedStyleBase {
    const base = this.env.bases[named];
    return this.inCell ? cellStyleBase(base) : base;
  }

  recordDeleted(id: string, kind = 'object', caption?: string): void {
    if (this.out.deletedIds.has(id)) return;
    this.out.deletedIds.add(id);
    this.deleted.push(caption === undefined ? { id, kind } : { id, kind, caption });
  }

  /**
   * Zero-width inlines of a paragraph edited in place: positioned objects stay or go (never move),
   * named-range anchors that appear from elsewhere cannot be moved.
   */
  checkMarkers(seg: string, o: Units, n: Units): void {
    const inOld = new Set(o.markers.map((m) => markerId(m.inline)).filter((x): x is string => x !== null));
    const inNew = new Set(n.markers.map((m) => markerId(m.inline)).filter((x): x is string => x !== null));
    for (const m of o.markers) {
      if (m.inline.type !== 'embed' || inNew.has(m.inline.id)) continue;
      if (this.env.newEmbedIds.has(m.inline.id)) throw cannotMove(m.inline.id, m.inline.kind);
      this.recordDeleted(m.inline.id, m.inline.kind, m.inline.caption);
      this.push({ deletePositionedObject: { objectId: m.inline.id, tabId: this.env.tabId } });
    }
    for (const m of n.markers) {
      const id = markerId(m.inline);
      if (id === null || inOld.has(id)) continue;
      if (m.inline.type === 'embed') {
        if (this.env.oldEmbedIds.has(id)) throw cannotMove(id, m.inline.kind);
        throw notFound(id, m.inline.kind);
      }
      if (m.inline.type === 'anchor' && m.offset === 0 && seg === '') continue; // heading anchors are checked by pairing
      throw new ValidationError(
        `The anchor {^ ${id}} would move to another paragraph; an existing anchor cannot be moved by an import.`,
        'Leave {^ id} anchors where they were exported, or remove it and add {^} where the new anchor belongs.',
      );
    }
  }

  /** Zero-width inlines of a new paragraph: only proposed anchors `{^}` can be created. */
  checkNewMarkers(u: Units): void {
    for (const m of u.markers) {
      const id = markerId(m.inline);
      if (id === null) continue;
      if (m.inline.type === 'embed') {
        if (this.env.oldEmbedIds.has(id)) throw cannotMove(id, m.inline.kind);
        throw notFound(id, m.inline.kind);
      }
      const message = `The anchor {^ ${id}} is on a paragraph the import has to create, so it would get a new id and links to it would break.`;
      const hint = `Keep {^ ${id}} on its own paragraph (edit the text around it), or drop the id to create a new anchor.`;
      // A heading's: typed anew, its links can be pointed at it after the write (retyped-headings.ts).
      if (m.inline.type === 'anchor' && m.offset === 0 && id.startsWith('h.'))
        throw new RetypedHeadingsError([id], message, hint);
      throw new ValidationError(message, hint);
    }
  }

  /** createNamedRange for each proposed anchor `{^}` of a paragraph laid out at `[start, end)`. */
  createAnchors(seg: string, u: Units, start: number, end: number): void {
    for (const m of u.markers) {
      if (m.inline.type !== 'anchor' || m.inline.id !== null) continue;
      const from = start + m.offset;
      // A named range cannot be empty: it covers the text after the anchor, or the paragraph end.
      const to = Math.max(end, from + 1);
      this.push({ createNamedRange: { name: 'mebdf-anchor', range: this.range(seg, from, to) } });
      this.out.anchorsCreated++;
    }
  }

  /**
   * createNamedRange marking a new code block paragraph laid out at `[start, end)` (its text): the
   * range takes the closing newline too, so it is never empty and text typed at the paragraph's
   * end stays inside it (export/code-blocks.ts).
   */
  markCode(seg: string, block: ParagraphBlock, start: number, end: number): void {
    if (!block.code) return;
    this.push({
      createNamedRange: { name: codeRangeName(block.code), range: this.range(seg, start, end + 1) },
    });
  }

  /**
   * A paragraph edited in place that becomes, stops being or changes its language as a code block
   * (old at `old`, its text at `[start, end)` after the edit): its old mark goes, the new one is made.
   */
  remarkCode(
    seg: string,
    old: { startIndex: number; endIndex: number },
    block: ParagraphBlock,
    start: number,
    end: number,
  ): void {
    const range = this.env.codeRanges.of(seg, old.startIndex, old.endIndex);
    if (range && !this.out.rangesDeleted.has(range.namedRangeId)) {
      this.push({
        deleteNamedRange: { namedRangeId: range.namedRangeId, tabsCriteria: { tabIds: [this.env.tabId] } },
      });
    }
    if (!block.code || this.out.blocksMarked.has(`${seg}:${old.startIndex}`)) return;
    this.push({
      createNamedRange: { name: codeRangeName(block.code), range: this.range(seg, start, end + 1) },
    });
  }

  /**
   * A new paragraph laid out at `[start, end)` (its text; `end` is its newline) that is quoted or a
   * rule: its look (quote-blocks.ts) and its marks. `level`: the indents of its list level, when
   * it is a list item whose bullet is in place.
   */
  markQuoteRule(
    seg: string,
    block: ParagraphBlock,
    start: number,
    end: number,
    inherited: { quote?: string | undefined; rule?: true | undefined; item?: number | undefined },
    level?: LevelIndents,
  ): void {
    // A split copies the paragraph style of the paragraph split: its quote's or rule's look too.
    const undo = {
      unquote: (inherited.quote !== undefined || inherited.item !== undefined) && !block.quote,
      unrule: inherited.rule && !block.rule,
    };
    if (!block.quote && !block.rule && block.item === undefined && !undo.unquote && !undo.unrule) return;
    const look = quoteRuleLook(this.paragraphBase(block.style.namedStyle), block, level, undo);
    if (look) this.push({ updateParagraphStyle: { range: this.range(seg, start, start + 1), ...look } });
    this.createMarks(seg, block, start, end);
  }

  /**
   * A paragraph edited in place (old `o` at `old`, laid out at `[start, end)` after the edit) whose
   * quote or rule changes, or whose indents were written: its look and marks follow the new one.
   */
  remarkQuoteRule(
    seg: string,
    o: ParagraphBlock,
    old: { startIndex: number; endIndex: number },
    block: ParagraphBlock,
    start: number,
    end: number,
    indentsWritten: boolean,
    level?: LevelIndents,
  ): void {
    const marksChange = o.quote !== block.quote || o.rule !== block.rule || o.item !== block.item;
    if (!marksChange && !(indentsWritten && (block.quote || block.item !== undefined))) return;
    const look = quoteRuleLook(this.paragraphBase(block.style.namedStyle), block, level, {
      unquote: (o.quote !== undefined || o.item !== undefined) && block.quote === undefined,
      unrule: o.rule === true && block.rule === undefined,
    });
    if (look) this.push({ updateParagraphStyle: { range: this.range(seg, start, start + 1), ...look } });
    if (!marksChange) return;
    for (const range of this.env.markRanges.in(seg, old.startIndex, old.endIndex))
      if (!this.deletesAll(seg, range.startIndex, range.endIndex)) this.deleteMark(range);
    this.createMarks(seg, block, start, end);
  }

  /**
   * The marks on the newline of the empty paragraph at `[start, end)` after paragraphs were
   * inserted at that newline (which moves them onto the last new one): made again where they were.
   */
  repinMarks(seg: string, start: number, end: number): void {
    for (const range of this.env.markRanges.in(seg, start, end)) {
      this.deleteMark(range);
      this.push({ createNamedRange: { name: range.name, range: this.range(seg, start, end) } });
    }
  }

  /** Whether the requests so far delete all of `[start, end)` of the old content (and so any named range there). */
  private deletesAll(seg: string, start: number, end: number): boolean {
    return this.out.deletedOld.some((d) => d.seg === seg && d.start <= start && end <= d.end);
  }

  private deleteMark(range: MarkRange): void {
    this.push({
      deleteNamedRange: { namedRangeId: range.namedRangeId, tabsCriteria: { tabIds: [this.env.tabId] } },
    });
  }

  /** The named ranges of a paragraph at `[start, end)`: a quote's covers its text (its newline when empty). */
  private createMarks(seg: string, block: ParagraphBlock, start: number, end: number): void {
    if (block.quote) {
      this.push({
        createNamedRange: {
          name: quoteRangeName(block.quote),
          range: this.range(seg, start, end > start ? end : end + 1),
        },
      });
    }
    if (block.rule) {
      this.push({ createNamedRange: { name: RULE_RANGE_NAME, range: this.range(seg, start, end + 1) } });
    }
    if (block.item !== undefined) {
      this.push({
        createNamedRange: {
          name: ITEM_RANGE_NAME,
          range: this.range(seg, start, end > start ? end : end + 1),
        },
      });
    }
  }

  /**
   * The code or HTML block mark of the old paragraph at `old`, made again over the paragraph's
   * extent as read, right after new text went in at its closing newline or its newline was
   * replaced by a later one: the mark covers the newline, so it grew over the new paragraphs, or
   * lost its end. `block` is what the paragraph becomes (its edit, which runs later, leaves this
   * mark alone and edits the text under it).
   */
  remarkBlock(seg: string, old: { startIndex: number; endIndex: number }, block: ParagraphBlock): void {
    const code = this.env.codeRanges.of(seg, old.startIndex, old.endIndex);
    const html = this.env.htmlRanges
      .within(seg, old.startIndex, old.endIndex)
      .filter((range) => range.endIndex === old.endIndex);
    const ids = [...(code ? [code.namedRangeId] : []), ...html.map((range) => range.namedRangeId)];
    if (ids.length === 0) return;
    for (const namedRangeId of ids) {
      this.out.rangesDeleted.add(namedRangeId);
      this.push({ deleteNamedRange: { namedRangeId, tabsCriteria: { tabIds: [this.env.tabId] } } });
    }
    this.out.blocksMarked.add(`${seg}:${old.startIndex}`);
    const range = this.range(seg, old.startIndex, old.endIndex);
    if (block.code) this.push({ createNamedRange: { name: codeRangeName(block.code), range } });
    if (block.html) this.push({ createNamedRange: { name: HTML_RANGE_NAME, range } });
  }

  /**
   * createNamedRange `mebdf-html` over the raw HTML of a paragraph whose text is laid out at
   * `[start, start + u.text.length)`: an HTML block's range takes the closing newline too (as a code
   * block's), raw inline HTML gets one range per stretch of HTML text (html-ranges.ts).
   */
  markHtml(seg: string, block: ParagraphBlock, u: Units, start: number, old?: { startIndex: number }): void {
    // An HTML block whose mark remarkBlock made keeps it.
    if (block.html && old && this.out.blocksMarked.has(`${seg}:${old.startIndex}`)) return;
    const spans = block.html ? [{ from: 0, to: u.text.length + 1 }] : htmlSpans(u);
    for (const { from, to } of spans) {
      this.push({
        createNamedRange: { name: HTML_RANGE_NAME, range: this.range(seg, start + from, start + to) },
      });
    }
    if (spans.length === 0 || this.out.htmlMarked) return;
    this.out.htmlMarked = true;
    this.warnings.push(
      'Raw HTML is kept as its source text: Google Docs has no HTML, so the document shows the tags; an export writes them back as HTML while the text still reads as that HTML.',
    );
  }

  /**
   * createNamedRange marking each image kept as its linked text (`TextStyle.image`) in units `u`
   * laid out from `start` (export/image-marks.ts).
   */
  markImages(seg: string, u: Units, start: number): void {
    for (const r of imageRuns(u)) {
      this.push({
        createNamedRange: {
          name: imageRangeName(r.mark),
          range: this.range(seg, start + r.start, start + r.end),
        },
      });
    }
  }

  /**
   * A paragraph edited in place (old at `old`) whose images kept as linked text may have changed:
   * its old marks go before anything else of it changes (a mark whose text is deleted would go
   * with it), and `markImages` makes the new ones once its text is written.
   */
  unmarkImages(seg: string, old: { startIndex: number; endIndex: number }): void {
    for (const r of this.env.imageRanges.within(seg, old.startIndex, old.endIndex)) {
      if (this.out.rangesDeleted.has(r.namedRangeId)) continue;
      this.out.rangesDeleted.add(r.namedRangeId);
      this.push({
        deleteNamedRange: { namedRangeId: r.namedRangeId, tabsCriteria: { tabIds: [this.env.tabId] } },
      });
    }
  }

  /** deleteNamedRange for the raw-HTML ranges of the old paragraph at `old` (before its text is edited). */
  unmarkHtml(seg: string, old: { startIndex: number; endIndex: number }): void {
    for (const range of this.env.htmlRanges.within(seg, old.startIndex, old.endIndex)) {
      if (this.out.rangesDeleted.has(range.namedRangeId)) continue;
      this.push({
        deleteNamedRange: { namedRangeId: range.namedRangeId, tabsCriteria: { tabIds: [this.env.tabId] } },
      });
    }
  }

  push(r: Request): void {
    this.requests.push(r);
  }

  range(
    segmentId: string,
    start: number,
    end: number,
  ): { startIndex: number; endIndex: number; tabId: string; segmentId?: string } {
    return segmentId
      ? { segmentId, startIndex: start, endIndex: end, tabId: this.env.tabId }
      : { startIndex: start, endIndex: end, tabId: this.env.tabId };
  }

  location(segmentId: string, index: number): { index: number; tabId: string; segmentId?: string } {
    return segmentId ? { segmentId, index, tabId: this.env.tabId } : { index, tabId: this.env.tabId };
  }

  insertText(segmentId: string, index: number, text: string): void {
    if (text.length === 0) return;
    this.push({ insertText: { text, location: this.location(segmentId, index) } });
  }

  /** deleteContentRange of old content (indices still those of the document as read). */
  deleteOld(segmentId: string, start: number, end: number): void {
    if (end <= start) return;
    this.noteDeletedOld(segmentId, start, end);
    this.deleteRange(segmentId, start, end);
  }

  /** Records that old content [start, end) (indices of the document as read) is deleted. */
  noteDeletedOld(segmentId: string, start: number, end: number): void {
    this.out.deletedOld.push({ seg: segmentId, start, end });
  }

  deleteRange(segmentId: string, start: number, end: number): void {
    if (end <= start) return;
    this.push({ deleteContentRange: { range: this.range(segmentId, start, end) } });
  }

  textStyle(
    segmentId: string,
    start: number,
    end: number,
    style: TextStyle,
    fields: Set<TextField>,
    named: NamedStyleType,
  ): void {
    if (end <= start || fields.size === 0) return;
    if (style.suggestion) throw changesSuggestedText();
    const { textStyle, fields: mask } = textStylePayload(
      style,
      fields,
      this.env.bases[named],
      this.env.tabId,
    );
    if (mask === '') return;
    this.push({ updateTextStyle: { range: this.range(segmentId, start, end), textStyle, fields: mask } });
  }
}

/** The stretches of a paragraph's units that are raw inline HTML. */
export function htmlSpans(u: Units): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = [];
  for (let k = 0; k < u.styles.length; k++) {
    if (!u.styles[k]?.html) continue;
    const last = out[out.length - 1];
    if (last && last.to === k) last.to = k + 1;
    else out.push({ from: k, to: k + 1 });
  }
  return out;
}

function markerId(inline: Units['markers'][number]['inline']): string | null {
  if (inline.type === 'embed') return inline.id;
  if (inline.type === 'anchor') return inline.id;
  return null;
}

/** An embed kind in words, for messages (`hr` is a horizontal rule). */
const KIND_WORDS: Record<string, string> = {
  positioned: 'positioned image',
  person: 'person chip',
  date: 'date chip',
  richlink: 'link chip',
  pagebreak: 'page break',
  columnbreak: 'column break',
  sectionbreak: 'section break',
  hr: 'horizontal rule',
  toc: 'table of contents',
  autotext: 'auto text',
  unknown: 'element the Docs API does not show',
  embed: 'object',
};

export function cannotMove(id: string, kind: string): ValidationError {
  const what = KIND_WORDS[kind] ?? kind;
  return new ValidationError(
    `The ${what} ${id} would move: the Docs API cannot re-create ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}, so it can only stay where it is.`,
    'Leave the placeholder where it was exported (you may edit the text around it).',
  );
}

export function notFound(id: string, kind: string): EmbeddedObjectNotFoundError {
  return new EmbeddedObjectNotFoundError(
    `The placeholder {^= ${id} ${kind}} names no object in this part of the document.`,
    'Keep placeholders exactly as exported; an image is added with ![alt](https://…).',
  );
}

/**
 * The indents a further block of a list item (model.ts `item`) is relative to: the text indent of
 * its item's level in list `listId`, at the start and the first line (list unknown: a preset's).
 */
export function furtherIndents(
  ctx: PlanContext,
  listId: string | undefined,
  block: ParagraphBlock,
): LevelIndents | undefined {
  if (block.item === undefined) return undefined;
  const level = ctx.env.levelIndents(listId, block.item);
  return { start: level.start, first: level.start };
}

/**
 * The paragraph style a quote or rule draws: a quote's indents (each level QUOTE_INDENT more than
 * what the model's indents are relative to, unless the model says an indent itself) and its bar, a
 * rule's bottom border; `unquote` / `unrule` take them away again. Null when there is nothing to write.
 */
export function quoteRuleLook(
  base: NamedStyleBase,
  block: ParagraphBlock,
  level: LevelIndents | undefined,
  undo: { unquote?: boolean; unrule?: boolean },
): { paragraphStyle: DocsParagraphStyle; fields: string } | null {
  const ps: DocsParagraphStyle = {};
  const fields: string[] = [];
  // A further block of a list item (model.ts `item`) is indented as its quote would be, from the
  // item's text: `level` is then that item level's text indent, for its start and first line.
  if (block.quote || undo.unquote || block.item !== undefined) {
    const shift = QUOTE_INDENT * (block.quote?.length ?? 0);
    const baseLeft = level ? level.start : base.paragraph.indentLeft;
    const baseFirst = level ? level.first : base.paragraph.indentFirstLine;
    const left = block.style.indentLeft ?? baseLeft + shift;
    const first = left + (block.style.firstLineIndent ?? baseFirst - baseLeft);
    // Without a quote, a list level or an indent of its own, the named style's indents apply.
    if (shift > 0 || level || block.style.indentLeft !== undefined)
      ps.indentStart = { magnitude: left, unit: 'PT' };
    if (
      shift > 0 ||
      level ||
      block.style.indentLeft !== undefined ||
      block.style.firstLineIndent !== undefined
    )
      ps.indentFirstLine = { magnitude: Math.round(first * 100) / 100, unit: 'PT' };
    fields.push('indentStart', 'indentFirstLine');
    if (block.quote) ps.borderLeft = QUOTE_BORDER;
    fields.push('borderLeft');
  }
  if (block.rule) {
    ps.borderBottom = RULE_BORDER;
    fields.push('borderBottom');
  } else if (undo.unrule) fields.push('borderBottom');
  return fields.length === 0 ? null : { paragraphStyle: ps, fields: fields.join(',') };
}

/** The images kept as linked text in units `u`: each run of units with one image mark and link. */
export function imageRuns(u: Units): { start: number; end: number; mark: ImageMark }[] {
  const out: { start: number; end: number; mark: ImageMark }[] = [];
  for (let i = 0; i < u.styles.length; ) {
    const mark = u.styles[i]?.image;
    let j = i + 1;
    if (mark !== undefined) {
      while (j < u.styles.length && u.styles[j]?.image === mark && u.styles[j]?.link === u.styles[i]?.link)
        j++;
      out.push({ start: i, end: j, mark });
    }
    i = j;
  }
  return out;
}
