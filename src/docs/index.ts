/**
 * The Docs side of the compiler for embedding, pure: export (Docs JSON -> MEBDF), import planning
 * (MEBDF -> batchUpdate requests), formatting plans, and the Docs JSON types. No I/O and no
 * Backend: the use cases over a Backend and the backends themselves are composed by the package
 * root (`gdoc-mcp`); the engine has its own entry point (`gdoc-mcp/engine`).
 */
export type * from '../ground/docs-json.js';
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
export {
  extractStyles,
  type NormalizeValues,
  planApplyStyles,
  planNormalize,
  type StyleDefinition,
} from './styles/index.js';
