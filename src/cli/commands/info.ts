/** `gdoc info DOC`: title, revision, permissions and the tab tree of a document. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('info')
    .description('Show a document’s title, revision, permissions and tabs (nested tabs indented).')
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .option('--local <dir>', 'read NAME from the local store in DIR instead of Google Docs')
    .option('--json', 'print the get_metadata result as JSON')
    .addHelpText(
      'after',
      `
Examples:
  gdoc info https://docs.google.com/document/d/1AbC.../edit
  gdoc info report.json --json
  gdoc info report --local ./docs`,
    )
    .action(async (doc: string, opts: { local?: string; json?: boolean }) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, { metadataService }, { withProgress }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/navigation.js'),
          import('../progress.js'),
        ]);
        const { backend, documentId } = await openDocument(doc, { local: opts.local });
        const meta = await withProgress('Reading document', () => metadataService(backend, documentId));
        if (opts.json) return out.printJson(meta);
        const can = [meta.can_edit ? 'edit' : null, meta.can_comment ? 'comment' : null].filter(Boolean);
        const lines = [
          meta.title,
          `  id:        ${meta.document_id}`,
          `  revision:  ${meta.revision_id}`,
          `  you can:   ${can.length > 0 ? can.join(', ') : 'view only'}`,
          `  tabs:      ${meta.tabs.length}`,
          ...meta.tabs.map((t) => `    ${'  '.repeat(t.nesting_level)}${t.tab_id}  ${t.title}`),
        ];
        out.printText(lines.join('\n'));
      });
    });
}
