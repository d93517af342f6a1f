/** `resolve_comment`: resolve (or reopen) a comment thread, optionally with a last word. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { resolveCommentService } from '../docs/service/comments.js';
import { commentIdField, replyResultFields } from './comment-fields.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField } from './schemas.js';

export function registerResolveCommentTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'resolve_comment',
    title: 'Resolve a comment',
    description:
      'Mark a comment thread resolved, as Docs’ Resolve button does (a post in the thread that resolves it, with content as its text when given); reopen: true reopens it instead. Changes no text.',
    input: {
      document_id: documentIdField,
      comment_id: commentIdField,
      content: z.string().optional().describe('A last reply posted with the resolution (optional).'),
      reopen: z.boolean().optional().describe('Reopen a resolved thread instead. Default false.'),
    },
    output: replyResultFields,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, comment_id, content, reopen }) =>
      await resolveCommentService(deps.backend, {
        document_id: withRef(document_id, undefined).document_id,
        comment_id,
        content,
        reopen,
      }),
  });
}
