/**
 * Docs styles -> model styles, relative to what the paragraph's named style already gives.
 *
 * Docs stores inherited values as unset fields, but real documents also carry explicit values equal
 * to the inherited ones (older documents set every property on every run). The model only keeps
 * *direct* overrides that change something, so both a run and its named style are converted to
 * model values and a property is emitted only where the two differ. Named styles inherit from
 * NORMAL_TEXT, which inherits from the editor defaults below.
 */

import type { DocsParagraphStyle, DocsTextStyle, DocumentTab } from '../../ground/docs-json.js';
import {
  type Alignment,
  NAMED_STYLE_TYPES,
  type NamedStyleType,
  type ParagraphStyle,
  type TextStyle,
} from '../../mebdf/model.js';

/** The editor's defaults under NORMAL_TEXT (what an unset property means everywhere). */
const DEFAULT_FONT = 'Arial';
const DEFAULT_WEIGHT = 400;
const DEFAULT_SIZE = 11;
const DEFAULT_COLOR = '#000000';
const DEFAULT_LINE_SPACING = 100;

/** The colour Google gives link text (with an underline) when a link is set. */
export const LINK_COLOR = '#1155cc';

export const NAMED_STYLES: readonly NamedStyleType[] = NAMED_STYLE_TYPES;

export function toNamedStyle(value: string | null | undefined): NamedStyleType {
  return (NAMED_STYLES as readonly string[]).includes(value ?? '')
    ? (value as NamedStyleType)
    : 'NORMAL_TEXT';
}

/** 1–6 for HEADING_n, 0 otherwise (Title and Subtitle are not section headings). */
export function headingLevel(style: NamedStyleType): number {
  return style.startsWith('HEADING_') ? Number(style.slice(8)) : 0;
}

const LEVELS: ReadonlyMap<string, number> = new Map(NAMED_STYLES.map((t) => [t, headingLevel(t)]));

/** `headingLevel(toNamedStyle(value))` in one look-up: a scan of a body asks it of every paragraph. */
export function headingLevelOf(value: string | null | undefined): number {
  return (value && LEVELS.get(value)) || 0;
}

/**
 * Every text property with a definite value (the model's own units), so that two of them compare
 * field by field. `link` and `suggestion` are not part of a named style and are handled by the caller.
 */
export interface ResolvedText {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  smallcaps: boolean;
  baseline: 'none' | 'sup' | 'sub';
  font: string;
  weight: number;
  size: number;
  color: string;
  /** '' = no highlight. */
  highlight: string;
}

/** Paragraph properties the model can express, with definite values. */
export interface ResolvedParagraph {
  align: Alignment;
  indentLeft: number;
  indentRight: number;
  /** Docs' `indentFirstLine` (absolute); the model's `firstLineIndent` is relative to indentLeft. */
  indentFirstLine: number;
  lineSpacing: number;
  spaceBefore: number;
  spaceAfter: number;
}

const BASE_TEXT: ResolvedText = {
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
  smallcaps: false,
  baseline: 'none',
  font: DEFAULT_FONT,
  weight: DEFAULT_WEIGHT,
  size: DEFAULT_SIZE,
  color: DEFAULT_COLOR,
  highlight: '',
};

const BASE_PARAGRAPH: ResolvedParagraph = {
  align: 'left',
  indentLeft: 0,
  indentRight: 0,
  indentFirstLine: 0,
  lineSpacing: DEFAULT_LINE_SPACING,
  spaceBefore: 0,
  spaceAfter: 0,
};

/** Two decimals: enough for points and percentages, and stable through text and back. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function hex2(channel: number | null | undefined): string {
  const v = Math.max(0, Math.min(255, Math.round((channel ?? 0) * 255)));
  return v.toString(16).padStart(2, '0');
}

/**
 * `OptionalColor` -> `#rrggbb`, `null` when unset/transparent (`{}` or `{"color":{}}`); an empty
 * `rgbColor` is black (proto3 drops zero channels).
 */
export function colorOf(
  optional:
    | {
        color?: {
          rgbColor?: { red?: number | null; green?: number | null; blue?: number | null } | null;
        } | null;
      }
    | null
    | undefined,
): string | null {
  const rgb = optional?.color?.rgbColor;
  if (!rgb) return null;
  return `#${hex2(rgb.red)}${hex2(rgb.green)}${hex2(rgb.blue)}`;
}

