/** `create_document`: a new Google Doc, optionally with MEBDF content, optionally in a folder. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createDocumentService } from '../docs/service/create.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import { linkTo } from './resource-links.js';
import { revisionIdField, warningsField } from './schemas.js';

export function registerCreateDocumentTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'create_document',
    title: 'Create a document',
    description: `Create a new Google Doc with a title and, optionally, initial MEBDF content (written into its first tab by the importer) and a Drive folder to put it in. Returns the document_id to use with every other tool. ${MEBDF_REMINDER}`,
    input: {
      title: z.string().min(1).describe('The document title.'),
      content: z.string().optional().describe('Initial MEBDF for the first tab.'),
      folder_id: z
        .string()
        .optional()
        .describe(
          'A Drive folder id (from its URL, drive.google.com/drive/folders/<ID>); a local store has no folders and says it ignored it.',
        ),
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      document_id: z.string().describe('The new document’s id.'),
      title: z.string().describe('Its title.'),
      tab_id: z.string().describe('Its first tab.'),
      revision_id: revisionIdField,
      folder_id: z.string().nullable().describe('The folder it was put in, or null.'),
      warnings: warningsField,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ title, content, folder_id }) =>
      await createDocumentService(deps.backend, {
        title,
        ...(content !== undefined ? { content } : {}),
        ...(folder_id ? { folder_id: folder_id.replace(/^.*\/folders\/([^/?#]+).*$/, '$1') } : {}),
      }),
    links: (_args, value) => [linkTo(value.document_id), linkTo(value.document_id, value.tab_id)],
  });
}
