/** `gdoc find DOC TEXT`: where a text (or pattern) occurs, in every tab, by section. */
import type { Command } from 'commander';
import { ValidationError } from '../../errors.js';

interface FindOptions {
  regex?: boolean;
  caseSensitive?: boolean;
  tab?: string;
  limit?: string;
  local?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('find')
    .description(
      'Find a text in every tab of a document (child tabs included): tab, section anchor and a snippet for each match.',
    )
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .argument('<text>', 'the text to find (a regular expression with --regex)')
    .option('--regex', 'TEXT is a JavaScript regular expression')
    .option('--case-sensitive', 'match letter case exactly')
    .option('--tab <id>', 'search only this tab')
    .option('--limit <n>', 'at most N matches (default 50)')
    .option('--local <dir>', 'read NAME from the local store in DIR instead of Google Docs')
    .option(
      '--json',
      'print {success, matches:[{tab_id, tab_title, anchor_id, heading_text, match, snippet}], total_count}',
    )
    .addHelpText(
      'after',
      `
Examples:
  gdoc find 1AbC...xyz "budget"
  gdoc find doc.json "Q[1-4] 2026" --regex --json`,
    )
    .action(async (doc: string, text: string, opts: FindOptions) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, { findInDocumentService }, { withProgress }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/find.js'),
          import('../progress.js'),
        ]);
        const limit = opts.limit === undefined ? undefined : Number(opts.limit);
        if (limit !== undefined && !Number.isInteger(limit)) {
          throw new ValidationError(`--limit must be a whole number, got "${opts.limit}".`);
        }
        const { backend, documentId } = await openDocument(doc, { local: opts.local });
        const result = await withProgress('Searching', () =>
          findInDocumentService(backend, {
            document_id: documentId,
            query: text,
            regex: opts.regex === true,
            case_sensitive: opts.caseSensitive === true,
            ...(opts.tab ? { tab_id: opts.tab } : {}),
            ...(limit !== undefined ? { limit } : {}),
          }),
        );
        if (opts.json) return out.printJson(result);
        if (result.matches.length === 0) return out.printText('No match.');
        const { table } = out;
        out.printText(
          table(
            result.matches.map((m) => [
              m.tab_id,
              m.anchor_id || '(preamble)',
              m.heading_text || '',
              m.snippet,
            ]),
          ),
        );
        if (result.total_count > result.matches.length) {
          out.printText(`… ${result.total_count - result.matches.length} more (--limit).`);
        }
      });
    });
}
