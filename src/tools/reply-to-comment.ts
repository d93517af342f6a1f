/** `reply_to_comment`: a reply in a comment thread. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { replyToCommentService } from '../docs/service/comments.js';
import { commentIdField, replyResultFields } from './comment-fields.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField } from './schemas.js';

export function registerReplyToCommentTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'reply_to_comment',
    title: 'Reply to a comment',
    description:
      'Reply in a comment thread (comment_id from list_comments). Changes no text and not the thread’s state.',
    input: {
      document_id: documentIdField,
      comment_id: commentIdField,
      content: z.string().min(1).describe('The reply, as plain text (at most 2048 bytes).'),
    },
    output: replyResultFields,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ document_id, comment_id, content }) =>
      await replyToCommentService(deps.backend, {
        document_id: withRef(document_id, undefined).document_id,
        comment_id,
        content,
      }),
  });
}
