/**
 * `gdoc apply DOC.json BATCH.json`: applies a `documents.batchUpdate` body
 * (`{requests, writeControl?}`) to a local document with the engine. The batch is atomic: on
 * Google's error nothing is written and the file stays byte-identical.
 */
import type { Command } from 'commander';
import { cliIo } from '../io.js';

export function register(program: Command): void {
  program
    .command('apply')
    .description('Apply a batchUpdate body ({requests, writeControl?}) to a local document file.')
    .argument('<doc>', 'the local document file (NAME.json)')
    .argument('<batch>', 'a JSON file holding {requests, writeControl?} (or just the requests array)')
    .option('--json', 'print the full response {documentId, replies, writeControl}')
    .action(async (doc: string, batch: string, options: { json?: boolean }) => {
      const { applyBatchFile } = await import('../../docs/backends/local-apply.js');
      const response = await applyBatchFile(doc, batch);
      if (options.json) {
        cliIo().stdout.write(`${JSON.stringify(response, null, 2)}\n`);
        return;
      }
      const replies = response.replies ?? [];
      replies.forEach((reply, i) => {
        cliIo().stdout.write(`requests[${i}]: ${JSON.stringify(reply)}\n`);
      });
      cliIo().stdout.write(
        `Applied ${replies.length} request${replies.length === 1 ? '' : 's'}; ` +
          `revision ${response.writeControl?.requiredRevisionId ?? '?'}\n`,
      );
    });
}
