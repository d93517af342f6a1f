/** `add_comment`: a comment on a quoted passage of a section, or on a section's heading. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { addCommentService } from '../docs/service/comments.js';
import { anchorPlaceField } from './comment-fields.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, tabIdField } from './schemas.js';

export function registerAddCommentTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'add_comment',
    title: 'Comment on a passage',
    description:
      'Add a comment on a passage: quote is the text as it reads in the document (no MEBDF or Markdown marks), looked for in the section anchor_id (from get_hierarchy; "" = the preamble) or, without anchor_id, in the whole tab. A quote that occurs more than once needs occurrence (from 1). Without quote, the comment goes on the heading of anchor_id. Changes no text.',
    input: {
      document_id: documentIdField,
      content: z.string().min(1).describe('The comment, as plain text (at most 2048 bytes).'),
      quote: z.string().optional().describe('The text to comment on, exactly as it reads in the document.'),
      anchor_id: z
        .string()
        .optional()
        .describe('The section to find quote in (get_hierarchy); without quote, the heading commented on.'),
      occurrence: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe('Which occurrence of quote (from 1) when it occurs several times.'),
      tab_id: tabIdField,
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      comment_id: z.string().describe('The new thread; reply_to_comment and resolve_comment take it.'),
      quote: z.string().describe('The text commented on.'),
      anchor: anchorPlaceField,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ document_id, content, quote, anchor_id, occurrence, tab_id }) => {
      const ref = withRef(document_id, tab_id, anchor_id);
      return await addCommentService(deps.backend, {
        document_id: ref.document_id,
        tab_id: ref.tab_id,
        anchor_id: ref.anchor_id,
        quote,
        occurrence,
        content,
      });
    },
  });
}
