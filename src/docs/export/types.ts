/**
 * What an export returns, and the *sources*: where each block of the model came from in the Docs
 * JSON. The import planner maps the blocks of the old model to Docs indices through the sources, so
 * these types are a contract: indices are UTF-16 code units in the tab's body (or, for footnote
 * blocks, in the footnote's own segment), `end` is exclusive, exactly as the Docs API counts them.
 *
 * Block i of `model.blocks` has `sources[i]`. Within a paragraph, `inlines[k]` locates
 * `block.inlines[k]`:
 * - a `text` inline covers `[start, end)` and `end - start === text.length` (runs merged in the
 *   model are contiguous in the document: merging never crosses another inline);
 * - a `break` covers the one `\u000b` character;
 * - an `embed` for a paragraph element (image, chip, page break, hr, footnote-less objects, …)
 *   covers its one index; an embed for a positioned object covers none (`start === end`, the
 *   paragraph's start: positioned objects occupy no index); an embed standing for a structural
 *   element (section break, table of contents, nested table) covers that whole element;
 * - a `footnoteRef` covers its one index;
 * - an `anchor` is zero-width (`start === end`): a heading's anchor sits at the paragraph start, a
 *   named range's anchor at the range's start.
 * The paragraph's closing `\n` is at `endIndex - 1` and belongs to no inline.
 */

import type { KnownText } from '../../mebdf/incremental.js';
import type { EmbedKind, MebdfDocument, NamedStyleType } from '../../mebdf/model.js';
import type { ShownAnchors } from './shown-anchors.js';

/** The kind of a Docs `ParagraphElement` (its JSON field name). */
export type ElementKind =
  | 'textRun'
  | 'inlineObjectElement'
  | 'footnoteReference'
  | 'pageBreak'
  | 'columnBreak'
  | 'horizontalRule'
  | 'autoText'
  | 'person'
  | 'richLink'
  | 'dateElement'
  | 'equation'
  | 'unknown';

/** One Docs paragraph element, as it is in the document (before any merging). */
export interface ElementSource {
  kind: ElementKind;
  startIndex: number;
  endIndex: number;
  /** The object/chip id where the element has one (inline object, person, rich link, date, footnote). */
  id?: string;
}

/** Where one model inline is: `[start, end)` in the segment (see the file comment for each kind). */
export interface InlineSource {
  start: number;
  end: number;
}

export interface ParagraphSource {
  kind: 'paragraph';
  /** `''` for the body; the footnote id for a footnote's paragraph. */
  segmentId: string;
  /** The paragraph's range, closing `\n` included. */
  startIndex: number;
  endIndex: number;
  namedStyleType: NamedStyleType;
  /** The Docs heading id (absent for a heading with a synthetic anchor, and for non-headings). */
  headingId?: string;
  /** The Docs list id and nesting level, when the paragraph is a list item. */
  listId?: string;
  nestingLevel?: number;
  /** The Docs elements of the paragraph, in order: the text run boundaries are here. */
  elements: ElementSource[];
  /** Parallel to the model paragraph's `inlines`. */
  inlines: InlineSource[];
  /** Positioned objects anchored to this paragraph (emitted as embeds at its start). */
  positionedObjectIds?: string[];
}

export interface TableCellSource {
  startIndex: number;
  endIndex: number;
  /** Parallel to the model cell's `blocks`. */
  blocks: CellBlockSource[];
}

export interface TableRowSource {
  startIndex: number;
  endIndex: number;
  cells: TableCellSource[];
}

export interface TableSource {
  kind: 'table';
  startIndex: number;
  endIndex: number;
  rows: TableRowSource[];
}

/**
 * A model paragraph that holds a single embed standing for a structural element MEBDF has no block
 * form for: a section break in the body, a table of contents, or a table nested in a table cell.
 * The paragraph does not exist in Docs; the element does, at `[startIndex, endIndex)`.
 */
export interface StructuralSource {
  kind: 'sectionBreak' | 'tableOfContents' | 'nestedTable';
  segmentId: string;
  startIndex: number;
  endIndex: number;
  /** The embed's (synthetic) id. */
  id: string;
}

export type CellBlockSource = ParagraphSource | StructuralSource;
export type BlockSource = ParagraphSource | TableSource | StructuralSource;

/** A footnote's definition in the model and its Docs segment. */
export interface FootnoteSource {
  footnoteId: string;
  /** Parallel to `model.footnotes[label]`. */
  blocks: CellBlockSource[];
}

/** One warning, tied to the block it concerns so that a section export keeps only its own. */
export interface LocatedWarning {
  /** Index in the tab model's blocks; -1 for a tab-wide warning. */
  block: number;
  message: string;
  /**
   * For warnings that can repeat across a tab: the message without its location, and the
   * location, so that many of one kind are reported as one warning listing a few places.
   */
  group?: { text: string; where: string };
}

export interface TabExport {
  tabId: string;
  /** The block model, every heading anchor included (sections and the import planner use them). */
  model: MebdfDocument;
  /**
   * Canonical MEBDF text of `model` as shown: heading anchors only where `shown` says
   * (shown-anchors.ts; by default the headings a link points to).
   */
  content: string;
  /** The heading anchors `content` shows. */
  shown: ShownAnchors;
  warnings: string[];
  /** `sources[i]` locates `model.blocks[i]`. */
  sources: BlockSource[];
  /** Footnote label -> where its definition is. */
  footnoteSources: Record<string, FootnoteSource>;
  /**
   * `content` with the model it reads as and its pieces, when the export rendered through a
   * `RenderCache`: a text edited from it is parsed incrementally (mebdf/incremental.ts).
   */
  known?: KnownText;
}

export interface SectionExport extends TabExport {
  /** `''` for the preamble. */
  anchorId: string;
  /** The section's blocks are `[firstBlock, endBlock)` of the whole tab's model. */
  firstBlock: number;
  endBlock: number;
  /** The section's range in the tab body (`startIndex === endIndex` for an empty preamble). */
  startIndex: number;
  endIndex: number;
}

export interface HeadingEntry {
  anchor_id: string;
  /** 1–6. */
  level: number;
  text: string;
}

export interface Hierarchy {
  tabId: string;
  headings: HeadingEntry[];
  /** The heading lines only, `## {^ h.x}Text`, one per line. */
  markdown: string;
}

/** Synthetic ids: kinds whose Docs element has no id of its own. See `ids.ts`. */
export type SyntheticKind = Extract<
  EmbedKind,
  'pagebreak' | 'columnbreak' | 'sectionbreak' | 'hr' | 'toc' | 'autotext' | 'equation' | 'unknown'
>;
