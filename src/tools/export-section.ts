/** `export_section`: one heading's section of a tab as MEBDF, ready to edit and import back. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { exportSectionService } from '../docs/service/export.js';
import { anchorsField, commentsField } from './comment-fields.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import { partField, partInfoField } from './part-fields.js';
import {
  anchorIdField,
  baseField,
  documentIdField,
  estimatedTokensField,
  revisionIdField,
  tabIdField,
  tabTarget,
  warningsField,
} from './schemas.js';

export function registerExportSectionTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'export_section',
    title: 'Export a section as MEBDF',
    description: `Export one section — a heading and everything up to the next heading of the same or higher level, subsections included — as MEBDF Markdown. Prefer it to export_tab: it is small, and import_section writes it back changing only what you edit. Get anchor_id from get_hierarchy ("" = the preamble before the first heading). A section larger than ${deps.maxExportTokens} estimated tokens comes in parts: \`part\` then says which, with the outline and how to read the rest (a subsection, or the next part), and an import with that part's base replaces only that part. Returns content, revision_id, base (pass it to import_section) and estimated_tokens. ${MEBDF_REMINDER}`,
    input: {
      document_id: documentIdField,
      anchor_id: anchorIdField,
      tab_id: tabIdField,
      part: partField,
      comments: commentsField,
      anchors: anchorsField,
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      content: z
        .string()
        .describe(
          'The section as MEBDF, starting with its heading line, after any `{!…}` lines before it such as style names (only the part named by `part` when that is present).',
        ),
      anchor_id: z.string().describe('Echo of the anchor exported.'),
      tab_id: z.string().describe('The tab read (resolved when omitted).'),
      warnings: warningsField,
      revision_id: revisionIdField,
      base: baseField,
      estimated_tokens: estimatedTokensField,
      part: partInfoField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, anchor_id, tab_id, part, comments, anchors }) => {
      const result = await exportSectionService(
        deps.backend,
        { ...tabTarget(document_id, tab_id), anchor_id },
        { bases: deps.bases, maxTokens: deps.maxExportTokens, part, comments, anchors },
      );
      return { ...result, anchor_id: result.anchor_id ?? anchor_id };
    },
  });
}
