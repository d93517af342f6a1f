/**
 * The create use case over a Backend: `documents.create` (only the title is honoured, as Google
 * does), then — when given — the initial MEBDF content written by the tab import, and the new
 * document placed in a Drive folder where the backend has folders.
 */
import { ValidationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import { FIRST_TAB_ID } from '../export/tabs.js';
import { importTabService } from './import.js';

export interface CreateDocumentParams {
  title: string;
  /** Initial MEBDF for the first tab. */
  content?: string;
  /** A Drive folder id; a backend without folders says it ignored it. */
  folder_id?: string;
}

export interface CreateDocumentResult {
  success: true;
  document_id: string;
  title: string;
  tab_id: string;
  revision_id: string;
  /** The folder the document is in, when it was placed in one. */
  folder_id: string | null;
  warnings: string[];
}

export async function createDocumentService(
  backend: Backend,
  params: CreateDocumentParams,
): Promise<CreateDocumentResult> {
  const title = params.title.trim();
  if (!title) throw new ValidationError('A document needs a title.', 'Pass a non-empty title.');
  const created = await backend.create(title);
  const documentId = created.documentId ?? '';
  const warnings: string[] = [];
  let folder: string | null = null;
  if (params.folder_id) {
    if (backend.placeInFolder) {
      await backend.placeInFolder(documentId, params.folder_id);
      folder = params.folder_id;
    } else {
      warnings.push(`The ${backend.kind} store has no folders; folder_id ${params.folder_id} was ignored.`);
    }
  }
  const tabId = created.tabs?.[0]?.tabProperties?.tabId ?? FIRST_TAB_ID;
  let revision = created.revisionId ?? '';
  if (params.content?.trim()) {
    const imported = await importTabService(
      backend,
      { document_id: documentId, tab_id: tabId },
      params.content,
    );
    warnings.push(...imported.warnings);
    revision = imported.revision_id;
  }
  return {
    success: true,
    document_id: documentId,
    title: created.title ?? title,
    tab_id: tabId,
    revision_id: revision,
    folder_id: folder,
    warnings,
  };
}
