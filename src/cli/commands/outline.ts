/** `gdoc outline DOC`: the headings of a tab with their anchors. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('outline')
    .description('Show the heading outline of a tab, each heading with the anchor the section commands take.')
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option('--local <dir>', 'read NAME from the local store in DIR instead of Google Docs')
    .option('--json', 'print {headings:[{anchor_id, level, text}], markdown}')
    .addHelpText(
      'after',
      `
Examples:
  gdoc outline 1AbC...xyz
  gdoc outline report.json --json
  gdoc outline 1AbC...xyz --tab t.0`,
    )
    .action(async (doc: string, opts: { tab?: string; local?: string; json?: boolean }) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, { hierarchyService }, { withProgress }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/export.js'),
          import('../progress.js'),
        ]);
        const { backend, documentId, tabId } = await openDocument(doc, { local: opts.local });
        const result = await withProgress('Reading outline', () =>
          hierarchyService(backend, { document_id: documentId, tab_id: opts.tab ?? tabId }),
        );
        if (opts.json) return out.printJson(result);
        out.printText(result.markdown.trim() ? result.markdown : '(no headings)');
      });
    });
}
