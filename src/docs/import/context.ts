/**
 * What the lowering of one plan works with: its fixed environment (the tab, the named-style bases,
 * list pairings, the objects on each side), whether it is inside a table cell, and the one
 * accumulator of the requests emitted so far (in execution order) and what they delete.
 */

import { EmbeddedObjectNotFoundError, ValidationError } from '../../errors.js';
import type { DocumentTab, Request } from '../../ground/docs-json.js';
import type { NamedStyleType, ParagraphBlock, TextStyle } from '../../mebdf/model.js';
import { type CodeRanges, codeRangeName } from '../export/code-blocks.js';
import { cellStyleBase, type NamedStyleBase } from '../export/style-overrides.js';
import type { ParagraphSource } from '../export/types.js';
import { ObjectCodes, type Units } from './paragraph-units.js';
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
  readonly lists: ReadonlyMap<string, string>;
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
  /** Embed ids in the old target and in the new content; footnote labels in the new content. */
  readonly oldEmbedIds: ReadonlySet<string>;
  readonly newEmbedIds: ReadonlySet<string>;
  readonly newFootnoteLabels: ReadonlySet<string>;
  /** Footnote labels of the new content that the target lacks: footnotes to create. */
  readonly createdFootnotes?: ReadonlySet<string>;
  /** The paragraph right after the target (a section's next heading), if any. */
  readonly following?: FollowingParagraph;
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
  /** The labels of the footnotes the plan creates, in the order of their createFootnote requests. */
  readonly footnotesCreated: string[] = [];
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
  get footnotesCreated(): readonly string[] {
    return this.out.footnotesCreated;
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
      throw new ValidationError(
        `The anchor {^ ${id}} is on a paragraph the import has to create, so it would get a new id and links to it would break.`,
        `Keep {^ ${id}} on its own paragraph (edit the text around it), or drop the id to create a new anchor.`,
      );
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
    if (range) {
      this.push({
        deleteNamedRange: { namedRangeId: range.namedRangeId, tabsCriteria: { tabIds: [this.env.tabId] } },
      });
    }
    if (!block.code) return;
    this.push({
      createNamedRange: { name: codeRangeName(block.code), range: this.range(seg, start, end + 1) },
    });
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

function markerId(inline: Units['markers'][number]['inline']): string | null {
  if (inline.type === 'embed') return inline.id;
  if (inline.type === 'anchor') return inline.id;
  return null;
}

export function cannotMove(id: string, kind: string): ValidationError {
  return new ValidationError(
    `The ${kind} ${id} would move: the Docs API cannot re-create a ${kind}, so it can only stay where it is.`,
    'Leave the placeholder where it was exported (you may edit the text around it).',
  );
}

export function notFound(id: string, kind: string): EmbeddedObjectNotFoundError {
  return new EmbeddedObjectNotFoundError(
    `The placeholder {^= ${id} ${kind}} names no object in this part of the document.`,
    'Keep placeholders exactly as exported; an image is added with ![alt](https://…).',
  );
}
