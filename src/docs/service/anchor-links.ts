/**
 * Links to anchors (`[text](#^id)`, `#^tab:id`, `#^tab`) that an import adds must point at
 * something: an anchor of the tab (heading, bookmark, named range), one the same import writes
 * with its id, or a tab. A link to nothing would be written silently and lead nowhere, so it is a
 * ValidationError naming the closest existing anchor. Links the target already has are left
 * alone (a heading deleted elsewhere must not block every later import of the section). Pure.
 */
import { ValidationError } from '../../errors.js';
import type { Document } from '../../ground/docs-json.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { editDistance } from '../../mebdf/suggest.js';
import { buildTab } from '../export/exporter.js';
import { listTabs } from '../export/index.js';

interface Link {
  href: string;
  text: string;
}

function visit(doc: MebdfDocument, each: (b: Block) => void): void {
  const walk = (blocks: Block[]): void => {
    for (const b of blocks) {
      each(b);
      if (b.type === 'table') for (const row of b.rows) for (const cell of row) walk(cell.blocks);
    }
  };
  walk(doc.blocks);
  for (const blocks of Object.values(doc.footnotes)) walk(blocks);
}

function anchorLinks(doc: MebdfDocument): Link[] {
  const out: Link[] = [];
  visit(doc, (b) => {
    if (b.type !== 'paragraph') return;
    for (const x of b.inlines) {
      if (x.type === 'text' && x.style.link?.startsWith('#^')) out.push({ href: x.style.link, text: x.text });
    }
  });
  return out;
}

/** Anchor ids of a model, with the heading text each one starts (empty when none). */
function anchors(doc: MebdfDocument): Map<string, string> {
  const out = new Map<string, string>();
  visit(doc, (b) => {
    if (b.type !== 'paragraph') return;
    b.inlines.forEach((x, i) => {
      if (x.type !== 'anchor' || !x.id) return;
      const text = i === 0 ? b.inlines.map((y) => (y.type === 'text' ? y.text : '')).join('') : '';
      out.set(x.id, text);
    });
  });
  return out;
}

/** Throws ValidationError for the first link the import adds that points at no anchor. */
export function checkAnchorLinks(
  intended: MebdfDocument,
  target: MebdfDocument,
  /** The whole tab's model, asked for only when the import adds a link to an anchor. */
  tab: () => MebdfDocument,
  doc: Document,
  tabId: string,
): void {
  const had = new Set(anchorLinks(target).map((l) => l.href));
  const added = anchorLinks(intended).filter((l) => !had.has(l.href));
  if (added.length === 0) return;
  const here = new Map([...anchors(tab()), ...anchors(intended)]);
  const tabs = new Set(listTabs(doc).map((t) => t.tabId));
  const elsewhere = new Map<string, Map<string, string>>();
  const anchorsOf = (t: string) => {
    if (!elsewhere.has(t)) elsewhere.set(t, tabs.has(t) ? anchors(buildTab(doc, t).model) : new Map());
    return elsewhere.get(t)!;
  };
  for (const link of added) {
    const id = link.href.slice(2);
    const colon = id.indexOf(':');
    const [inTab, known] = colon > 0 ? [id.slice(0, colon), anchorsOf(id.slice(0, colon))] : [tabId, here];
    const bare = colon > 0 ? id.slice(colon + 1) : id;
    if (known.has(bare) || (colon < 0 && tabs.has(id))) continue;
    const near = nearest(bare, known);
    throw new ValidationError(
      `The link [${link.text.slice(0, 40)}](${link.href.slice(0, 60)}) points to an anchor that tab ${inTab} does not have, and this import does not create it; nothing was written.`,
      near
        ? `The closest existing anchor is #^${colon > 0 ? `${inTab}:` : ''}${near.id}${near.text ? ` (heading "${near.text.slice(0, 60)}")` : ''}; get_hierarchy lists them all.`
        : 'get_hierarchy lists the anchors of the tab; link to one of them, or to a URL.',
    );
  }
}

/** The existing anchor closest to `id`, by its id or by its heading's text. */
function nearest(id: string, known: Map<string, string>): { id: string; text: string } | undefined {
  let best: { id: string; text: string; d: number } | undefined;
  for (const [anchor, text] of known) {
    const d = Math.min(editDistance(id, anchor), text ? editDistance(id, text) : Number.POSITIVE_INFINITY);
    if (!best || d < best.d) best = { id: anchor, text, d };
  }
  return best && { id: best.id, text: best.text };
}
