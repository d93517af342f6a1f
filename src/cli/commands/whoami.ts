/** `gdoc whoami`: which credentials gdoc would use, from where, with which scopes (never the token). */
import type { Command } from 'commander';
import { cliIo } from '../io.js';

const SOURCE_LABELS: Record<string, string> = {
  'access-token': 'a bare access token (GDOC_ACCESS_TOKEN)',
  user: 'your Google login (`gdoc login`)',
  'service-account': 'a service account key (GOOGLE_APPLICATION_CREDENTIALS)',
  'external-account': 'an external account key (GOOGLE_APPLICATION_CREDENTIALS)',
  adc: 'Application Default Credentials',
};

export function register(program: Command): void {
  program
    .command('whoami')
    .description('Show which Google credentials are in use, where they come from, and their scopes.')
    .option('--json', 'print {success, source, details, scopes, missing_scopes, api_root} as JSON')
    .action(async (opts: { json?: boolean }) => {
      const auth = await import('../../auth/index.js');
      const resolved = await auth.resolveAuth(process.env);
      const apiRoot = process.env.GDOC_API_ROOT || null;
      // A login made before a scope was added (or with a box unticked) lacks it: say so up front.
      const missing = auth.GDOC_SCOPES.filter((scope) => !resolved.scopes.includes(scope));
      if (opts.json) {
        const result = {
          success: true,
          source: resolved.source,
          details: resolved.details,
          scopes: [...resolved.scopes],
          missing_scopes: missing,
          api_root: apiRoot,
        };
        cliIo().stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      const lines = [`Using ${SOURCE_LABELS[resolved.source] ?? resolved.source}`];
      for (const [key, value] of Object.entries(resolved.details))
        lines.push(`  ${key.replace(/_/g, ' ')}: ${value}`);
      lines.push(`  scopes: ${resolved.scopes.join(' ')}`);
      if (missing.length > 0) lines.push(`  missing scopes: ${missing.join(' ')} (run \`gdoc login\` again)`);
      if (apiRoot) lines.push(`  API root: ${apiRoot} (GDOC_API_ROOT)`);
      cliIo().stdout.write(`${lines.join('\n')}\n`);
    });
}
