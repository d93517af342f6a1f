/** updateDocumentStyle and updateNamedStyle: masked updates of a tab's documentStyle / named styles. */
import { type EngineContext, RequestError } from './context.js';
import { isRecord } from './json.js';
import { applyPath, maskPaths } from './masks.js';
import { orderKeys, PARAGRAPH_STYLE_ORDER, TEXT_STYLE_ORDER } from './style-fields.js';

/** updateDocumentStyle `{documentStyle, fields, tabId?}`. */
export function updateDocumentStyle(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const tab = ctx.tab(req.tabId);
  const paths = maskPaths(req.fields, 'updateDocumentStyle');
  const source = isRecord(req.documentStyle) ? req.documentStyle : {};
  const dt = tab.documentTab!;
  dt.documentStyle ??= {};
  const target = dt.documentStyle as Record<string, unknown>;
  for (const path of paths) {
    if (path[0] === '*') {
      for (const k of Object.keys(source)) applyPath(target, source, [k]);
      continue;
    }
    applyPath(target, source, path);
  }
  return {};
}

/** updateNamedStyle `{namedStyle, fields, tabId?}`: the mask must name namedStyleType. */
export function updateNamedStyle(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const tab = ctx.tab(req.tabId);
  const paths = maskPaths(req.fields, 'updateNamedStyle');
  const source = isRecord(req.namedStyle) ? req.namedStyle : {};
  if (!paths.some((p) => p[0] === 'namedStyleType' || p[0] === '*')) {
    throw new RequestError('The fields mask must include named_style_type.');
  }
  const type = source.namedStyleType;
  if (typeof type !== 'string') throw new RequestError('The named style type must be set.');
  const dt = tab.documentTab!;
  dt.namedStyles ??= { styles: [] };
  const styles = dt.namedStyles.styles ?? [];
  dt.namedStyles.styles = styles;
  let style = styles.find((s) => s.namedStyleType === type);
  if (!style) {
    style = { namedStyleType: type, textStyle: {}, paragraphStyle: { namedStyleType: 'NORMAL_TEXT' } };
    styles.push(style);
  }
  const target = style as Record<string, unknown>;
  for (const path of paths) {
    if (path[0] === 'namedStyleType') continue;
    if (path[0] === '*') {
      for (const k of ['textStyle', 'paragraphStyle']) applyPath(target, source, [k]);
      continue;
    }
    applyPath(target, source, path);
  }
  if (style.textStyle) orderKeys(style.textStyle, TEXT_STYLE_ORDER);
  if (style.paragraphStyle) orderKeys(style.paragraphStyle, PARAGRAPH_STYLE_ORDER);
  return {};
}
