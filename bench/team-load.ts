/**
 * `npm run load`: a bounded load test of the team server on loopback. Two instances (two
 * `gdoc serve --team` processes, so both cores work) share one PostgreSQL database (DATABASE_URL, default the local `test` database, in a schema of its own);
 * Alice and Bob sign in through the real OAuth flow; 20 MCP clients (10 each, alternating
 * instances) make 200 calls each — reads, and every tenth call a write that appends a line to the
 * client's own document. It checks that no call failed, that every written line is in its
 * document (no lost write) and that the audit log holds every write, then prints p50/p99 latency.
 * Bounded in count (CLIENTS × CALLS) and time (TIME_LIMIT_MS): it stops by itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { startEmulator } from '../src/emulator/server.js';
import { openDatabase } from '../src/team/db/database.js';
import { FIXTURE_FILES, REAL_FIXTURES } from '../test/local/store-fixtures.js';
import { ALICE, BOB, connectWithToken, signIn } from '../test/team/harness.js';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 20);
const CALLS = Number(process.env.LOAD_CALLS ?? 200);
const WRITE_EVERY = 10;
const TIME_LIMIT_MS = Number(process.env.LOAD_TIME_LIMIT_MS ?? 300_000);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const BIN = new URL('../dist/cli/main.js', import.meta.url).pathname;
const children: ChildProcess[] = [];

/** Starts `gdoc serve --team` and resolves with what it prints once listening. */
function serve(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; issuer: string; listening: string }> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--http', '127.0.0.1:0', '--team', '--json', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0] as string));
    });
    child.on('exit', (code) => reject(new Error(`gdoc serve --team exited with ${code}`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const started = Date.now();
  const deadline = setTimeout(() => {
    process.stderr.write(`load: over the ${TIME_LIMIT_MS} ms limit, stopping\n`);
    for (const child of children) child.kill();
    process.exit(2);
  }, TIME_LIMIT_MS);
  deadline.unref();

  const store = await mkdtemp(join(tmpdir(), 'gdoc-load-'));
  const permissions: Record<string, Record<string, 'owner'>> = {};
  for (let c = 0; c < CLIENTS; c++) {
    await copyFile(join(REAL_FIXTURES, FIXTURE_FILES.poem), join(store, `doc${c}.json`));
    permissions[`doc${c}`] = { [c % 2 ? BOB : ALICE]: 'owner' };
  }
  const emulator = await startEmulator({ storeDir: store, users: [ALICE, BOB], permissions });
  const schema = `load_${process.pid}`;
  const open = () => openDatabase({ url: DATABASE_URL, schema, maxConnections: 10 });
  const env = {
    GDOC_TEAM_KEY: randomBytes(32).toString('base64'),
    GDOC_CLIENT_ID: 'team-web-client',
    GDOC_CLIENT_SECRET: 'team-web-secret',
    GDOC_API_ROOT: emulator.url,
  };
  // The load measures the server, not the per-person limit: the limit is set out of reach.
  const common = [
    '--database-url',
    DATABASE_URL,
    '--database-schema',
    schema,
    '--rate-limit',
    '1000000/1000000',
  ];
  const one = await serve(common, env);
  const two = await serve([...common, '--public-url', one.issuer], env);
  const people = {
    [ALICE]: (await signIn(one.url, ALICE)).oauth.accessToken,
    [BOB]: (await signIn(one.url, BOB)).oauth.accessToken,
  };

  const latencies: number[] = [];
  const errors: string[] = [];
  const written = new Map<string, string[]>();
  let writes = 0;

  async function timed<T>(work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      latencies.push(performance.now() - t0);
    }
  }

  async function runClient(c: number): Promise<void> {
    const doc = `doc${c}`;
    const email = c % 2 ? BOB : ALICE;
    // Each person's clients alternate between the instances.
    const mcp = `${(c >> 1) % 2 === 0 ? one.listening : two.listening}/mcp`;
    const client: Client = await connectWithToken(mcp, people[email] as string);
    const lines: string[] = [];
    written.set(doc, lines);
    for (let i = 0; i < CALLS; ) {
      if (i % WRITE_EVERY === WRITE_EVERY - 2 && i + 1 < CALLS) {
        const exported = await timed(() =>
          client.callTool({ name: 'export_tab', arguments: { document_id: doc } }),
        );
        const { content, base } = exported.structuredContent as { content: string; base: string };
        const line = `Load line ${c}-${i}.`;
        const imported = await timed(() =>
          client.callTool({
            name: 'import_tab',
            arguments: { document_id: doc, content: `${content}\n${line}\n`, base },
          }),
        );
        if (exported.isError || imported.isError)
          errors.push(`${doc} write ${i}: ${JSON.stringify(imported.content)}`);
        else {
          lines.push(line);
          writes++;
        }
        i += 2;
      } else {
        const result = await timed(() =>
          i % 2
            ? client.callTool({ name: 'get_metadata', arguments: { document_id: doc } })
            : client.callTool({ name: 'get_hierarchy', arguments: { document_id: doc } }),
        );
        if (result.isError) errors.push(`${doc} read ${i}: ${JSON.stringify(result.content)}`);
        i += 1;
      }
    }
    await client.close();
  }

  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => runClient(c)));
  const elapsed = Date.now() - started;

  let lost = 0;
  for (const [doc, lines] of written) {
    const text = await readFile(join(store, `${doc}.json`), 'utf8');
    for (const line of lines) if (!text.includes(line)) lost++;
  }
  const auditRows = await (await open()).query<{ n: string }>('select count(*)::text as n from audit_log');
  const audited = Number(auditRows[0]?.n ?? 0);

  for (const child of children) child.kill();
  await emulator.close();
  const cleanup = await openDatabase({ url: DATABASE_URL });
  await cleanup.query(`drop schema if exists ${schema} cascade`);
  await cleanup.close();
  await rm(store, { recursive: true, force: true });

  const sorted = [...latencies].sort((a, b) => a - b);
  const summary = {
    clients: CLIENTS,
    calls: latencies.length,
    writes,
    errors: errors.length,
    lost_writes: lost,
    audited_writes: audited,
    p50_ms: Number(percentile(sorted, 50).toFixed(1)),
    p99_ms: Number(percentile(sorted, 99).toFixed(1)),
    max_ms: Number((sorted.at(-1) ?? 0).toFixed(1)),
    elapsed_s: Number((elapsed / 1000).toFixed(1)),
    calls_per_s: Number((latencies.length / (elapsed / 1000)).toFixed(0)),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  for (const error of errors.slice(0, 5)) process.stderr.write(`load: ${error}\n`);
  const ok = errors.length === 0 && lost === 0 && audited === writes && latencies.length === CLIENTS * CALLS;
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`load: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
