/** `reject_suggestions`: suggested changes rejected by id, by section, or all, in one guarded write. */
import type { McpServer } from '@modelcontextprotocol/server';
import { withRef } from '../docs/doc-ref.js';
import { resolveSuggestionsService } from '../docs/service/suggestions.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, tabIdField } from './schemas.js';
import { resolveOutputFields, selectionFields } from './suggestion-fields.js';

export function registerRejectSuggestionsTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'reject_suggestions',
    title: 'Reject suggestions',
    description:
      'Reject suggested changes: by suggestion_ids, by section (anchor_id), or all. Rejected insertions disappear, rejected deletions keep their text, style changes are dropped: the text reads as before the suggestion. One write, guarded by the revision read; dry_run: true says which would be rejected.',
    input: { document_id: documentIdField, tab_id: tabIdField, ...selectionFields },
    output: resolveOutputFields,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
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
        'reject',
        { dry_run: dry_run === true },
      );
    },
  });
}
