/**
 * `gdoc serve`: the MCP server, on stdio (default) or Streamable HTTP, for 2026-07-28 and
 * 2025-11-25 clients alike (the SDK picks the revision from the client's first message).
 */
import type { Command } from 'commander';
import { ValidationError } from '../../errors.js';
import { cliIo } from '../io.js';

interface ServeOptions {
  http?: string;
  local?: string;
  token?: string;
  allowedHost?: string[];
  allowedOrigin?: string[];
  maxBody?: string;
  maxExportTokens?: string;
  json?: boolean;
  team?: boolean;
  databaseUrl?: string;
  databaseSchema?: string;
  publicUrl?: string;
  clientSecret?: string;
  rateLimit?: string;
}

export function register(program: Command): void {
  program
    .command('serve')
    .description(
      'Run the MCP server (protocol revisions 2026-07-28 and 2025-11-25): stdio by default (what editors launch), or Streamable HTTP on /mcp.',
    )
    .option('--http <host:port>', 'serve Streamable HTTP at http://HOST:PORT/mcp (e.g. 127.0.0.1:8765)')
    .option('--local <dir>', 'serve the local store in DIR instead of Google Docs (no account needed)')
    .option(
      '--token <secret>',
      'require "Authorization: Bearer <secret>" (default: $GDOC_MCP_TOKEN); required off loopback',
    )
    .option(
      '--allowed-host <name...>',
      'extra Host header values to accept over HTTP (DNS-rebinding protection)',
    )
    .option('--allowed-origin <origin...>', 'extra browser Origins to accept over HTTP')
    .option('--max-body <bytes>', 'largest HTTP request body accepted', String(4 * 1024 * 1024))
    .option(
      '--max-export-tokens <n>',
      'larger tabs and sections are read in parts (default: $GDOC_MAX_EXPORT_TOKENS or 20000)',
    )
    .option('--json', 'with --http: print {success, url} on stdout once listening')
    .option(
      '--team',
      'with --http: a team server — people sign in with Google through OAuth and act as themselves (needs GDOC_TEAM_KEY)',
    )
    .option(
      '--database-url <url>',
      'with --team: PostgreSQL for any number of instances (default: $GDOC_DATABASE_URL, else PGlite in the config dir)',
    )
    .option('--database-schema <name>', 'with --team: the schema to keep the tables in')
    .option(
      '--public-url <url>',
      'with --team: the URL clients reach the server at (a proxy in front of instances)',
    )
    .option(
      '--client-secret <file>',
      'with --team: the Google "Web application" OAuth client JSON (default: $GDOC_CLIENT_ID, $GDOC_CLIENT_SECRET)',
    )
    .option(
      '--rate-limit <burst/per-second>',
      'with --team: calls per person, shared by all instances (default: $GDOC_TEAM_RATE_LIMIT or 120/2)',
    )
    .addHelpText(
      'after',
      `
Examples:
  gdoc serve                              stdio, Google Docs (after gdoc login)
  gdoc serve --local ./docs               stdio, the local store in ./docs
  gdoc serve --http 127.0.0.1:8765        http://127.0.0.1:8765/mcp
  GDOC_MCP_TOKEN=s3cret gdoc serve --http 0.0.0.0:8765 --allowed-host my-box.lan
  GDOC_TEAM_KEY=$(openssl rand -base64 32) gdoc serve --http 127.0.0.1:8765 --team --client-secret web.json
                                          team server, PGlite in the config dir

Logs go to stderr; stdout is the MCP channel.`,
    )
    .action(async (opts: ServeOptions) => {
      if (opts.team) return await serveTeam(opts);
      const [{ openStore }, { createToolDeps }, { openBases }] = await Promise.all([
        import('../open-doc.js'),
        import('../../tools/deps.js'),
        import('../bases.js'),
      ]);
      // Reads are remembered in a folder, so servers (and the CLI) on one store share them.
      const overrides: { maxExportTokens?: number; bases: ReturnType<typeof openBases> } = {
        bases: openBases('', opts.local),
      };
      if (opts.maxExportTokens !== undefined) {
        const n = Number(opts.maxExportTokens);
        if (!Number.isInteger(n) || n < 1) {
          throw new ValidationError(
            `--max-export-tokens must be a positive whole number, got "${opts.maxExportTokens}".`,
          );
        }
        overrides.maxExportTokens = n;
      }
      const deps = createToolDeps(await openStore({ local: opts.local }), overrides);
      if (!opts.http) {
        const { serveStdio } = await import('../../server/stdio.js');
        await serveStdio(deps);
        return;
      }
      const { host, port } = parseHostPort(opts.http);
      const maxBodyBytes = Number(opts.maxBody);
      if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1024) {
        throw new ValidationError(
          `--max-body must be a whole number of bytes ≥ 1024, got "${opts.maxBody}".`,
        );
      }
      const { serveHttp } = await import('../../server/http.js');
      const running = await serveHttp(deps, {
        host,
        port,
        token: opts.token ?? process.env.GDOC_MCP_TOKEN,
        allowedHosts: opts.allowedHost ?? [],
        allowedOrigins: opts.allowedOrigin ?? [],
        maxBodyBytes,
      });
      cliIo().stderr.write(`gdoc: MCP server listening on ${running.url}\n`);
      if (opts.json) cliIo().stdout.write(`${JSON.stringify({ success: true, url: running.url })}\n`);
      const stop = () => void running.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

async function serveTeam(opts: ServeOptions): Promise<void> {
  if (!opts.http)
    throw new ValidationError(
      '--team needs --http HOST:PORT.',
      'e.g. gdoc serve --http 127.0.0.1:8765 --team',
    );
  if (opts.local) throw new ValidationError('--team serves Google Docs; it does not take --local.');
  const { host, port } = parseHostPort(opts.http);
  const { startTeamFromCli } = await import('../../team/start.js');
  const running = await startTeamFromCli({
    host,
    port,
    databaseUrl: opts.databaseUrl ?? process.env.GDOC_DATABASE_URL,
    schema: opts.databaseSchema,
    publicUrl: opts.publicUrl,
    clientSecretFile: opts.clientSecret,
    rateLimit: opts.rateLimit ?? process.env.GDOC_TEAM_RATE_LIMIT,
    allowedHosts: opts.allowedHost ?? [],
    allowedOrigins: opts.allowedOrigin ?? [],
  });
  cliIo().stderr.write(`gdoc: team MCP server on ${running.mcpUrl} (listening on ${running.localUrl})\n`);
  if (opts.json) {
    cliIo().stdout.write(
      `${JSON.stringify({ success: true, url: running.mcpUrl, issuer: running.url, listening: running.localUrl })}\n`,
    );
  }
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** `HOST:PORT`, `[::1]:PORT` or just `PORT` (loopback). */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(?:(?:\[([^\]]+)\]|([^:[\]]+)):)?(\d+)$/.exec(value.trim());
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ValidationError(
      `--http expects HOST:PORT (e.g. 127.0.0.1:8765), got "${value}".`,
      'Use 127.0.0.1:PORT for a local server; other addresses need --token.',
    );
  }
  return { host: match[1] ?? match[2] ?? '127.0.0.1', port };
}
