/**
 * Export use cases over a Backend: a tab, a section, the outline. One `documents.get` each; the
 * result carries the revision read and the `base` token an import uses to detect concurrent edits.
 */
import type { Backend } from '../../ground/backend.js';
import { estimateTokens, exportSection, exportTab, getHierarchy } from '../export/index.js';
import { baseTokenFor } from './base-token.js';
import type { ExportResult, HierarchyResult, SectionTarget, TabTarget } from './contract.js';

export async function exportTabService(backend: Backend, target: TabTarget): Promise<ExportResult> {
  const doc = await backend.get(target.document_id);
  const out = exportTab(doc, target.tab_id);
  const revisionId = doc.revisionId ?? '';
  return {
    success: true,
    content: out.content,
    tab_id: out.tabId,
    warnings: out.warnings,
    revision_id: revisionId,
    base: baseTokenFor(revisionId, out.tabId, null, out.content),
    estimated_tokens: estimateTokens(out.content),
  };
}

export async function exportSectionService(backend: Backend, target: SectionTarget): Promise<ExportResult> {
  const doc = await backend.get(target.document_id);
  const out = exportSection(doc, target.tab_id, target.anchor_id);
  const revisionId = doc.revisionId ?? '';
  return {
    success: true,
    content: out.content,
    tab_id: out.tabId,
    anchor_id: out.anchorId,
    warnings: out.warnings,
    revision_id: revisionId,
    base: baseTokenFor(revisionId, out.tabId, out.anchorId, out.content),
    estimated_tokens: estimateTokens(out.content),
  };
}

export async function hierarchyService(backend: Backend, target: TabTarget): Promise<HierarchyResult> {
  const doc = await backend.get(target.document_id);
  const h = getHierarchy(doc, target.tab_id);
  return { success: true, tab_id: h.tabId, headings: h.headings, markdown: h.markdown };
}
