/**
 * Block quotes and thematic breaks in Docs. Docs has neither (DOCS-API: no request inserts a
 * horizontal rule), so MEBDF keeps them as the paragraphs a Docs user would make, marked by
 * invisible named ranges as code blocks are (code-blocks.ts):
 * - a quoted paragraph is indented by QUOTE_INDENT per level with a grey bar on its left
 *   (`borderLeft`), and marked by a range named `mebdf-quote <levels>` (`mebdf-quote >`,
 *   `mebdf-quote >>`, `mebdf-quote +`: the model's `quote`, model.ts) that starts at the paragraph's
 *   start and covers its text (only an empty paragraph's covers its newline), so that paragraphs
 *   inserted after it do not grow into it;
 * - a thematic break is an empty paragraph with a bottom border, marked by a range named
 *   `mebdf-rule` over its newline;
 * - a further block of a list item (model.ts `item`) is a paragraph without bullet indented to the
 *   item's text, marked by a range named `mebdf-item` placed as a quote's.
 * A range counts for the paragraph it starts in: text typed inside grows it, text typed at its
 * very start moves its start, and either way it still starts inside its paragraph. A rule paragraph
 * someone typed text into reads as that text (its border is a formatting the model does not show).
 */
import type { DocsParagraphStyle, DocumentTab } from '../../ground/docs-json.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { SegmentRanges } from './segment-ranges.js';

export const QUOTE_RANGE_NAME = 'mebdf-quote';
export const RULE_RANGE_NAME = 'mebdf-rule';
/**
 * Marks a further block of a list item (model.ts `item`): a paragraph without bullet indented to
 * the item's text, as a Docs user writes an item's second paragraph. The range is placed as a
 * quote's is. Without it such a paragraph is an ordinary indented one, as documents hold many.
 */
export const ITEM_RANGE_NAME = 'mebdf-item';

/** Points each quote level indents its paragraphs by (Docs' own indent step, half an inch). */
export const QUOTE_INDENT = 36;

export function quoteRangeName(quote: string): string {
  return `${QUOTE_RANGE_NAME} ${quote}`;
}

export function isQuoteRangeName(name: string): boolean {
  return /^mebdf-quote [>+]{1,32}$/.test(name);
}

export function isMarkRangeName(name: string): boolean {
  return isQuoteRangeName(name) || name === RULE_RANGE_NAME || name === ITEM_RANGE_NAME;
}

const GREY = { color: { rgbColor: { red: 0.8, green: 0.8, blue: 0.8 } } };

/** The bar on a quoted paragraph's left. */
export const QUOTE_BORDER: NonNullable<DocsParagraphStyle['borderLeft']> = {
  color: GREY,
  width: { magnitude: 3, unit: 'PT' },
  padding: { magnitude: 12, unit: 'PT' },
  dashStyle: 'SOLID',
};

/** The line a rule paragraph draws under itself. */
export const RULE_BORDER: NonNullable<DocsParagraphStyle['borderBottom']> = {
  color: GREY,
  width: { magnitude: 1, unit: 'PT' },
  padding: { magnitude: 1, unit: 'PT' },
  dashStyle: 'SOLID',
};

/** Whether a paragraph's left border is the quote's bar (as an import draws it, or a split copies it). */
export function isQuoteBar(border: DocsParagraphStyle['borderLeft']): boolean {
  const rgb = border?.color?.color?.rgbColor;
  return (
    border !== undefined &&
    border.width?.magnitude === QUOTE_BORDER.width!.magnitude &&
    border.padding?.magnitude === QUOTE_BORDER.padding!.magnitude &&
    (border.dashStyle ?? 'SOLID') === 'SOLID' &&
    rgb !== undefined &&
    [rgb.red, rgb.green, rgb.blue].every((c) => Math.abs((c ?? 0) - 0.8) < 0.01)
  );
}

export interface MarkRange {
  namedRangeId: string;
  name: string;
  startIndex: number;
  endIndex: number;
}

/** The quote and rule ranges of a tab, by segment, in order of their start. */
export class MarkRanges {
  private readonly ranges: SegmentRanges<MarkRange>;

  constructor(tab: DocumentTab) {
    this.ranges = new SegmentRanges<MarkRange>(
      tab,
      (name) => (isMarkRangeName(name) ? { name } : null),
      (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  }

  /** The mark ranges that start in the paragraph at `[start, end)`. */
  in(segmentId: string, start: number, end: number): readonly MarkRange[] {
    return this.ranges.startingIn(segmentId, start, end);
  }

  /** The `quote` of the paragraph at `[start, end)`, if a quote range starts in it. */
  quote(segmentId: string, start: number, end: number): string | undefined {
    const range = this.in(segmentId, start, end).find((r) => isQuoteRangeName(r.name));
    return range?.name.slice(QUOTE_RANGE_NAME.length + 1);
  }

  /** Whether an item range starts in the paragraph at `[start, end)`. */
  item(segmentId: string, start: number, end: number): boolean {
    return this.in(segmentId, start, end).some((r) => r.name === ITEM_RANGE_NAME);
  }

  /** Whether a rule range starts in the paragraph at `[start, end)`. */
  rule(segmentId: string, start: number, end: number): boolean {
    return this.in(segmentId, start, end).some((r) => r.name === RULE_RANGE_NAME);
  }
}

/**
 * The model's canonical `quote`s (model.ts): `+` only where the paragraph before is in a quote at
 * that level and no level above already opens a new one. Docs keeps whatever a range was named.
 */
export function normaliseQuotes(document: MebdfDocument): void {
  normalise(document.blocks);
  for (const blocks of Object.values(document.footnotes)) normalise(blocks);
}

/**
 * normaliseQuotes for a run of top-level blocks whose predecessor has the quote `before` (a
 * section rebuilt after an edit, rebuild.ts).
 */
export function normaliseQuoteRun(blocks: readonly Block[], before: string): void {
  normalise(blocks, before);
}

function normalise(blocks: readonly Block[], first = ''): void {
  let before = first;
  for (const block of blocks) {
    const quote = block.type === 'paragraph' ? (block.quote ?? '') : '';
    if (quote.includes('+')) {
      let out = '';
      for (let level = 0; level < quote.length; level++) {
        out += quote[level] === '+' && level < before.length && !out.includes('+') ? '+' : '>';
      }
      (block as { quote?: string }).quote = out;
    }
    before = quote;
  }
}
