/**
 * Sections and the outline of a tab.
 *
 * A section runs from a heading paragraph (HEADING_1–6, top level: headings inside table cells do
 * not start sections) to the next heading of the same or a higher level, subsections included,
 * the heading line first. `""` is the preamble: everything before the first heading (empty when
 * the tab starts with a heading). Title and Subtitle paragraphs never start a section: they belong
 * to the preamble or to the section they stand in. A section's anchor is its heading's anchor
 * inline: the Docs `headingId`, or `h.synthetic-<n>` (see ids.ts) for a heading without one.
 */
import { AnchorNotFoundError, excerpt } from '../../errors.js';
import type { Block, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { plainText } from './model-utils.js';
import { headingLevel } from './style-overrides.js';
import type { BlockSource } from './types.js';

export interface SectionSpan {
  anchorId: string;
  /** 1–6; 0 for the preamble. */
  level: number;
  text: string;
  /** `[firstBlock, endBlock)` of the tab model. */
  firstBlock: number;
  endBlock: number;
}

/** The heading anchor of a top-level block, with its level, or null when it starts no section. */
export function sectionHeading(block: Block): { anchorId: string; level: number } | null {
  if (block.type !== 'paragraph') return null;
  const level = headingLevel(block.style.namedStyle);
  if (level === 0) return null;
  const first = block.inlines[0];
  if (first?.type !== 'anchor' || !first.id) return null;
  return { anchorId: first.id, level };
}

/** The heading's text as a reader sees it (its anchor and objects left out). */
export function headingText(block: ParagraphBlock): string {
  return plainText(block.inlines);
}

/** The preamble first, then every heading's section in document order. */
export function sectionSpans(model: MebdfDocument): SectionSpan[] {
  const heads: Array<{ index: number; anchorId: string; level: number }> = [];
  model.blocks.forEach((block, index) => {
    const h = sectionHeading(block);
    if (h) heads.push({ index, ...h });
  });
  const total = model.blocks.length;
  const spans: SectionSpan[] = [
    { anchorId: '', level: 0, text: '', firstBlock: 0, endBlock: heads[0]?.index ?? total },
  ];
  heads.forEach((h, i) => {
    let end = total;
    for (let j = i + 1; j < heads.length; j++) {
      if (heads[j]!.level <= h.level) {
        end = heads[j]!.index;
        break;
      }
    }
    spans.push({
      anchorId: h.anchorId,
      level: h.level,
      text: headingText(model.blocks[h.index] as ParagraphBlock),
      firstBlock: h.index,
      endBlock: end,
    });
  });
  return spans;
}

/**
 * The section named by `anchorId`, or AnchorNotFoundError listing the valid anchors. Only the
 * section's own heading text is read (an import looks up one section of a long tab). `from`: the
 * first block the model holds (exporter.ts `BuiltTab.skipped`; the ones before are not blocks).
 */
export function findSection(model: MebdfDocument, anchorId: string, tabId: string, from = 0): SectionSpan {
  const found = oneSpan(model, anchorId, from);
  if (found) return found;
  const spans = sectionSpans(from ? { ...model, blocks: model.blocks.slice(from) } : model);
  const listed = spans
    .slice(1, 41)
    .map((s) => `${s.anchorId} (${JSON.stringify(s.text.length > 30 ? `${s.text.slice(0, 30)}…` : s.text)})`);
  const more = spans.length > 41 ? `, and ${spans.length - 41} more` : '';
  throw new AnchorNotFoundError(
    `Tab ${tabId} has no section with anchor ${excerpt(anchorId)}.`,
    `Call get_hierarchy to see the anchors. Valid anchors: "" (the preamble)${listed.length ? `, ${listed.join(', ')}` : ''}${more}.`,
  );
}

/** The span `sectionSpans` gives for `anchorId`, found without the other headings' texts. */
function oneSpan(model: MebdfDocument, anchorId: string, from: number): SectionSpan | undefined {
  const { blocks } = model;
  let at = -1;
  let level = 0;
  for (let i = from; i < blocks.length; i++) {
    const h = sectionHeading(blocks[i]!);
    if (!h) continue;
    if (at >= 0 && h.level <= level) {
      return spanOf(model, anchorId, level, at, i);
    }
    if (at < 0 && anchorId === '') return spanOf(model, '', 0, 0, i);
    if (at < 0 && h.anchorId === anchorId) {
      at = i;
      level = h.level;
    }
  }
  if (anchorId === '') return spanOf(model, '', 0, 0, blocks.length);
  return at >= 0 ? spanOf(model, anchorId, level, at, blocks.length) : undefined;
}

function spanOf(
  model: MebdfDocument,
  anchorId: string,
  level: number,
  first: number,
  end: number,
): SectionSpan {
  const text = level === 0 ? '' : headingText(model.blocks[first] as ParagraphBlock);
  return { anchorId, level, text, firstBlock: first, endBlock: end };
}

/** The Docs body range of blocks `[first, end)`; an empty range sits where the section would start. */
export function docsRange(
  sources: BlockSource[],
  first: number,
  end: number,
): { startIndex: number; endIndex: number } {
  if (end > first) return { startIndex: sources[first]!.startIndex, endIndex: sources[end - 1]!.endIndex };
  const at = sources[first]?.startIndex ?? sources[first - 1]?.endIndex ?? 1;
  return { startIndex: at, endIndex: at };
}
