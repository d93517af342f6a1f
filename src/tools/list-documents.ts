/** `list_documents`: the Google Docs the user can open, newest first, optionally filtered by name. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, listDocumentsService, MAX_LIST_LIMIT } from '../docs/service/navigation.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';

export function registerListDocumentsTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'list_documents',
    title: 'List documents',
    description:
      'List the Google Docs the user can open, most recently modified first. Use it to find a document_id when the user names a document instead of giving its URL; then call get_metadata (tabs) or get_hierarchy (headings).',
    input: {
      query: z
        .string()
        .optional()
        .describe('Only documents whose name contains this text (case-insensitive). Omit for all.'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_LIST_LIMIT)
        .optional()
        .describe(
          `Maximum number of documents to return (default ${DEFAULT_LIST_LIMIT}, max ${MAX_LIST_LIMIT}).`,
        ),
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      documents: z
        .array(
          z.object({
            document_id: z.string().describe('Pass this as document_id to the other tools.'),
            title: z.string().describe('Document title.'),
            last_modified: z.string().describe('Last modification time, ISO 8601.'),
            owner: z.string().describe('Owner e-mail address ("" when unknown, e.g. shared drives).'),
          }),
        )
        .describe('The matching documents, newest first.'),
      total_count: z
        .number()
        .int()
        .describe('How many documents match in all; may exceed the number returned.'),
      unreadable: z
        .array(z.object({ document_id: z.string(), problem: z.string() }))
        .optional()
        .describe('Files of a local store that are not readable documents, with what is wrong with each.'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async (args) => await listDocumentsService(deps.backend, args),
  });
}
