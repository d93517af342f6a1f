/**
 * Which heading anchors the export's text shows. A heading's id lives in Docs whether or not the
 * text names it: an import keeps the id of a heading it keeps or edits in place (the importer puts
 * the anchor back, import/heading-anchors.ts), and a new heading gets a new id whatever is written.
 * So the text shows `## {^ h.x}Title` only where something needs the id: a heading that a link of
 * the document points to (`[see](#^h.x)`), so that a reader can tell which heading the link names.
 * `all` shows every heading's anchor (for a reader who wants to link to a heading; get_hierarchy
 * lists them too). The model keeps every anchor: sections, the planner and the checks use it. Pure.
 */
import type { DocsTextStyle, Document, StructuralElement } from '../../ground/docs-json.js';
import type { Block, Inline, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { listTabs } from './tabs.js';

/** The heading anchors an export shows: `all`, or those in the set. */
export type ShownAnchors = 'all' | ReadonlySet<string>;

/** How an export shows heading anchors: `linked` (the default) or `all`. */
export type AnchorsOption = 'linked' | 'all';

/** The anchors an export of `built` shows under `option` (default `linked`). */
export function shownAnchors(
  built: { linked: ReadonlySet<string> },
  option: AnchorsOption = 'linked',
): ShownAnchors {
  return option === 'all' ? 'all' : built.linked;
}

/**
 * Ids of the headings of tab `tabId` that a link anywhere in the document points to. `known`: those
 * the links in that tab's first `known.elements` body elements point to, found already (and maybe
 * more), so that those elements are not walked again (section-start.ts).
 */
export function linkedHeadings(
  doc: Document,
  tabId: string,
  known?: { elements: number; linked: ReadonlySet<string> },
): Set<string> {
  return linksTo(doc, tabId, new Set<string>(known?.linked), known?.elements ?? 0);
}

/**
 * Ids of the headings of tab `tabId` that links outside that tab's body and footnotes point to
 * (other tabs, and every tab's headers and footers): links an import of the tab's body cannot see.
 */
export function linkedFromElsewhere(doc: Document, tabId: string): Set<string> {
  return linksTo(doc, tabId, new Set<string>(), null);
}

/**
 * Adds to `out` the ids of the headings of tab `tabId` that the document's links point to: from
 * element `ownFrom` of that tab's body on (its footnotes too), or, `null`, none of its body and
 * footnotes.
 */
function linksTo(doc: Document, tabId: string, out: Set<string>, ownFrom: number | null): Set<string> {
  for (const tab of listTabs(doc)) {
    const c = tab.content;
    const own = tab.tabId === tabId;
    if (!own || ownFrom !== null) {
      const body = c.body?.content ?? [];
      headingLinks(body, own ? ownFrom! : 0, body.length, tab.tabId, tabId, out);
      for (const f of Object.values(c.footnotes ?? {}))
        headingLinks(f.content, 0, undefined, tab.tabId, tabId, out);
    }
    for (const h of Object.values(c.headers ?? {}))
      headingLinks(h.content, 0, undefined, tab.tabId, tabId, out);
    for (const f of Object.values(c.footers ?? {}))
      headingLinks(f.content, 0, undefined, tab.tabId, tabId, out);
  }
  return out;
}

/**
 * Adds to `out` the ids of the headings of tab `tabId` that links in elements `[from, to)` of
 * `content` (in tab `here`) point to; `to` absent: to the end.
 */
export function headingLinks(
  content: readonly StructuralElement[] | null | undefined,
  from: number,
  to: number | undefined,
  here: string,
  tabId: string,
  out: Set<string>,
): Set<string> {
  if (!content) return out;
  const end = Math.min(to ?? content.length, content.length);
  // Plain loops, no `?? []`: this walks every run of the document after the section.
  for (let i = from; i < end; i++) {
    const se = content[i]!;
    const elements = se.paragraph?.elements;
    if (elements) {
      for (let j = 0; j < elements.length; j++) {
        const link = elements[j]!.textRun?.textStyle?.link;
        if (link) linkTarget(link, here, out, tabId);
      }
    }
    const rows = se.table?.tableRows;
    if (!rows) continue;
    for (const row of rows) {
      const cells = row.tableCells;
      if (cells) for (const cell of cells) headingLinks(cell.content, 0, undefined, here, tabId, out);
    }
  }
  return out;
}

/**
 * Adds to `out` the id of the heading of tab `tabId` (default: `here`) that `link`, in tab `here`,
 * points to, if it points to one.
 */
export function linkTarget(
  link: NonNullable<DocsTextStyle['link']>,
  here: string,
  out: Set<string>,
  tabId = here,
): void {
  const id = link.heading?.id ?? link.headingId;
  const target = (link.heading?.id ? link.heading.tabId : link.tabId) || here;
  if (id && target === tabId) out.add(id);
}

/** The id of a heading's own anchor (its first inline, `h.…`), or null. */
export function headingAnchorOf(b: ParagraphBlock): string | null {
  if (b.style.namedStyle === 'NORMAL_TEXT') return null;
  const first = b.inlines[0];
  return first?.type === 'anchor' && first.id?.startsWith('h.') ? first.id : null;
}

/**
 * The model as the text shows it: heading anchors not in `shown` left out. Blocks without a hidden
 * anchor are the same objects (a render cache keeps their text).
 */
export function shownModel(model: MebdfDocument, shown: ShownAnchors): MebdfDocument {
  if (shown === 'all') return model;
  let changed = false;
  const blocks = model.blocks.map((b) => {
    const out = shownBlock(b, shown);
    if (out !== b) changed = true;
    return out;
  });
  const footnotes: MebdfDocument['footnotes'] = {};
  for (const [label, fb] of Object.entries(model.footnotes)) {
    footnotes[label] = fb.map((p) => {
      const out = shownParagraph(p, shown);
      if (out !== p) changed = true;
      return out;
    });
  }
  return changed ? { blocks, footnotes } : model;
}

/** One block as the text shows it (`shownModel`); the block itself when it hides no anchor. */
export function shownBlock(b: Block, shown: ShownAnchors): Block {
  if (shown === 'all') return b;
  if (b.type === 'paragraph') return shownParagraph(b, shown);
  let rowsChanged = false;
  const rows = b.rows.map((row) =>
    row.map((cell) => {
      const blocks = cell.blocks.map((p) => shownParagraph(p, shown));
      if (blocks.every((x, i) => x === cell.blocks[i])) return cell;
      rowsChanged = true;
      return { ...cell, blocks };
    }),
  );
  return rowsChanged ? { ...b, rows } : b;
}

function shownParagraph(b: ParagraphBlock, shown: ShownAnchors): ParagraphBlock {
  const id = headingAnchorOf(b);
  if (id === null || shown === 'all' || shown.has(id)) return b;
  return { ...b, inlines: b.inlines.slice(1) as Inline[] };
}
