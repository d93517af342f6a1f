/**
 * `gdoc demo`: the whole loop on a bundled real document in a temporary local store — outline,
 * export one section, edit it, dry-run diff, import, then proof that nothing else moved and how
 * few requests it took. No account, no network. Everything heavy is imported inside the action.
 */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('demo')
    .description('Try it without a Google account: edit one section of a bundled sample document, locally.')
    .option('--keep', 'keep the temporary store and print its path, to explore it with --local')
    .option('--json', 'print every step as one JSON object')
    .addHelpText(
      'after',
      `
Examples:
  gdoc demo            walk through outline → export → edit → dry run → import
  gdoc demo --keep     then: gdoc outline sample --local <printed dir>`,
    )
    .action(async (opts: { keep?: boolean; json?: boolean }) => {
      const { runDemo } = await import('../demo-run.js');
      await runDemo({ keep: opts.keep ?? false, json: opts.json ?? false });
    });
}
