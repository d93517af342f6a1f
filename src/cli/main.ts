#!/usr/bin/env node
/**
 * The `gdoc` command. Each subcommand lives in its own file under `commands/`; only the one being
 * run is loaded (commands/index.ts), and a command imports its heavy modules inside its action,
 * so that start-up stays quick.
 */
import nodeModule from 'node:module';

// Node ≥ 22.1 keeps the compiled code of the modules on disk, so a second run does not compile
// them again; older Node has no such cache and runs as before. Enabled before anything else loads.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// A reader that stops early (`gdoc export DOC | head`) closes stdout: the rest is not wanted, so
// the command ends quietly, as Unix tools do on SIGPIPE, instead of with an unhandled EPIPE stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const [{ Command }, { registerCommands }, { runCli }] = await Promise.all([
  import('commander'),
  import('./commands/index.js'),
  import('./run.js'),
]);

const program = new Command('gdoc')
  .description('Read and rewrite one section or one tab of a Google Doc as Markdown (MEBDF).')
  .version(process.env.npm_package_version ?? '0.1.0', '-V, --version')
  .showHelpAfterError()
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

// `gdoc --version` needs no command at all.
const first = process.argv[2];
if (first !== '-V' && first !== '--version') await registerCommands(program, first);
await runCli(program, process.argv);
