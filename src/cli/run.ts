/**
 * Runs the program and turns any failure into a one-line message on stderr and an exit code:
 * 1 for a failure the user can act on (a GdocError), 2 for a usage error, 70 for a bug. Error
 * texts are put in the CLI's own terms (vocabulary.ts).
 */
import type { Command } from 'commander';
import { GdocError } from '../errors.js';
import { cliIo } from './io.js';
import { inCliTerms } from './vocabulary.js';

/** Parses `argv` and runs its command; the exit code: a failure's, else the command's own (0). */
export async function runCli(program: Command, argv: string[]): Promise<number> {
  // Every command, subcommands included: commander copies the setting only into commands created
  // after it is made, and a subcommand's usage error must exit 2 like the program's.
  for (const command of everyCommand(program)) command.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    return reportCliError(error);
  }
  return cliIo().exitCode ?? 0;
}

export function reportCliError(error: unknown): number {
  if (isCommanderExit(error)) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof GdocError) {
    const hint = error.suggestion ? `\n  ${inCliTerms(error.suggestion)}` : '';
    cliIo().stderr.write(`gdoc: ${error.type}: ${inCliTerms(error.message)}${hint}\n`);
    return 1;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  cliIo().stderr.write(`gdoc: internal error: ${message}\n`);
  return 70;
}

function isCommanderExit(error: unknown): error is { exitCode: number; code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof (error as { code: unknown }).code === 'string' &&
    (error as { code: string }).code.startsWith('commander.')
  );
}

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap((c) => everyCommand(c))];
}
