/** `accept_suggestions`: suggested changes accepted by id, by section, or all, in one guarded write. */
import type { McpServer } from '@modelcontextprotocol/server';
import { withRef } from '../docs/doc-ref.js';
import { resolveSuggestionsService } from '../docs/service/suggestions.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, tabIdField } from './schemas.js';
import { resolveOutputFields, selectionFields } from './suggestion-fields.js';

export function registerAcceptSuggestionsTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'accept_suggestions',
    title: 'Accept suggestions',
    description:
      'Accept suggested changes: by suggestion_ids, by section (anchor_id), or all. Accepted insertions become ordinary text, accepted deletions remove their text, style changes apply. One write, guarded by the revision read; dry_run: true says which would be accepted.',
    input: { document_id: documentIdField, tab_id: tabIdField, ...selectionFields },
    output: resolveOutputFields,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
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
        'accept',
        { dry_run: dry_run === true },
      );
    },
  });
}
