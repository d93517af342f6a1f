/**
 * `gdoc insert`, `gdoc delete`, `gdoc move`: add a new section, remove one, move one — each one
 * guarded batchUpdate of only the paragraphs at the place (src/docs/service/sections.ts).
 */
import type { Command } from 'commander';
import type { Placement, SectionEditResult } from '../../docs/service/sections.js';
import { ValidationError } from '../../errors.js';

interface Common {
  tab?: string;
  local?: string;
  dryRun?: boolean;
  json?: boolean;
}

interface PlaceOptions {
  before?: string;
  after?: string;
  end?: boolean;
}

const DOC =
  'Google Doc id or URL (its ?tab= and #heading= are used), a local .json file, or a NAME with --local';

export function register(program: Command): void {
  program
    .command('insert')
    .description(
      'Add a new section (a heading line, then its body, as MEBDF) after or before a section, or at the end of a tab.',
    )
    .argument('<doc>', DOC)
    .argument('[file]', 'the new section as MEBDF; "-" or omitted reads stdin')
    .option('--after <anchor>', 'after this section and its subsections ("" = after the preamble)')
    .option('--before <anchor>', 'before this section')
    .option('--end', 'at the end of the tab (the default without --after/--before)')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option('--local <dir>', 'write NAME in the local store in DIR instead of Google Docs')
    .option('--dry-run', 'plan and verify only; write nothing')
    .option(
      '--json',
      'print {success, tab_id, revision_id, requests, new_headings, removed_anchors, warnings, dry_run}',
    )
    .addHelpText(
      'after',
      `
Examples:
  printf '## Risks\\n\\nNone yet.\\n' | gdoc insert doc.json - --after h.abc123
  gdoc insert 1AbC...xyz risks.md --end --tab t.0`,
    )
    .action(async (doc: string, file: string | undefined, opts: Common & PlaceOptions) => {
      await run(
        opts,
        async (backend, target) => {
          const { insertSectionService } = await import('../../docs/service/sections.js');
          const { readContent } = await import('./import.js');
          const content = await readContent(file);
          return await insertSectionService(backend, target, placement(opts, target.anchorFromUrl), content, {
            dry_run: opts.dryRun,
          });
        },
        doc,
      );
    });

  program
    .command('delete')
    .description(
      'Delete a section: its heading and everything to the next heading of the same or higher level.',
    )
    .argument('<doc>', DOC)
    .option('--section <anchor>', 'the section to delete (see gdoc outline)')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option('--local <dir>', 'write NAME in the local store in DIR instead of Google Docs')
    .option('--allow-deletions', 'go ahead without asking (required when not on a terminal)')
    .option('--dry-run', 'show what would be deleted; write nothing')
    .option('--json', 'print the result as JSON')
    .action(async (doc: string, opts: Common & { section?: string; allowDeletions?: boolean }) => {
      await run(
        opts,
        async (backend, target) => {
          const { deleteSectionService } = await import('../../docs/service/sections.js');
          const section = { ...target, anchor_id: anchorOf(opts.section, target.anchorFromUrl) };
          if (!opts.dryRun) {
            const preview = await deleteSectionService(backend, section, { dry_run: true });
            const { confirmInCli } = await import('../confirm.js');
            await confirmInCli(`delete section ${preview.removed_anchors.join(', ')}`, opts.allowDeletions);
          }
          return await deleteSectionService(backend, section, { dry_run: opts.dryRun });
        },
        doc,
      );
    });

  program
    .command('move')
    .description(
      'Move a section (with its subsections) before or after another, or to the end of the tab. Its headings get new anchors.',
    )
    .argument('<doc>', DOC)
    .option('--section <anchor>', 'the section to move (see gdoc outline)')
    .option('--after <anchor>', 'after this section and its subsections')
    .option('--before <anchor>', 'before this section')
    .option('--end', 'to the end of the tab')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option('--local <dir>', 'write NAME in the local store in DIR instead of Google Docs')
    .option('--allow-deletions', 'go ahead without asking (required when not on a terminal)')
    .option('--dry-run', 'plan only; write nothing')
    .option('--json', 'print the result as JSON')
    .action(
      async (doc: string, opts: Common & PlaceOptions & { section?: string; allowDeletions?: boolean }) => {
        await run(
          opts,
          async (backend, target) => {
            const { moveSectionService } = await import('../../docs/service/sections.js');
            const section = { ...target, anchor_id: anchorOf(opts.section, target.anchorFromUrl) };
            if (opts.before === undefined && opts.after === undefined && !opts.end) {
              throw new ValidationError(
                'Where to? Pass --before, --after or --end.',
                'gdoc move DOC --section A --after B',
              );
            }
            const place = placement(opts, undefined);
            if (!opts.dryRun) {
              await moveSectionService(backend, section, place, { dry_run: true });
              const { confirmInCli } = await import('../confirm.js');
              await confirmInCli(
                `move section ${section.anchor_id} (its headings get new anchors)`,
                opts.allowDeletions,
              );
            }
            return await moveSectionService(backend, section, place, { dry_run: opts.dryRun });
          },
          doc,
        );
      },
    );
}

