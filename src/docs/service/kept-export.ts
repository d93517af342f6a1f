/**
 * A repeated export of a tab, without reading the document: the text the store kept for the tab
 * is handed out again when a read of that very text recorded the file it read and the store tells
 * the file is still that one (`Backend.isCurrent`; the local store; unchanged-import.ts makes the
 * same proof for an import). Imports nothing of the exporter or the writer (export.ts loads them
 * only when a read is needed), so such an export costs little more than the command's start.
 */
import type { Backend } from '../../ground/backend.js';
import { estimateTokens } from '../export/tokens.js';
import { type BaseStore, exactReads, rememberRead } from './base-store.js';
import { baseTokenFor, contentFingerprint } from './base-token.js';
import type { ExportResult, TabTarget } from './contract.js';
import type { ReadOptions } from './export-read.js';
import type { KeptRecord } from './kept-text.js';
import { writerIdentity } from './writer-identity.js';

/**
 * The export of the tab whose kept record is `kept`: its text, its warnings and the read's
 * revision; undefined (read as usual) for a text other code wrote, an export asking for comments
 * or every anchor, one above the size ceiling (its parts' outline needs the model), or a file
 * that is not the one read.
 */
export async function keptExport(
  backend: Backend,
  bases: BaseStore,
  target: TabTarget,
  kept: KeptRecord,
  options: ReadOptions,
): Promise<ExportResult | undefined> {
  const { content, warnings } = kept;
  if (!backend.isCurrent || kept.writer !== writerIdentity() || !warnings) return undefined;
  if (options.comments || options.anchors === 'all') return undefined;
  if (options.maxTokens !== undefined && estimateTokens(content) > options.maxTokens) return undefined;
  const reads = (await exactReads(bases, contentFingerprint(content))).filter(
    (r) =>
      r.documentId === target.document_id &&
      r.anchorId === null &&
      r.stamp !== undefined &&
      (target.tab_id ? r.tabId === target.tab_id : r.only === true),
  );
  for (const read of reads) {
    if (!(await backend.isCurrent(target.document_id, read.stamp!))) continue;
    const origin = {
      documentId: read.documentId,
      revisionId: read.revisionId,
      tabId: read.tabId,
      anchorId: null,
    };
    const token = baseTokenFor(origin, content);
    await rememberRead(bases, origin, content, token);
    return {
      success: true,
      tab_id: read.tabId,
      warnings,
      revision_id: read.revisionId,
      content,
      base: token,
      estimated_tokens: estimateTokens(content),
    };
  }
  return undefined;
}
