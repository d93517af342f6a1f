/**
 * The server factory: one `McpServer` with every tool, resource and prompt, bound to the given
 * dependencies. Both transports (stdio, Streamable HTTP) call it for every instance they need —
 * the SDK builds one per HTTP request and one per stdio connection, for the 2026-07-28 revision
 * and for 2025-11-25 clients alike. The only state an instance holds is its client's: what its
 * imports wrote (tools/import-session.ts).
 */
import { type CacheHint, McpServer } from '@modelcontextprotocol/server';
import type { ToolDeps } from '../tools/deps.js';
import { ImportSession } from '../tools/import-session.js';
import { registerTools } from '../tools/index.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';

export const SERVER_NAME = 'gdoc-mcp';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = [
  'Read and rewrite Google Docs as MEBDF Markdown, one section at a time.',
  'Workflow: get_metadata (tabs) -> get_hierarchy (headings and their anchor_id) -> export_section ->',
  'edit the MEBDF -> import_section with the `base` from the export. Only what you changed is written;',
  'images and other objects stay where their {^= id} placeholders stay.',
  'Prefer export_section over export_tab for long documents (see estimated_tokens).',
  'To find where something is, find_in_document searches every tab. To add, remove or reorder whole sections use',
  'insert_section, delete_section and move_section (they never need the whole tab); tabs: manage_tabs.',
  'To propose an edit for a person to approve, import with mode: "suggest" (tracked suggestions; {!suggest:…} spans show them',
  'in exports: leave them as they are); list_suggestions, accept_suggestions and reject_suggestions resolve them.',
  'Comments: list_comments, add_comment (on a quoted passage), reply_to_comment, resolve_comment; export with',
  'comments: true shows them as read-only {!comment:ID} markers, which an import ignores.',
  'Destructive tools ask the user when the client can; otherwise pass allow_deletions: true only after the user agreed.',
  'The MEBDF grammar is the resource gdoc://mebdf/grammar.',
].join(' ');

/** The tool, prompt and template lists are fixed for a release and the same for every client. */
const FIXED: CacheHint = { ttlMs: 60 * 60 * 1000, cacheScope: 'public' };

/**
 * Cache hints of the 2026-07-28 revision. The document list and document contents belong to
 * the caller and change under them (another editor, an import), so they are private and short.
 */
const CACHE_HINTS = {
  'server/discover': FIXED,
  'tools/list': FIXED,
  'prompts/list': FIXED,
  'resources/templates/list': FIXED,
  'resources/list': { ttlMs: 30 * 1000, cacheScope: 'private' },
  'resources/read': { ttlMs: 0, cacheScope: 'private' },
} satisfies Record<string, CacheHint>;

export function createServer(deps: ToolDeps): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'Google Docs as Markdown (MEBDF)', version: SERVER_VERSION },
    {
      // The lists never change while a server runs: say so rather than promise notifications.
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      },
      instructions: INSTRUCTIONS,
      cacheHints: CACHE_HINTS,
    },
  );
  const own = { ...deps, session: new ImportSession() };
  registerTools(server, own);
  registerResources(server, own);
  registerPrompts(server, own);
  return server;
}
