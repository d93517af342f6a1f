/** `apply_styles`: make a document use given style definitions (e.g. another document's, from extract_styles). */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { applyStylesService } from '../docs/service/formatting.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { styleDefinitionShape } from './extract-styles.js';
import { documentIdField, revisionIdField, tabIdField, tabTarget, warningsField } from './schemas.js';

/** The result shape shared by apply_styles and normalize_formatting (StyleChangeResult). */
export const styleChangeOutput = {
  success: z.literal(true).describe('Always true on success.'),
  changes_made: z
    .number()
    .int()
    .describe(
      'Formatting changes made (for a dry run: that would be made). A property that already has the asked value is not counted; 0 means nothing was written.',
    ),
  warnings: warningsField,
  revision_id: revisionIdField,
  dry_run: z.boolean().describe('True when nothing was written (dry_run was set).'),
  tab_id: z.string().optional().describe('The tab that was (or would be) changed.'),
  summary: z
    .array(z.string())
    .optional()
    .describe(
      'What changed, one readable line per kind of change (e.g. "body: font size overrides removed: 12").',
    ),
  requests: z
    .array(z.unknown())
    .optional()
    .describe('The Docs batchUpdate requests sent (for a dry run: planned).'),
};

export const dryRunField = z
  .boolean()
  .optional()
  .describe(
    'Plan and verify only: report what would change (changes_made, summary, requests) without writing.',
  );

export function registerApplyStylesTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'apply_styles',
    title: 'Apply styles',
    description:
      'Make a document (one tab) use the given style definitions, typically the `styles` extract_styles returned for a template document. Updates the named styles (Normal text, Title, Headings…) and removes the direct formatting of the same properties that would hide them. Changes formatting only: text, images, lists, heading anchors and character-level formatting (bold, italic, links, highlights, code fonts) stay as they are. A null value leaves that property alone. Use dry_run to preview.',
    input: {
      document_id: documentIdField,
      styles: z
        .array(z.object(styleDefinitionShape).partial().required({ element_type: true }))
        .min(1)
        .describe(
          'Style definitions, as extract_styles returns them; omitted or null properties are left as they are.',
        ),
      tab_id: tabIdField,
      dry_run: dryRunField,
    },
    output: styleChangeOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, styles, tab_id, dry_run }) =>
      await applyStylesService(deps.backend, tabTarget(document_id, tab_id), styles, {
        dry_run,
      }),
  });
}
