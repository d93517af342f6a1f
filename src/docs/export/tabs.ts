/**
 * Finding the tab an export works on. Documents come in two shapes: the tabs shape
 * (`includeTabsContent=true`: content in `tabs[].documentTab`, child tabs nested in `childTabs`) and
 * the legacy shape (the first tab's content in top-level `body`, `lists`, …). Both resolve to the
 * same `ResolvedTab`; a legacy document has exactly one tab, `t.0` (the first tab's id, always).
 */
import { excerpt, MultipleTabsError, TabNotFoundError } from '../../errors.js';
import type { Document, DocumentTab, Tab } from '../../ground/docs-json.js';

export interface ResolvedTab {
  tabId: string;
  title: string;
  /** The tab's content: body, lists, named styles, footnotes, objects, named ranges. */
  content: DocumentTab;
}

/** The id Google gives the first tab of every document. */
export const FIRST_TAB_ID = 't.0';

/** Every tab of the document in reading order (a parent before its children). */
export function listTabs(doc: Document): ResolvedTab[] {
  const tabs = doc.tabs ?? [];
  if (tabs.length === 0) {
    // Legacy shape: the top-level fields are the first (and, as far as we can see, only) tab.
    const content: DocumentTab = {
      body: doc.body ?? { content: [] },
      headers: doc.headers ?? null,
      footers: doc.footers ?? null,
      footnotes: doc.footnotes ?? null,
      ...(doc.documentStyle ? { documentStyle: doc.documentStyle } : {}),
      ...(doc.namedStyles ? { namedStyles: doc.namedStyles } : {}),
      lists: doc.lists ?? null,
      namedRanges: doc.namedRanges ?? null,
      inlineObjects: doc.inlineObjects ?? null,
      positionedObjects: doc.positionedObjects ?? null,
    };
    return [{ tabId: FIRST_TAB_ID, title: doc.title ?? '', content }];
  }
  const out: ResolvedTab[] = [];
  const walk = (list: Tab[]): void => {
    for (const tab of list) {
      const tabId = tab.tabProperties?.tabId ?? '';
      out.push({
        tabId,
        title: tab.tabProperties?.title ?? '',
        content: tab.documentTab ?? { body: { content: [] } },
      });
      walk(tab.childTabs ?? []);
    }
  };
  walk(tabs);
  return out;
}

/**
 * The tab to export. Without `tabId` the document must have exactly one tab; an empty string counts
 * as absent (the tool contract's "empty for single-tab").
 */
export function resolveTab(doc: Document, tabId?: string | null): ResolvedTab {
  const tabs = listTabs(doc);
  const listing = tabs.map((t) => `${t.tabId} ("${t.title}")`).join(', ');
  if (!tabId) {
    if (tabs.length === 1) return tabs[0]!;
    throw new MultipleTabsError(
      `The document has ${tabs.length} tabs; say which one with a tab id.`,
      `Call get_metadata to list the tabs, then pass tab_id. Tabs: ${listing}.`,
    );
  }
  const found = tabs.find((t) => t.tabId === tabId);
  if (!found) {
    throw new TabNotFoundError(
      `The document has no tab ${excerpt(tabId)}.`,
      `Use one of the document's tab ids (get_metadata lists them): ${listing}.`,
    );
  }
  return found;
}
