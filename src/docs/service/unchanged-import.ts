/**
 * An import of the very text the target says now, recognised before any parsing: every export and
 * every import's read keeps, per target and revision, the digest of the target's exported text
 * (base-store.ts, `rememberExactRead`). Content with that digest at the document's current
 * revision changes nothing, so the answer is the no-op result at once: no export, no MEBDF parse,
 * no plan, no write. A revision names one state of the whole document, so this is exact; a base
 * that names a part, or another target, goes the whole way (import-pipeline.ts), as does a dry
 * run (its diff is built there).
 */
import type { Document } from '../../ground/docs-json.js';
import { resolveTab } from '../export/tabs.js';
import { type BaseStore, exactRead, lastReads, rememberRead } from './base-store.js';
import { baseTokenFor, contentFingerprint, decodeBaseToken } from './base-token.js';
import type { ImportOptions, ImportResult } from './contract.js';

export interface UnchangedTarget {
  documentId: string;
  /** As the caller gave it (absent: the first tab). */
  tab: string | undefined;
  /** The section's anchor, or null for the whole tab. */
  anchorId: string | null;
}

/** The no-op result when `content` is what the target says at `doc`'s revision, else null. */
export async function unchangedImport(
  doc: Document,
  where: UnchangedTarget,
  content: string,
  options: ImportOptions,
  bases: BaseStore | undefined,
): Promise<ImportResult | null> {
  const revisionId = doc.revisionId;
  if (!bases || options.dry_run || !revisionId) return null;
  let tabId: string;
  try {
    tabId = resolveTab(doc, where.tab).tabId;
  } catch {
    return null; // the whole path says what is wrong with the tab
  }
  const origin = { documentId: where.documentId, tabId, anchorId: where.anchorId, revisionId };
  if (options.base !== undefined && !sameTarget(options.base, origin)) return null;
  const known = await exactRead(bases, origin);
  if (known === undefined || known.fingerprint !== contentFingerprint(content)) return null;
  const base = baseTokenFor(origin, content);
  // The next import's base is this read; kept only when it is not the last one remembered already.
  if ((await lastReads(bases, origin)).at(-1) !== base) await rememberRead(bases, origin, content, base);
  return {
    success: true,
    tab_id: tabId,
    ...(where.anchorId !== null ? { anchor_id: where.anchorId } : {}),
    preserved_objects: known.objects,
    warnings: [],
    revision_id: revisionId,
    base,
    requests: [],
    new_headings: [],
    dry_run: false,
  };
}

/** Whether a base token is a read of the whole of this target (a bad one is left to the whole path). */
function sameTarget(token: string, origin: { documentId: string; tabId: string; anchorId: string | null }) {
  try {
    const base = decodeBaseToken(token);
    return (
      !base.part &&
      (base.documentId === undefined || base.documentId === origin.documentId) &&
      base.tabId === origin.tabId &&
      base.anchorId === origin.anchorId
    );
  } catch {
    return false;
  }
}
