/**
 * The stdio transport: the server speaks MCP on stdin/stdout; every log line goes to stderr.
 * The SDK's `serveStdio` picks the protocol revision from the client's opening message
 * (`server/discover` for 2026-07-28, `initialize` for 2025-11-25) and pins one instance from the
 * factory to the connection.
 */
import { serveStdio as serveStdioFromFactory } from '@modelcontextprotocol/server/stdio';
import type { ToolDeps } from '../tools/deps.js';
import { createServer } from './create-server.js';

export async function serveStdio(deps: ToolDeps): Promise<{ close(): Promise<void> }> {
  const handle = serveStdioFromFactory(() => createServer(deps), {
    onerror: (error) => deps.log(`stdio: ${error.message}`),
  });
  deps.log(`serving ${deps.backend.kind} documents on stdio`);
  return { close: async () => await handle.close() };
}
