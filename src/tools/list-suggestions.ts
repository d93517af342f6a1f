/** `list_suggestions`: the document's suggested changes, with where they are and what they do. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { listSuggestionsService } from '../docs/service/suggestions.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, revisionIdField } from './schemas.js';
import { suggestionInfoField } from './suggestion-fields.js';

export function registerListSuggestionsTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'list_suggestions',
    title: 'List suggestions',
    description:
      'List the suggested changes in a document (made in Docs in suggesting mode, or by import_section / import_tab with mode: "suggest"): each with its id, tab and section, the text it inserts or deletes, and the styles it changes. Narrow with tab_id and anchor_id. Accept or reject them with accept_suggestions / reject_suggestions.',
    input: {
      document_id: documentIdField,
      tab_id: z.string().optional().describe('Only this tab; default every tab.'),
      anchor_id: z
        .string()
        .optional()
        .describe(
          'Only this section, subsections included ("" = the preamble); needs tab_id for a document with several tabs.',
        ),
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      suggestions: z.array(suggestionInfoField).describe('The suggestions in document order.'),
      revision_id: revisionIdField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, tab_id, anchor_id }) => {
      const ref = withRef(document_id, tab_id, anchor_id);
      return await listSuggestionsService(deps.backend, {
        document_id: ref.document_id,
        ...(ref.tab_id ? { tab_id: ref.tab_id } : {}),
        ...(ref.anchor_id !== undefined ? { anchor_id: ref.anchor_id } : {}),
      });
    },
  });
}
