/**
 * One Docs paragraph -> one model paragraph and its source. Inlines are built as pieces with their
 * Docs range, then adjacent text pieces of equal style are merged (the model's invariant); merging
 * never crosses another inline, so a merged text inline is still one contiguous Docs range.
 */

import type { docs_v1 } from '@googleapis/docs';
import type { Paragraph, ParagraphElement } from '../../ground/docs-json.js';
import type { EmbedKind, Inline, ParagraphBlock, SuggestionMark, TextStyle } from '../../mebdf/model.js';
import { rawHtmlReading } from '../../mebdf/raw-html.js';
import { holdsCode } from './code-blocks.js';
import type { ExportContext } from './context.js';
import { type HtmlRange, holdsHtml } from './html-ranges.js';
import { listLevel } from './lists.js';
import { isQuoteBar, QUOTE_INDENT } from './quote-blocks.js';
import {
  cellStyleBase,
  diffParagraph,
  diffText,
  headingLevel,
  overlayParagraph,
  overlayText,
  type TextLoss,
  toNamedStyle,
} from './style-overrides.js';
import type { ElementKind, ElementSource, InlineSource, ParagraphSource } from './types.js';

interface Piece {
  inline: Inline;
  start: number;
  end: number;
  /** Text pieces only: the style, to merge equal neighbours. */
  style?: TextStyle;
}

/** The characters that end a piece of a text run: a paragraph end, a soft break, a hidden object. */
const SPLITS = /[\n\u000b\ue907]/g;

const NAMED_STYLE_LABEL: Record<string, string> = {
  NORMAL_TEXT: 'Normal text',
  TITLE: 'Title',
  SUBTITLE: 'Subtitle',
};

export function styleLabel(style: string): string {
  return NAMED_STYLE_LABEL[style] ?? style.replace('HEADING_', 'Heading ');
}

/** The href the model uses for a Docs link (see the grammar: `#^id`, `#^tabId:id` across tabs). */
export function linkHref(link: docs_v1.Schema$Link, tabId: string): string | null {
  if (link.url) return link.url;
  const anchor = (id: string, linkTab: string | null | undefined): string =>
    linkTab && linkTab !== tabId ? `#^${linkTab}:${id}` : `#^${id}`;
  if (link.heading?.id) return anchor(link.heading.id, link.heading.tabId);
  if (link.headingId) return anchor(link.headingId, link.tabId);
  if (link.bookmark?.id) return anchor(link.bookmark.id, link.bookmark.tabId);
  if (link.bookmarkId) return anchor(link.bookmarkId, link.tabId);
  if (link.tabId) return `#^${link.tabId}`;
  return null;
}

function elementKind(el: ParagraphElement): ElementKind {
  if (el.textRun) return 'textRun';
  if (el.inlineObjectElement) return 'inlineObjectElement';
  if (el.footnoteReference) return 'footnoteReference';
  if (el.pageBreak) return 'pageBreak';
  if (el.columnBreak) return 'columnBreak';
  if (el.horizontalRule) return 'horizontalRule';
  if (el.autoText) return 'autoText';
  if (el.person) return 'person';
  if (el.richLink) return 'richLink';
  if (el.dateElement) return 'dateElement';
  if (el.equation) return 'equation';
  return 'unknown';
}

/** The element's suggestion mark: `insert <id>` or `delete <id>` (an insertion first), or none. */
function suggestionMark(el: ParagraphElement, kind: ElementKind): SuggestionMark | undefined {
  const holder = (el as Record<string, unknown>)[kind] as
    | { suggestedInsertionIds?: string[] | null; suggestedDeletionIds?: string[] | null }
    | undefined;
  const ins = holder?.suggestedInsertionIds?.[0];
  if (ins) return `insert ${ins}`;
  const del = holder?.suggestedDeletionIds?.[0];
  return del ? `delete ${del}` : undefined;
}

