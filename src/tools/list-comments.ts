/** `list_comments`: the comment threads of a document, with their text, place, replies and state. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { listCommentsService } from '../docs/service/comments.js';
import { commentField } from './comment-fields.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, revisionIdField, tabTarget } from './schemas.js';

export function registerListCommentsTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'list_comments',
    title: 'List comments',
    description:
      'List the comment threads of a document: for each, comment_id, status (open or resolved), the text it is on now (quote) and when it was made (original_quote), where it is (tab_id and the section_anchor_id for export_section), the comment, and its replies. A comment whose text was deleted has no anchor. To see comments in the text, export with comments: true.',
    input: {
      document_id: documentIdField,
      tab_id: z.string().optional().describe('Only comments anchored in this tab; default every tab.'),
      include_resolved: z.boolean().optional().describe('List resolved threads too. Default true.'),
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      comments: z.array(commentField).describe('The threads, oldest first.'),
      revision_id: revisionIdField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, tab_id, include_resolved }) =>
      await listCommentsService(deps.backend, { ...tabTarget(document_id, tab_id), include_resolved }),
  });
}
