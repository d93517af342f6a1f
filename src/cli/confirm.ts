/**
 * The CLI's side of a destructive change: with --allow-deletions it goes ahead; on a terminal the
 * person is asked (y/N); anywhere else (a script, a pipe) it is refused, naming the flag.
 */
import { ValidationError } from '../errors.js';
import { cliIo } from './io.js';

export async function confirmInCli(what: string, allowDeletions: boolean | undefined): Promise<void> {
  if (allowDeletions) return;
  if (!cliIo().stdinIsTTY || !cliIo().stderr.isTTY) {
    throw new ValidationError(
      `This would ${what}; nothing was changed.`,
      'Pass allow_deletions to go ahead (dry_run shows what would go).',
    );
  }
  // Only a command in a process of its own asks: the background process runs none that deletes.
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${what[0]?.toUpperCase()}${what.slice(1)}? [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) {
      throw new ValidationError(`Not confirmed: ${what}. Nothing was changed.`);
    }
  } finally {
    rl.close();
  }
}
