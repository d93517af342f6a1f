/** The stdio transport: the server speaks MCP on stdin/stdout; every log line goes to stderr. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ToolDeps } from '../tools/deps.js';
import { createServer } from './create-server.js';

export async function serveStdio(deps: ToolDeps): Promise<{ close(): Promise<void> }> {
  const server = createServer(deps);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  deps.log(`serving ${deps.backend.kind} documents on stdio`);
  return { close: async () => await server.close() };
}