/** A `Dimension` in points, `null` when absent; a dimension without magnitude is 0 (proto3). */
export function pointsOf(
  dim: { magnitude?: number | null; unit?: string | null } | null | undefined,
): number | null {
  if (!dim) return null;
  return round2(dim.magnitude ?? 0);
}

/** Lay the set fields of a Docs text style over a resolved one. */
export function overlayText(base: ResolvedText, ts: DocsTextStyle | null | undefined): ResolvedText {
  if (!ts) return base;
  const out = { ...base };
  if (ts.bold != null) out.bold = ts.bold;
  if (ts.italic != null) out.italic = ts.italic;
  if (ts.underline != null) out.underline = ts.underline;
  if (ts.strikethrough != null) out.strikethrough = ts.strikethrough;
  if (ts.smallCaps != null) out.smallcaps = ts.smallCaps;
  if (ts.baselineOffset === 'SUPERSCRIPT') out.baseline = 'sup';
  else if (ts.baselineOffset === 'SUBSCRIPT') out.baseline = 'sub';
  else if (ts.baselineOffset === 'NONE') out.baseline = 'none';
  const family = ts.weightedFontFamily?.fontFamily;
  if (family) out.font = family;
  if (ts.weightedFontFamily && ts.weightedFontFamily.weight != null)
    out.weight = ts.weightedFontFamily.weight;
  else if (family) out.weight = DEFAULT_WEIGHT; // a family set without weight means Normal
  if (ts.fontSize?.magnitude != null) out.size = round2(ts.fontSize.magnitude);
  if (ts.foregroundColor) {
    const c = colorOf(ts.foregroundColor);
    if (c) out.color = c;
  }
  if (ts.backgroundColor) out.highlight = colorOf(ts.backgroundColor) ?? '';
  return out;
}

const ALIGN: Record<string, Alignment> = {
  START: 'left',
  CENTER: 'center',
  END: 'right',
  JUSTIFIED: 'justify',
};

/** Lay the set fields of a Docs paragraph style over a resolved one. */
export function overlayParagraph(
  base: ResolvedParagraph,
  ps: DocsParagraphStyle | null | undefined,
): ResolvedParagraph {
  if (!ps) return base;
  const out = { ...base };
  if (ps.alignment && ALIGN[ps.alignment]) out.align = ALIGN[ps.alignment]!;
  const left = pointsOf(ps.indentStart);
  if (left != null) out.indentLeft = left;
  const right = pointsOf(ps.indentEnd);
  if (right != null) out.indentRight = right;
  const first = pointsOf(ps.indentFirstLine);
  if (first != null) out.indentFirstLine = first;
  if (ps.lineSpacing != null) out.lineSpacing = round2(ps.lineSpacing);
  const before = pointsOf(ps.spaceAbove);
  if (before != null) out.spaceBefore = before;
  const after = pointsOf(ps.spaceBelow);
  if (after != null) out.spaceAfter = after;
  return out;
}

export interface NamedStyleBase {
  text: ResolvedText;
  paragraph: ResolvedParagraph;
  /** The raw paragraph style (for properties the model cannot express, compared for warnings). */
  raw: DocsParagraphStyle;
  /**
   * Set on the base of a paragraph in a table cell (`cellStyleBase`): its line spacing is not the
   * named style's, so a paragraph that goes back to it needs the value written, not cleared.
   */
  cell?: true;
}

/** The line spacing Google gives every paragraph of a new table cell (explicitly, as single). */
export const CELL_LINE_SPACING = 100;

/**
 * The base a paragraph in a table cell is compared against, by the exporter and the importer
 * alike: its named style's, except that single line spacing is the default there. Google writes
 * `lineSpacing: 100` into every cell paragraph while NORMAL_TEXT usually says 115, so comparing
 * cells against the named style would give nearly every cell a line-spacing directive.
 */
export function cellStyleBase(base: NamedStyleBase): NamedStyleBase {
  return { ...base, paragraph: { ...base.paragraph, lineSpacing: CELL_LINE_SPACING }, cell: true };
}

