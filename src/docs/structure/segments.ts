/**
 * A tab's default header or footer as MEBDF, read and written like a tab. Pure.
 *
 * The segment is handed to the exporter and to the import planner as the body of a stand-in copy
 * of its tab (same lists, styles and objects), so it is spelled and diffed exactly as a tab is;
 * the planned requests then get the segment's id on every location and range, and are verified
 * by applying them to the real document with our engine and exporting the segment again.
 * First-page and even-page headers and footers are not addressed (they stay as they are).
 */
import { AnchorNotFoundError, VerificationError } from '../../errors.js';
import type { Document, Request, StructuralElement } from '../../ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../mebdf/index.js';
import { applyBatchUpdate } from '../engine/index.js';
import { asIntended } from '../equality.js';
import { buildTab } from '../export/exporter.js';
import { exportTab } from '../export/index.js';
import { resolveTab } from '../export/tabs.js';
import { planImport } from '../import/index.js';

export type SegmentKind = 'header' | 'footer';

export interface SegmentExport {
  /** The header or footer id. */
  segmentId: string;
  content: string;
  warnings: string[];
}

/** The id of the tab's default header or footer, or null when it has none. */
export function segmentId(doc: Document, tabId: string, kind: SegmentKind): string | null {
  const tab = resolveTab(doc, tabId).content;
  const style = tab.documentStyle ?? {};
  const id = kind === 'header' ? style.defaultHeaderId : style.defaultFooterId;
  const map = kind === 'header' ? tab.headers : tab.footers;
  return id && map?.[id] ? id : null;
}

export function exportSegment(doc: Document, tabId: string, kind: SegmentKind): SegmentExport {
  const id = requireSegment(doc, tabId, kind);
  const out = exportTab(standIn(doc, tabId, kind, id), tabId);
  return { segmentId: id, content: out.content, warnings: out.warnings };
}

/** The requests that make the segment say `content`, verified; `[]` when it already does. */
export function planSegmentImport(
  doc: Document,
  tabId: string,
  kind: SegmentKind,
  content: string,
  allowDeletions: boolean,
): { requests: Request[]; warnings: string[] } {
  const id = requireSegment(doc, tabId, kind);
  const copy = standIn(doc, tabId, kind, id);
  const built = buildTab(copy, tabId);
  const next = parseMebdf(content);
  const old = exportTab(copy, tabId);
  let canonical: ReturnType<typeof parseMebdf> | undefined;
  try {
    canonical = parseMebdf(old.content);
  } catch {
    canonical = undefined;
  }
  const segment = built.tab.content.body?.content ?? [];
  const plan = planImport({
    tabId,
    tab: built.tab.content,
    old: { model: built.model, sources: built.sources, footnoteSources: built.footnoteSources },
    next,
    bodyEnd: segment[segment.length - 1]?.endIndex ?? 1,
    scope: { kind: 'tab' },
    allowDeletions,
    ...(canonical ? { canonical } : {}),
  });
  const requests = plan.requests.map((r) => inSegment(r, id));
  verify(doc, tabId, kind, id, requests, next);
  return { requests, warnings: plan.warnings };
}

function requireSegment(doc: Document, tabId: string, kind: SegmentKind): string {
  const id = segmentId(doc, tabId, kind);
  if (id === null) {
    throw new AnchorNotFoundError(
      `Tab ${tabId} has no ${kind}.`,
      `Write one with import_header_footer (it creates the ${kind}), or check the tab with get_metadata.`,
    );
  }
  return id;
}

/** A copy of the document whose tab `tabId` has the segment as its body (nothing else changes). */
function standIn(doc: Document, tabId: string, kind: SegmentKind, id: string): Document {
  const tab = resolveTab(doc, tabId);
  const map = kind === 'header' ? tab.content.headers : tab.content.footers;
  const content: StructuralElement[] = map?.[id]?.content ?? [];
  return {
    ...doc,
    tabs: [
      {
        tabProperties: { tabId: tab.tabId, title: tab.title },
        documentTab: { ...tab.content, body: { content }, headers: null, footers: null },
      },
    ],
  };
}

/** The members that hold a Location or a Range (the Docs types with a segmentId). */
const SEGMENT_KEYS = new Set(['location', 'range', 'tableStartLocation', 'endOfSegmentLocation']);

/** The request with the segment id on every location and range in it. */
function inSegment(request: Request, id: string): Request {
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, ''));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k);
    if (SEGMENT_KEYS.has(key)) out.segmentId = id;
    return out;
  };
  return walk(request, '') as Request;
}

/** Applied by our engine to the real document, the segment must say `next`. */
function verify(
  doc: Document,
  tabId: string,
  kind: SegmentKind,
  id: string,
  requests: Request[],
  next: ReturnType<typeof parseMebdf>,
): void {
  if (requests.length === 0) return;
  let after: Document;
  try {
    after = applyBatchUpdate(doc, { requests }).document;
  } catch (e) {
    throw bug(`the planned requests do not apply (${e instanceof Error ? e.message : String(e)})`);
  }
  const got = exportTab(standIn(after, tabId, kind, id), tabId).model;
  const text = stringifyMebdf({ ...got, blocks: asIntended(got.blocks, next.blocks) });
  if (text !== stringifyMebdf(next)) throw bug(`the ${kind} would not say the intended content`);
}

function bug(what: string): VerificationError {
  return new VerificationError(
    `Planning the change failed its check: ${what}; nothing was written. This is a bug in gdoc-mcp.`,
    'Report it with the content you sent.',
  );
}
