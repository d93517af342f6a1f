/** `accept_suggestions`: suggested changes accepted by id, by section, or all, in one guarded write. */
import type { McpServer } from '@modelcontextprotocol/server';
import type { ToolDeps } from './deps.js';
import { registerResolveSuggestionsTool } from './resolve-suggestions.js';

export function registerAcceptSuggestionsTool(server: McpServer, deps: ToolDeps): void {
  registerResolveSuggestionsTool(server, deps, 'accept', {
    name: 'accept_suggestions',
    title: 'Accept suggestions',
    description:
      'Accept suggested changes: by suggestion_ids, by section (anchor_id), or all. Accepted insertions become ordinary text, accepted deletions remove their text, style changes apply. One write, guarded by the revision read; dry_run: true says which would be accepted.',
    destructive: false,
  });
}
