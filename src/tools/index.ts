/**
 * Registers every tool on a server. One file per tool, each exporting `register<Name>Tool(server,
 * deps)` built with `defineTool`; add one line here per tool.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDeps } from './deps.js';
import { registerGetMetadataTool } from './get-metadata.js';
import { registerHealthCheckTool } from './health-check.js';
import { registerListDocumentsTool } from './list-documents.js';

export function registerTools(server: McpServer, deps: ToolDeps): void {
  registerListDocumentsTool(server, deps);
  registerGetMetadataTool(server, deps);
  registerHealthCheckTool(server, deps);
}

export type { ToolDeps } from './deps.js';
export { createToolDeps, DEFAULT_MAX_EXPORT_TOKENS } from './deps.js';
