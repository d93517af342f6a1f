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
  .showHelpAfterError();

registerCommands(program);
await runCli(program, process.argv);
