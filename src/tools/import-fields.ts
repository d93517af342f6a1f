/**
 * What import_section and import_tab share: the options beyond the seed (dry_run,
 * allow_deletions, base), the result fields, and the mapping from the service result — which
 * carries the full request list for the CLI — to a count, which is all a model needs.
 */
import { z } from 'zod';
import type { ImportOptions, ImportResult } from '../docs/service/contract.js';
import type { ToolDeps } from './deps.js';
import type { ImportTargetKey } from './import-session.js';
import { newHeadingsField, preservedObjectsField, revisionIdField, warningsField } from './schemas.js';

export const importOptionFields = {
  dry_run: z
    .boolean()
    .optional()
    .describe('Plan and verify only: return the diff and request count without writing. Default false.'),
  allow_deletions: z
    .boolean()
    .optional()
    .describe(
      'Allow the write to delete embedded objects whose {^= id} placeholders are missing from content. Default false: such a write is refused with FidelityGuardError listing them.',
    ),
  mode: z
    .enum(['edit', 'suggest'])
    .optional()
    .describe(
      'edit (default): change the document. suggest: write the same change as tracked suggestions for a person to accept or reject in Docs (or with accept_suggestions / reject_suggestions); the accepted text stays as it was. A change Docs cannot suggest (new table columns, deleted rows or columns, merged cells, column widths, footnotes) is refused before anything is written; new {^ id} anchors are left out with a warning.',
    ),
  base: z
    .string()
    .optional()
    .describe(
      'The `base` returned by the export you edited (or by your last import of it). If the content changed since, edits to other paragraphs are merged and edits to the same paragraphs are refused with RevisionConflictError carrying the current content. Left out: the last read of this tab or section through this server stands in for it.',
    ),
};

export const importOutputFields = {
  success: z.literal(true).describe('Always true on success.'),
  tab_id: z.string().describe('The tab written (resolved when omitted).'),
  preserved_objects: preservedObjectsField,
  warnings: warningsField,
  revision_id: revisionIdField.describe(
    'The revision after the write (the current one for a dry run or a no-op).',
  ),
  request_count: z
    .number()
    .int()
    .describe(
      'How many batchUpdate requests were sent (or, for a dry run, planned); 0 when nothing changed.',
    ),
  new_headings: newHeadingsField,
  dry_run: z.boolean().describe('True when nothing was written.'),
  diff: z.string().optional().describe('Dry run only: a readable diff of the old and new content.'),
  suggestion_ids: z
    .array(z.string())
    .optional()
    .describe('mode suggest: the suggestions the write created (list_suggestions shows them).'),
  base: z
    .string()
    .optional()
    .describe(
      'After a write: the base for the next import of the same content (edit it further and pass this).',
    ),
};

export function toImportOutput(result: ImportResult) {
  return {
    success: true as const,
    tab_id: result.tab_id,
    preserved_objects: result.preserved_objects,
    warnings: result.warnings,
    revision_id: result.revision_id,
    request_count: result.requests.length,
    new_headings: result.new_headings,
    dry_run: result.dry_run,
    ...(result.diff !== undefined ? { diff: result.diff } : {}),
    ...(result.base !== undefined ? { base: result.base } : {}),
    ...(result.suggestion_ids !== undefined ? { suggestion_ids: result.suggestion_ids } : {}),
  };
}

/** The options an import tool passes on (its input's, as zod hands optional fields over). */
export type ImportArgs = {
  [K in 'dry_run' | 'allow_deletions' | 'base' | 'mode']?: ImportOptions[K] | undefined;
};

/**
 * Runs an import tool's service: without `base`, with what this client last wrote to the target
 * (import-session.ts); and remembers what it writes (a dry run or suggestions write no text).
 */
export async function importForClient(
  deps: ToolDeps,
  target: ImportTargetKey,
  args: ImportArgs,
  service: (options: ImportOptions) => Promise<ImportResult>,
): Promise<ImportResult> {
  const last = args.base === undefined ? deps.session?.lastWrite(target) : undefined;
  const result = await service({ ...args, ...(last ? { last_write: last } : {}) });
  if (!result.dry_run && !result.suggestion_ids) deps.session?.wrote(target, result.base);
  return result;
}
