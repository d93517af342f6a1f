/**
 * gdoc-mcp as a library, composed here: the MEBDF compiler, the pure Docs compiler, the use cases
 * over a Backend, both backends, the MCP server factory and the typed errors. Subpath entries
 * (`gdoc-mcp/mebdf`, `gdoc-mcp/docs`, `gdoc-mcp/engine`, `gdoc-mcp/server`, `gdoc-mcp/errors`)
 * load less; `gdoc-mcp/docs` is the pure compiler only.
 */
export { createGoogleBackend, GoogleBackend } from './docs/backends/google.js';
export { LocalBackend, type LocalBackendOptions } from './docs/backends/local.js';
export * from './docs/index.js';
export type * from './docs/service/contract.js';
export { exportSectionService, exportTabService, hierarchyService } from './docs/service/export.js';
export { applyStylesService, extractStylesService, normalizeService } from './docs/service/formatting.js';
export { importSectionService, importTabService } from './docs/service/import.js';
export {
  healthCheckService,
  listDocumentsService,
  metadataService,
} from './docs/service/navigation.js';
export * from './errors.js';
export type { Backend, DocumentListing, DocumentSummary, FileMetadata } from './ground/backend.js';
export { formatMebdf, lintMebdf, parseMebdf, stringifyMebdf } from './mebdf/index.js';
export { createServer } from './server/index.js';
