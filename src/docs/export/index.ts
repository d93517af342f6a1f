/**
 * The exporter's public API: Google Docs JSON of one tab -> MEBDF (block model, canonical text,
 * sources for the import planner, warnings), for a tab, a section or the outline. Pure: no I/O.
 *
 * Link targets in the model (see also the grammar): a URL as is; a heading, bookmark or tab of the
 * same tab as `#^<id>` (`#^h.abc`, `#^id.xyz`, `#^t.0`); a heading or bookmark in another tab as
 * `#^<tabId>:<id>` (`#^t.ytrmrxold3qv:h.abc`).
 */

import type { Document } from '../../ground/docs-json.js';
import type { MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { plainClone } from '../plain-clone.js';
import { type BuiltTab, buildTab } from './exporter.js';
import { type Edges, withoutForcedEdges } from './forced-paragraphs.js';
import { assignListKeys, footnoteLabels, placeholderSummary } from './model-utils.js';
import { type KnownText, knownText, type RenderCache, render } from './render.js';
import { docsRange, findSection, sectionSpans } from './sections.js';
import { type AnchorsOption, shownAnchors, shownModel } from './shown-anchors.js';
import type {
  BlockSource,
  FootnoteSource,
  Hierarchy,
  LocatedWarning,
  SectionExport,
  TabExport,
} from './types.js';

export { isSyntheticHeadingId, SYNTHETIC_HEADING_PREFIX } from './ids.js';
export { linkHref } from './paragraph.js';
export { RenderCache, type RenderedBlock, type RenderedBlocks, renderBlocks } from './render.js';
export { findSection, type SectionSpan, sectionSpans } from './sections.js';
export {
  type AnchorsOption,
  headingAnchorOf,
  type ShownAnchors,
  shownAnchors,
  shownModel,
} from './shown-anchors.js';
export { FIRST_TAB_ID, listTabs, type ResolvedTab, resolveTab } from './tabs.js';
export { estimateTokens } from './tokens.js';
export type * from './types.js';

/** How an export renders: `cache` keeps each block's text for the other renders of one command. */
export interface ExportOptions {
  cache?: RenderCache | undefined;
  /**
   * Texts written before from some model (the last export kept in the store, an import's parse):
   * writing out is a function of the model alone, so when one's model equals the export's, its
   * text is the export's text and nothing is written out again (not one by other code:
   * `KnownText.otherWriter`).
   */
  known?: readonly KnownText[] | undefined;
  /** Which heading anchors the text shows: `linked` (default: those a link points to) or `all`. */
  anchors?: AnchorsOption | undefined;
}

/** Export a whole tab. Without `tabId` the document must have one tab (else MultipleTabsError). */
export function exportTab(doc: Document, tabId?: string | null, options: ExportOptions = {}): TabExport {
  return tabOf(buildTab(doc, tabId), options);
}

/**
 * Export one section of a tab (`anchorId` from getHierarchy; `""` is the preamble). Block ids,
 * synthetic ids and warnings are those of the whole tab's export, restricted to the section. The
 * tab is built only as far as the section needs, from near its start (exporter.ts `buildTab`).
 */
export function exportSection(
  doc: Document,
  tabId: string | null | undefined,
  anchorId: string,
  options: ExportOptions = {},
): SectionExport {
  return sectionOf(buildTab(doc, tabId, { section: anchorId }), anchorId, options);
}

/** The export of a tab already built (`buildTab`): an import builds the tab's model once. */
export function tabOf(built: BuiltTab, options: ExportOptions = {}): TabExport {
  const edges = { startsBody: true, endsBody: true };
  return finish(built, built.model, built.sources, built.footnoteSources, built.warnings, edges, options);
}

/** The export of one section of a tab already built (`buildTab`); `built` is left as it is. */
export function sectionOf(built: BuiltTab, anchorId: string, options: ExportOptions = {}): SectionExport {
  const span = findSection(built.model, anchorId, built.tab.tabId, built.skipped);
  const { firstBlock, endBlock } = span;
  // A copy: list keys are renumbered for the section, and the tab model must not change.
  const blocks = plainClone(built.model.blocks.slice(firstBlock, endBlock));
  const footnotes: MebdfDocument['footnotes'] = {};
  const footnoteSources: Record<string, FootnoteSource> = {};
  for (const label of footnoteLabels(blocks)) {
    footnotes[label] = plainClone(built.model.footnotes[label] ?? []);
    const fs = built.footnoteSources[label];
    if (fs) footnoteSources[label] = fs;
  }
  const model: MebdfDocument = { blocks, footnotes };
  assignListKeys(model);
  const warnings = built.warnings.filter((w) => w.block >= firstBlock && w.block < endBlock);
  const sources = built.sources.slice(firstBlock, endBlock);
  const edges = { startsBody: firstBlock === 0, endsBody: endBlock === built.model.blocks.length };
  const out = finish(built, model, sources, footnoteSources, warnings, edges, options);
  return {
    ...out,
    anchorId,
    firstBlock,
    endBlock,
    ...docsRange(built.sources, firstBlock, endBlock),
  };
}

/** The tab's section headings and the outline as Markdown heading lines. */
export function getHierarchy(doc: Document, tabId?: string | null): Hierarchy {
  const built = buildTab(doc, tabId);
  const spans = sectionSpans(built.model).slice(1);
  const lines = spans.map((s) => {
    const block = built.model.blocks[s.firstBlock] as ParagraphBlock;
    const heading: ParagraphBlock = {
      type: 'paragraph',
      style: { namedStyle: block.style.namedStyle },
      inlines: [
        { type: 'anchor', id: s.anchorId },
        ...(s.text ? [{ type: 'text' as const, text: s.text, style: {} }] : []),
      ],
    };
    return render({ blocks: [heading], footnotes: {} }).trim();
  });
  return {
    tabId: built.tab.tabId,
    headings: spans.map((s) => ({ anchor_id: s.anchorId, level: s.level, text: s.text })),
    markdown: lines.length ? `${lines.join('\n')}\n` : '',
  };
}

function finish(
  built: BuiltTab,
  model: MebdfDocument,
  sources: BlockSource[],
  footnoteSources: Record<string, FootnoteSource>,
  located: LocatedWarning[],
  edges: Edges,
  options: ExportOptions,
): TabExport {
  const warnings = groupWarnings(located);
  const summary = placeholderSummary(model);
  if (summary) warnings.push(summary);
  const shown = shownAnchors(built, options.anchors);
  const text = shownModel(withoutForcedEdges(model, edges), shown);
  const out: TabExport = {
    tabId: built.tab.tabId,
    model,
    content: '',
    shown,
    warnings,
    sources,
    footnoteSources,
  };
  const same = options.known?.find((k) => !k.otherWriter && deepEqual(k.model, text));
  if (same) {
    out.known = same;
    out.content = same.content;
  } else if (options.cache) {
    // Rendered through a cache, the text comes with its pieces: an incremental parse starts from it.
    out.known = knownText(text, options.cache);
    out.content = out.known.content;
  } else out.content = render(text);
  return out;
}

/** Warnings of one kind seen more than this often are merged into one that lists a few places. */
const GROUP_AFTER = 2;
const PLACES_SHOWN = 3;

/** Distinct messages in order of first appearance, frequent kinds merged. */
function groupWarnings(located: LocatedWarning[]): string[] {
  const groups = new Map<string, string[]>();
  for (const w of located) {
    if (!w.group) continue;
    const wheres = groups.get(w.group.text) ?? [];
    if (!wheres.includes(w.group.where)) wheres.push(w.group.where);
    groups.set(w.group.text, wheres);
  }
  const out = new Set<string>();
  for (const w of located) {
    const wheres = w.group ? groups.get(w.group.text)! : [];
    if (!w.group || wheres.length <= GROUP_AFTER) {
      out.add(w.message);
      continue;
    }
    const shown = wheres.slice(0, PLACES_SHOWN).join('; ');
    const more = wheres.length > PLACES_SHOWN ? `; and ${wheres.length - PLACES_SHOWN} more` : '';
    out.add(`${w.group.text} (${wheres.length} places: ${shown}${more}).`);
  }
  return [...out];
}
