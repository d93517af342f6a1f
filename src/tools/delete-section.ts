/** `delete_section`: a section, its subsections included, removed in one guarded write. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { deleteSectionService } from '../docs/service/sections.js';
import { confirmDestructive } from './confirm.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { allowDeletionsField, documentIdField, requireAnchor, tabIdField } from './schemas.js';
import { sectionEditOutputFields, toSectionEditOutput } from './section-fields.js';

export function registerDeleteSectionTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'delete_section',
    title: 'Delete a section',
    description:
      'Delete one section: its heading and everything up to the next heading of the same or higher level, subsections and their images included. The user is asked to confirm where the client can ask; elsewhere pass allow_deletions: true once the user agreed. Use dry_run: true to see what would go (removed_anchors) first.',
    input: {
      document_id: documentIdField,
      anchor_id: z
        .string()
        .optional()
        .describe("The section's heading anchor from get_hierarchy (or the URL's #heading=)."),
      tab_id: tabIdField,
      dry_run: z.boolean().optional().describe('Plan only: what would be deleted; nothing is written.'),
      allow_deletions: allowDeletionsField,
    },
    output: sectionEditOutputFields,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async ({ document_id, anchor_id, tab_id, dry_run, allow_deletions }, call) => {
      const target = requireAnchor(withRef(document_id, tab_id, anchor_id));
      if (!dry_run) {
        await confirmDestructive(
          call,
          async () => {
            const preview = await deleteSectionService(deps.backend, target, { dry_run: true });
            const more = preview.removed_anchors.length - 1;
            return `delete section ${target.anchor_id}${more > 0 ? ` and its ${more} subsection${more === 1 ? '' : 's'}` : ''}`;
          },
          allow_deletions,
        );
      }
      return toSectionEditOutput(await deleteSectionService(deps.backend, target, { dry_run }));
    },
  });
}
