/** `import_section`: rewrite one section from MEBDF with a minimal, guarded, verified write. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { importSectionService } from '../docs/service/import.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { importForClient, importOptionFields, importOutputFields, toImportOutput } from './import-fields.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import { linkTo } from './resource-links.js';
import { documentIdField, tabIdField, tabTarget } from './schemas.js';

export function registerImportSectionTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'import_section',
    title: 'Rewrite a section from MEBDF',
    description: `Replace one section (heading to the next heading of the same or higher level) with new MEBDF. Start from export_section's content, edit it, and pass it back with its base: only the paragraphs and styles you changed are written, in one atomic batchUpdate guarded by the revision, so everything else — other sections, heading ids, comments, images — stays as it was. The content must start with the section's heading line (none for the preamble, anchor_id ""); {!…} lines may stand before it, as export_section writes them. Use dry_run: true to see the diff and request count first. Removing an object placeholder is refused unless allow_deletions. Returns the new revision_id, the request count and the anchors of new headings. ${MEBDF_REMINDER}`,
    input: {
      document_id: documentIdField,
      anchor_id: z
        .string()
        .describe('The section to replace: a heading anchor from get_hierarchy, or "" for the preamble.'),
      content: z
        .string()
        .describe('The section’s new MEBDF, starting with its heading line (as export_section gave it).'),
      tab_id: tabIdField,
      ...importOptionFields,
    },
    output: {
      ...importOutputFields,
      anchor_id: z.string().describe('Echo of the section replaced.'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, anchor_id, content, tab_id, dry_run, allow_deletions, base, mode }) => {
      const target = { ...tabTarget(document_id, tab_id), anchor_id };
      const result = await importForClient(
        deps,
        target,
        { dry_run, allow_deletions, base, mode },
        (options) => importSectionService(deps.backend, target, content, options, deps.bases),
      );
      return { ...toImportOutput(result), anchor_id: result.anchor_id ?? anchor_id };
    },
    links: (args, value) =>
      value.dry_run
        ? []
        : [linkTo(tabTarget(args.document_id, args.tab_id).document_id, value.tab_id, value.anchor_id)],
  });
}
