/**
 * Export use cases over a Backend: a tab, a section, the outline (export-read.ts reads and
 * converts). Here only what comes before a read: a tab whose text the store kept is handed out
 * again without reading the document while the store tells it is unchanged (kept-export.ts). The
 * exporter, the writer and the parser load only when there is a read to convert.
 */
import type { Backend } from '../../ground/backend.js';
import type { ExportResult, HierarchyResult, SectionTarget, TabTarget } from './contract.js';
import type { ReadOptions } from './export-read.js';
import { keptExport } from './kept-export.js';
import { readKept } from './kept-text.js';

export type { ReadOptions } from './export-read.js';

export async function exportTabService(
  backend: Backend,
  target: TabTarget,
  options: ReadOptions = {},
): Promise<ExportResult> {
  const named = { documentId: target.document_id, tab: target.tab_id, anchorId: null };
  const record = options.bases ? await readKept(options.bases, named) : undefined;
  if (record && options.bases) {
    const again = await keptExport(backend, options.bases, target, record, options);
    if (again) return again;
  }
  return (await reading()).exportTabService(backend, target, options, record);
}

export async function exportSectionService(
  backend: Backend,
  target: SectionTarget,
  options: ReadOptions = {},
): Promise<ExportResult> {
  return (await reading()).exportSectionService(backend, target, options);
}

/** The outline of a tab; with a ceiling, cut to it (deeper levels first) with a note saying so. */
export async function hierarchyService(
  backend: Backend,
  target: TabTarget,
  maxTokens?: number,
): Promise<HierarchyResult> {
  return (await reading()).hierarchyService(backend, target, maxTokens);
}

/** The reading half, loaded on first use and kept (a server exports many times). */
let loaded: Promise<typeof import('./export-read.js')> | undefined;
function reading(): Promise<typeof import('./export-read.js')> {
  loaded ??= import('./export-read.js');
  return loaded;
}
