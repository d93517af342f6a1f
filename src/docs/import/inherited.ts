/**
 * Explicit values that say nothing: a run or paragraph property equal to what the paragraph
 * already inherits (`{!font:Arial}text{/!}` in an Arial document, `{!align:left}` on body text).
 *
 * Writers and formatting tools spell such values routinely. They change nothing on the page, and
 * Docs does not keep them: "Inherited text styles are represented as unset fields" (the Docs API
 * reference, `TextStyle`), and an update that sets a value equal to the parent's stores it unset
 * (our engine does the same: engine/text-style.ts). The export, which writes only what differs
 * from the named style, never shows them either. So the import resolves the intended content
 * against the target tab's styles first and drops them: the planner then sends nothing for them,
 * and verification compares resolved styles, not spellings.
 *
 * Left as written: a value that differs (`bold:false` under a bold heading is a real change), a
 * list item's indents (its base is the list level's, not the named style's), and footnote text
 * (its base is the footnote style) but for a link's chrome.
 */
import type { DocumentTab } from '../../ground/docs-json.js';
import type {
  Block,
  Inline,
  MebdfDocument,
  NamedStyleType,
  ParagraphBlock,
  ParagraphStyle,
  TextStyle,
} from '../../mebdf/model.js';
import {
  cellStyleBase,
  LINK_COLOR,
  type NamedStyleBase,
  namedStyleBases,
  round2,
} from '../export/style-overrides.js';

/**
 * `doc` with every property equal to what its paragraph inherits in `tab` removed; `doc` itself
 * (the same object) when there is none, so the caller can skip re-rendering it.
 */
export function withoutInherited(
  doc: MebdfDocument,
  tab: DocumentTab,
  /** `namedStyleBases(tab)`, when the caller has it already. */
  bases: Record<NamedStyleType, NamedStyleBase> = namedStyleBases(tab),
): MebdfDocument {
  const paragraph = (block: ParagraphBlock, inCell: boolean): ParagraphBlock => {
    const named = bases[block.style.namedStyle];
    return resolveParagraph(block, inCell ? cellStyleBase(named) : named);
  };
  const blocks = sameOr(doc.blocks, (block): Block => {
    if (block.type === 'paragraph') return paragraph(block, false);
    const rows = sameOr(block.rows, (row) =>
      sameOr(row, (cell) => {
        const cellBlocks = sameOr(cell.blocks, (b) => paragraph(b, true));
        return cellBlocks === cell.blocks ? cell : { ...cell, blocks: cellBlocks };
      }),
    );
    return rows === block.rows ? block : { ...block, rows };
  });
  const footnotes = withoutLinkChrome(doc.footnotes);
  return blocks === doc.blocks && footnotes === doc.footnotes ? doc : { ...doc, blocks, footnotes };
}

/**
 * Footnote text stays as written (its base is the footnote style), but a link's underline and
 * colour there are Google's link chrome as anywhere else: the export never shows them.
 */
function withoutLinkChrome(footnotes: MebdfDocument['footnotes']): MebdfDocument['footnotes'] {
  let changed = false;
  const out: MebdfDocument['footnotes'] = {};
  for (const [label, blocks] of Object.entries(footnotes)) {
    out[label] = sameOr(blocks, (block) => {
      const inlines = sameOr(block.inlines, (inline) => {
        if (inline.type !== 'text' || inline.style.link === undefined) return inline;
        const { underline, color, ...rest } = inline.style;
        const style: TextStyle = { ...rest };
        if (underline === false) style.underline = false;
        if (color !== undefined && color !== LINK_COLOR) style.color = color;
        return underline === true || color === LINK_COLOR ? { ...inline, style } : inline;
      });
      return inlines === block.inlines ? block : { ...block, inlines };
    });
    if (out[label] !== blocks) changed = true;
  }
  return changed ? out : footnotes;
}

/** `items` mapped by `f`, or `items` itself when `f` returned every item unchanged. */
function sameOr<T>(items: T[], f: (item: T) => T): T[] {
  const mapped = items.map(f);
  return mapped.every((item, i) => item === items[i]) ? items : mapped;
}

function resolveParagraph(block: ParagraphBlock, base: NamedStyleBase): ParagraphBlock {
  const style = resolveParagraphStyle(block.style, base, block.list !== undefined);
  const inlines = sameOr(block.inlines, (inline) => resolveInline(inline, base));
  return style === block.style && inlines === block.inlines ? block : { ...block, style, inlines };
}

function resolveParagraphStyle(
  style: ParagraphStyle,
  base: NamedStyleBase,
  listItem: boolean,
): ParagraphStyle {
  const p = base.paragraph;
  const out: ParagraphStyle = { ...style };
  if (out.align === p.align) delete out.align;
  if (out.lineSpacing === p.lineSpacing) delete out.lineSpacing;
  if (out.spaceBefore === p.spaceBefore) delete out.spaceBefore;
  if (out.spaceAfter === p.spaceAfter) delete out.spaceAfter;
  if (!listItem) {
    if (out.indentLeft === p.indentLeft) delete out.indentLeft;
    if (out.indentRight === p.indentRight) delete out.indentRight;
    if (out.firstLineIndent === round2(p.indentFirstLine - p.indentLeft)) delete out.firstLineIndent;
  }
  return Object.keys(out).length === Object.keys(style).length ? style : out;
}

function resolveInline(inline: Inline, base: NamedStyleBase): Inline {
  if (inline.type !== 'text') return inline;
  const style = resolveTextStyle(inline.style, base);
  return style === inline.style ? inline : { ...inline, style };
}

function resolveTextStyle(style: TextStyle, base: NamedStyleBase): TextStyle {
  const t = base.text;
  const out: TextStyle = { ...style };
  // A switch equal to the style's says nothing; one that differs (`bold:false` under a bold
  // heading) is a real change and stays.
  if (out.bold === t.bold) delete out.bold;
  if (out.italic === t.italic) delete out.italic;
  if (out.strikethrough === t.strikethrough) delete out.strikethrough;
  if (out.smallcaps === t.smallcaps) delete out.smallcaps;
  // A link's underline is Google's link chrome, which the export never shows as formatting.
  if (out.underline === t.underline || (out.link !== undefined && out.underline === true))
    delete out.underline;
  if (out.sup !== undefined && out.sup === (t.baseline === 'sup')) delete out.sup;
  if (out.sub !== undefined && out.sub === (t.baseline === 'sub')) delete out.sub;
  if (out.font === t.font) delete out.font;
  if (out.weight === t.weight) delete out.weight;
  if (out.size === t.size) delete out.size;
  // A link's own colour is Google's link chrome, which the export does not show either.
  if (out.color === t.color || (out.link !== undefined && out.color === LINK_COLOR)) delete out.color;
  if (out.highlight === t.highlight) delete out.highlight;
  return Object.keys(out).length === Object.keys(style).length ? style : out;
}
