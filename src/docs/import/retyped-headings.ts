/**
 * Headings an import types anew. The Docs API has no request that moves text: a heading that
 * changes places with another (two sections swapped) or crosses an object (which cannot be made
 * again) is deleted and typed again where it now stands, and Docs gives every paragraph it makes
 * a heading a new id. Links to the old id would lead nowhere, so the links of the document that
 * point at it are pointed at the new heading in a second write, once the first has made it and
 * its id can be read (service/import-pipeline.ts). Pure.
 */
import { ValidationError } from '../../errors.js';
import type { Document, Request, StructuralElement } from '../../ground/docs-json.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import { mapParagraphs } from '../export/model-utils.js';
import { listTabs } from '../export/tabs.js';

/**
 * A plan that must type headings anew that links point to (`ids`, their old ids): refused as it
 * stands; the import plans again with those headings written as new ones and re-points their
 * links after the write, where it can write twice.
 */
export class RetypedHeadingsError extends ValidationError {
  readonly ids: readonly string[];
  constructor(ids: readonly string[], message: string, suggestion: string) {
    super(message, suggestion);
    this.ids = ids;
  }
}

/** `model` with the heading anchors `ids` taken off their headings (typed anew: Docs gives new ids). */
export function withoutHeadingIds(model: MebdfDocument, ids: ReadonlySet<string>): MebdfDocument {
  let changed = false;
  const blocks = mapParagraphs(model.blocks, (b) => {
    const first = b.inlines[0];
    if (b.style.namedStyle === 'NORMAL_TEXT' || first?.type !== 'anchor' || !first.id || !ids.has(first.id))
      return b;
    changed = true;
    return { ...b, inlines: b.inlines.slice(1) };
  });
  return changed ? { ...model, blocks } : model;
}

/**
 * The requests that point every link of `doc` to a heading of tab `tabId` whose id is a key of
 * `moved` at the heading of the value instead (every tab's body, footnotes, headers and footers;
 * a table of contents is Docs' own and left to it), and the link texts, to report.
 */
export function relinkRequests(
  doc: Document,
  tabId: string,
  moved: ReadonlyMap<string, string>,
): { requests: Request[]; texts: string[] } {
  const requests: Request[] = [];
  const texts: string[] = [];
  for (const tab of listTabs(doc)) {
    const c = tab.content;
    const visit = (content: readonly StructuralElement[] | null | undefined, segmentId?: string): void => {
      for (const se of content ?? []) {
        for (const row of se.table?.tableRows ?? [])
          for (const cell of row.tableCells ?? []) visit(cell.content, segmentId);
        for (const pe of se.paragraph?.elements ?? []) {
          const link = pe.textRun?.textStyle?.link;
          const id = link?.heading?.id ?? link?.headingId;
          // A legacy heading link without its tab is the tab it is in's.
          const to = id ? moved.get(id) : undefined;
          if (!to || (link?.heading?.tabId ?? link?.tabId ?? tab.tabId) !== tabId) continue;
          requests.push({
            updateTextStyle: {
              range: {
                startIndex: pe.startIndex ?? 0,
                endIndex: pe.endIndex ?? 0,
                tabId: tab.tabId,
                ...(segmentId ? { segmentId } : {}),
              },
              textStyle: { link: { heading: { id: to, tabId } } },
              fields: 'link',
            },
          });
          texts.push((pe.textRun?.content ?? '').trim());
        }
      }
    };
    visit(c.body?.content);
    for (const [id, f] of Object.entries(c.footnotes ?? {})) visit(f.content, id);
    for (const [id, h] of Object.entries(c.headers ?? {})) visit(h.content, id);
    for (const [id, f] of Object.entries(c.footers ?? {})) visit(f.content, id);
  }
  return { requests, texts };
}
