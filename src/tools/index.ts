/**
 * Registers every tool on a server. One file per tool, each exporting `register<Name>Tool(server,
 * deps)` built with `defineTool`; add one line here per tool.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { registerAcceptSuggestionsTool } from './accept-suggestions.js';
import { registerAddCommentTool } from './add-comment.js';
import { registerApplyStylesTool } from './apply-styles.js';
import { registerCreateDocumentTool } from './create-document.js';
import { registerDeleteSectionTool } from './delete-section.js';
import type { ToolDeps } from './deps.js';
import { registerExportSectionTool } from './export-section.js';
import { registerExportTabTool } from './export-tab.js';
import { registerExtractStylesTool } from './extract-styles.js';
import { registerFindInDocumentTool } from './find-in-document.js';
import { registerGetHierarchyTool } from './get-hierarchy.js';
import { registerGetMetadataTool } from './get-metadata.js';
import { registerHeaderFooterTools } from './header-footer.js';
import { registerHealthCheckTool } from './health-check.js';
import { registerImportSectionTool } from './import-section.js';
import { registerImportTabTool } from './import-tab.js';
import { registerInsertSectionTool } from './insert-section.js';
import { registerListCommentsTool } from './list-comments.js';
import { registerListDocumentsTool } from './list-documents.js';
import { registerListSuggestionsTool } from './list-suggestions.js';
import { registerManageTabsTool } from './manage-tabs.js';
import { registerMoveSectionTool } from './move-section.js';
import { registerNormalizeFormattingTool } from './normalize-formatting.js';
import { registerRejectSuggestionsTool } from './reject-suggestions.js';
import { registerReplyToCommentTool } from './reply-to-comment.js';
import { registerResolveCommentTool } from './resolve-comment.js';

export function registerTools(server: McpServer, deps: ToolDeps): void {
  registerListDocumentsTool(server, deps);
  registerGetMetadataTool(server, deps);
  registerGetHierarchyTool(server, deps);
  registerExportSectionTool(server, deps);
  registerImportSectionTool(server, deps);
  registerExportTabTool(server, deps);
  registerImportTabTool(server, deps);
  registerNormalizeFormattingTool(server, deps);
  registerExtractStylesTool(server, deps);
  registerApplyStylesTool(server, deps);
  registerHealthCheckTool(server, deps);
  registerCreateDocumentTool(server, deps);
  registerFindInDocumentTool(server, deps);
  registerInsertSectionTool(server, deps);
  registerDeleteSectionTool(server, deps);
  registerMoveSectionTool(server, deps);
  registerManageTabsTool(server, deps);
  registerHeaderFooterTools(server, deps);
  registerListSuggestionsTool(server, deps);
  registerAcceptSuggestionsTool(server, deps);
  registerRejectSuggestionsTool(server, deps);
  registerListCommentsTool(server, deps);
  registerAddCommentTool(server, deps);
  registerReplyToCommentTool(server, deps);
  registerResolveCommentTool(server, deps);
}

export { DEFAULT_MAX_EXPORT_TOKENS } from '../docs/service/export-size.js';
export type { ToolDeps } from './deps.js';
export { createToolDeps } from './deps.js';
