/**
 * Header and footer use cases over a Backend: read a tab's default header or footer as MEBDF,
 * write it (creating it first when the tab has none: `createHeader`/`createFooter`, then the
 * content in a second, guarded write), and delete it. The pure part is
 * src/docs/structure/segments.ts.
 */
import { RevisionConflictError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { Document } from '../../ground/docs-json.js';
import { resolveTab } from '../export/tabs.js';
import { exportSegment, planSegmentImport, type SegmentKind, segmentId } from '../structure/segments.js';
import type { TabTarget } from './contract.js';

export type { SegmentKind } from '../structure/segments.js';

export interface SegmentTarget extends Omit<TabTarget, 'tab_id'> {
  tab_id?: string | undefined;
  kind: SegmentKind;
}

export interface SegmentReadResult {
  success: true;
  tab_id: string;
  kind: SegmentKind;
  /** The header or footer id. */
  segment_id: string;
  content: string;
  warnings: string[];
  revision_id: string;
}

export interface SegmentWriteResult {
  success: true;
  tab_id: string;
  kind: SegmentKind;
  segment_id: string;
  /** Whether the header or footer was created by this call. */
  created: boolean;
  requests: unknown[];
  warnings: string[];
  revision_id: string;
  dry_run: boolean;
}

export async function exportSegmentService(
  backend: Backend,
  target: SegmentTarget,
): Promise<SegmentReadResult> {
  const doc = await backend.get(target.document_id);
  const tabId = resolveTab(doc, target.tab_id).tabId;
  const out = exportSegment(doc, tabId, target.kind);
  return {
    success: true,
    tab_id: tabId,
    kind: target.kind,
    segment_id: out.segmentId,
    content: out.content,
    warnings: out.warnings,
    revision_id: doc.revisionId ?? '',
  };
}

export async function importSegmentService(
  backend: Backend,
  target: SegmentTarget,
  content: string,
  options: { dry_run?: boolean; allow_deletions?: boolean } = {},
): Promise<SegmentWriteResult> {
  let doc = await backend.get(target.document_id);
  const tabId = resolveTab(doc, target.tab_id).tabId;
  let created = false;
  if (segmentId(doc, tabId, target.kind) === null) {
    if (options.dry_run) {
      return {
        success: true,
        tab_id: tabId,
        kind: target.kind,
        segment_id: '',
        created: false,
        requests: [createRequest(target.kind, tabId)],
        warnings: [`The tab has no ${target.kind}: it would be created first, then written.`],
        revision_id: doc.revisionId ?? '',
        dry_run: true,
      };
    }
    await backend.batchUpdate(target.document_id, { requests: [createRequest(target.kind, tabId)] });
    created = true;
    doc = await backend.get(target.document_id);
  }
  for (let attempt = 0; ; attempt++) {
    const id = segmentId(doc, tabId, target.kind) ?? '';
    const plan = planSegmentImport(doc, tabId, target.kind, content, options.allow_deletions === true);
    const result = {
      success: true as const,
      tab_id: tabId,
      kind: target.kind,
      segment_id: id,
      created,
      requests: plan.requests as unknown[],
      warnings: plan.warnings,
    };
    if (options.dry_run || plan.requests.length === 0) {
      return { ...result, revision_id: doc.revisionId ?? '', dry_run: options.dry_run === true };
    }
    try {
      const response = await backend.batchUpdate(target.document_id, {
        requests: plan.requests,
        writeControl: { requiredRevisionId: doc.revisionId ?? '' },
      });
      return { ...result, revision_id: response.writeControl?.requiredRevisionId ?? '', dry_run: false };
    } catch (e) {
      if (!(e instanceof RevisionConflictError) || attempt >= 2) throw e;
      doc = await backend.get(target.document_id);
    }
  }
}

export async function deleteSegmentService(
  backend: Backend,
  target: SegmentTarget,
): Promise<{ success: true; tab_id: string; kind: SegmentKind; segment_id: string; revision_id: string }> {
  const doc: Document = await backend.get(target.document_id);
  const tabId = resolveTab(doc, target.tab_id).tabId;
  const id = exportSegment(doc, tabId, target.kind).segmentId; // AnchorNotFoundError when there is none
  const request =
    target.kind === 'header'
      ? { deleteHeader: { headerId: id, tabId } }
      : { deleteFooter: { footerId: id, tabId } };
  const response = await backend.batchUpdate(target.document_id, { requests: [request] });
  return {
    success: true,
    tab_id: tabId,
    kind: target.kind,
    segment_id: id,
    revision_id: response.writeControl?.requiredRevisionId ?? '',
  };
}

function createRequest(kind: SegmentKind, tabId: string) {
  // No sectionBreakLocation: the header goes on the tab's document style (its first section).
  const body = { type: 'DEFAULT', sectionBreakLocation: { index: 0, tabId } };
  return kind === 'header' ? { createHeader: body } : { createFooter: body };
}
