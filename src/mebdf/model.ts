/**
 * The MEBDF block model: what a tab's content *means*, independent of how it is spelled.
 *
 * `parse(text)` (src/mebdf) produces it from MEBDF text; the exporter (src/docs/export) produces it
 * from Docs JSON; `stringify(model)` turns it into canonical MEBDF text; the import planner diffs
 * two of them. It knows nothing of Google: units are points and percent, colours are `#rrggbb`,
 * links are the href as written (`https://…`, `#^h.abc`, …), named styles are Docs' enum names
 * only because those are also the names people use.
 *
 * Invariants every producer keeps, so that two models of the same content compare equal with a
 * structural deep-equal:
 * - optional properties that are unset are *absent* (never `undefined`, never `false` for booleans
 *   that are off: a `false` means "explicitly off", which only a block directive can say);
 * - adjacent text runs with equal style and no other inline between them are merged;
 * - colours are lowercase `#rrggbb`; lengths are numbers in points; line spacing is a percentage
 *   (100 = single); font weights are numbers 100–900.
 */

/** Docs' named paragraph styles, in the order Google lists them. */
export const NAMED_STYLE_TYPES = [
  'NORMAL_TEXT',
  'TITLE',
  'SUBTITLE',
  'HEADING_1',
  'HEADING_2',
  'HEADING_3',
  'HEADING_4',
  'HEADING_5',
  'HEADING_6',
] as const;
export type NamedStyleType = (typeof NAMED_STYLE_TYPES)[number];

/** The family that `mono`, code spans and code blocks stand for. */
export const MONO_FONT = 'Courier New';

/** Character formatting of a run. Every field is a *direct* override; absent means inherited. */
export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  smallcaps?: boolean;
  /** Baseline offset. At most one of the two is set. */
  sup?: boolean;
  sub?: boolean;
  /** Font family. `mono` / code spans in the syntax mean the family `Courier New`. */
  font?: string;
  /** 100–900 (400 = Normal, 700 = Bold). */
  weight?: number;
  /** Points. */
  size?: number;
  /** `#rrggbb`, lowercase. */
  color?: string;
  /** Background colour, `#rrggbb`, lowercase. */
  highlight?: string;
  /** The link target as written in the syntax: a URL, or `#^id` for an anchor (heading, bookmark, tab). */
  link?: string;
  /**
   * Text that is a suggested insertion or deletion in the document, with the suggestion's id when
   * known (`insert suggest.abc`): shown by export and kept by an import that leaves it as it is.
   */
  suggestion?: SuggestionMark;
  /**
   * Text that stands for an image Docs could not fetch (`![alt](/url "title")`): the alt text
   * (`alt`), or the URL when the alt is empty (`url`), linked to the image's URL, then a space and
   * the title when there is one. Kept in Docs by a named range (grammar §4, "Images Docs cannot fetch").
   */
  image?: ImageMark;
  /**
   * The comment anchors on this text: their ids, space-separated, sorted (read-only marker:
   * exported on request, removed before an import plans; comments are never written from it).
   */
  comment?: string;
  /**
   * Raw inline HTML (`<a href="x">`, `</a>`, `<!-- … -->`): the text is the HTML source as written,
   * and is written back unescaped. Docs has no HTML: it shows the source, marked by a named range
   * (grammar §4). Its line ends are its own (`\n` in the text, a soft break in Docs).
   */
  html?: boolean;
}

/** What the text of an image kept as a link is (`alt` or `url`), optionally followed by a space and the title. */
export type ImageMark = 'alt' | 'url' | `alt ${string}` | `url ${string}`;

/** `insert` / `delete`, optionally followed by a space and the suggestion id. */
export type SuggestionMark = 'insert' | 'delete' | `insert ${string}` | `delete ${string}`;

export type Alignment = 'left' | 'center' | 'right' | 'justify';

/** Paragraph formatting. `namedStyle` is always present; everything else is a direct override. */
export interface ParagraphStyle {
  namedStyle: NamedStyleType;
  align?: Alignment;
  /** Points. */
  indentLeft?: number;
  indentRight?: number;
  /** Points; negative values are a hanging indent. */
  firstLineIndent?: number;
  /** Percent: 100 single, 115, 150, 200 double. */
  lineSpacing?: number;
  /** Points. */
  spaceBefore?: number;
  spaceAfter?: number;
}

export interface TextInline {
  type: 'text';
  /**
   * Plain text. Never contains `\n` (a soft line break is a `break` inline), except raw HTML
   * (`style.html`), whose source may span lines.
   */
  text: string;
  style: TextStyle;
}

/** `{^ id}` — an existing anchor (heading id, named range, bookmark); `{^}` — a proposed one (id null). */
export interface AnchorInline {
  type: 'anchor';
  id: string | null;
}

