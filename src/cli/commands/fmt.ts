/**
 * `gdoc fmt [FILE|-]`: prints the canonical form of MEBDF text on stdout. Invalid text: exit 1,
 * nothing on stdout, one line per problem on stderr (`FILE:LINE:COLUMN: message (suggestion)`).
 */
import type { Command } from 'commander';
import { cliIo } from '../io.js';
import { formatDiagnostic, readMebdfInput } from './lint.js';

interface FmtOptions {
  json?: boolean;
  check?: boolean;
}

export function register(program: Command): void {
  program
    .command('fmt')
    .description('Print the canonical form of MEBDF text (exit 1 with the problems if it is not valid).')
    .argument('[file]', 'the MEBDF file to format, or - (the default) for standard input')
    .option('--check', 'print nothing; exit 1 when the text is not already in canonical form')
    .option('--json', 'print {file, valid, canonical, formatted, diagnostics}')
    .addHelpText(
      'after',
      `
Examples:
  gdoc fmt notes.md > notes.canonical.md
  gdoc fmt --check notes.md`,
    )
    .action(async (file: string | undefined, opts: FmtOptions) => {
      const { name, text } = await readMebdfInput(file);
      const { isLintError, lintMebdf, formatMebdf } = await import('../../mebdf/index.js');
      const diagnostics = lintMebdf(text);
      const formatted = diagnostics.some(isLintError) ? null : formatMebdf(text);
      if (opts.json) {
        const result = {
          file: name,
          valid: formatted !== null,
          canonical: formatted === text,
          formatted,
          diagnostics,
        };
        cliIo().stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      } else if (formatted === null) {
        for (const diagnostic of diagnostics) cliIo().stderr.write(`${formatDiagnostic(name, diagnostic)}\n`);
      } else if (opts.check) {
        for (const diagnostic of diagnostics) cliIo().stderr.write(`${formatDiagnostic(name, diagnostic)}\n`);
        if (formatted !== text) cliIo().stderr.write(`${name}: not in canonical form (run gdoc fmt)\n`);
      } else {
        for (const diagnostic of diagnostics) cliIo().stderr.write(`${formatDiagnostic(name, diagnostic)}\n`);
        cliIo().stdout.write(formatted);
      }
      if (formatted === null || (opts.check && formatted !== text)) cliIo().exitCode = 1;
    });
}
