/**
 * updateParagraphStyle: every paragraph overlapping the range; namedStyleType applied first with
 * Google's heading-id rules (to NORMAL_TEXT drops the id, heading to heading keeps it, NORMAL to a
 * heading mints a new one; re-applying the same named style clears run styles but link chrome),
 * then the other masked fields (a masked field without a value resets it).
 */
import type { DocsTextStyle, Paragraph } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { deepEqual, googleValue, isRecord } from './json.js';
import { resolveRange } from './locations.js';
import { elementStyle, paragraphsInRange } from './paragraphs.js';
import { HEADING_TYPES, orderKeys, PARAGRAPH_STYLE_ORDER, parseMask } from './style-fields.js';
import { LINK_COLOR } from './text-style.js';

/** Apply a new named style type to a paragraph, with the heading-id rules. */
export function setNamedStyleType(ctx: EngineContext, para: Paragraph, type: string): void {
  para.paragraphStyle ??= {};
  const ps = para.paragraphStyle;
  const old = ps.namedStyleType ?? 'NORMAL_TEXT';
  if (old === type) {
    // Re-applying the same named style clears run-level styles, except a link and its chrome.
    for (const el of para.elements ?? []) {
      const style = elementStyle(el);
      if (!style) continue;
      const kept: DocsTextStyle = {};
      if (style.link) {
        if (style.underline === true) kept.underline = true;
        if (deepEqual(style.foregroundColor, LINK_COLOR)) kept.foregroundColor = style.foregroundColor;
        kept.link = style.link;
      }
      for (const k of Object.keys(style)) delete (style as Record<string, unknown>)[k];
      Object.assign(style, kept);
    }
    ctx.dirty.add(para);
  }
  ps.namedStyleType = type;
  if (!HEADING_TYPES.has(type)) delete ps.headingId;
  else if (!HEADING_TYPES.has(old) || !ps.headingId) ps.headingId = ctx.ids.heading();
  orderKeys(ps, PARAGRAPH_STYLE_ORDER);
}

/** updateParagraphStyle `{range, paragraphStyle, fields}`. */
export function updateParagraphStyle(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const { seg, start: s, end: e } = resolveRange(ctx, req.range);
  const fields = parseMask(req.fields, 'ParagraphStyle', 'updateParagraphStyle');
  const value = isRecord(req.paragraphStyle) ? req.paragraphStyle : {};
  if (fields.includes('headingId')) throw new RequestError('headingId is read-only and cannot be updated.');
  if (fields.includes('namedStyleType') && typeof value.namedStyleType !== 'string') {
    throw new RequestError('Named style property is not inherited and cannot be cleared.');
  }
  const refs = paragraphsInRange(seg.content, s, e);
  if (fields.includes('pageBreakBefore') && value.pageBreakBefore) {
    if (seg.kind !== 'body' || refs.some((r) => r.cell)) {
      throw new RequestError(
        'Cannot update page-break-before when the range contains paragraphs in a table.',
      );
    }
  }
  for (const { para } of refs) {
    if (fields.includes('namedStyleType')) setNamedStyleType(ctx, para, value.namedStyleType as string);
    para.paragraphStyle ??= {};
    const ps = para.paragraphStyle as Record<string, unknown>;
    for (const f of fields) {
      if (f === 'namedStyleType') continue;
      const v = value[f];
      if (v === undefined || v === null) delete ps[f];
      else ps[f] = googleValue(v);
    }
    orderKeys(ps, PARAGRAPH_STYLE_ORDER);
  }
  ctx.touch(seg);
  return {};
}
