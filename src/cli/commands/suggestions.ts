/**
 * `gdoc suggestions DOC`: the document's suggested changes; `gdoc accept DOC [ID…]` and
 * `gdoc reject DOC [ID…]`: accept or reject them by id, by section (`--section`) or all (`--all`),
 * in one guarded write.
 */
import type { Command } from 'commander';

interface ListOptions {
  tab?: string;
  section?: string;
  local?: string;
  json?: boolean;
}

interface ResolveOptions extends ListOptions {
  all?: boolean;
  dryRun?: boolean;
}

function registerList(program: Command): void {
  program
    .command('suggestions')
    .description(
      'List the suggested changes in a document: id, section, text inserted or deleted, styles changed.',
    )
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .option('--tab <id>', 'only this tab')
    .option('--section <anchor>', 'only this section, subsections included ("" = preamble)')
    .option('--local <dir>', 'read NAME from the local store in DIR instead of Google Docs')
    .option(
      '--json',
      'print {success, suggestions:[{suggestion_id, tab_id, anchor_id, inserted_text, deleted_text, text_style_changes, paragraph_style_changes, bullet_change, …}], revision_id}',
    )
    .addHelpText(
      'after',
      `
Examples:
  gdoc suggestions 1AbC...xyz
  gdoc suggestions doc.json --section h.ryalwp7mpmhm --json`,
    )
    .action(async (doc: string, opts: ListOptions) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, { listSuggestionsService }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/suggestions.js'),
        ]);
        const { backend, documentId, tabId } = await openDocument(doc, { local: opts.local });
        const tab = opts.tab ?? tabId;
        const result = await listSuggestionsService(backend, {
          document_id: documentId,
          ...(tab ? { tab_id: tab } : {}),
          ...(opts.section !== undefined ? { anchor_id: opts.section } : {}),
        });
        if (opts.json) return out.printJson(result);
        if (result.suggestions.length === 0) return out.printText('No suggestions.');
        out.printText(
          out.table(
            result.suggestions.map((s) => [
              s.suggestion_id,
              s.tab_id,
              s.anchor_id || '(preamble)',
              describe(s),
            ]),
          ),
        );
      });
    });
}

function describe(s: {
  inserted_text: string;
  deleted_text: string;
  text_style_changes: string[];
  paragraph_style_changes: string[];
  bullet_change: boolean;
}): string {
  const parts: string[] = [];
  if (s.inserted_text) parts.push(`+ "${s.inserted_text}"`);
  if (s.deleted_text) parts.push(`- "${s.deleted_text}"`);
  if (s.text_style_changes.length) parts.push(`style ${s.text_style_changes.join(', ')}`);
  if (s.paragraph_style_changes.length) parts.push(`paragraph ${s.paragraph_style_changes.join(', ')}`);
  if (s.bullet_change) parts.push('bullets');
  return parts.join('; ');
}

function registerResolve(program: Command, verdict: 'accept' | 'reject'): void {
  const past = verdict === 'accept' ? 'Accepted' : 'Rejected';
  program
    .command(verdict)
    .description(
      verdict === 'accept'
        ? 'Accept suggested changes: by id, by section (--section) or all (--all), in one guarded write.'
        : 'Reject suggested changes: by id, by section (--section) or all (--all); the text reads as before them.',
    )
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .argument('[ids...]', 'suggestion ids (see gdoc suggestions)')
    .option('--section <anchor>', 'every suggestion in this section, subsections included ("" = preamble)')
    .option('--all', 'every suggestion (of --tab when given)')
    .option('--tab <id>', 'the tab (for --section and --all)')
    .option('--dry-run', 'say which suggestions would be resolved; write nothing')
    .option('--local <dir>', 'write NAME in the local store in DIR instead of Google Docs')
    .option('--json', 'print {success, suggestion_ids, resolved_with, revision_id, dry_run}')
    .addHelpText(
      'after',
      `
Examples:
  gdoc ${verdict} 1AbC...xyz suggest.abc123 suggest.def456
  gdoc ${verdict} doc.json --section h.ryalwp7mpmhm
  gdoc ${verdict} doc.json --all --dry-run`,
    )
    .action(async (doc: string, ids: string[], opts: ResolveOptions) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, { resolveSuggestionsService }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/suggestions.js'),
        ]);
        const { backend, documentId, tabId } = await openDocument(doc, { local: opts.local });
        const tab = opts.tab ?? tabId;
        const result = await resolveSuggestionsService(
          backend,
          {
            document_id: documentId,
            ...(tab ? { tab_id: tab } : {}),
            ...(ids.length > 0 ? { suggestion_ids: ids } : {}),
            ...(opts.section !== undefined ? { anchor_id: opts.section } : {}),
            ...(opts.all ? { all: true } : {}),
          },
          verdict,
          { dry_run: opts.dryRun === true },
        );
        if (opts.json) return out.printJson(result);
        const n = result.suggestion_ids.length;
        const what = `${n} suggestion${n === 1 ? '' : 's'}`;
        if (n === 0) out.printText('No suggestion to resolve.');
        else if (result.dry_run) out.printText(`Dry run: would ${verdict} ${what}; nothing written.`);
        else out.printText(`${past} ${what}; revision ${result.revision_id}.`);
        for (const id of result.suggestion_ids) out.printText(`  ${id}`);
        for (const id of result.resolved_with) out.printText(`  ${id} (went with another)`);
      });
    });
}

export function register(program: Command): void {
  registerList(program);
  registerResolve(program, 'accept');
  registerResolve(program, 'reject');
}
