/** `normalize_formatting`: one font, size and spacing for the body (and one font for headings) across a tab. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { normalizeService } from '../docs/service/formatting.js';
import { dryRunField, styleChangeOutput } from './apply-styles.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, tabIdField, tabTarget } from './schemas.js';

export function registerNormalizeFormattingTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'normalize_formatting',
    title: 'Normalize formatting',
    description:
      'Give a document (one tab) consistent formatting: the body text in one font, size, line spacing and space after, and the headings (title, subtitle, heading 1–6) in one font. Sets the named styles and removes the stray direct formatting that differs, so every body paragraph renders as asked. Changes formatting only: text, images, lists, heading anchors and character-level formatting (bold, italic, links, highlights, code fonts) stay as they are. Pass at least one parameter; omitted ones are left alone. Running it again with the same parameters changes nothing. Use dry_run to preview.',
    input: {
      document_id: documentIdField,
      tab_id: tabIdField,
      body_font: z.string().optional().describe('Font family for body text, e.g. "Arial".'),
      body_size: z.string().optional().describe('Font size for body text in points, e.g. "11pt" or "11".'),
      heading_font: z
        .string()
        .optional()
        .describe('Font family for the title, subtitle and headings 1–6, e.g. "Georgia".'),
      line_spacing: z
        .string()
        .optional()
        .describe(
          'Line spacing of body paragraphs: "single", "1.15", "1.5", "double", or a percentage such as "115%".',
        ),
      space_after: z.string().optional().describe('Space after each body paragraph, e.g. "6pt" or "0pt".'),
      dry_run: dryRunField,
    },
    output: styleChangeOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, ...rest }) =>
      await normalizeService(deps.backend, { ...rest, ...tabTarget(document_id, rest.tab_id) }),
  });
}