/**
 * `{^= id kind "caption"}` — an object MEBDF cannot spell, kept in place by id. `kind` is one of
 * EMBED_KINDS and informative (an import matches by id); the caption is informational only.
 * `id` is `''` for `{^= kind}`, which names an existing object by kind and position.
 */
export interface EmbedInline {
  type: 'embed';
  id: string;
  kind: EmbedKind;
  caption?: string;
}

/** An image to insert from a URL: `![alt](https://…)`. Existing images are `embed`s. */
export interface ImageInline {
  type: 'image';
  url: string;
  alt: string;
}

/** GFM `[^label]`. The definition lives in `MebdfDocument.footnotes[label]`. */
export interface FootnoteRefInline {
  type: 'footnoteRef';
  label: string;
}

/** A soft line break (Shift+Enter; `\u000b` in Docs). */
export interface BreakInline {
  type: 'break';
}

export type Inline = TextInline | AnchorInline | EmbedInline | ImageInline | FootnoteRefInline | BreakInline;

export const EMBED_KINDS = [
  'image',
  'drawing',
  'chart',
  'equation',
  'positioned',
  'person',
  'date',
  'richlink',
  'pagebreak',
  'columnbreak',
  'sectionbreak',
  'hr',
  'toc',
  'autotext',
  'video',
  'unknown',
  // Any kind: an embed is matched by id, so a writer that does not know the kind may say `embed`.
  'embed',
] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export type ListKind = 'bullet' | 'ordered' | 'checkbox';

export interface ListMembership {
  /**
   * Which list the paragraph belongs to. Producers number lists `1`, `2`, … in order of first
   * appearance in the model, so equal content gives equal keys; two adjacent lists have two keys.
   * An item at a nested level right after an item is in that item's list, as Markdown reads it
   * (in Docs it may be a list of its own: export/model-utils.ts assignListKeys).
   */
  key: string;
  /** 0-based nesting level (0–8). */
  level: number;
  /** How this item is marked (per item, because Docs sets glyphs per nesting level). */
  kind: ListKind;
}

/**
 * A fenced or indented code block: one paragraph whose lines are soft breaks, all of it in the
 * mono font and nothing else (Docs has no code block; see grammar §4 for how it is kept).
 */
export interface CodeMark {
  /** The fence's info string as written (`python`, `js title="x"`), `''` for none. */
  info: string;
}

export interface ParagraphBlock {
  type: 'paragraph';
  style: ParagraphStyle;
  list?: ListMembership;
  /** Present when the paragraph is a code block: its inlines are mono text and breaks only. */
  code?: CodeMark;
  /**
   * True when the paragraph is an HTML block (CommonMark §4.6): its inlines are unstyled text and
   * breaks only, the lines of the HTML source, written back unescaped (grammar §4).
   */
  html?: boolean;
  /**
   * Present when the paragraph is inside block quotes (`>`): one character per nesting level,
   * outermost first. `>` continues the quote of the paragraph before at that level (or opens one
   * where that paragraph has none), `+` opens a new quote although the paragraph before is in one
   * at that level (`> a` and `> b` separated by a blank line are two quotes: `>` then `+`). Deeper
   * levels of a new quote are new too, and are written `>`.
   */
  quote?: string;
  /** Present when the paragraph is a thematic break (`---`): it has no inlines. */
  rule?: true;
  /**
   * Present when the paragraph is a further block of a list item (its second paragraph, a code
   * block or a block quote under it): the 0-based level of that item, the last one at that level
   * before it. It has no `list` (grammar §4, "List items of several blocks").
   */
  item?: number;
  /** Empty for an empty paragraph. A heading's anchor is its first inline: `## {^ h.x}Text`. */
  inlines: Inline[];
}

export interface TableCell {
  /** Paragraphs only (Docs allows nested tables; MEBDF keeps those as an `embed`). */
  blocks: ParagraphBlock[];
  /** Present only when > 1. */
  colSpan?: number;
  rowSpan?: number;
}

export interface TableBlock {
  type: 'table';
  /** Every row has the same number of cells; cells covered by a merge are present and empty. */
  rows: TableCell[][];
}

export type Block = ParagraphBlock | TableBlock;

export interface MebdfDocument {
  blocks: Block[];
  /** Footnote definitions by label, in order of first reference. */
  footnotes: Record<string, ParagraphBlock[]>;
}

/**
 * Whether Docs can fetch an image from this URL (insertInlineImage: "The image URI must be publicly
 * accessible and at most 2 kB"; it is an https URL with a host). Any other image is kept as its
 * linked text (`TextStyle.image`).
 */
export function fetchableImageUrl(url: string): boolean {
  return url.length <= 2048 && /^https:\/\/[^\s/]+/.test(url);
}

/** The longest image title a mark keeps: a named range's name is at most 256 UTF-16 units. */
export const MAX_IMAGE_TITLE = 256 - 'mebdf-image alt '.length;
