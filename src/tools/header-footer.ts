/**
 * `export_header_footer`, `import_header_footer`, `delete_header_footer`: a tab's default header
 * or footer as MEBDF, read, written (created when missing) and deleted.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import {
  deleteSegmentService,
  exportSegmentService,
  importSegmentService,
} from '../docs/service/segments.js';
import { confirmDestructive } from './confirm.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import {
  allowDeletionsField,
  documentIdField,
  revisionIdField,
  tabIdField,
  warningsField,
} from './schemas.js';

const kindField = z.enum(['header', 'footer']).describe('Which one: the tab’s default header or footer.');

const common = {
  success: z.literal(true).describe('Always true on success.'),
  tab_id: z.string().describe('The tab (resolved when omitted).'),
  kind: kindField,
  segment_id: z.string().describe('The header or footer id.'),
  revision_id: revisionIdField,
};

export function registerHeaderFooterTools(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'export_header_footer',
    title: 'Export a header or footer as MEBDF',
    description: `Read the default header or footer of a tab as MEBDF (export_tab leaves them out). Refused with AnchorNotFoundError when the tab has none. First-page and even-page headers are not addressed. ${MEBDF_REMINDER}`,
    input: { document_id: documentIdField, kind: kindField, tab_id: tabIdField },
    output: {
      ...common,
      content: z.string().describe('The header or footer as MEBDF.'),
      warnings: warningsField,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, kind, tab_id }) => {
      const target = withRef(document_id, tab_id);
      return await exportSegmentService(deps.backend, {
        document_id: target.document_id,
        tab_id: target.tab_id,
        kind,
      });
    },
  });

  defineTool(server, {
    name: 'import_header_footer',
    title: 'Write a header or footer from MEBDF',
    description: `Rewrite the default header or footer of a tab from MEBDF with the same minimal, verified diff as import_tab; a tab without one gets it created first (one write to create it, one to fill it). Use dry_run: true to see the request count. ${MEBDF_REMINDER}`,
    input: {
      document_id: documentIdField,
      kind: kindField,
      content: z.string().describe('The header or footer as MEBDF (no headings needed).'),
      tab_id: tabIdField,
      dry_run: z.boolean().optional().describe('Plan and verify only; write nothing.'),
      allow_deletions: z
        .boolean()
        .optional()
        .describe(
          'Allow deleting objects (e.g. a logo) whose {^= id} placeholders are missing from content.',
        ),
    },
    output: {
      ...common,
      created: z.boolean().describe('Whether the header or footer was created by this call.'),
      request_count: z.number().int().describe('How many requests filled it (or would, for a dry run).'),
      warnings: warningsField,
      dry_run: z.boolean().describe('True when nothing was written.'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, kind, content, tab_id, dry_run, allow_deletions }) => {
      const target = withRef(document_id, tab_id);
      const result = await importSegmentService(
        deps.backend,
        { document_id: target.document_id, tab_id: target.tab_id, kind },
        content,
        { dry_run, allow_deletions },
      );
      const { requests, ...rest } = result;
      return { ...rest, request_count: requests.length };
    },
  });

  defineTool(server, {
    name: 'delete_header_footer',
    title: 'Delete a header or footer',
    description:
      'Delete the default header or footer of a tab, with its content. The user is asked to confirm where the client can ask; elsewhere pass allow_deletions: true once the user agreed.',
    input: {
      document_id: documentIdField,
      kind: kindField,
      tab_id: tabIdField,
      allow_deletions: allowDeletionsField,
    },
    output: common,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async ({ document_id, kind, tab_id, allow_deletions }, call) => {
      const target = withRef(document_id, tab_id);
      const segment = { document_id: target.document_id, tab_id: target.tab_id, kind };
      await confirmDestructive(
        call,
        async () => {
          const now = await exportSegmentService(deps.backend, segment); // refused here when there is none
          return `delete the ${kind} of tab ${now.tab_id} ("${now.content.trim().slice(0, 40)}")`;
        },
        allow_deletions,
      );
      return await deleteSegmentService(deps.backend, segment);
    },
  });
}