/** Where a paragraph is, for warnings: `in Heading 2 paragraph "Start of its text…"`. */
export function paragraphWhere(p: Paragraph, styleName: string): string {
  let text = '';
  for (const el of p.elements ?? []) {
    text += el.textRun?.content ?? '';
    if (text.length > 60) break;
  }
  text = text
    .replace(/[\n\u000b\ue907]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return `in an empty ${styleName} paragraph`;
  return `in ${styleName} paragraph "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

export interface ConvertedParagraph {
  block: ParagraphBlock;
  source: ParagraphSource;
}

/**
 * Convert one paragraph at `[start, end)` of segment `segmentId`. Named-range anchors that start
 * before `end` and were not placed yet are placed here (those before `start` — inside table
 * markers — at the paragraph start). `inCell`: the paragraph is in a table cell, where single line
 * spacing is the default (`cellStyleBase`).
 */
export function convertParagraph(
  ctx: ExportContext,
  p: Paragraph,
  start: number,
  end: number,
  segmentId: string,
  inCell = false,
): ConvertedParagraph {
  const ps = p.paragraphStyle ?? {};
  const namedStyle = toNamedStyle(ps.namedStyleType);
  const base = ctx.bases[namedStyle];
  // Computed only when a warning needs it (most paragraphs have none).
  let whereText: string | undefined;
  const where = (): string => {
    whereText ??= paragraphWhere(p, styleLabel(namedStyle));
    return whereText;
  };
  const pieces: Piece[] = [];
  const elements: ElementSource[] = [];

  // Heading anchor first: `## {^ h.x}Text`.
  let headingId: string | undefined;
  const level = headingLevel(namedStyle);
  if (ps.headingId && (level > 0 || namedStyle === 'TITLE' || namedStyle === 'SUBTITLE')) {
    headingId = ps.headingId;
    pieces.push({ inline: { type: 'anchor', id: ps.headingId }, start, end: start });
  } else if (level > 0) {
    pieces.push({ inline: { type: 'anchor', id: ctx.ids.nextHeading() }, start, end: start });
  }

  // Positioned objects occupy no index: shown at the paragraph start.
  for (const id of p.positionedObjectIds ?? []) {
    const obj = ctx.tab.positionedObjects?.[id]?.positionedObjectProperties?.embeddedObject;
    const caption = obj?.title || obj?.description || undefined;
    pieces.push({ inline: embed(id, 'positioned', caption), start, end: start });
  }

  const anchors = ctx.namedRanges.take(segmentId, end);
  let anchorAt = 0;
  const placeAnchorsBefore = (index: number): void => {
    while (anchorAt < anchors.length && anchors[anchorAt]!.index < index) {
      const a = anchors[anchorAt]!;
      const at = Math.max(a.index, start);
      pieces.push({ inline: { type: 'anchor', id: a.id }, start: at, end: at });
      ctx.warn(
        `Named range "${a.name}" (${a.id}) ${a.note}; MEBDF shows only where it starts, as {^ ${a.id}}, ${where()}.`,
      );
      anchorAt += 1;
    }
  };

  const losses = new Set<TextLoss>();
  let suggested = false;
  for (const el of p.elements ?? []) {
    const kind = elementKind(el);
    const elStart = el.startIndex ?? 0;
    const elEnd = el.endIndex ?? elStart;
    const source: ElementSource = { kind, startIndex: elStart, endIndex: elEnd };
    const mark = suggestionMark(el, kind);
    if (mark) suggested = true;

    if (el.textRun) {
      const content = el.textRun.content ?? '';
      const ts = el.textRun.textStyle;
      const runLosses: TextLoss[] = [];
      const style: TextStyle = diffText(overlayText(base.text, ts), base.text, !!ts?.link, runLosses);
      // The closing newline's style is invisible: only text a reader sees can lose formatting.
      if (/[^\n]/.test(content)) for (const l of runLosses) losses.add(l);
      if (ts?.link) {
        const href = linkHref(ts.link, ctx.tabId);
        if (href) style.link = href;
        else ctx.warn(`A link with no target ${where()} is shown as plain text.`);
      }
      if (mark) style.suggestion = mark;
      let from = 0;
      const flush = (to: number): void => {
        if (to > from) {
          const text = content.slice(from, to);
          pieces.push({
            inline: { type: 'text', text, style },
            start: elStart + from,
            end: elStart + to,
            style,
          });
        }
        from = to;
      };
      // From one place that splits the run to the next: a named range's start, or a \n, \u000b or
      // U+E907 (found by a regex, not character by character).
      let i = 0;
      while (i < content.length) {
        // A named range starting inside the run splits it.
        if (anchorAt < anchors.length && anchors[anchorAt]!.index <= elStart + i) {
          flush(i);
          placeAnchorsBefore(elStart + i + 1);
        }
        const nextAnchor =
          anchorAt < anchors.length ? anchors[anchorAt]!.index - elStart : Number.POSITIVE_INFINITY;
        SPLITS.lastIndex = i;
        const next = SPLITS.exec(content)?.index ?? content.length;
        if (next >= nextAnchor || next === content.length) {
          i = Math.min(nextAnchor, content.length);
          continue;
        }
        i = next;
        const pos = elStart + i;
        const ch = content.charCodeAt(i);
        flush(i);
        if (ch === 0x0b) pieces.push({ inline: { type: 'break' }, start: pos, end: pos + 1 });
        else if (ch === 0xe907) {
          // No caption: every such object would have the same one, and the warning says what it is.
          pieces.push({ inline: embed(ctx.ids.next('unknown'), 'unknown'), start: pos, end: pos + 1 });
          ctx.warn(
            `An object the Docs API does not expose (U+E907 in the text) ${where()} is shown as a placeholder.`,
            {
              text: 'Objects the Docs API does not expose (U+E907 in the text) are shown as placeholders',
              where: where(),
            },
          );
        } else if (pos !== end - 1) {
          ctx.warn(
            `A line break inside a text run ${where()} is not a paragraph end; shown as a soft break.`,
          );
          pieces.push({ inline: { type: 'break' }, start: pos, end: pos + 1 });
        }
        from = i + 1;
        i += 1;
      }
      flush(content.length);
    } else {
      placeAnchorsBefore(elStart + 1);
      const piece = convertElement(ctx, el, kind, source, where);
      if (piece) pieces.push({ inline: piece, start: elStart, end: elEnd });
      // A link on an object (an image that links somewhere) has no MEBDF form.
      const holder = (el as Record<string, { textStyle?: { link?: object | null } | null } | undefined>)[
        kind
      ];
      if (holder?.textStyle?.link && piece) {
        const id = piece.type === 'embed' ? piece.id : kind;
        ctx.warn(
          `The link on ${id} ${where()} is not shown (MEBDF links only text); it is kept while the placeholder stays.`,
        );
      }
    }
    elements.push(source);
  }
  placeAnchorsBefore(Number.POSITIVE_INFINITY);

  if (losses.size > 0) {
    const what = `is ${[...losses].join(', ')} against its ${styleLabel(namedStyle)} style`;
    const why = "MEBDF cannot turn a style property off inline, so it reads as the style's";
    ctx.warn(`Text ${where()} ${what}; ${why}.`, { text: `Text ${what}; ${why}`, where: where() });
  }
  if (suggested) {
    ctx.warn(
      `Suggested changes ${where()} are shown as {!suggest:insert|delete id} spans: leave them as they are (an import keeps them), or resolve them with accept_suggestions / reject_suggestions.`,
      {
        text: 'Suggested changes are shown as {!suggest:insert|delete id} spans: leave them as they are (an import keeps them), or resolve them with accept_suggestions / reject_suggestions',
        where: where(),
      },
    );
  }
  if (p.suggestedParagraphStyleChanges && Object.keys(p.suggestedParagraphStyleChanges).length > 0) {
    ctx.warn(`A suggested paragraph style change ${where()} is not shown.`);
  }
  if (p.suggestedBulletChanges && Object.keys(p.suggestedBulletChanges).length > 0) {
    ctx.warn(`A suggested list change ${where()} is not shown.`);
  }

  // Paragraph style relative to the named style, or in a cell to the cell's (and to the list
  // level's own indents). The paragraph's own values still resolve over the named style.
  let paraBase = inCell ? cellStyleBase(base).paragraph : base.paragraph;
  const block: ParagraphBlock = { type: 'paragraph', style: { namedStyle }, inlines: [] };
  const bullet = p.bullet;
  if (bullet?.listId) {
    const nesting = bullet.nestingLevel ?? 0;
    const info = listLevel(ctx.tab, bullet.listId, nesting);
    paraBase = {
      ...paraBase,
      indentLeft: info.indentStart ?? paraBase.indentLeft,
      indentFirstLine: info.indentFirstLine ?? paraBase.indentFirstLine,
    };
    block.list = { key: bullet.listId, level: nesting, kind: info.kind };
    if (info.loss) {
      const text = `In list ${bullet.listId} level ${nesting + 1}, ${info.loss}`;
      ctx.warn(`${text} (${where()}).`, { text, where: where() });
    }
  }
  // A quote's indent is the quote's (quote-blocks.ts): the paragraph's indents are relative to it.
  const quote = inCell
    ? undefined
    : (ctx.markRanges.quote(segmentId, start, end) ?? continuedQuote(ctx, segmentId, start, ps));
  if (!inCell) ctx.quoteBefore = quote ? { segmentId, end, quote } : undefined;
  const shift = QUOTE_INDENT * (quote?.length ?? 0);
  const resolved = overlayParagraph(base.paragraph, ps);
  // A further block of the list item before it (quote-blocks.ts): its indents are relative to the
  // text of that item's level.
  const item = bullet?.listId
    ? undefined
    : furtherBlock(ctx, segmentId, start, end, resolved.indentLeft - shift);
  if (item) {
    paraBase = { ...paraBase, indentLeft: item.text, indentFirstLine: item.text };
    block.item = item.level;
  }
  if (!inCell) {
    ctx.itemBefore = bullet?.listId
      ? { segmentId, end, listId: bullet.listId, open: bullet.nestingLevel ?? 0 }
      : item && ctx.itemBefore
        ? { ...ctx.itemBefore, end, open: item.level }
        : undefined;
  }
  if (quote) {
    paraBase = {
      ...paraBase,
      indentLeft: paraBase.indentLeft + shift,
      indentFirstLine: paraBase.indentFirstLine + shift,
    };
  }
  for (const key of ['indentLeft', 'indentRight'] as const) {
    if (resolved[key] < 0) {
      const side = key === 'indentLeft' ? 'left' : 'right';
      ctx.warn(`A negative ${side} indent (${resolved[key]}pt) ${where()} is shown as 0.`, {
        text: `Negative ${side} indents are shown as 0`,
        where: `${where()} (${resolved[key]}pt)`,
      });
      resolved[key] = 0;
    }
  }
  block.style = diffParagraph(namedStyle, resolved, paraBase);
  const rule = !inCell && pieces.length === 0 && ctx.markRanges.rule(segmentId, start, end);
  paragraphLosses(ctx, p, base.raw, where, { borderLeft: quote !== undefined, borderBottom: rule });

  let merged = mergePieces(pieces);
  block.inlines = merged.map((m) => m.inline);
  const code = level === 0 ? ctx.codeRanges.of(segmentId, start, end) : undefined;
  if (code && holdsCode(block.inlines)) block.code = { info: code.info };
  else if (level === 0 && ctx.htmlRanges.isBlock(segmentId, start, end)) {
    const reading = holdsHtml(block.inlines) ? rawHtmlReading({ ...block, html: true }) : 'no';
    if (reading !== 'no') block.html = true;
    if (reading === 'open') ctx.openHtml.add(block);
  } else {
    // The HTML ranges that read back as HTML, all together: each one alone first when not.
    const ranges = ctx.htmlRanges.inline(segmentId, start, end);
    const read = (some: readonly HtmlRange[]): Piece[] | null => {
      const marked = markHtml(pieces, some);
      const html = marked && mergePieces(marked);
      const inlines = html?.map((m) => m.inline);
      return html && inlines && rawHtmlReading({ ...block, inlines }) === 'closed' ? html : null;
    };
    let html = read(ranges);
    if (!html && ranges.length > 1) html = read(ranges.filter((range) => read([range]) !== null));
    if (html) {
      merged = html;
      block.inlines = merged.map((m) => m.inline);
    }
  }
  // Linked text that an image range covers exactly is an image Docs could not fetch (image-marks.ts).
  for (const m of merged) {
    if (m.inline.type !== 'text' || !m.inline.style.link) continue;
    const range = ctx.imageRanges.at(segmentId, m.start, m.end);
    if (range) m.inline = { ...m.inline, style: { ...m.inline.style, image: range.mark } };
  }
  block.inlines = merged.map((m) => m.inline);
  if (quote) block.quote = quote;
  if (rule) block.rule = true;
  const inlines: InlineSource[] = merged.map((m) => ({ start: m.start, end: m.end }));

  const source: ParagraphSource = {
    kind: 'paragraph',
    segmentId,
    startIndex: start,
    endIndex: end,
    namedStyleType: namedStyle,
    elements,
    inlines,
  };
  if (headingId) source.headingId = headingId;
  if (bullet?.listId) {
    source.listId = bullet.listId;
    source.nestingLevel = bullet.nestingLevel ?? 0;
  }
  if (p.positionedObjectIds?.length) source.positionedObjectIds = [...p.positionedObjectIds];
  return { block, source };
}

/** Adjacent text pieces of equal style merged (merging never crosses another inline). */
function mergePieces(pieces: readonly Piece[]): Piece[] {
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (
      last &&
      piece.style !== undefined &&
      last.style !== undefined &&
      sameStyle(last.style, piece.style) &&
      last.end === piece.start
    ) {
      const text = (last.inline as { text: string }).text + (piece.inline as { text: string }).text;
      merged[merged.length - 1] = {
        inline: { type: 'text', text, style: (last.inline as { style: TextStyle }).style },
        start: last.start,
        end: piece.end,
        style: last.style,
      };
    } else merged.push(piece);
  }
  return merged;
}

