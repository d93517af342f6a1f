/**
 * extract_styles: per element type, the definition a document effectively uses. Start from the
 * named style (resolved through NORMAL_TEXT), then correct each property by the direct formatting
 * when most of that type's text (counted in characters) overrides it with one value — a document
 * whose body style says Arial but whose paragraphs are all set in Georgia uses Georgia.
 *
 * Counting follows what apply_styles changes, so that applying a document's definitions to another
 * document and extracting again gives the same definitions: code runs do not vote on the font
 * family, links do not vote on the colour, and bold on runs (character-level) does not vote on the
 * weight — the weight is the style's own (bold + the font's weight).
 */

import type { DocumentTab } from '../../ground/docs-json.js';
import type { StyleDefinition } from './definitions.js';
import {
  ELEMENT_TYPES,
  isCodeRun,
  resolveTabStyles,
  type StyledParagraph,
  type StyledTab,
  type StyleLook,
  visibleLength,
} from './resolve.js';
import { formatLineSpacing, formatPoints, formatWeight, renderedWeight } from './style-values.js';

/** Votes of characters for values; the winner replaces the named value only with a majority. */
class Tally<T> {
  private readonly counts = new Map<T, number>();
  private total = 0;

  add(value: T, weight: number): void {
    if (weight <= 0) return;
    this.counts.set(value, (this.counts.get(value) ?? 0) + weight);
    this.total += weight;
  }

  /** The value most characters have if more than half have it, else `fallback`. */
  resolve(fallback: T): T {
    let best = fallback;
    let bestCount = 0;
    for (const [value, count] of this.counts) {
      if (count > bestCount) {
        best = value;
        bestCount = count;
      }
    }
    return bestCount * 2 > this.total ? best : fallback;
  }
}

/** The effective look of one element type (resolved values, before formatting as strings). */
export interface EffectiveTypeStyle {
  fontFamily: string;
  fontSize: number;
  /** Rendered weight. */
  fontWeight: number;
  color: string;
  lineSpacing: number;
  spaceAbove: number;
  spaceBelow: number;
}

export function effectiveTypeStyle(
  styled: StyledTab,
  type: StyledParagraph['namedStyleType'],
): EffectiveTypeStyle {
  const named: StyleLook = styled.named[type];
  const family = new Tally<string>();
  const size = new Tally<number>();
  const weight = new Tally<number>();
  const color = new Tally<string>();
  const lineSpacing = new Tally<number>();
  const spaceAbove = new Tally<number>();
  const spaceBelow = new Tally<number>();
  for (const paragraph of styled.paragraphs) {
    if (paragraph.namedStyleType !== type) continue;
    const length = paragraph.endIndex - paragraph.startIndex;
    lineSpacing.add(paragraph.look.lineSpacing, length);
    spaceAbove.add(paragraph.look.spaceAbove, length);
    spaceBelow.add(paragraph.look.spaceBelow, length);
    for (const run of paragraph.runs) {
      const n = visibleLength(run);
      if (n === 0) continue;
      if (!isCodeRun(run, named.fontFamily)) family.add(run.look.fontFamily, n);
      size.add(run.look.fontSize, n);
      weight.add(renderedWeight(run.look.fontWeight, named.bold), n);
      if (!run.isLink) color.add(run.look.color, n);
    }
  }
  return {
    fontFamily: family.resolve(named.fontFamily),
    fontSize: size.resolve(named.fontSize),
    fontWeight: weight.resolve(renderedWeight(named.fontWeight, named.bold)),
    color: color.resolve(named.color),
    lineSpacing: lineSpacing.resolve(named.lineSpacing),
    spaceAbove: spaceAbove.resolve(named.spaceAbove),
    spaceBelow: spaceBelow.resolve(named.spaceBelow),
  };
}

/** The StyleDefinitions of a tab: body, title, subtitle, heading1…heading6, in that order. */
export function extractTabStyles(tab: DocumentTab): StyleDefinition[] {
  const styled = resolveTabStyles(tab);
  return ELEMENT_TYPES.map(({ element, named }) => {
    const look = effectiveTypeStyle(styled, named);
    return {
      element_type: element,
      font_family: look.fontFamily,
      font_size: formatPoints(look.fontSize),
      font_weight: formatWeight(look.fontWeight),
      text_color: look.color,
      line_spacing: formatLineSpacing(look.lineSpacing),
      space_before: formatPoints(look.spaceAbove),
      space_after: formatPoints(look.spaceBelow),
    };
  });
}
