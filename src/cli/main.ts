#!/usr/bin/env node
/**
 * The `gdoc` command. Each subcommand lives in its own file under `commands/` and is registered
 * here; a command imports its heavy modules inside its action so that start-up stays quick.
 */
import { Command } from 'commander';
import { registerCommands } from './commands/index.js';
import { runCli } from './run.js';

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
  gdoc insert doc.json new.md --after h.abc   a new section after another
  gdoc serve --local ./docs                   the MCP server over a folder of documents
  gdoc lint notes.md                          check MEBDF; gdoc fmt prints the canonical form`,
  );

registerCommands(program);
await runCli(program, process.argv);
