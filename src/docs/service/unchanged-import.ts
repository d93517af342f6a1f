/**
 * An import of the very text the target says now, recognised before any parsing: every export and
 * every import's read records, under the digest of the target's exported text, which target said
 * it at which revision (base-store.ts, `rememberExactRead`). Content with a recorded digest is
 * looked up before the document is read; when the document is still at that revision, the import
 * changes nothing and the no-op result is answered at once: no export, no MEBDF parse, no plan,
 * no write. A revision names one state of the whole document, so this is exact. Anything else —
 * no record, another revision, a base that names a part or another target, a dry run (its diff is
 * built there) — goes the whole way (import-pipeline.ts).
 */
import type { Backend } from '../../ground/backend.js';
import type { Document } from '../../ground/docs-json.js';
import { resolveTab } from '../export/tabs.js';
import { type BaseStore, type ExactRead, exactReads, lastReads, rememberRead } from './base-store.js';
import { baseTokenFor, contentFingerprint, decodeBaseToken } from './base-token.js';
import type { ImportOptions, ImportResult } from './contract.js';

export interface UnchangedTarget {
  documentId: string;
  /** As the caller gave it (absent: the first tab). */
  tab: string | undefined;
  /** The section's anchor, or null for the whole tab. */
  anchorId: string | null;
}

/** The recorded reads of this target that said `content` (none: the import has work to do). */
export async function readsSaying(
  where: UnchangedTarget,
  content: string,
  options: ImportOptions,
  bases: BaseStore | undefined,
): Promise<ExactRead[]> {
  if (!bases || options.dry_run) return [];
  const reads = await exactReads(bases, contentFingerprint(content));
  return reads.filter(
    (r) =>
      r.documentId === where.documentId &&
      r.anchorId === where.anchorId &&
      (where.tab === undefined || r.tabId === where.tab) &&
      isWholeReadOfGiven(options.base ?? options.file_base, r),
  );
}

/** Without a base given (passed or a file's), any read; with one, a read of the whole it names. */
function isWholeReadOfGiven(base: string | undefined, read: ExactRead): boolean {
  return base === undefined || isWholeReadOf(base, read);
}

/** The no-op result when `doc` is at the revision of one of `reads`, else null. */
export async function unchangedImport(
  doc: Document,
  where: UnchangedTarget,
  content: string,
  reads: ExactRead[],
  bases: BaseStore,
): Promise<ImportResult | null> {
  const revisionId = doc.revisionId;
  if (!revisionId) return null;
  let tabId: string;
  try {
    tabId = resolveTab(doc, where.tab).tabId;
  } catch {
    return null; // the whole path says what is wrong with the tab
  }
  const read = reads.find((r) => r.revisionId === revisionId && r.tabId === tabId);
  if (!read) return null;
  return await answered(where, content, read, bases);
}

/**
 * The no-op result without reading the document, when the store tells from its file alone that
 * the document is still the version one of `reads` read (`Backend.isCurrent`); null otherwise. An
 * import naming no tab takes only a read of a document's only tab.
 */
export async function unchangedWithoutRead(
  backend: Backend,
  where: UnchangedTarget,
  content: string,
  reads: ExactRead[],
  bases: BaseStore,
): Promise<ImportResult | null> {
  if (!backend.isCurrent) return null;
  for (const read of reads) {
    if (read.stamp === undefined || (where.tab === undefined && !read.only)) continue;
    if (await backend.isCurrent(where.documentId, read.stamp))
      return await answered(where, content, read, bases);
  }
  return null;
}

/** The no-op result of importing `content`, which the target said at `read`'s revision. */
async function answered(
  where: UnchangedTarget,
  content: string,
  read: ExactRead,
  bases: BaseStore,
): Promise<ImportResult> {
  const { tabId, revisionId } = read;
  const origin = { documentId: where.documentId, tabId, anchorId: where.anchorId, revisionId };
  const base = baseTokenFor(origin, content);
  // The next import's base is this read; kept only when it is not the last one remembered already.
  if ((await lastReads(bases, origin)).at(-1) !== base) await rememberRead(bases, origin, content, base);
  return {
    success: true,
    tab_id: tabId,
    ...(where.anchorId !== null ? { anchor_id: where.anchorId } : {}),
    preserved_objects: read.objects,
    warnings: [],
    revision_id: revisionId,
    base,
    requests: [],
    new_headings: [],
    dry_run: false,
  };
}

/** Whether a base token is a read of the whole of this target (a bad one is left to the whole path). */
function isWholeReadOf(token: string, read: ExactRead): boolean {
  try {
    const base = decodeBaseToken(token);
    return (
      !base.part &&
      (base.documentId === undefined || base.documentId === read.documentId) &&
      base.tabId === read.tabId &&
      base.anchorId === read.anchorId
    );
  } catch {
    return false;
  }
}
