/**
 * One `gdoc` command line, run to its end: the program and the one subcommand named (only its
 * module is loaded, commands/index.ts), the output to `io`, and the exit code returned. Used by
 * main.ts in a process of its own and by the background process for each command it is handed.
 * A program is made per command: commander keeps what it parsed on the program.
 */
import { Command } from 'commander';
import { registerCommands } from './commands/index.js';
import { type CliIo, cliIo, withCliIo } from './io.js';
import { runCli } from './run.js';

export async function runGdoc(args: readonly string[], io: CliIo): Promise<number> {
  return await withCliIo(io, async () => {
    const program = gdocProgram();
    // `gdoc --version` needs no command at all.
    const first = args[0];
    if (first !== '-V' && first !== '--version') await registerCommands(program, first);
    return await runCli(program, ['node', 'gdoc', ...args]);
  });
}

function gdocProgram(): Command {
  return new Command('gdoc')
    .description('Read and rewrite one section or one tab of a Google Doc as Markdown (MEBDF).')
    .version(process.env.npm_package_version ?? '0.1.0', '-V, --version')
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => cliIo().stdout.write(text),
      writeErr: (text) => cliIo().stderr.write(text),
      getOutHelpWidth: () => cliIo().stdout.columns ?? 80,
      getErrHelpWidth: () => cliIo().stderr.columns ?? 80,
    })
    .addHelpText(
      'after',
      `
Examples:
  gdoc demo                                   the whole flow on a bundled sample, offline
  gdoc outline doc.json                       headings with the anchors section commands take
  gdoc export doc.json --section h.abc123     one section as MEBDF
  gdoc import doc.json edited.md --section h.abc123 --dry-run
                                              the requests and diff, nothing written
  gdoc export 1AbC…xyz --tab t.0 --json       a Google Doc (after gdoc login)
  gdoc find 1AbC…xyz "budget"                 where a text is, in every tab
  gdoc comments list doc.json                 comment threads with their quoted text
  gdoc insert doc.json new.md --after h.abc   a new section after another
  gdoc serve --local ./docs                   the MCP server over a folder of documents
  gdoc lint notes.md                          check MEBDF; gdoc fmt prints the canonical form`,
    );
}
