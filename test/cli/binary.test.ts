/**
 * The README's first command, as a new user runs it: `npm run demo` is `node dist/cli/main.js
 * demo` after a build. Spawns the built binary (the vitest globalSetup builds it when out of date)
 * and checks it completes offline; plus the exit code and stderr line of a failing command.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}dist/cli/main.js`;

function gdoc(...args: string[]) {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: run \`npm run build\` first (the vitest globalSetup does).`);
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // No credentials and an unroutable API root: the demo must not need either.
    env: {
      ...process.env,
      GDOC_CONFIG_DIR: '/nonexistent-gdoc-config',
      GDOC_API_ROOT: 'http://127.0.0.1:9/',
    },
  });
}

describe('the README first command', () => {
  it('is npm run demo, which runs the built gdoc demo', () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const firstCommand = /```sh\n([^\n]+)\n/.exec(readme)?.[1];
    expect(firstCommand).toBe('npm install && npm run demo');
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.demo).toContain('node dist/cli/main.js demo');
  });

  it('has MCP client configurations that parse and launch gdoc serve', () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) {
      const config = JSON.parse(block) as Record<string, Record<string, { command: string; args: string[] }>>;
      const servers = config.mcpServers ?? config.servers ?? {};
      expect(servers.gdoc?.args).toEqual(['serve']);
    }
  });

  it('gdoc demo completes offline and shows the untouched proof', () => {
    const run = gdoc('demo');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('6. Everything else is untouched');
    expect(run.stdout).toMatch(/(\d+) of \1 other sections/);
  });

  it('a failing command exits 1 with the error type on stderr', () => {
    const run = gdoc('outline', 'missing.json');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^gdoc: DocumentNotFoundError: /);
  });

  it('a subcommand usage error exits 2, as the README says', () => {
    const missing = gdoc('export');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("missing required argument 'doc'");
    expect(gdoc('tab', 'rename', 'doc.json').status).toBe(2);
  });
});

describe('gdoc piped into a reader that stops early', () => {
  it('ends quietly when stdout is closed before it writes (`gdoc --help | head -1`)', async () => {
    const child = spawn(process.execPath, [BIN, '--help'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed before the command starts writing: every write it makes finds no reader.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });
});

describe('the start file', () => {
  it('is one file: a command handed to the background gdoc loads no other of ours', () => {
    const main = readFileSync(BIN, 'utf8');
    const imported = [
      ...main.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)|^import\s+"([^"]+)"/gm),
    ].map((m) => m[1] ?? m[2] ?? m[3]);
    const ours = imported.filter((path) => !path?.startsWith('node:'));
    // What runs a command in this process, or the background gdoc itself, loads only then.
    expect(new Set(ours)).toEqual(new Set(['./loaded-later.js']));
    expect(main).toMatch(/await import\("\.\/loaded-later\.js"\)/);
  });
});
