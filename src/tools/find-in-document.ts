/** `find_in_document`: where a text or pattern occurs, in every tab, by section. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { DEFAULT_FIND_LIMIT, findInDocumentService, MAX_FIND_LIMIT } from '../docs/service/find.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, revisionIdField } from './schemas.js';

export function registerFindInDocumentTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'find_in_document',
    title: 'Find text in a document',
    description:
      'Find a text (or a regular expression) in every tab of a document, child tabs included, without exporting it. Each match says its tab_id, the anchor_id and heading of the innermost section holding it, and a short snippet: pass those to export_section to read or edit just that part. Case-insensitive unless case_sensitive.',
    input: {
      document_id: documentIdField,
      query: z
        .string()
        .min(1)
        .describe('The text to find, or a JavaScript regular expression with regex: true.'),
      regex: z.boolean().optional().describe('Treat query as a regular expression. Default false.'),
      case_sensitive: z.boolean().optional().describe('Match letter case exactly. Default false.'),
      tab_id: z
        .string()
        .optional()
        .describe(
          "Search only this tab (not its child tabs); default every tab (a URL's ?tab= does not narrow it).",
        ),
      limit: z
        .number()
        .int()
        .optional()
        .describe(
          `At most this many matches (1–${MAX_FIND_LIMIT}, default ${DEFAULT_FIND_LIMIT}); total_count counts all.`,
        ),
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      matches: z
        .array(
          z.object({
            tab_id: z.string().describe('The tab holding the match.'),
            tab_title: z.string().describe('Its title.'),
            anchor_id: z.string().describe('The innermost section holding the match ("" = the preamble).'),
            heading_text: z.string().describe('That section’s heading text ("" for the preamble).'),
            match: z.string().describe('The text matched.'),
            snippet: z.string().describe('The match with some text either side.'),
          }),
        )
        .describe('Matches in reading order, tab by tab.'),
      total_count: z.number().int().describe('All matches, which may exceed those returned.'),
      revision_id: revisionIdField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, query, regex, case_sensitive, tab_id, limit }) =>
      await findInDocumentService(deps.backend, {
        document_id: withRef(document_id, undefined).document_id,
        query,
        ...(regex !== undefined ? { regex } : {}),
        ...(case_sensitive !== undefined ? { case_sensitive } : {}),
        ...(tab_id ? { tab_id } : {}),
        ...(limit !== undefined ? { limit } : {}),
      }),
  });
}
