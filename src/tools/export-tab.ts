/** `export_tab`: a whole tab as MEBDF, refused (not truncated) when too large for a client. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { exportTabService } from '../docs/service/export.js';
import { anchorsField, commentsField } from './comment-fields.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import { partField, partInfoField } from './part-fields.js';
import {
  baseField,
  documentIdField,
  estimatedTokensField,
  revisionIdField,
  tabIdField,
  tabTarget,
  warningsField,
} from './schemas.js';

export function registerExportTabTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'export_tab',
    title: 'Export a whole tab as MEBDF',
    description: `Export an entire tab as MEBDF Markdown. Use it for short documents or to rewrite a tab as a whole with import_tab; for anything long use get_hierarchy + export_section. A tab larger than ${deps.maxExportTokens} estimated tokens comes in parts: \`part\` then says which, with the outline and how to read the rest, and an import with that part's base replaces only that part. Returns content, tab_id, revision_id, base (pass it to import_tab) and estimated_tokens. ${MEBDF_REMINDER}`,
    input: {
      document_id: documentIdField,
      tab_id: tabIdField,
      part: partField,
      comments: commentsField,
      anchors: anchorsField,
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      content: z.string().describe('The tab as MEBDF (only the part named by `part` when that is present).'),
      tab_id: z.string().describe('The tab exported (resolved when omitted).'),
      warnings: warningsField,
      revision_id: revisionIdField,
      base: baseField,
      estimated_tokens: estimatedTokensField,
      part: partInfoField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, tab_id, part, comments, anchors }) => {
      const target = tabTarget(document_id, tab_id);
      const result = await exportTabService(deps.backend, target, {
        bases: deps.bases,
        maxTokens: deps.maxExportTokens,
        part,
        comments,
        anchors,
      });
      const { anchor_id: _unused, ...tab } = result;
      return tab;
    },
  });
}
