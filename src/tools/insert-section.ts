/** `insert_section`: a new section (heading line + body) before or after another, or at the end. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { insertSectionService } from '../docs/service/sections.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import { linkTo } from './resource-links.js';
import { documentIdField, tabIdField } from './schemas.js';
import {
  placeAnchorField,
  placementOf,
  positionField,
  sectionEditOutputFields,
  toSectionEditOutput,
} from './section-fields.js';

export function registerInsertSectionTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'insert_section',
    title: 'Insert a new section',
    description: `Add a new section — its heading line, then its body, as MEBDF — after a section (and its subsections), before one, or at the end of a tab, without exporting or rewriting anything else: only the new paragraphs are written, in one batchUpdate guarded by the revision. The heading line has no {^ id}: Docs gives it one, returned in new_headings (use it with export_section). Any heading level works; a level-2 section placed after a level-1 one becomes its subsection. ${MEBDF_REMINDER}`,
    input: {
      document_id: documentIdField,
      content: z
        .string()
        .describe('The new section as MEBDF: a heading line (e.g. "## Risks"), then its body.'),
      position: positionField.optional(),
      anchor_id: placeAnchorField,
      tab_id: tabIdField,
      dry_run: z.boolean().optional().describe('Plan and verify only; write nothing. Default false.'),
    },
    output: sectionEditOutputFields,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ document_id, content, position, anchor_id, tab_id, dry_run }) => {
      const target = withRef(document_id, tab_id, anchor_id);
      const placement = placementOf(position, target.anchor_id);
      const result = await insertSectionService(deps.backend, target, placement, content, { dry_run });
      return toSectionEditOutput(result);
    },
    // The new section's headings, each readable as a resource (a dry run has no anchors yet).
    links: (args, value) =>
      value.new_headings
        .filter((h) => h.anchor_id !== '')
        .map((h) => linkTo(withRef(args.document_id, args.tab_id).document_id, value.tab_id, h.anchor_id)),
  });
}
