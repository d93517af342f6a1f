/**
 * Raw HTML in Docs. Docs has no HTML, so MEBDF keeps raw HTML as its source text, which is what a
 * reader of the Doc sees, and marks it with a named range named `mebdf-html` (invisible in the
 * editor), so that an export writes it back as HTML rather than as escaped text:
 * - an HTML block is one paragraph (its lines joined by soft breaks, as a code block's), with a
 *   range that ends with the paragraph's closing newline and starts inside the paragraph;
 * - raw inline HTML (`<a href="x">`, `</a>`) is the text under a range inside a paragraph, which
 *   never takes the closing newline (text typed at a range's end stays outside it).
 * Text typed inside a range grows it and is read as HTML too; what no longer reads back as the same
 * HTML (raw-html.ts) is read as plain text again, its range left in place.
 */
import type { DocumentTab } from '../../ground/docs-json.js';
import type { Block, Inline, ParagraphBlock } from '../../mebdf/model.js';
import { SegmentRanges } from './segment-ranges.js';

export const HTML_RANGE_NAME = 'mebdf-html';

export interface HtmlRange {
  namedRangeId: string;
  startIndex: number;
  endIndex: number;
}

/** The HTML ranges of a tab, per segment, sorted by start. */
export class HtmlRanges {
  private readonly ranges: SegmentRanges<HtmlRange>;

  constructor(tab: DocumentTab) {
    this.ranges = new SegmentRanges<HtmlRange>(tab, (name) => (name === HTML_RANGE_NAME ? {} : null));
  }

  /** The ranges that start inside the paragraph at `[start, end)`, in order. */
  within(segmentId: string, start: number, end: number): readonly HtmlRange[] {
    return this.ranges.startingIn(segmentId, start, end);
  }

  /** Whether the paragraph at `[start, end)` is an HTML block: a range ends where it ends. */
  isBlock(segmentId: string, start: number, end: number): boolean {
    return this.within(segmentId, start, end).some((range) => range.endIndex === end);
  }

  /** The ranges of raw inline HTML in the paragraph at `[start, end)`: those before its newline. */
  inline(segmentId: string, start: number, end: number): HtmlRange[] {
    return this.within(segmentId, start, end).filter((range) => range.endIndex < end);
  }
}

/**
 * An HTML block that never closes (`open`, raw-html.ts) runs to the end of its container, so it is
 * one only where nothing follows it there: last in its container, or a list item followed by an
 * item of its list at its level or above (which ends the item). Anywhere else it is plain text.
 */
export function closeOpenHtml(blocks: readonly Block[], open: WeakSet<ParagraphBlock>): void {
  blocks.forEach((block, index) => {
    if (block.type !== 'paragraph' || !open.has(block)) return;
    const next = blocks[index + 1];
    if (next === undefined) return;
    const list = block.list;
    const nextList = next.type === 'paragraph' ? next.list : undefined;
    if (list && nextList && nextList.key === list.key && nextList.level <= list.level) return;
    delete block.html;
  });
}

/** Whether a paragraph's inlines can be an HTML block: unstyled text and breaks, nothing else. */
export function holdsHtml(inlines: readonly Inline[]): boolean {
  return inlines.every(
    (inline) => inline.type === 'break' || (inline.type === 'text' && Object.keys(inline.style).length === 0),
  );
}
