/** `export_tab`: a whole tab as MEBDF, refused (not truncated) when too large for a client. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { exportTabService } from '../docs/service/export.js';
import { ContentTooLargeError } from '../errors.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import {
  baseField,
  documentIdField,
  estimatedTokensField,
  normalizeDocumentId,
  revisionIdField,
  tabIdField,
  warningsField,
} from './schemas.js';

export function registerExportTabTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'export_tab',
    title: 'Export a whole tab as MEBDF',
    description: `Export an entire tab as MEBDF Markdown. Use it for short documents or to rewrite a tab as a whole with import_tab; for anything long use get_hierarchy + export_section. A tab larger than ${deps.maxExportTokens} estimated tokens is refused with ContentTooLargeError rather than cut: a partial tab imported back with import_tab would delete the rest. Returns content, tab_id, revision_id, base (pass it to import_tab) and estimated_tokens. ${MEBDF_REMINDER}`,
    input: { document_id: documentIdField, tab_id: tabIdField },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      content: z.string().describe('The whole tab as MEBDF.'),
      tab_id: z.string().describe('The tab exported (resolved when omitted).'),
      warnings: warningsField,
      revision_id: revisionIdField,
      base: baseField,
      estimated_tokens: estimatedTokensField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, tab_id }) => {
      const result = await exportTabService(deps.backend, {
        document_id: normalizeDocumentId(document_id),
        tab_id,
      });
      if (result.estimated_tokens > deps.maxExportTokens) {
        throw new ContentTooLargeError(
          `Tab "${result.tab_id}" is about ${result.estimated_tokens} tokens, above this server's export_tab limit of ${deps.maxExportTokens}; nothing was returned rather than a partial tab.`,
          `Call get_hierarchy with document_id "${normalizeDocumentId(document_id)}" and tab_id "${result.tab_id}", then export_section (and import_section) one section at a time.`,
        );
      }
      const { anchor_id: _unused, ...tab } = result;
      return tab;
    },
  });
}
