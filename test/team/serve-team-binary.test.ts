/**
 * `gdoc serve --http 127.0.0.1:0 --team` from the built binary: one command, PGlite in the config
 * dir, Google sign-in through the emulator (GDOC_API_ROOT), and a real MCP client signed in as
 * Alice sees Alice's documents. Without GDOC_TEAM_KEY it refuses to start, saying how to make one.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, type Emulated, signIn, startUsersEmulator } from './harness.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
let child: ChildProcess | undefined;
let config: string;
let google: Emulated;

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: config,
    GDOC_CONFIG_DIR: config,
    GDOC_CLIENT_ID: 'team-web-client',
    GDOC_CLIENT_SECRET: 'team-web-secret',
    GDOC_API_ROOT: google.emulator.url,
    ...extra,
  };
}

beforeAll(async () => {
  config = mkdtempSync(join(tmpdir(), 'gdoc-team-cli-'));
  google = await startUsersEmulator();
});

afterAll(async () => {
  child?.kill();
  await google.close();
  rmSync(config, { recursive: true, force: true });
});

describe('gdoc serve --team (built binary)', () => {
  it('starts a working team server with one command', async () => {
    const proc = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--team', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env({ GDOC_TEAM_KEY: randomBytes(32).toString('base64') }),
    });
    child = proc;
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      proc.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0] as string) as { url: string }).url);
      });
      proc.stderr?.on('data', (c: Buffer) => {
        err += c.toString();
      });
      proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client } = await signIn(url, ALICE);
    const listed = await client.callTool({ name: 'list_documents', arguments: {} });
    await client.close();
    const ids = (listed.structuredContent as { documents: { document_id: string }[] }).documents.map(
      (d) => d.document_id,
    );
    expect(ids.sort()).toEqual(['poem', 'single']);
    // The embedded database is a folder under the config dir.
    expect(existsSync(join(config, 'team-db', 'PG_VERSION'))).toBe(true);
  });

  it('refuses to start without GDOC_TEAM_KEY', () => {
    const run = spawnSync(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--team'], {
      env: env({}),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/GDOC_TEAM_KEY/);
    expect(run.stderr).toMatch(/openssl rand -base64 32/);
  });
});