/** The effective text and paragraph style of each named style of the tab. */
export function namedStyleBases(tab: DocumentTab): Record<NamedStyleType, NamedStyleBase> {
  const styles = tab.namedStyles?.styles ?? [];
  const byType = new Map(styles.map((s) => [s.namedStyleType ?? '', s]));
  const normal = byType.get('NORMAL_TEXT');
  const normalText = overlayText(BASE_TEXT, normal?.textStyle);
  const normalPara = overlayParagraph(BASE_PARAGRAPH, normal?.paragraphStyle);
  const out = {} as Record<NamedStyleType, NamedStyleBase>;
  for (const type of NAMED_STYLES) {
    const s = type === 'NORMAL_TEXT' ? undefined : byType.get(type);
    out[type] = {
      text: overlayText(normalText, s?.textStyle),
      paragraph: overlayParagraph(normalPara, s?.paragraphStyle),
      raw: { ...(normal?.paragraphStyle ?? {}), ...(s?.paragraphStyle ?? {}) },
    };
  }
  return out;
}

/** What a text property was that the model cannot say (for a warning). */
export type TextLoss =
  | 'not bold'
  | 'not italic'
  | 'not underlined'
  | 'not struck through'
  | 'not small caps'
  | 'normal baseline';

/**
 * The model's direct style for a run whose resolved style is `run` under a named style giving
 * `base`. `linked`: the run is a link, so Google's link chrome (underline + #1155cc) is not
 * formatting of its own. Properties turned *off* against the named style cannot be said inline:
 * they are reported in `losses`.
 */
export function diffText(
  run: ResolvedText,
  base: ResolvedText,
  linked: boolean,
  losses: TextLoss[],
): TextStyle {
  const out: TextStyle = {};
  if (run.bold !== base.bold) {
    if (run.bold) out.bold = true;
    else losses.push('not bold');
  }
  if (run.italic !== base.italic) {
    if (run.italic) out.italic = true;
    else losses.push('not italic');
  }
  if (run.underline !== base.underline) {
    if (run.underline) {
      if (!linked) out.underline = true;
    } else if (!linked) losses.push('not underlined');
  }
  if (run.strikethrough !== base.strikethrough) {
    if (run.strikethrough) out.strikethrough = true;
    else losses.push('not struck through');
  }
  if (run.smallcaps !== base.smallcaps) {
    if (run.smallcaps) out.smallcaps = true;
    else losses.push('not small caps');
  }
  if (run.baseline !== base.baseline) {
    if (run.baseline === 'sup') out.sup = true;
    else if (run.baseline === 'sub') out.sub = true;
    else losses.push('normal baseline');
  }
  if (run.font !== base.font) out.font = run.font;
  if (run.weight !== base.weight) out.weight = run.weight;
  if (run.size !== base.size) out.size = run.size;
  if (run.color !== base.color && !(linked && run.color === LINK_COLOR)) out.color = run.color;
  if (run.highlight !== base.highlight && run.highlight !== '') out.highlight = run.highlight;
  return out;
}

/**
 * The model's paragraph style: the named style plus the properties that differ from `base` (the
 * named style's, or for a list item the list level's indents over it). `firstLineIndent` is
 * relative to the left indent (negative = hanging), as the model defines it.
 */
export function diffParagraph(
  namedStyle: NamedStyleType,
  para: ResolvedParagraph,
  base: ResolvedParagraph,
): ParagraphStyle {
  const out: ParagraphStyle = { namedStyle };
  if (para.align !== base.align) out.align = para.align;
  if (para.indentLeft !== base.indentLeft) out.indentLeft = para.indentLeft;
  if (para.indentRight !== base.indentRight) out.indentRight = para.indentRight;
  const first = round2(para.indentFirstLine - para.indentLeft);
  if (first !== round2(base.indentFirstLine - base.indentLeft)) out.firstLineIndent = first;
  if (para.lineSpacing !== base.lineSpacing) out.lineSpacing = para.lineSpacing;
  if (para.spaceBefore !== base.spaceBefore) out.spaceBefore = para.spaceBefore;
  if (para.spaceAfter !== base.spaceAfter) out.spaceAfter = para.spaceAfter;
  return out;
}
