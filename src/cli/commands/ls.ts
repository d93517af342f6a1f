/** `gdoc ls [QUERY]`: the documents you can open, newest first (Google, or a local store). */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('ls')
    .description('List documents, most recently modified first, optionally filtered by name.')
    .argument('[query]', 'only documents whose name contains this text')
    .option('--local <dir>', 'list the local store in DIR instead of Google Docs')
    .option('-n, --limit <n>', 'maximum number of documents (1-100)', '20')
    .option('--json', 'print {success, documents, total_count} as JSON')
    .addHelpText(
      'after',
      `
Examples:
  gdoc ls                       your Google Docs, newest first
  gdoc ls "quarterly plan"      only names containing the text
  gdoc ls --local ./docs --json a local store, as JSON`,
    )
    .action(async (query: string | undefined, opts: { local?: string; limit: string; json?: boolean }) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openStore }, { listDocumentsService }, { withProgress }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/navigation.js'),
          import('../progress.js'),
        ]);
        const backend = await openStore({ local: opts.local });
        const limit = Number(opts.limit);
        const result = await withProgress('Listing documents', () =>
          listDocumentsService(backend, { query, limit }),
        );
        if (opts.json) return out.printJson(result);
        out.printWarnings((result.unreadable ?? []).map((u) => `skipped: ${u.problem}`));
        if (result.documents.length === 0)
          return out.printText(query ? `No document matches "${query}".` : 'No documents.');
        const rows = [['ID', 'MODIFIED', 'TITLE']];
        for (const d of result.documents)
          rows.push([d.document_id, d.last_modified.slice(0, 16).replace('T', ' '), d.title]);
        out.printText(out.table(rows));
        if (result.total_count > result.documents.length) {
          out.printText(`(${result.documents.length} of ${result.total_count}; use --limit for more)`);
        }
      });
    });
}
