/**
 * Document shapes and lookups: legacy single-body shape -> tabs shape, tab and segment lookup,
 * and `documents.create` semantics for a new document or a new tab.
 */

import type { Document, DocumentTab, StructuralElement, Tab } from '../../ground/docs-json.js';
import type { CommentOptions } from './comments.js';
import { defaultDocumentStyle, defaultNamedStyles, defaultSectionStyle } from './defaults.js';
import { type IdSource, randomIds, randomRevisionId } from './ids.js';
import { allTabs } from './indices.js';

/** Options shared by every engine entry point. */
export interface EngineOptions {
  /** Id source for new kix./h./t./suggest. ids (random by default). */
  ids?: IdSource;
  /** Source of new revision ids (random `ALm37…` by default). */
  revision?: () => string;
  /** The author and clock of comment posts (comments.ts). */
  comments?: CommentOptions;
  /**
   * The caller's proof that no request reaches the body of `tabId` before `index`: the body
   * elements that end at or before it are shared with the input document, not copied. The engine
   * only re-derives their indices, to the values they have, so the input still never changes.
   */
  untouchedBefore?: { tabId: string; index: number };
  /**
   * The caller's proof that no request reaches the body of `tabId` at or after `index`: the body
   * elements that start there or later are copied only where they hold an index (the element, its
   * paragraph and list of paragraph elements, table rows and cells), and share their runs, styles
   * and objects with the input, which the engine never changes there; their indices are moved by
   * the one re-derivation every request ends with.
   */
  untouchedAfter?: { tabId: string; index: number };
  /**
   * With `untouchedAfter`: the caller reads only what the requests changed, so the elements after
   * them may keep their old indices until ground/stale-tail.ts `settleDocument` (untouched-tail.ts
   * `leaveTail`). Whoever keeps, writes or reads the whole result must settle it first.
   */
  tailLater?: boolean;
}

/**
 * The top-level fields that hold the first tab's content in the legacy shape, which is also the
 * order in which Google writes a DocumentTab's members.
 */
export const LEGACY_TAB_FIELDS = [
  'body',
  'headers',
  'footers',
  'footnotes',
  'documentStyle',
  'suggestedDocumentStyleChanges',
  'namedStyles',
  'suggestedNamedStylesChanges',
  'lists',
  'namedRanges',
  'inlineObjects',
  'positionedObjects',
] as const;

type TabMapKey = 'headers' | 'footers' | 'footnotes' | 'lists' | 'namedRanges' | 'inlineObjects';

/** A DocumentTab map, created in Google's member order when the tab has none yet. */
export function tabMap<K extends TabMapKey>(dt: DocumentTab, key: K): NonNullable<DocumentTab[K]> {
  if (!dt[key]) {
    (dt as Record<string, unknown>)[key] = {};
    const entries = Object.entries(dt);
    const rank = (k: string) => {
      const i = (LEGACY_TAB_FIELDS as readonly string[]).indexOf(k);
      return i === -1 ? LEGACY_TAB_FIELDS.length : i;
    };
    entries.sort((a, b) => rank(a[0]) - rank(b[0]));
    for (const [k] of entries) delete (dt as Record<string, unknown>)[k];
    for (const [k, v] of entries) (dt as Record<string, unknown>)[k] = v;
  }
  return dt[key] as NonNullable<DocumentTab[K]>;
}

/** Google's title for a first tab nobody renamed. */
export const DEFAULT_FIRST_TAB_TITLE = 'Tab 1';

/**
 * Legacy shape (top-level `body`, `lists`, …) to the tabs shape; a document already in the tabs
 * shape is returned as is. Unknown fields are kept in place.
 */
export function toTabsShape(doc: Document): Document {
  if (doc.tabs && doc.tabs.length > 0) return doc;
  const src = doc as Record<string, unknown>;
  const documentTab: Record<string, unknown> = {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if ((LEGACY_TAB_FIELDS as readonly string[]).includes(k)) documentTab[k] = v;
    else if (k !== 'tabs') out[k] = v;
  }
  if (!documentTab.body) documentTab.body = { content: [] };
  out.tabs = [
    {
      tabProperties: { tabId: 't.0', title: DEFAULT_FIRST_TAB_TITLE, index: 0 },
      documentTab,
    },
  ];
  return out as Document;
}

/** The tab with this id (nested child tabs searched); the first tab when `tabId` is absent. */
export function getTab(doc: Document, tabId?: string | null): Tab | undefined {
  const tabs = toTabsShape(doc).tabs ?? [];
  if (!tabId) return tabs[0];
  return allTabs(doc).find((t) => t.tabProperties?.tabId === tabId);
}

/** One index space: the body, a header, a footer or a footnote. */
export interface Segment {
  kind: 'body' | 'header' | 'footer' | 'footnote';
  /** '' for the body, else the header/footer/footnote id. */
  id: string;
  /** The live content array (mutations go here). */
  content: StructuralElement[];
  /** Index of the first element: always 0 (the body's section break sits at [0,1)). */
  start: number;
}

/** The segment of a tab named by `segmentId` ('' or absent = body); undefined when unknown. */
export function segmentOf(tab: Tab, segmentId?: string | null): Segment | undefined {
  const dt = tab.documentTab;
  if (!dt) return undefined;
  if (!segmentId) {
    if (!dt.body) dt.body = { content: [] };
    if (!dt.body.content) dt.body.content = [];
    return { kind: 'body', id: '', content: dt.body.content, start: 0 };
  }
  const kinds = [
    ['header', dt.headers],
    ['footer', dt.footers],
    ['footnote', dt.footnotes],
  ] as const;
  for (const [kind, map] of kinds) {
    const seg = map?.[segmentId];
    if (seg) {
      if (!seg.content) seg.content = [];
      return { kind, id: segmentId, content: seg.content, start: 0 };
    }
  }
  return undefined;
}

/** A fresh body: section break [0,1) and one empty paragraph [1,2). */
export function newBody(): StructuralElement[] {
  return [
    { endIndex: 1, sectionBreak: { sectionStyle: defaultSectionStyle() } },
    {
      startIndex: 1,
      endIndex: 2,
      paragraph: {
        elements: [{ startIndex: 1, endIndex: 2, textRun: { content: '\n', textStyle: {} } }],
        paragraphStyle: { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT' },
      },
    },
  ];
}

/** A fresh DocumentTab as documents.create or addDocumentTab makes it. */
export function newDocumentTab(documentStyle?: DocumentTab['documentStyle']): DocumentTab {
  const style = defaultDocumentStyle();
  // The page size follows the account locale (A4 or Letter): keep the document's own.
  if (documentStyle?.pageSize) style.pageSize = structuredClone(documentStyle.pageSize);
  return { body: { content: newBody() }, documentStyle: style, namedStyles: defaultNamedStyles() };
}

/** `documents.create`: only the title is honoured; the result is in the tabs shape. */
export function createDocument(title: string, options: EngineOptions = {}): Document {
  const ids = options.ids ?? randomIds();
  const revision = options.revision ?? (() => randomRevisionId());
  const documentId = `1${ids.kix().slice(4)}${ids.kix().slice(4)}${ids.kix().slice(4)}`.slice(0, 44);
  return {
    title,
    revisionId: revision(),
    suggestionsViewMode: 'SUGGESTIONS_INLINE',
    documentId,
    tabs: [
      {
        tabProperties: { tabId: 't.0', title: DEFAULT_FIRST_TAB_TITLE, index: 0 },
        documentTab: newDocumentTab(),
      },
    ],
  };
}
