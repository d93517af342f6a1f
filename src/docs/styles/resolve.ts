/**
 * Effective styles: what each paragraph and text run of a tab actually looks like, resolved down
 * the chain Google uses — editor defaults → NORMAL_TEXT → the paragraph's named style → the
 * paragraph's own style → the run's own text style (DOCS-API §1.6: an unset field inherits).
 * Only the properties the formatting tools manage are resolved: font family and weight, size,
 * colour, line spacing and the space above/below. Indices are the document's UTF-16 indices.
 */

import type {
  Body,
  DocsParagraphStyle,
  DocsTextStyle,
  DocumentTab,
  NamedStyle,
  StructuralElement,
} from '../../ground/docs-json.js';
import { NAMED_STYLE_TYPES, type NamedStyleType } from '../../mebdf/model.js';
import { dimensionToPoints, optionalColorToHex } from './style-values.js';

export { NAMED_STYLE_TYPES, type NamedStyleType };

/** The contract's element types, in the order extract_styles reports them. */
export const ELEMENT_TYPES: ReadonlyArray<{ element: string; named: NamedStyleType }> = [
  { element: 'body', named: 'NORMAL_TEXT' },
  { element: 'title', named: 'TITLE' },
  { element: 'subtitle', named: 'SUBTITLE' },
  { element: 'heading1', named: 'HEADING_1' },
  { element: 'heading2', named: 'HEADING_2' },
  { element: 'heading3', named: 'HEADING_3' },
  { element: 'heading4', named: 'HEADING_4' },
  { element: 'heading5', named: 'HEADING_5' },
  { element: 'heading6', named: 'HEADING_6' },
];

export function isNamedStyleType(value: unknown): value is NamedStyleType {
  return typeof value === 'string' && (NAMED_STYLE_TYPES as readonly string[]).includes(value);
}

export interface TextLook {
  fontFamily: string;
  /** `weightedFontFamily.weight`: one part of the rendered weight (with `bold`). */
  fontWeight: number;
  bold: boolean;
  /** Points. */
  fontSize: number;
  /** `#rrggbb`. */
  color: string;
}

export interface ParagraphLook {
  /** Percent of single spacing (100 = single). */
  lineSpacing: number;
  /** Points. */
  spaceAbove: number;
  spaceBelow: number;
}

export type StyleLook = TextLook & ParagraphLook;

/**
 * What the editor shows for a property no style sets (a fresh document's NORMAL_TEXT sets all of
 * these explicitly, so they matter only for trimmed or unusual documents).
 */
export const EDITOR_DEFAULTS: StyleLook = {
  fontFamily: 'Arial',
  fontWeight: 400,
  bold: false,
  fontSize: 11,
  color: '#000000',
  lineSpacing: 100,
  spaceAbove: 0,
  spaceBelow: 0,
};

/** The text properties a Docs text style sets (unset = inherited). */
export function textLayer(style: DocsTextStyle | null | undefined): Partial<TextLook> {
  const out: Partial<TextLook> = {};
  if (!style) return out;
  const wff = style.weightedFontFamily;
  if (wff) {
    if (wff.fontFamily) out.fontFamily = wff.fontFamily;
    // Setting the family without a weight means 400 (the reference's default).
    out.fontWeight = wff.weight ?? 400;
  }
  if (typeof style.bold === 'boolean') out.bold = style.bold;
  const size = dimensionToPoints(style.fontSize);
  if (size !== undefined) out.fontSize = size;
  const color = optionalColorToHex(style.foregroundColor);
  if (color !== undefined) out.color = color;
  return out;
}

/** The paragraph properties a Docs paragraph style sets (unset = inherited). */
export function paragraphLayer(style: DocsParagraphStyle | null | undefined): Partial<ParagraphLook> {
  const out: Partial<ParagraphLook> = {};
  if (!style) return out;
  if (typeof style.lineSpacing === 'number') out.lineSpacing = style.lineSpacing;
  const above = dimensionToPoints(style.spaceAbove);
  if (above !== undefined) out.spaceAbove = above;
  const below = dimensionToPoints(style.spaceBelow);
  if (below !== undefined) out.spaceBelow = below;
  return out;
}

