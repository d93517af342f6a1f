/** `get_metadata`: title, every tab (nested ones too) and the user's permissions on a document. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { metadataService } from '../docs/service/navigation.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, normalizeDocumentId, revisionIdField } from './schemas.js';

export function registerGetMetadataTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'get_metadata',
    title: 'Get document metadata',
    description:
      'Get a document’s title, its tabs (every tab, nested child tabs included, with parent_tab_id and nesting_level) and whether the user may edit or comment. Call it first on an unfamiliar document: a multi-tab document needs a tab_id on every other tool. For the headings inside a tab use get_hierarchy.',
    input: { document_id: documentIdField },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      document_id: z.string().describe('The document id.'),
      title: z.string().describe('Document title.'),
      tabs: z
        .array(
          z.object({
            tab_id: z.string().describe('Pass this as tab_id to the other tools.'),
            title: z.string().describe('Tab title.'),
            index: z.number().int().describe('Position among its siblings, 0-based.'),
            parent_tab_id: z
              .string()
              .nullable()
              .describe('The parent tab for a nested tab; null at top level.'),
            nesting_level: z.number().int().describe('0 for a top-level tab, 1 for its children, and so on.'),
          }),
        )
        .describe('Every tab, depth-first: each parent before its children.'),
      can_edit: z.boolean().describe('The user may edit (import_* tools will work).'),
      can_comment: z.boolean().describe('The user may comment.'),
      revision_id: revisionIdField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id }) => await metadataService(deps.backend, normalizeDocumentId(document_id)),
  });
}
