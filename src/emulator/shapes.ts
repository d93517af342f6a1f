/**
 * The legacy single-body shape of `documents.get` (includeTabsContent false or unset): the first
 * tab's content fills the top-level fields and `tabs` is left out (DOCS-API.md §1.1).
 */
import { LEGACY_TAB_FIELDS } from '../docs/engine/document.js';
import type { Document } from '../ground/docs-json.js';

export function toLegacyShape(doc: Document): Document {
  const first = doc.tabs?.[0]?.documentTab ?? {};
  const out: Record<string, unknown> = { title: doc.title };
  for (const field of LEGACY_TAB_FIELDS) {
    const value = (first as Record<string, unknown>)[field];
    if (value !== undefined) out[field] = value;
  }
  for (const [key, value] of Object.entries(doc)) {
    if (key !== 'tabs' && key !== 'title' && value !== undefined) out[key] = value;
  }
  return out as Document;
}