/**
 * The pieces with the text under raw-HTML ranges (html-ranges.ts) marked as HTML, split where a
 * range starts or ends inside a run; a soft break under a range is a line end of the HTML source.
 * Null when a range holds anything but text and breaks (an object typed into HTML): no HTML then.
 * Whether the marked text reads back as that HTML is the caller's check.
 */
function markHtml(pieces: readonly Piece[], ranges: readonly HtmlRange[]): Piece[] | null {
  if (ranges.length === 0) return null;
  const inside = (at: number): HtmlRange | undefined =>
    ranges.find((range) => range.startIndex <= at && at < range.endIndex);
  const out: Piece[] = [];
  let htmlStyle: TextStyle | undefined;
  let htmlRange: HtmlRange | undefined;
  for (const piece of pieces) {
    const { inline } = piece;
    if (inline.type === 'break') {
      const range = inside(piece.start);
      if (range) {
        const style = htmlRange === range && htmlStyle ? htmlStyle : { html: true };
        out.push({ inline: { type: 'text', text: '\n', style }, start: piece.start, end: piece.end, style });
      } else out.push(piece);
      continue;
    }
    if (inline.type !== 'text') {
      if (ranges.some((range) => range.startIndex < piece.start && piece.start < range.endIndex)) return null;
      out.push(piece);
      continue;
    }
    // Cut the run where a range starts or ends inside it.
    const cuts = new Set([piece.start, piece.end]);
    for (const range of ranges) {
      if (range.startIndex > piece.start && range.startIndex < piece.end) cuts.add(range.startIndex);
      if (range.endIndex > piece.start && range.endIndex < piece.end) cuts.add(range.endIndex);
    }
    const points = [...cuts].sort((a, b) => a - b);
    for (let k = 0; k + 1 < points.length; k++) {
      const from = points[k]!;
      const to = points[k + 1]!;
      const text = inline.text.slice(from - piece.start, to - piece.start);
      const range = inside(from);
      const style = range ? { ...inline.style, html: true } : inline.style;
      if (range) {
        htmlStyle = style;
        htmlRange = range;
      }
      out.push({ inline: { type: 'text', text, style }, start: from, end: to, style });
    }
  }
  return out;
}

