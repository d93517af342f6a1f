/**
 * Field schemas shared by several tools, so that `document_id`, `tab_id`, `anchor_id` and the
 * common result fields are described the same way everywhere.
 */
import { z } from 'zod';
import { parseDocRef, withRef } from '../docs/doc-ref.js';
import { ValidationError } from '../errors.js';

export const documentIdField = z
  .string()
  .min(1)
  .describe(
    'Google Doc ID: the long id in the document URL (docs.google.com/document/d/<ID>/edit). A full docs.google.com URL is accepted too; its ?tab=t.… and #heading=h.… are used when tab_id / anchor_id are not given.',
  );

export const tabIdField = z
  .string()
  .optional()
  .describe(
    'Tab ID from get_metadata (e.g. "t.0"). Omit or pass "" for a single-tab document; required when the document has several tabs.',
  );

export const anchorIdField = z
  .string()
  .describe(
    'Heading anchor from get_hierarchy (e.g. "h.abc123"). Pass "" for the preamble: the content before the first heading.',
  );

export const warningsField = z
  .array(z.string())
  .describe('Non-fatal issues, one per lossy choice or notable fact (e.g. "the section holds suggestions").');

export const revisionIdField = z.string().describe('The revision of the tab the result reflects.');

export const baseField = z
  .string()
  .describe(
    'Opaque token of the revision read and a fingerprint of the exported content. Pass it to the matching import tool as `base` so a concurrent edit of the same content is detected instead of overwritten.',
  );

export const estimatedTokensField = z
  .number()
  .int()
  .describe('Rough size of `content` in model tokens (characters / 4), to budget context.');

export const preservedObjectsField = z
  .array(z.string())
  .describe('Ids of embedded objects (images, charts, chips…) inside the target that were kept untouched.');

export const newHeadingsField = z
  .array(
    z.object({
      anchor_id: z
        .string()
        .describe(
          'The new heading’s anchor, usable with export_section; "" in a dry run (new: the write makes it).',
        ),
      level: z.number().int().describe('Heading level 1–6.'),
      text: z.string().describe('Heading text.'),
    }),
  )
  .describe(
    'Headings the import created, with the anchors Google gave them (a dry run lists those it would create, as new). A heading the edit moved past another or past an image is typed anew and listed here too; the document’s links to its old anchor were pointed at the new one (warnings say so).',
  );

/** `docs.google.com/document/d/<id>/…` → `<id>`; anything else is taken as an id. */
export function normalizeDocumentId(ref: string): string {
  return parseDocRef(ref).documentId;
}

/** `document_id` and `tab_id` of a call, the tab taken from a URL's `?tab=` when not given. */
export function tabTarget(ref: string, tabId: string | undefined): { document_id: string; tab_id?: string } {
  const { document_id, tab_id } = withRef(ref, tabId);
  return { document_id, ...(tab_id ? { tab_id } : {}) };
}

export const allowDeletionsField = z
  .boolean()
  .optional()
  .describe(
    'Needed (true) for a destructive change when the client cannot ask the user to confirm: pass it only after the user agreed. Where the client can ask, the user is asked either way.',
  );

/** A section target whose anchor came from the call or its URL; else a ValidationError. */
export function requireAnchor(target: { document_id: string; tab_id?: string; anchor_id?: string }): {
  document_id: string;
  tab_id?: string;
  anchor_id: string;
} {
  if (target.anchor_id === undefined) {
    throw new ValidationError(
      'No section named: pass anchor_id, or a document URL ending in #heading=h.….',
      'Call get_hierarchy to see the anchors.',
    );
  }
  return { ...target, anchor_id: target.anchor_id };
}
