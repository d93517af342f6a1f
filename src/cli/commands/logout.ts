/** `gdoc logout`: forget the credentials stored by `gdoc login`. */
import type { Command } from 'commander';
import { cliIo } from '../io.js';

export function register(program: Command): void {
  program
    .command('logout')
    .description('Delete the credentials stored by `gdoc login`.')
    .option('--json', 'print {success, removed, credentials_file} as JSON')
    .addHelpText(
      'after',
      `
This removes the local copy only. To revoke gdoc's access entirely, remove it at
https://myaccount.google.com/permissions.`,
    )
    .action(async (opts: { json?: boolean }) => {
      const auth = await import('../../auth/index.js');
      const store = new auth.FileCredentialStore(auth.credentialsPath(process.env));
      const removed = await store.delete();
      if (opts.json) {
        cliIo().stdout.write(
          `${JSON.stringify({ success: true, removed, credentials_file: store.location }, null, 2)}\n`,
        );
        return;
      }
      cliIo().stdout.write(
        removed ? `Logged out: removed ${store.location}\n` : `No stored credentials at ${store.location}\n`,
      );
      if (process.env.GDOC_ACCESS_TOKEN || process.env.GOOGLE_APPLICATION_CREDENTIALS) {
        cliIo().stderr.write(
          'Note: GDOC_ACCESS_TOKEN or GOOGLE_APPLICATION_CREDENTIALS is still set in the environment.\n',
        );
      }
    });
}
