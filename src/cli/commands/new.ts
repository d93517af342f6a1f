/**
 * `gdoc new PATH.json [--title T]`: creates a new local document as `documents.create` would
 * (only the title is honoured; defaults from the engine), refusing to overwrite an existing file.
 */
import type { Command } from 'commander';
import { cliIo } from '../io.js';

export function register(program: Command): void {
  program
    .command('new')
    .description('Create a new local document file, as Google creates a new document.')
    .argument('<path>', 'the file to create, e.g. notes/plan.json (the document id is its name)')
    .option('--title <title>', 'the document title', 'Untitled document')
    .option('--json', 'print the result as JSON')
    .action(async (path: string, options: { title: string; json?: boolean }) => {
      const { createLocalDocumentFile } = await import('../../docs/backends/local-new.js');
      const created = await createLocalDocumentFile(path, options.title);
      if (options.json) {
        cliIo().stdout.write(`${JSON.stringify(created, null, 2)}\n`);
      } else {
        cliIo().stdout.write(
          `Created ${created.path}: "${created.title}" (revision ${created.revision_id})\n`,
        );
      }
    });
}
