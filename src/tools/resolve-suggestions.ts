/**
 * The one tool behind accept_suggestions and reject_suggestions: the same selection, the same
 * guarded write, only the action differs (each tool file says what its action means).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { withRef } from '../docs/doc-ref.js';
import { resolveSuggestionsService } from '../docs/service/suggestions.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, tabIdField } from './schemas.js';
import { resolveOutputFields, selectionFields } from './suggestion-fields.js';

export interface ResolveToolText {
  name: 'accept_suggestions' | 'reject_suggestions';
  title: string;
  description: string;
  /** Rejecting drops what someone proposed: destructive. */
  destructive: boolean;
}

export function registerResolveSuggestionsTool(
  server: McpServer,
  deps: ToolDeps,
  action: 'accept' | 'reject',
  text: ResolveToolText,
): void {
  defineTool(server, {
    name: text.name,
    title: text.title,
    description: text.description,
    input: { document_id: documentIdField, tab_id: tabIdField, ...selectionFields },
    output: resolveOutputFields,
    annotations: {
      readOnlyHint: false,
      destructiveHint: text.destructive,
      idempotentHint: false,
      openWorldHint: true,
    },
    run: async ({ document_id, tab_id, suggestion_ids, anchor_id, all, dry_run }) => {
      const ref = withRef(document_id, tab_id);
      return await resolveSuggestionsService(
        deps.backend,
        {
          document_id: ref.document_id,
          ...(ref.tab_id ? { tab_id: ref.tab_id } : {}),
          ...(suggestion_ids ? { suggestion_ids } : {}),
          ...(anchor_id !== undefined ? { anchor_id } : {}),
          ...(all !== undefined ? { all } : {}),
        },
        action,
        { dry_run: dry_run === true },
      );
    },
  });
}
