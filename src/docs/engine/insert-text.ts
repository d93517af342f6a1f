/**
 * insertText, and the text-insertion primitive other requests build on: the new text takes the
 * preceding character's style (the following run's at a paragraph start), control and PUA
 * characters are dropped, and every inserted newline splits the paragraph, the new paragraphs
 * copying its style and bullet (a heading copy gets a fresh heading id; the paragraph itself, its
 * heading id with it, stays with its first character).
 */
import type { DocsTextStyle, ParagraphElement, StructuralElement, Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import type { Segment } from './document.js';
import { insertionParagraph, resolvePoint } from './locations.js';
import { shiftNamedRanges } from './named-ranges.js';
import { insertionStyle, markFresh, splitAtNewlines, splitElementsAt } from './paragraphs.js';
import { isHighSurrogate, isLowSurrogate, stripInsertedText } from './utf16.js';

/** Google moves an index that falls inside a surrogate pair to the start of the pair. */
function snapOutOfSurrogate(seg: Segment, index: number, ctx: EngineContext): number {
  const hit = insertionParagraph(seg, index);
  const el = (hit.para.elements ?? []).find(
    (e) => e.textRun && (e.startIndex ?? 0) < index && index < (e.endIndex ?? 0),
  );
  if (el?.textRun) {
    const off = index - (el.startIndex ?? 0);
    const text = el.textRun.content ?? '';
    if (isHighSurrogate(text.charCodeAt(off - 1)) && isLowSurrogate(text.charCodeAt(off))) return index - 1;
  }
  void ctx;
  return index;
}

/**
 * Insert `text` (already stripped) at `index`; `style` overrides the inherited text style.
 * Validates the location. Returns the number of UTF-16 units inserted.
 */
export function insertTextAt(
  ctx: EngineContext,
  tab: Tab,
  seg: Segment,
  index: number,
  text: string,
  style?: DocsTextStyle,
  extra?: ParagraphElement,
): number {
  const at = snapOutOfSurrogate(seg, index, ctx);
  const hit = insertionParagraph(seg, at);
  const runStyle = style ?? insertionStyle(hit, at);
  const els = hit.para.elements ?? [];
  hit.para.elements = els;
  const k = splitElementsAt(hit.para, at);
  const added: ParagraphElement[] = [];
  if (extra) added.push(markFresh(extra));
  // Links never apply to newlines: an inserted newline next to linked text gets the style without it.
  const pieces = runStyle.link && text.includes('\n') ? text.split(/(\n)/).filter(Boolean) : [text];
  let p = at;
  for (const piece of text.length > 0 ? pieces : []) {
    let textStyle = runStyle;
    if (piece === '\n' && runStyle.link) {
      const { link: _link, ...rest } = runStyle;
      textStyle = rest;
    }
    added.push(
      markFresh({ startIndex: p, endIndex: p + piece.length, textRun: { content: piece, textStyle } }),
    );
    p += piece.length;
  }
  els.splice(k, 0, ...added);
  const n = text.length + (extra ? 1 : 0);
  ctx.dirty.add(hit.para);
  if (text.includes('\n')) {
    const paras = splitAtNewlines(hit.para, () => ctx.ids.heading());
    // A paragraph stays with its first character (live-recorded: "X\n" typed at a heading's start
    // leaves the heading id on the heading text): typed at its start, the new newlines make new
    // paragraphs before it, and it keeps its id, suggestions and objects.
    // (Only a paragraph with text: where its first character is its newline, the first part keeps it.)
    const start = hit.se.startIndex ?? 0;
    if (at === start && (hit.se.endIndex ?? 0) - start > 1 && paras.length > 1) {
      const last = paras[paras.length - 1]!;
      [hit.para.elements, last.elements] = [last.elements, hit.para.elements];
      paras[0] = last;
      paras[paras.length - 1] = hit.para;
      hit.se.paragraph = last;
    }
    const extraSe: StructuralElement[] = paras
      .slice(1)
      .map((p) => ({ startIndex: 0, endIndex: 0, paragraph: p }));
    hit.container.splice(hit.pos + 1, 0, ...extraSe);
    for (const p of paras) ctx.dirty.add(p);
  }
  shiftNamedRanges(tab, seg, at, n);
  ctx.touch(seg);
  ctx.reindex(seg);
  return n;
}

/** insertText `{text, location | endOfSegmentLocation}`. */
export function insertText(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  if (req.text !== undefined && typeof req.text !== 'string') throw new RequestError('Invalid text.');
  const { tab, seg, index } = resolvePoint(ctx, req);
  const text = stripInsertedText((req.text as string | undefined) ?? '');
  insertionParagraph(seg, index);
  if (text.length > 0) {
    insertTextAt(ctx, tab, seg, index, text);
    ctx.current(seg);
  }
  return {};
}
