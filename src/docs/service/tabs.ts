/**
 * Tab use cases over a Backend: add a tab (optionally with MEBDF content, written by the tab
 * import), rename, nest under another tab or bring to the top level, move among its siblings, and
 * delete (its child tabs go with it, as in Docs). One batchUpdate each; the tab list after it is
 * returned so the caller sees where everything is.
 */
import { ValidationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { Document, Request } from '../../ground/docs-json.js';
import { resolveTab } from '../export/tabs.js';
import type { TabInfo } from './contract.js';
import { importTabService } from './import.js';
import { flattenTabs } from './navigation.js';

export type TabAction =
  | { action: 'add'; title?: string; parent_tab_id?: string; index?: number; content?: string }
  | { action: 'rename'; tab_id: string; title: string }
  | { action: 'nest'; tab_id: string; parent_tab_id: string; index?: number }
  | { action: 'move'; tab_id: string; index: number }
  | { action: 'delete'; tab_id: string };

export interface ManageTabsResult {
  success: true;
  /** The tab added or changed (the deleted one's id for a delete). */
  tab_id: string;
  /** Every tab after the change. */
  tabs: TabInfo[];
  /** Tabs that went with a delete (the tab itself and its child tabs). */
  deleted_tab_ids: string[];
  revision_id: string;
  warnings: string[];
}

export async function manageTabsService(
  backend: Backend,
  documentId: string,
  change: TabAction,
): Promise<ManageTabsResult> {
  const doc = await backend.get(documentId);
  if (change.action !== 'add') resolveTab(doc, change.tab_id); // TabNotFoundError listing the tabs
  const request = requestFor(doc, change);
  const response = await backend.batchUpdate(documentId, { requests: [request] });
  const added = response.replies?.[0]?.addDocumentTab?.tabProperties?.tabId;
  const tabId = change.action === 'add' ? (added ?? '') : change.tab_id;
  const warnings: string[] = [];
  let revision = response.writeControl?.requiredRevisionId ?? '';
  if (change.action === 'add' && change.content) {
    const imported = await importTabService(
      backend,
      { document_id: documentId, tab_id: tabId },
      change.content,
    );
    warnings.push(...imported.warnings);
    revision = imported.revision_id;
  }
  const now = await backend.get(documentId);
  const deleted = change.action === 'delete' ? subtreeIds(doc, change.tab_id) : [];
  return {
    success: true,
    tab_id: tabId,
    tabs: flattenTabs(now.tabs ?? []),
    deleted_tab_ids: deleted,
    revision_id: now.revisionId ?? revision,
    warnings,
  };
}

function requestFor(doc: Document, change: TabAction): Request {
  switch (change.action) {
    case 'add': {
      if (change.parent_tab_id) resolveTab(doc, change.parent_tab_id);
      const tabProperties: Record<string, unknown> = {};
      if (change.title) tabProperties.title = change.title;
      if (change.parent_tab_id) tabProperties.parentTabId = change.parent_tab_id;
      if (change.index !== undefined) tabProperties.index = change.index;
      return { addDocumentTab: { tabProperties } };
    }
    case 'rename':
      if (!change.title.trim()) {
        throw new ValidationError('A tab title cannot be empty.', 'Pass the new title.');
      }
      return {
        updateDocumentTabProperties: {
          tabProperties: { tabId: change.tab_id, title: change.title },
          fields: 'title',
        },
      };
    case 'nest': {
      if (change.parent_tab_id) resolveTab(doc, change.parent_tab_id);
      const fields = change.index !== undefined ? 'parentTabId,index' : 'parentTabId';
      return {
        updateDocumentTabProperties: {
          tabProperties: {
            tabId: change.tab_id,
            parentTabId: change.parent_tab_id,
            ...(change.index !== undefined ? { index: change.index } : {}),
          },
          fields,
        },
      };
    }
    case 'move':
      return {
        updateDocumentTabProperties: {
          tabProperties: { tabId: change.tab_id, index: change.index },
          fields: 'index',
        },
      };
    case 'delete':
      return { deleteTab: { tabId: change.tab_id } };
  }
}

/** The tab and every tab under it. */
function subtreeIds(doc: Document, tabId: string): string[] {
  const all = flattenTabs(doc.tabs ?? []);
  const out = [tabId];
  for (const t of all) if (t.parent_tab_id && out.includes(t.parent_tab_id)) out.push(t.tab_id);
  return out;
}