export function namedStyleOf(tab: DocumentTab, type: NamedStyleType): NamedStyle | undefined {
  return tab.namedStyles?.styles?.find((s) => s.namedStyleType === type);
}

/** The properties a named style sets itself (before inheriting from NORMAL_TEXT). */
export function namedLayer(style: NamedStyle | undefined): Partial<StyleLook> {
  return { ...textLayer(style?.textStyle), ...paragraphLayer(style?.paragraphStyle) };
}

export function mergeLook(...layers: Partial<StyleLook>[]): StyleLook {
  const out: StyleLook = { ...EDITOR_DEFAULTS };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return out;
}

/** The look of every named style, each inheriting from NORMAL_TEXT. */
export function resolveNamedLooks(
  layers: Record<NamedStyleType, Partial<StyleLook>>,
): Record<NamedStyleType, StyleLook> {
  const out = {} as Record<NamedStyleType, StyleLook>;
  for (const type of NAMED_STYLE_TYPES) {
    out[type] =
      type === 'NORMAL_TEXT' ? mergeLook(layers.NORMAL_TEXT) : mergeLook(layers.NORMAL_TEXT, layers[type]);
  }
  return out;
}

export function namedLayersOf(tab: DocumentTab): Record<NamedStyleType, Partial<StyleLook>> {
  const out = {} as Record<NamedStyleType, Partial<StyleLook>>;
  for (const type of NAMED_STYLE_TYPES) out[type] = namedLayer(namedStyleOf(tab, type));
  return out;
}

export interface StyledRun {
  startIndex: number;
  endIndex: number;
  /** The run's text (a text run) or '' for objects (images, footnote references, chips…). */
  text: string;
  isText: boolean;
  /** The run's own (direct) text properties. */
  direct: Partial<TextLook>;
  look: TextLook;
  isLink: boolean;
  /** Raw style, for the checks that must see every field (links, highlights, bold…). */
  textStyle: DocsTextStyle;
}

export interface StyledParagraph {
  startIndex: number;
  endIndex: number;
  namedStyleType: NamedStyleType;
  headingId: string | undefined;
  inTable: boolean;
  direct: Partial<ParagraphLook>;
  look: ParagraphLook;
  runs: StyledRun[];
}

export interface StyledTab {
  named: Record<NamedStyleType, StyleLook>;
  namedLayers: Record<NamedStyleType, Partial<StyleLook>>;
  paragraphs: StyledParagraph[];
  /** Paragraphs left out on purpose (table of contents: generated, read-only). */
  skippedTocParagraphs: number;
}

/** Resolves every body paragraph of a tab (table cells included, the table of contents not). */
export function resolveTabStyles(tab: DocumentTab): StyledTab {
  const namedLayers = namedLayersOf(tab);
  const named = resolveNamedLooks(namedLayers);
  const paragraphs: StyledParagraph[] = [];
  let skippedTocParagraphs = 0;
  const walk = (content: StructuralElement[] | undefined, inTable: boolean): void => {
    for (const element of content ?? []) {
      if (element.paragraph) {
        paragraphs.push(resolveParagraph(element, named, inTable));
      } else if (element.table) {
        for (const row of element.table.tableRows ?? []) {
          for (const cell of row.tableCells ?? []) walk(cell.content ?? undefined, true);
        }
      } else if (element.tableOfContents) {
        skippedTocParagraphs += (element.tableOfContents.content ?? []).filter((e) => e.paragraph).length;
      }
    }
  };
  walk(bodyContent(tab.body), false);
  return { named, namedLayers, paragraphs, skippedTocParagraphs };
}

/**
 * The paragraphs of the tab's headers, footers and footnotes. The formatting tools do not edit
 * them directly (they follow the named styles where they set nothing of their own); the planner
 * reads them only to warn about their own formatting.
 */
