/** `get_hierarchy`: the headings of one tab with the anchors the section tools take. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { hierarchyService } from '../docs/service/export.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, tabIdField, tabTarget } from './schemas.js';

export function registerGetHierarchyTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'get_hierarchy',
    title: 'Get heading outline',
    description:
      'Get the heading outline of one tab: every heading with its level and anchor_id, plus the same outline as Markdown. Cheap and small: call it before export_section to pick the section to read or edit, and instead of export_tab when a document is long. Each section runs from its heading to the next heading of the same or higher level; anchor_id "" is the preamble before the first heading.',
    input: { document_id: documentIdField, tab_id: tabIdField },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      tab_id: z.string().describe('The tab the outline belongs to (resolved when omitted).'),
      headings: z
        .array(
          z.object({
            anchor_id: z.string().describe('Pass this as anchor_id to export_section / import_section.'),
            level: z.number().int().describe('Heading level, 1–6.'),
            text: z.string().describe('Heading text.'),
          }),
        )
        .describe('Headings in document order.'),
      markdown: z.string().describe('The outline as Markdown heading lines, each with its {^ anchor}.'),
      note: z
        .string()
        .optional()
        .describe(
          'Present when the outline is above the read limit: which headings are left out and how to see them.',
        ),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, tab_id }) =>
      await hierarchyService(deps.backend, tabTarget(document_id, tab_id), deps.maxExportTokens),
  });
}
