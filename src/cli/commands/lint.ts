/**
 * `gdoc lint [FILE|-]`: checks MEBDF text. Valid: exit 0, nothing printed. Invalid: exit 1 and one
 * line per problem, `FILE:LINE:COLUMN: message (suggestion)`, on stdout (`--json` for machines).
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { MebdfDiagnostic } from '../../errors.js';
import { cliIo } from '../io.js';

interface LintOptions {
  json?: boolean;
}

/** Reads FILE, or standard input for `-` or no argument. Shared with `gdoc fmt`. */
export async function readMebdfInput(file: string | undefined): Promise<{ name: string; text: string }> {
  if (file === undefined || file === '-') {
    return { name: '<stdin>', text: await cliIo().readStdin() };
  }
  try {
    return { name: file, text: await readFile(file, 'utf8') };
  } catch (error) {
    const { ValidationError } = await import('../../errors.js');
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new ValidationError(
      `cannot read ${file}: ${reason}`,
      'pass an existing MEBDF file, or - for standard input',
    );
  }
}

/** `FILE:LINE:COLUMN: message (suggestion)` */
export function formatDiagnostic(name: string, diagnostic: MebdfDiagnostic): string {
  const suggestion = diagnostic.suggestion ? ` (${diagnostic.suggestion})` : '';
  const warning = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return `${name}:${diagnostic.line}:${diagnostic.column}: ${warning}${diagnostic.message}${suggestion}`;
}

export function register(program: Command): void {
  program
    .command('lint')
    .description(
      'Check MEBDF text: print one line per problem (FILE:LINE:COLUMN: message) and exit 1 if any is an error (warnings alone exit 0).',
    )
    .argument('[file]', 'the MEBDF file to check, or - (the default) for standard input')
    .option('--json', 'print {file, valid, diagnostics:[{line, column, text, message, suggestion}]}')
    .addHelpText(
      'after',
      `
Examples:
  gdoc lint notes.md
  gdoc export DOC | gdoc lint -`,
    )
    .action(async (file: string | undefined, opts: LintOptions) => {
      const { name, text } = await readMebdfInput(file);
      const { isLintError, lintMebdf } = await import('../../mebdf/index.js');
      const diagnostics = lintMebdf(text);
      const valid = !diagnostics.some(isLintError);
      if (opts.json) {
        cliIo().stdout.write(`${JSON.stringify({ file: name, valid, diagnostics }, null, 2)}\n`);
      } else {
        for (const diagnostic of diagnostics) cliIo().stdout.write(`${formatDiagnostic(name, diagnostic)}\n`);
      }
      if (!valid) cliIo().exitCode = 1;
    });
}
