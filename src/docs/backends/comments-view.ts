/**
 * What `documents.get` shows of comments: a store keeps every thread and anchor in the document,
 * and a read shows them only with COMMENTS_VIEW_MODE_INCLUDED (the default mode omits them).
 */
import type { DocumentTabWithAnchors, DocumentWithComments } from '../../ground/comments-json.js';
import type { Document, Tab } from '../../ground/docs-json.js';

export const COMMENTS_INCLUDED = 'COMMENTS_VIEW_MODE_INCLUDED';

/** `doc` as a read in the given mode shows it; the stored document is never changed. */
export function commentsView(doc: Document, include: boolean): Document {
  if (include) return { ...doc, commentsViewMode: COMMENTS_INCLUDED } as DocumentWithComments;
  if (!holdsComments(doc)) return doc;
  const { comments: _threads, ...rest } = doc as DocumentWithComments;
  return { ...rest, tabs: (doc.tabs ?? []).map(withoutAnchors) };
}

function holdsComments(doc: Document): boolean {
  if ((doc as DocumentWithComments).comments !== undefined) return true;
  const walk = (tabs: Tab[] | null | undefined): boolean =>
    (tabs ?? []).some(
      (t) =>
        (t.documentTab as DocumentTabWithAnchors | undefined)?.commentAnchors !== undefined ||
        walk(t.childTabs),
    );
  return walk(doc.tabs);
}

function withoutAnchors(tab: Tab): Tab {
  const out: Tab = { ...tab };
  if (tab.documentTab) {
    const { commentAnchors: _anchors, ...dt } = tab.documentTab as DocumentTabWithAnchors;
    out.documentTab = dt;
  }
  if (tab.childTabs) out.childTabs = tab.childTabs.map(withoutAnchors);
  return out;
}
