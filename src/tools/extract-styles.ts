/** `extract_styles`: the formatting a document effectively uses, per element type, as reusable definitions. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { extractStylesService } from '../docs/service/formatting.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { documentIdField, tabIdField, tabTarget } from './schemas.js';

/** One StyleDefinition, shared by extract_styles (output) and apply_styles (input). */
export const styleDefinitionShape = {
  element_type: z
    .string()
    .describe('Which paragraphs: "body", "title", "subtitle", or "heading1" … "heading6".'),
  font_family: z.string().nullable().describe('Font family, e.g. "Arial". null = leave as it is.'),
  font_size: z.string().nullable().describe('Font size in points, e.g. "11pt". null = leave as it is.'),
  font_weight: z
    .string()
    .nullable()
    .describe(
      'Rendered weight: "100"–"900" ("400" normal, "700" bold) or a name such as "bold". null = leave.',
    ),
  text_color: z.string().nullable().describe('Text colour "#rrggbb", e.g. "#000000". null = leave as it is.'),
  line_spacing: z
    .string()
    .nullable()
    .describe('"single", "double", or a multiple such as "1.15" or "1.5". null = leave as it is.'),
  space_before: z
    .string()
    .nullable()
    .describe('Space above each paragraph, e.g. "6pt". null = leave as it is.'),
  space_after: z
    .string()
    .nullable()
    .describe('Space below each paragraph, e.g. "6pt". null = leave as it is.'),
};

export function registerExtractStylesTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'extract_styles',
    title: 'Extract styles',
    description:
      'Read the formatting a document actually uses, per element type (body, title, subtitle, heading1–heading6): font family, size, weight, colour, line spacing and space before/after. Each value is what most of that type’s text shows (the named style, corrected by direct formatting when most of the text overrides it); values are always resolved, using the editor’s defaults where the document sets nothing. Code fonts, link colours and bold on single runs do not count. Use it to copy one document’s look to another: pass the returned `styles` to apply_styles. Reads only.',
    input: { document_id: documentIdField, tab_id: tabIdField },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      styles: z
        .array(z.object(styleDefinitionShape))
        .describe(
          'One definition per element type, body first; pass it to apply_styles unchanged or edited.',
        ),
      source_document_id: z.string().describe('The document the styles were read from.'),
      tab_id: z.string().optional().describe('The tab the styles were read from.'),
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, tab_id }) =>
      await extractStylesService(deps.backend, tabTarget(document_id, tab_id)),
  });
}
