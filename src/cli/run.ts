/**
 * Runs the program and turns any failure into a one-line message on stderr and an exit code:
 * 1 for a failure the user can act on (a GdocError), 2 for a usage error, 70 for a bug.
 */
import type { Command } from 'commander';
import { GdocError } from '../errors.js';

export async function runCli(program: Command, argv: string[]): Promise<void> {
  program.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportCliError(error);
  }
}

export function reportCliError(error: unknown): number {
  if (isCommanderExit(error)) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof GdocError) {
    const hint = error.suggestion ? `\n  ${error.suggestion}` : '';
    process.stderr.write(`gdoc: ${error.type}: ${error.message}${hint}\n`);
    return 1;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`gdoc: internal error: ${message}\n`);
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
