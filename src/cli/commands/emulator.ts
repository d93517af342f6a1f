/**
 * `gdoc emulator --store DIR`: serves a folder of documents as the Docs v1 and Drive v3 APIs on
 * 127.0.0.1, printing its base URL as the first line of stdout, until SIGINT or SIGTERM.
 */
import type { Command } from 'commander';
import { ValidationError } from '../../errors.js';
import { cliIo } from '../io.js';

interface EmulatorCliOptions {
  port: string;
  store: string;
  latency?: string;
  failFirst?: string;
  failStatus?: string;
  failOn: string;
  acceptToken?: string[];
  users?: string;
  permissions?: string;
}

const FAULT_TARGETS = ['get', 'batchUpdate', 'create', 'list', 'metadata', 'any'] as const;

export function register(program: Command): void {
  program
    .command('emulator')
    .description('Serve a folder of documents as the Google Docs and Drive APIs on 127.0.0.1 (for tests).')
    .requiredOption('--store <dir>', 'the folder of documents (each NAME.json is the document NAME)')
    .option('--port <n>', 'the port to listen on (0: a free port)', '0')
    .option('--latency <ms>', 'delay every API answer by this many milliseconds')
    .option('--fail-first <n>', 'fail the first N matching API calls')
    .option('--fail-status <code>', 'the HTTP status injected failures answer with (e.g. 429, 503)', '503')
    .option('--fail-on <op>', `which calls fail: ${FAULT_TARGETS.join('|')}`, 'any')
    .option('--accept-token <token...>', 'accept only these Bearer tokens (others get 401)')
    .option(
      '--users <emails>',
      'comma-separated test users who sign in through the emulated Google OAuth endpoints',
    )
    .option('--permissions <file>', 'JSON {documentId: {email: "owner"|"writer"|"reader"}} (with --users)')
    .option('--json', 'accepted for symmetry; the first line is always the base URL')
    .action(async (options: EmulatorCliOptions) => {
      const { stat } = await import('node:fs/promises');
      const { startEmulator } = await import('../../emulator/server.js');
      const info = await stat(options.store).catch(() => undefined);
      if (!info?.isDirectory()) {
        throw new ValidationError(
          `The store folder ${options.store} does not exist.`,
          'Create it, or pass --store DIR.',
        );
      }
      const failFirst =
        options.failFirst === undefined ? undefined : count('--fail-first', options.failFirst);
      const status = count('--fail-status', options.failStatus ?? '503');
      if (status < 400 || status > 599)
        throw new ValidationError(`--fail-status must be 400-599, not ${status}.`);
      const on = options.failOn as (typeof FAULT_TARGETS)[number];
      if (!FAULT_TARGETS.includes(on)) {
        throw new ValidationError(
          `--fail-on must be one of ${FAULT_TARGETS.join(', ')}, not ${options.failOn}.`,
        );
      }
      const port = count('--port', options.port);
      const users = options.users
        ?.split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      let permissions: Record<string, Record<string, 'owner' | 'writer' | 'reader'>> | undefined;
      if (options.permissions) {
        const { readFile } = await import('node:fs/promises');
        try {
          permissions = JSON.parse(await readFile(options.permissions, 'utf8'));
        } catch (error) {
          throw new ValidationError(
            `Cannot read --permissions ${options.permissions}: ${(error as Error).message}`,
            'Pass a JSON file like {"DOC_ID": {"alice@example.com": "owner"}}.',
          );
        }
      }
      const emulator = await startEmulator({
        storeDir: options.store,
        port,
        latencyMs: options.latency === undefined ? undefined : count('--latency', options.latency),
        faults: failFirst ? { failFirst, status, on } : undefined,
        acceptedTokens: options.acceptToken,
        users,
        permissions,
      }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          throw new ValidationError(
            `Port ${port} on 127.0.0.1 is in use.`,
            'Pick another --port, or 0 for a free one.',
          );
        }
        throw error;
      });
      cliIo().stdout.write(`${emulator.url}\n`);
      cliIo().stderr.write(`gdoc emulator: serving ${options.store}; stop with Ctrl-C\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await emulator.close();
    });
}

function count(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new ValidationError(`${flag} takes a whole number, not "${value}".`);
  return n;
}