type Target = { document_id: string; tab_id?: string; anchorFromUrl?: string };

/** Opens DOC, runs the edit and prints its result. */
async function run(
  opts: Common,
  edit: (backend: import('../../ground/backend.js').Backend, target: Target) => Promise<SectionEditResult>,
  doc: string,
): Promise<void> {
  const out = await import('../output.js');
  await out.withJsonErrors(opts.json, async () => {
    const [{ openDocument }, { withProgress }] = await Promise.all([
      import('../open-doc.js'),
      import('../progress.js'),
    ]);
    const { backend, documentId, tabId, anchorId } = await openDocument(doc, { local: opts.local });
    const tab = opts.tab ?? tabId;
    const target: Target = {
      document_id: documentId,
      ...(tab ? { tab_id: tab } : {}),
      ...(anchorId !== undefined ? { anchorFromUrl: anchorId } : {}),
    };
    const result = await withProgress(opts.dryRun ? 'Planning' : 'Writing', () => edit(backend, target));
    if (opts.json) return out.printJson(result);
    out.printWarnings(result.warnings);
    const n = result.requests.length;
    const what = `${n} request${n === 1 ? '' : 's'}`;
    out.printText(
      result.dry_run
        ? `Dry run: ${what} planned; nothing written.`
        : `Done: ${what}; revision ${result.revision_id}.`,
    );
    for (const h of result.new_headings) {
      out.printText(
        `  ${result.dry_run ? 'would add' : 'new heading'} ${'#'.repeat(h.level)} ${h.text}${h.anchor_id ? `  → ${h.anchor_id}` : ''}`,
      );
    }
    if (result.removed_anchors.length > 0)
      out.printText(`  ${result.dry_run ? 'would remove' : 'removed'}: ${result.removed_anchors.join(', ')}`);
  });
}

function anchorOf(section: string | undefined, fromUrl: string | undefined): string {
  const anchor = section ?? fromUrl;
  if (anchor === undefined) {
    throw new ValidationError(
      'No section named: pass anchor_id, or a document URL ending in #heading=h.….',
      'Call get_hierarchy to see the anchors.',
    );
  }
  return anchor;
}

function placement(opts: PlaceOptions, fromUrl: string | undefined): Placement {
  const given = [opts.before !== undefined, opts.after !== undefined, opts.end === true].filter(
    Boolean,
  ).length;
  if (given > 1) throw new ValidationError('Pass only one of --before, --after and --end.');
  if (opts.before !== undefined) return { where: 'before', anchorId: opts.before };
  if (opts.after !== undefined) return { where: 'after', anchorId: opts.after };
  if (opts.end || fromUrl === undefined) return { where: 'end' };
  return { where: 'after', anchorId: fromUrl };
}
