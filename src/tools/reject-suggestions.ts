/** `reject_suggestions`: suggested changes rejected by id, by section, or all, in one guarded write. */
import type { McpServer } from '@modelcontextprotocol/server';
import type { ToolDeps } from './deps.js';
import { registerResolveSuggestionsTool } from './resolve-suggestions.js';

export function registerRejectSuggestionsTool(server: McpServer, deps: ToolDeps): void {
  registerResolveSuggestionsTool(server, deps, 'reject', {
    name: 'reject_suggestions',
    title: 'Reject suggestions',
    description:
      'Reject suggested changes: by suggestion_ids, by section (anchor_id), or all. Rejected insertions disappear, rejected deletions keep their text, style changes are dropped: the text reads as before the suggestion. One write, guarded by the revision read; dry_run: true says which would be rejected.',
    destructive: true,
  });
}
