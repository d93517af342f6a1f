/**
 * updateTextStyle: the fields mask (a masked field without a value resets it), values equal to
 * the inherited style stored unset, link side effects (underline + #1155CC, never on newlines,
 * legacy heading/bookmark ids stored in the tabs form), whole-paragraph styling extended to the
 * newline, and list bullets restyled when their paragraph is wholly covered.
 */
import type { DocsTextStyle, Paragraph, ParagraphElement } from '../../ground/docs-json.js';
import type { EngineContext } from './context.js';
import { googleValue, isRecord } from './json.js';
import { resolveRange } from './locations.js';
import { elementStyle, markFresh, paragraphsInRange, splitElementsAt } from './paragraphs.js';
import { equalsParent, orderKeys, parentTextStyle, parseMask, TEXT_STYLE_ORDER } from './style-fields.js';

/** #1155CC, the colour Google gives new links. */
export const LINK_COLOR = { color: { rgbColor: { red: 0.06666667, green: 0.33333334, blue: 0.8 } } };

/** Legacy `{headingId}` / `{bookmarkId}` links read back as `{heading:{id,tabId}}` / `{bookmark:{id,tabId}}`. */
export function normalizeLink(link: Record<string, unknown>, tabId: string): Record<string, unknown> {
  if (typeof link.headingId === 'string') return { heading: { id: link.headingId, tabId } };
  if (typeof link.bookmarkId === 'string') return { bookmark: { id: link.bookmarkId, tabId } };
  for (const k of ['heading', 'bookmark']) {
    const v = link[k];
    if (isRecord(v) && !v.tabId) return { [k]: { ...v, tabId } };
  }
  return structuredClone(link);
}

/** Apply a masked style update to one style object. `isNewline`: links never apply to "\n". */
export function applyTextStyle(
  style: DocsTextStyle,
  fields: string[],
  value: Record<string, unknown>,
  parent: DocsTextStyle,
  tabId: string,
  isNewline: boolean,
): void {
  const s = style as Record<string, unknown>;
  const p = parent as Record<string, unknown>;
  const touched = new Set<string>();
  for (const f of fields) {
    if (f === 'link' && isNewline) continue;
    touched.add(f);
    const v = value[f];
    if (v === undefined || v === null) delete s[f];
    else if (f === 'link' && isRecord(v)) s[f] = normalizeLink(v, tabId);
    else if (f === 'weightedFontFamily' && isRecord(v)) s[f] = { weight: 400, ...structuredClone(v) };
    else s[f] = googleValue(v);
  }
  if (fields.includes('link') && !isNewline) {
    const linked = isRecord(value.link);
    if (!fields.includes('underline')) {
      touched.add('underline');
      if (linked) s.underline = true;
      else if (s.underline === true) delete s.underline;
    }
    if (!fields.includes('foregroundColor')) {
      touched.add('foregroundColor');
      if (linked) s.foregroundColor = structuredClone(LINK_COLOR);
      else if (equalsParent(s.foregroundColor, LINK_COLOR)) delete s.foregroundColor;
    }
  }
  for (const f of touched) if (f in s && equalsParent(s[f], p[f])) delete s[f];
  orderKeys(s, TEXT_STYLE_ORDER);
}

function setElementStyle(el: ParagraphElement, style: DocsTextStyle): void {
  for (const [k, v] of Object.entries(el)) {
    if (k !== 'startIndex' && k !== 'endIndex' && v && typeof v === 'object') {
      (v as { textStyle?: DocsTextStyle }).textStyle = style;
      return;
    }
  }
}

/** Split the runs of `para` inside [a, b) so that every newline is a run of its own. */
function isolateNewlines(para: Paragraph, a: number, b: number): void {
  for (const el of [...(para.elements ?? [])]) {
    const text = el.textRun?.content;
    if (!text || text === '\n') continue;
    const s = el.startIndex ?? 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      if (s + i < a || s + i >= b) continue;
      splitElementsAt(para, s + i);
      splitElementsAt(para, s + i + 1);
    }
  }
}

/** updateTextStyle `{range, textStyle, fields}`. */
export function updateTextStyle(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const { tab, seg, start: s, end: e } = resolveRange(ctx, req.range);
  const fields = parseMask(req.fields, 'TextStyle', 'updateTextStyle');
  const value = isRecord(req.textStyle) ? req.textStyle : {};
  const dt = tab.documentTab!;
  const tabId = tab.tabProperties?.tabId ?? 't.0';
  for (const ref of paragraphsInRange(seg.content, s, e)) {
    const ps = ref.se.startIndex ?? 0;
    const pe = ref.se.endIndex ?? 0;
    const a = Math.max(s, ps);
    let b = Math.min(e, pe);
    // Styling all the text of a paragraph extends the style to its newline.
    if (a === ps && b === pe - 1) b = pe;
    const para = ref.para;
    splitElementsAt(para, a);
    splitElementsAt(para, b);
    if (fields.includes('link')) isolateNewlines(para, a, b);
    const parent = parentTextStyle(dt, para);
    for (const el of para.elements ?? []) {
      const es = el.startIndex ?? 0;
      if (es < a || es >= b) continue;
      const style = structuredClone(elementStyle(el) ?? {});
      applyTextStyle(style, fields, value, parent, tabId, el.textRun?.content === '\n');
      setElementStyle(el, style);
      markFresh(el);
    }
    if (para.bullet && s <= ps && e >= pe - 1) {
      const style = structuredClone(para.bullet.textStyle ?? {});
      applyTextStyle(style, fields, value, parent, tabId, true);
      para.bullet.textStyle = style;
    }
    ctx.dirty.add(para);
  }
  ctx.touch(seg);
  return {};
}
