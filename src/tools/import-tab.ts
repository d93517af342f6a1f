/** `import_tab`: rewrite a whole tab from MEBDF by the same minimal diff as import_section. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { importTabService } from '../docs/service/import.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { importForClient, importOptionFields, importOutputFields, toImportOutput } from './import-fields.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import { linkTo } from './resource-links.js';
import { documentIdField, tabIdField, tabTarget } from './schemas.js';

export function registerImportTabTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'import_tab',
    title: 'Rewrite a whole tab from MEBDF',
    description: `Replace the whole content of a tab with new MEBDF, from export_tab's content edited. The write is still a minimal diff (unchanged paragraphs, heading ids, comments and objects are kept) in one atomic, revision-guarded batchUpdate — but anything missing from content is deleted, so never pass a partial tab: to change one part use import_section. Pass the export's base to detect concurrent edits; dry_run: true shows the diff first. Returns the new revision_id, the request count and the anchors of new headings. ${MEBDF_REMINDER}`,
    input: {
      document_id: documentIdField,
      content: z.string().describe('The tab’s complete new MEBDF (as export_tab gave it, edited).'),
      tab_id: tabIdField,
      ...importOptionFields,
    },
    output: importOutputFields,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async ({ document_id, content, tab_id, dry_run, allow_deletions, base, mode }) => {
      const target = tabTarget(document_id, tab_id);
      const result = await importForClient(
        deps,
        target,
        { dry_run, allow_deletions, base, mode },
        (options) => importTabService(deps.backend, target, content, options, deps.bases),
      );
      return toImportOutput(result);
    },
    links: (args, value) =>
      value.dry_run ? [] : [linkTo(tabTarget(args.document_id, args.tab_id).document_id, value.tab_id)],
  });
}