export function resolveOtherSegments(
  tab: DocumentTab,
  named: Record<NamedStyleType, StyleLook>,
): StyledParagraph[] {
  const out: StyledParagraph[] = [];
  const segments = [
    ...Object.values(tab.headers ?? {}),
    ...Object.values(tab.footers ?? {}),
    ...Object.values(tab.footnotes ?? {}),
  ];
  const walk = (content: StructuralElement[] | null | undefined): void => {
    for (const element of content ?? []) {
      if (element.paragraph) out.push(resolveParagraph(element, named, false));
      for (const row of element.table?.tableRows ?? [])
        for (const cell of row.tableCells ?? []) walk(cell.content);
    }
  };
  for (const segment of segments) walk(segment.content);
  return out;
}

function bodyContent(body: Body | null | undefined): StructuralElement[] | undefined {
  return body?.content ?? undefined;
}

function resolveParagraph(
  element: StructuralElement,
  named: Record<NamedStyleType, StyleLook>,
  inTable: boolean,
): StyledParagraph {
  const paragraph = element.paragraph!;
  const style = paragraph.paragraphStyle ?? {};
  const type: NamedStyleType = isNamedStyleType(style.namedStyleType) ? style.namedStyleType : 'NORMAL_TEXT';
  const base = named[type];
  const direct = paragraphLayer(style);
  const look: ParagraphLook = {
    lineSpacing: direct.lineSpacing ?? base.lineSpacing,
    spaceAbove: direct.spaceAbove ?? base.spaceAbove,
    spaceBelow: direct.spaceBelow ?? base.spaceBelow,
  };
  const runs: StyledRun[] = [];
  for (const pe of paragraph.elements ?? []) {
    const startIndex = pe.startIndex ?? 0;
    const endIndex = pe.endIndex ?? startIndex;
    const textStyle =
      pe.textRun?.textStyle ??
      pe.inlineObjectElement?.textStyle ??
      pe.footnoteReference?.textStyle ??
      pe.person?.textStyle ??
      pe.richLink?.textStyle ??
      pe.dateElement?.textStyle ??
      pe.autoText?.textStyle ??
      pe.pageBreak?.textStyle ??
      pe.columnBreak?.textStyle ??
      pe.horizontalRule?.textStyle ??
      {};
    const runDirect = textLayer(textStyle);
    runs.push({
      startIndex,
      endIndex,
      text: pe.textRun?.content ?? '',
      isText: pe.textRun != null,
      direct: runDirect,
      look: {
        fontFamily: runDirect.fontFamily ?? base.fontFamily,
        fontWeight: runDirect.fontWeight ?? base.fontWeight,
        bold: runDirect.bold ?? base.bold,
        fontSize: runDirect.fontSize ?? base.fontSize,
        color: runDirect.color ?? base.color,
      },
      isLink: textStyle.link != null,
      textStyle,
    });
  }
  return {
    startIndex: element.startIndex ?? 0,
    endIndex: element.endIndex ?? 0,
    namedStyleType: type,
    headingId: style.headingId ?? undefined,
    inTable,
    direct,
    look,
    runs,
  };
}

/** Length of the visible text of a run in UTF-16 units, without the paragraph's newline. */
export function visibleLength(run: StyledRun): number {
  if (!run.isText) return 0;
  return run.text.endsWith('\n') ? run.text.length - 1 : run.text.length;
}

/**
 * Families whose glyphs carry meaning: monospace (code) and symbol fonts. A run in one of these,
 * inside a paragraph whose style uses another family, keeps its font (character-level meaning):
 * turning code into a proportional font, or Wingdings into letters, would change what it says.
 */
const MONOSPACE = /mono|code|courier|consol|menlo|monaco|inconsolata|lucida console|vt323|typewriter/i;
const SYMBOL = /wingdings|webdings|dingbat|symbol|emoji|material icons|font awesome/i;

export function isMonospaceFamily(family: string): boolean {
  return MONOSPACE.test(family);
}

export function isSymbolFamily(family: string): boolean {
  return SYMBOL.test(family);
}

/** A run set in a code or symbol font of its own: its font is kept by apply and normalize. */
export function isCodeRun(run: StyledRun, paragraphFamily: string): boolean {
  const family = run.look.fontFamily;
  return (
    run.direct.fontFamily !== undefined &&
    family !== paragraphFamily &&
    (isMonospaceFamily(family) || isSymbolFamily(family))
  );
}
