/**
 * The Docs side of the compiler for embedding: export (Docs JSON -> MEBDF), import planning
 * (MEBDF -> batchUpdate requests), formatting plans, the use cases over a Backend, and the local
 * store. The Google backend and the engine have their own entry points (`gdoc-mcp/engine`, and
 * `GoogleBackend` from the package root) so that this one stays free of network code.
 */
export type { Backend, DocumentListing, DocumentSummary, FileMetadata } from '../ground/backend.js';
export type * from '../ground/docs-json.js';
export { LocalBackend, type LocalBackendOptions } from './backends/local.js';
export type { Hierarchy, SectionExport, TabExport } from './export/index.js';
export {
  estimateTokens,
  exportSection,
  exportTab,
  getHierarchy,
  listTabs,
  resolveTab,
} from './export/index.js';
export { type Plan, type PlanInput, planImport } from './import/index.js';
export type * from './service/contract.js';
export { exportSectionService, exportTabService, hierarchyService } from './service/export.js';
export { importSectionService, importTabService } from './service/import.js';
export {
  healthCheckService,
  listDocumentsService,
  metadataService,
} from './service/navigation.js';
export { applyStylesService, extractStylesService, normalizeService } from './service/styles.js';
export { extractStyles, planApplyStyles, planNormalize } from './styles/index.js';
