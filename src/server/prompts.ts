/**
 * A prompt that walks a model through the safe edit loop: outline → export_section → edit →
 * import_section (dry run first), keeping anchors and object placeholders in place. Its
 * document, tab and heading arguments complete from the backend.
 */
import { completable, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ToolDeps } from '../tools/deps.js';
import { createCompleters } from './completions.js';

export function registerPrompts(server: McpServer, deps: ToolDeps): void {
  const complete = createCompleters(deps);
  server.registerPrompt(
    'edit_section',
    {
      title: 'Edit one section of a Google Doc',
      description:
        'Walks through finding a section by its heading, exporting it as MEBDF, editing it and writing back only the change.',
      argsSchema: z.object({
        document_id: completable(z.string().describe('Google Doc id or URL.'), complete.documentId),
        change: z.string().describe('What to change, in plain words (e.g. "tighten the Risks section").'),
        // Optional outside the completable wrapper: the SDK looks for the completer inside it.
        heading: completable(z.string(), complete.headingText)
          .optional()
          .describe('The heading of the section to edit, if known.'),
        tab_id: completable(z.string(), complete.tabId)
          .optional()
          .describe('The tab, for a multi-tab document.'),
      }),
    },
    ({ document_id, change, heading, tab_id }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: editSectionSteps(document_id, change, heading, tab_id) },
        },
      ],
    }),
  );
}

export function editSectionSteps(
  documentId: string,
  change: string,
  heading?: string,
  tabId?: string,
): string {
  const tab = tabId ? `, tab_id "${tabId}"` : '';
  return [
    `Edit the Google Doc "${documentId}"${tabId ? ` (tab ${tabId})` : ''}: ${change}`,
    '',
    'Work one section at a time, so that nothing you did not mean to change is touched:',
    `1. If the document may have several tabs, call get_metadata with document_id "${documentId}" and pick the tab_id.`,
    `2. Call get_hierarchy (document_id "${documentId}"${tab}) and find the section${heading ? ` headed "${heading}"` : ' to change'}; note its anchor_id ("" is the preamble before the first heading).`,
    '3. Call export_section with that anchor_id. Keep the returned `base`.',
    '4. Edit the MEBDF content: change only what the request asks for. Keep the heading line first (after the `{!…}` lines above it, if any), keep every `{^ id}` anchor and every `{^= id type}` placeholder where it is (removing one deletes the image or object), and keep `{!…}` formatting unless asked to change it.',
    '5. Call import_section with the edited content, the same anchor_id and tab_id, base set to the export’s base, and dry_run: true. Read the diff and the request count: they should show only your change.',
    '6. Call import_section again without dry_run. Report the new revision_id and the number of requests sent.',
    'If import_section answers RevisionConflictError, someone edited the section meanwhile: merge your change into error.current_content and retry with a fresh export_section.',
  ].join('\n');
}
