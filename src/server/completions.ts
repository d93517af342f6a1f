/**
 * Argument completion (`completion/complete`) for the resource templates and the prompt, served
 * from the backend: document ids from the document list, tab ids from the document's tabs, heading
 * anchors (and, for the prompt, heading texts) from the tab's outline. A value matches by the start
 * of the id or anywhere in the title or heading text, so typing "risk" offers the Risks section.
 * Completion is a convenience: a document that cannot be read completes to nothing (and is logged)
 * rather than failing the client's input box.
 */

import { hierarchyService } from '../docs/service/export.js';
import { listDocumentsService, MAX_LIST_LIMIT, metadataService } from '../docs/service/navigation.js';
import type { ToolDeps } from '../tools/deps.js';
import { normalizeDocumentId } from '../tools/schemas.js';

/** The arguments a completion request already knows (URI template variables or prompt arguments). */
export type KnownArguments = { arguments?: Record<string, string> } | undefined;

export type Completer = (value: string | undefined, context?: KnownArguments) => Promise<string[]>;

export interface Completers {
  documentId: Completer;
  tabId: Completer;
  anchorId: Completer;
  /** Heading texts of the tab, for the prompt's `heading` argument. */
  headingText: Completer;
}

export function createCompleters(deps: ToolDeps): Completers {
  const quietly =
    (
      what: string,
      complete: (value: string, known: Record<string, string>) => Promise<string[]>,
    ): Completer =>
    async (value, context) => {
      try {
        return await complete(value ?? '', context?.arguments ?? {});
      } catch (error) {
        deps.log(`completion of ${what}: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      }
    };

  const headings = async (known: Record<string, string>) => {
    const documentId = known.document_id;
    if (!documentId) return [];
    const tab = known.tab_id ? { tab_id: known.tab_id } : {};
    const outline = await hierarchyService(deps.backend, {
      document_id: normalizeDocumentId(documentId),
      ...tab,
    });
    return outline.headings;
  };

  return {
    documentId: quietly('document_id', async (value) => {
      const { documents } = await listDocumentsService(deps.backend, { limit: MAX_LIST_LIMIT });
      return documents.filter((d) => matches(value, d.document_id, d.title)).map((d) => d.document_id);
    }),
    tabId: quietly('tab_id', async (value, known) => {
      if (!known.document_id) return [];
      const meta = await metadataService(deps.backend, normalizeDocumentId(known.document_id));
      return meta.tabs.filter((t) => matches(value, t.tab_id, t.title)).map((t) => t.tab_id);
    }),
    anchorId: quietly('anchor_id', async (value, known) =>
      (await headings(known)).filter((h) => matches(value, h.anchor_id, h.text)).map((h) => h.anchor_id),
    ),
    headingText: quietly('heading', async (value, known) =>
      (await headings(known)).filter((h) => matches(value, '', h.text)).map((h) => h.text),
    ),
  };
}

/** True when `value` starts the id or occurs in the label, ignoring case; "" matches all. */
export function matches(value: string, id: string, label: string): boolean {
  const typed = value.trim().toLowerCase();
  return typed === '' || id.toLowerCase().startsWith(typed) || label.toLowerCase().includes(typed);
}
