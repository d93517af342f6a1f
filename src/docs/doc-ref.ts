/**
 * What a person or a model passes as a document: a bare id, or a docs.google.com URL copied from
 * the browser, which may also name a tab (`?tab=t.xxx`) and a heading (`#heading=h.xxx`). Both
 * are taken from the URL when the call does not name them itself. Pure.
 */

export interface DocRef {
  documentId: string;
  tabId?: string;
  anchorId?: string;
}

const DOC_PATH = /\/document\/(?:u\/\d+\/)?d\/([a-zA-Z0-9_-]+)/;

/** `https://docs.google.com/document/d/<id>/edit?tab=t.abc#heading=h.xyz` → its parts; else an id. */
export function parseDocRef(ref: string): DocRef {
  const trimmed = ref.trim();
  const id = DOC_PATH.exec(trimmed)?.[1];
  if (!id) return { documentId: trimmed };
  const out: DocRef = { documentId: id };
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  const tab = url?.searchParams.get('tab');
  if (tab) out.tabId = tab;
  const heading = new URLSearchParams(url?.hash.replace(/^#/, '') ?? '').get('heading');
  if (heading) out.anchorId = heading;
  return out;
}

/** The target a call names, the URL filling in what the call left out (an explicit "" counts). */
export function withRef(
  ref: string,
  tabId: string | undefined,
  anchorId?: string,
): { document_id: string; tab_id?: string; anchor_id?: string } {
  const parsed = parseDocRef(ref);
  const tab = tabId || parsed.tabId;
  const anchor = anchorId ?? parsed.anchorId;
  return {
    document_id: parsed.documentId,
    ...(tab ? { tab_id: tab } : {}),
    ...(anchor !== undefined ? { anchor_id: anchor } : {}),
  };
}
