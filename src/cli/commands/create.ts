/**
 * `gdoc create TITLE [FILE]`: a new Google Doc (or a document in the local store with --local),
 * optionally with MEBDF content and in a Drive folder.
 */
import type { Command } from 'commander';

interface CreateOptions {
  folder?: string;
  local?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('create')
    .description(
      'Create a new document with a title, optionally with MEBDF content, optionally in a Drive folder.',
    )
    .argument('<title>', 'the document title')
    .argument('[file]', 'initial MEBDF content ("-" reads stdin)')
    .option('--folder <id>', 'a Drive folder id or URL to put it in')
    .option('--local <dir>', 'create it in the local store in DIR instead of Google Docs (no folders there)')
    .option('--json', 'print {success, document_id, title, tab_id, revision_id, folder_id, warnings}')
    .addHelpText(
      'after',
      `
Examples:
  gdoc create "Plan 2027" plan.md --folder 0BxYz...
  gdoc create Notes --local ./docs`,
    )
    .action(async (title: string, file: string | undefined, opts: CreateOptions) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openStore }, { createDocumentService }, { readContent }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/create.js'),
          import('./import.js'),
        ]);
        const content = file !== undefined ? await readContent(file) : undefined;
        const backend = await openStore({ local: opts.local });
        const folder = opts.folder?.replace(/^.*\/folders\/([^/?#]+).*$/, '$1');
        const result = await createDocumentService(backend, {
          title,
          ...(content !== undefined ? { content } : {}),
          ...(folder ? { folder_id: folder } : {}),
        });
        if (opts.json) return out.printJson(result);
        out.printWarnings(result.warnings);
        out.printText(`Created "${result.title}": ${result.document_id} (revision ${result.revision_id}).`);
      });
    });
}
