/**
 * Which version of the document a read saw, as its exact read records it (base-store.ts
 * `ExactRead`): the store's stamp of what it read, when it has one (the local store's file
 * identity), and whether the tab is the document's only one (what an import naming no tab means).
 */
import type { Backend } from '../../ground/backend.js';
import type { Document } from '../../ground/docs-json.js';
import { listTabs } from '../export/tabs.js';
import type { ExactRead } from './base-store.js';

export type ReadVersion = Pick<ExactRead, 'stamp' | 'only'>;

export function readVersion(backend: Backend, documentId: string, doc: Document): ReadVersion {
  const stamp = doc.revisionId ? backend.readStamp?.(documentId, doc.revisionId) : undefined;
  return { ...(stamp !== undefined ? { stamp } : {}), only: listTabs(doc).length === 1 };
}
