/** `move_section`: a section (subsections included) moved elsewhere in its tab, in one write. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { moveSectionService } from '../docs/service/sections.js';
import { confirmDestructive } from './confirm.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { allowDeletionsField, documentIdField, requireAnchor, tabIdField } from './schemas.js';
import {
  placementOf,
  positionField,
  sectionEditOutputFields,
  toSectionEditOutput,
} from './section-fields.js';

export function registerMoveSectionTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'move_section',
    title: 'Move a section',
    description:
      "Move one section (with its subsections) before or after another section, or to the end of the tab, keeping its text and formatting. It is written anew at the destination and removed from where it was, in one atomic batchUpdate — so its headings get NEW anchors (returned in new_headings; removed_anchors lists the old ones): the document's links to the old ones are pointed at the new ones in a second write, links from elsewhere stop working. Sections holding images, charts, chips or footnotes cannot be recreated and are refused. The user is asked to confirm where the client can ask; elsewhere pass allow_deletions: true.",
    input: {
      document_id: documentIdField,
      anchor_id: z
        .string()
        .optional()
        .describe("The section to move (get_hierarchy, or the URL's #heading=)."),
      position: positionField,
      to_anchor_id: z
        .string()
        .optional()
        .describe(
          'The section the position is relative to ("" = the preamble, with "after"); not needed for "end".',
        ),
      tab_id: tabIdField,
      dry_run: z.boolean().optional().describe('Plan only; nothing is written.'),
      allow_deletions: allowDeletionsField,
    },
    output: sectionEditOutputFields,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async (
      { document_id, anchor_id, position, to_anchor_id, tab_id, dry_run, allow_deletions },
      call,
    ) => {
      const target = requireAnchor(withRef(document_id, tab_id, anchor_id));
      const placement = placementOf(position, to_anchor_id);
      if (!dry_run) {
        await confirmDestructive(
          call,
          async () => {
            // Planned first: a move that cannot happen is refused before the user is asked.
            await moveSectionService(deps.backend, target, placement, { dry_run: true });
            return `move section ${target.anchor_id} (its headings get new anchors)`;
          },
          allow_deletions,
        );
      }
      return toSectionEditOutput(await moveSectionService(deps.backend, target, placement, { dry_run }));
    },
  });
}
