/**
 * The legacy single-body shape of `documents.get` (includeTabsContent false or unset): the first
 * tab's content fills the top-level fields and `tabs` is left out (DOCS-API.md §1.1).
 */
import type { Document } from '../docs/types.js';

/** The DocumentTab fields that move to the top level, in the order Google writes them. */
const TAB_FIELDS = [
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

export function toLegacyShape(doc: Document): Document {
  const first = doc.tabs?.[0]?.documentTab ?? {};
  const out: Record<string, unknown> = { title: doc.title };
  for (const field of TAB_FIELDS) {
    const value = (first as Record<string, unknown>)[field];
    if (value !== undefined) out[field] = value;
  }
  for (const [key, value] of Object.entries(doc)) {
    if (key !== 'tabs' && key !== 'title' && value !== undefined) out[key] = value;
  }
  return out as Document;
}