/**
 * Whether two text styles are the same, key order included (as their JSON would be): the model's
 * styles are flat objects of strings, numbers and booleans, built in one order.
 */
function sameStyle(a: TextStyle, b: TextStyle): boolean {
  if (a === b) return true;
  const aKeys = Object.keys(a) as Array<keyof TextStyle>;
  const bKeys = Object.keys(b) as Array<keyof TextStyle>;
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i]!;
    if (key !== bKeys[i] || a[key] !== b[key]) return false;
  }
  return true;
}

/**
 * Captions are one short line: whitespace collapsed, at most CAPTION_MAX characters. They only
 * help a reader tell objects apart (an import matches by id), so they are kept short: every
 * character is paid for on every read.
 */
const CAPTION_MAX = 40;

/**
 * A chip's caption is its value (a person, a date, a link), which a reader needs whole and a new
 * chip is written with (`{^= person "ada@example.com"}`): only a runaway one is cut.
 */
const CHIP_CAPTION_MAX = 200;
const CHIP_KINDS: ReadonlySet<EmbedKind> = new Set(['person', 'date', 'richlink']);

export function captionOf(raw: string | null | undefined, max = CAPTION_MAX): string | undefined {
  const text = (raw ?? '').replace(/[\s\u000b\ue907]+/g, ' ').trim();
  if (!text) return undefined;
  if (text.length <= max) return text;
  // Do not cut a surrogate pair in half.
  let cut = max - 1;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

function embed(id: string, kind: EmbedKind, caption?: string | null): Inline {
  const c = captionOf(caption, CHIP_KINDS.has(kind) ? CHIP_CAPTION_MAX : CAPTION_MAX);
  return c ? { type: 'embed', id, kind, caption: c } : { type: 'embed', id, kind };
}

const AUTO_TEXT: Record<string, string> = { PAGE_NUMBER: 'page number', PAGE_COUNT: 'page count' };

function convertElement(
  ctx: ExportContext,
  el: ParagraphElement,
  kind: ElementKind,
  source: ElementSource,
  where: () => string,
): Inline | null {
  switch (kind) {
    case 'inlineObjectElement': {
      const id = el.inlineObjectElement?.inlineObjectId ?? ctx.ids.next('unknown');
      source.id = id;
      const obj = ctx.tab.inlineObjects?.[id]?.inlineObjectProperties?.embeddedObject;
      let k: EmbedKind = 'image';
      if (obj?.embeddedDrawingProperties) k = 'drawing';
      else if (obj?.linkedContentReference) k = 'chart';
      else if (!obj?.imageProperties) k = obj ? 'unknown' : 'image';
      if (!obj) ctx.warn(`Inline object ${id} ${where()} is missing from the tab's objects.`);
      return embed(id, k, obj?.title || obj?.description);
    }
    case 'footnoteReference': {
      const ref = el.footnoteReference!;
      const footnoteId = ref.footnoteId ?? '';
      source.id = footnoteId;
      const label = ref.footnoteNumber || footnoteId;
      ctx.defineFootnote(label, footnoteId);
      return { type: 'footnoteRef', label };
    }
    case 'person': {
      const p = el.person!;
      const id = p.personId ?? ctx.ids.next('unknown');
      source.id = id;
      return embed(id, 'person', p.personProperties?.name || p.personProperties?.email);
    }
    case 'richLink': {
      const r = el.richLink!;
      const id = r.richLinkId ?? ctx.ids.next('unknown');
      source.id = id;
      return embed(id, 'richlink', r.richLinkProperties?.title || r.richLinkProperties?.uri);
    }
    case 'dateElement': {
      const d = el.dateElement!;
      const id = d.dateId ?? ctx.ids.next('unknown');
      source.id = id;
      return embed(id, 'date', d.dateElementProperties?.displayText || d.dateElementProperties?.timestamp);
    }
    case 'pageBreak':
      return synthetic(ctx, source, 'pagebreak');
    case 'columnBreak':
      return synthetic(ctx, source, 'columnbreak');
    case 'horizontalRule':
      return synthetic(ctx, source, 'hr');
    case 'equation':
      ctx.warn(`An equation ${where()} is shown as a placeholder (the API does not expose its content).`);
      return synthetic(ctx, source, 'equation');
    case 'autoText':
      return synthetic(ctx, source, 'autotext', AUTO_TEXT[el.autoText?.type ?? ''] ?? el.autoText?.type);
    default:
      ctx.warn(`An element the exporter does not know ${where()} is shown as a placeholder.`);
      return synthetic(ctx, source, 'unknown');
  }
}

function synthetic(
  ctx: ExportContext,
  source: ElementSource,
  kind: 'pagebreak' | 'columnbreak' | 'hr' | 'equation' | 'autotext' | 'unknown',
  caption?: string | null,
): Inline {
  const id = ctx.ids.next(kind);
  source.id = id;
  return embed(id, kind, caption);
}

/** Paragraph properties MEBDF has no form for, when they differ from the named style's. */
function paragraphLosses(
  ctx: ExportContext,
  p: Paragraph,
  named: NonNullable<Paragraph['paragraphStyle']>,
  where: () => string,
  /** The borders a quote or rule draws (quote-blocks.ts): part of what the paragraph is. */
  marks: { borderLeft: boolean; borderBottom: boolean },
): void {
  const ps = p.paragraphStyle ?? {};
  const lost: string[] = [];
  if (ps.pageBreakBefore && !named.pageBreakBefore) lost.push('page break before');
  if (ps.direction === 'RIGHT_TO_LEFT' && named.direction !== 'RIGHT_TO_LEFT')
    lost.push('right-to-left direction');
  if (ps.shading?.backgroundColor?.color?.rgbColor) lost.push('shading');
  if ((ps.tabStops?.length ?? 0) > 0 && !(named.tabStops?.length ?? 0)) lost.push('tab stops');
  for (const side of ['borderTop', 'borderBottom', 'borderLeft', 'borderRight', 'borderBetween'] as const) {
    const b = ps[side];
    if ((side === 'borderLeft' || side === 'borderBottom') && marks[side]) continue;
    if (b?.width?.magnitude && b.color?.color?.rgbColor) {
      lost.push('borders');
      break;
    }
  }
  if (lost.length) {
    const what = `Paragraph formatting (${lost.join(', ')})`;
    ctx.warn(`${what} ${where()} is not shown.`, { text: `${what} is not shown`, where: where() });
  }
}

/**
 * The level and text indent of the list item a paragraph marked as a further block continues: the
 * paragraph right before it is an item of a list or another further block of one, and the level is
 * the open one (no deeper than the item before) whose text indent the paragraph's indent is, the
 * deepest open one when none is. Without the mark an indented paragraph after an item is just that.
 */
function furtherBlock(
  ctx: ExportContext,
  segmentId: string,
  start: number,
  end: number,
  indent: number,
): { level: number; text: number } | undefined {
  const before = ctx.itemBefore;
  if (!before || before.segmentId !== segmentId || before.end !== start) return undefined;
  if (!ctx.markRanges.item(segmentId, start, end)) return undefined;
  const textOf = (level: number): number | null => listLevel(ctx.tab, before.listId, level).indentStart;
  let level = before.open;
  for (let l = before.open; l >= 0; l--) {
    if (textOf(l) === indent) {
      level = l;
      break;
    }
  }
  return { level, text: textOf(level) ?? 0 };
}

/**
 * A paragraph without a quote mark that has the quote's bar, right after a quoted paragraph, is in
 * that paragraph's quote: it is what pressing Enter in a quote makes in the editor (the split copies
 * the look, not the mark). Anything else without a mark is no quote.
 */
function continuedQuote(
  ctx: ExportContext,
  segmentId: string,
  start: number,
  ps: NonNullable<Paragraph['paragraphStyle']>,
): string | undefined {
  const before = ctx.quoteBefore;
  if (!before || before.segmentId !== segmentId || before.end !== start || !isQuoteBar(ps.borderLeft))
    return undefined;
  return before.quote.replaceAll('+', '>');
}
