/**
 * `gdoc://` URIs of documents, tabs and sections, and the `resource_link` items a writing tool
 * adds to its result so that a client can read back what was written without another lookup.
 */
import type { ResourceLink } from '@modelcontextprotocol/server';

export function documentUri(documentId: string, tabId?: string, anchorId?: string): string {
  let uri = `gdoc://documents/${encodeURIComponent(documentId)}`;
  if (tabId !== undefined) uri += `/tabs/${encodeURIComponent(tabId)}`;
  if (anchorId !== undefined) uri += `/sections/${encodeURIComponent(anchorId)}`;
  return uri;
}

/** A link to a document, a tab of it, or a section of that tab (its MEBDF as a resource). */
export function linkTo(documentId: string, tabId?: string, anchorId?: string): ResourceLink {
  const what =
    anchorId !== undefined
      ? `section ${anchorId || '(preamble)'}`
      : tabId !== undefined
        ? `tab ${tabId}`
        : 'document';
  return {
    type: 'resource_link',
    uri: documentUri(documentId, tabId, anchorId),
    name: `${documentId} ${what}`,
    mimeType: anchorId !== undefined || tabId !== undefined ? 'text/markdown' : 'text/plain',
  };
}
