/** `health_check`: is the backend reachable, are we authorised, and how long does a call take. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { healthCheckService } from '../docs/service/navigation.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';

export function registerHealthCheckTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'health_check',
    title: 'Health check',
    description:
      'Check that the server can reach the Docs backend and is authorised, and measure the latency of one cheap call. Use it when other tools fail with network or auth errors, or to confirm setup; it never changes anything.',
    input: {},
    output: {
      success: z.literal(true).describe('The check itself ran (see healthy for the verdict).'),
      healthy: z.boolean().describe('True when authorised and reachable.'),
      backend: z.string().describe('"google" or "local".'),
      auth_ok: z.boolean().describe('Credentials were accepted.'),
      api_reachable: z.boolean().describe('The API answered (even if it refused us).'),
      latency_ms: z.number().int().describe('Round-trip time of one list call, in milliseconds.'),
      problem: z
        .object({
          type: z.string().describe('Error type, e.g. AuthRequiredError.'),
          message: z.string().describe('What went wrong.'),
          suggestion: z.string().nullable().describe('How to fix it.'),
        })
        .nullable()
        .describe('Why the backend is unhealthy; null when healthy.'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async () => await healthCheckService(deps.backend, deps.now),
  });
}
