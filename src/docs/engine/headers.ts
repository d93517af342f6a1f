/**
 * createHeader / createFooter (one empty paragraph; attached to the document style — with no
 * sectionBreakLocation, or one naming the first section break — else to the section break named) and deleteHeader / deleteFooter; updateSectionStyle.
 */
import type { StructuralElement } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { tabMap } from './document.js';
import { isRecord } from './json.js';
import { resolveRange } from './locations.js';
import { applyPath, maskPaths } from './masks.js';

function emptySegmentContent(): StructuralElement[] {
  return [
    {
      endIndex: 1,
      paragraph: {
        elements: [{ endIndex: 1, textRun: { content: '\n', textStyle: {} } }],
        paragraphStyle: { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT' },
      },
    },
  ];
}

function create(
  ctx: EngineContext,
  req: Record<string, unknown>,
  kind: 'header' | 'footer',
): Record<string, unknown> {
  if (req.type !== 'DEFAULT') throw new RequestError(`The ${kind} type must be DEFAULT.`);
  const loc = isRecord(req.sectionBreakLocation) ? req.sectionBreakLocation : undefined;
  const tab = ctx.tab(loc?.tabId);
  const dt = tab.documentTab!;
  const key = kind === 'header' ? 'defaultHeaderId' : 'defaultFooterId';
  let holder: Record<string, unknown>;
  const first = (dt.body?.content ?? []).find((x) => x.sectionBreak);
  // The discovery document: a location naming the body's first section break means the document
  // style, as no location does.
  if (loc && !(first && (first.startIndex ?? 0) === (typeof loc.index === 'number' ? loc.index : 0))) {
    const index = typeof loc.index === 'number' ? loc.index : 0;
    const se = (dt.body?.content ?? []).find((x) => (x.startIndex ?? 0) === index && x.sectionBreak);
    if (!se) throw new RequestError(`There is no section break at index ${index}.`);
    se.sectionBreak!.sectionStyle ??= {};
    holder = se.sectionBreak!.sectionStyle as Record<string, unknown>;
  } else {
    dt.documentStyle ??= {};
    holder = dt.documentStyle as Record<string, unknown>;
  }
  if (holder[key]) throw new RequestError(`A ${kind} of this type already exists.`);
  const id = ctx.ids.kix();
  holder[key] = id;
  if (kind === 'header') {
    tabMap(dt, 'headers');
    dt.headers![id] = { headerId: id, content: emptySegmentContent() };
    return { createHeader: { headerId: id } };
  }
  tabMap(dt, 'footers');
  dt.footers![id] = { footerId: id, content: emptySegmentContent() };
  return { createFooter: { footerId: id } };
}

export const createHeader = (ctx: EngineContext, req: Record<string, unknown>) => create(ctx, req, 'header');
export const createFooter = (ctx: EngineContext, req: Record<string, unknown>) => create(ctx, req, 'footer');

const REF_KEYS = [
  'defaultHeaderId',
  'firstPageHeaderId',
  'evenPageHeaderId',
  'defaultFooterId',
  'firstPageFooterId',
  'evenPageFooterId',
];

function remove(
  ctx: EngineContext,
  req: Record<string, unknown>,
  kind: 'header' | 'footer',
): Record<string, unknown> {
  const tab = ctx.tab(req.tabId);
  const dt = tab.documentTab!;
  const id = kind === 'header' ? req.headerId : req.footerId;
  const map = kind === 'header' ? dt.headers : dt.footers;
  if (typeof id !== 'string' || !map?.[id])
    throw new RequestError(`The ${kind} with ID "${String(id)}" does not exist.`);
  delete map[id];
  if (Object.keys(map).length === 0) {
    if (kind === 'header') delete dt.headers;
    else delete dt.footers;
  }
  const holders = [
    dt.documentStyle as Record<string, unknown> | undefined,
    ...(dt.body?.content ?? []).map(
      (se) => se.sectionBreak?.sectionStyle as Record<string, unknown> | undefined,
    ),
  ];
  for (const h of holders) for (const k of REF_KEYS) if (h?.[k] === id) delete h[k];
  return {};
}

export const deleteHeader = (ctx: EngineContext, req: Record<string, unknown>) => remove(ctx, req, 'header');
export const deleteFooter = (ctx: EngineContext, req: Record<string, unknown>) => remove(ctx, req, 'footer');

/** updateSectionStyle `{range, sectionStyle, fields}`: every section overlapping the range. */
export function updateSectionStyle(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const { seg, start, end } = resolveRange(ctx, req.range);
  if (seg.kind !== 'body') throw new RequestError('Section styles can only be updated in the body.');
  const paths = maskPaths(req.fields, 'updateSectionStyle');
  const source = isRecord(req.sectionStyle) ? req.sectionStyle : {};
  if (paths.some((p) => p[0] === 'columnProperties')) {
    const cols = Array.isArray(source.columnProperties) ? source.columnProperties : [];
    if (cols.some((c) => !isRecord(c) || !isRecord(c.paddingEnd))) {
      throw new RequestError('Column padding must be set in order to update column properties.');
    }
  }
  const breaks = seg.content.filter((se) => se.sectionBreak);
  breaks.forEach((se, i) => {
    const s = se.startIndex ?? 0;
    const e = breaks[i + 1]?.startIndex ?? seg.content[seg.content.length - 1]?.endIndex ?? 0;
    if (e <= start || s >= end) return;
    se.sectionBreak!.sectionStyle ??= {};
    const st = se.sectionBreak!.sectionStyle as Record<string, unknown>;
    for (const p of paths) applyPath(st, source, p);
  });
  return {};
}
