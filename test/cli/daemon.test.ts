/**
 * The background `gdoc` (src/cli/daemon/): the built binary, with the background process on, as a
 * user runs it. A command handed to it prints, exits and changes the document exactly as the
 * same command in its own process; it starts by itself, stops on `gdoc daemon stop`, and is not
 * used when its folder is not private.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILE } from '../../src/cli/demo-run.js';
import { startEmulator } from '../../src/emulator/server.js';
import { FIXTURES, fixturePath } from '../server/harness.js';

const fixture = (name: keyof typeof FIXTURES) => fixturePath(FIXTURES[name]);

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

let root: string;
let runtime: string;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A caller's environment: this test's folders, with the background gdoc on or off. */
function callerEnv(daemon: boolean, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { GDOC_DAEMON: _off, ...env } = process.env;
  return {
    ...env,
    XDG_RUNTIME_DIR: runtime,
    GDOC_CONFIG_DIR: join(root, 'config'),
    ...(daemon ? { GDOC_DAEMON_IDLE_MS: '120000' } : { GDOC_DAEMON: '0' }),
    ...extra,
  };
}

function gdoc(args: string[], options: { daemon: boolean; cwd: string; input?: string }): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    input: options.input,
    // A command held up in the background gdoc is a failure, not a hang.
    timeout: 30_000,
    env: callerEnv(options.daemon),
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `gdoc`, spawned without blocking this process (which may be serving what the command calls). */
function gdocAsync(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('close', (code) => resolve({ status: code, stdout, stderr }));
  });
}

function status(cwd: string): { running: boolean; commands?: number } {
  return JSON.parse(gdoc(['daemon', 'status', '--json'], { daemon: true, cwd }).stdout);
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A background gdoc listening: a handed command starts one when none is. */
async function started(): Promise<void> {
  if (status(root).running) return;
  gdoc(['lint', '-'], { daemon: true, cwd: root, input: 'text\n' });
  await until(() => status(root).running, 'the background gdoc to listen');
}

/** A folder holding the sample document, to run commands in. */
function workspace(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  copyFileSync(SAMPLE_FILE, join(dir, 'sample.json'));
  return dir;
}

/** The records of texts kept in the base store beside the documents of `dir` (known-store.ts), by key. */
function keptRecords(dir: string): Record<string, string> {
  const bases = join(dir, '.gdoc-bases');
  const names = readdirSync(bases).filter((name) => /^m\d+-/.test(name));
  return Object.fromEntries(names.sort().map((name) => [name, readFileSync(join(bases, name), 'utf8')]));
}

/** Revisions (and the base tokens that name them) are new at every write: the same text otherwise. */
const same = (text: string) =>
  text.replace(/revision [\w-]+/g, 'revision R').replace(/"(revision_id|base)": "[\w-]+"/g, '"$1": "R"');

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'gdoc-daemon-'));
  runtime = join(root, 'run');
  mkdirSync(runtime, { mode: 0o700 });
});

afterAll(() => {
  gdoc(['daemon', 'stop'], { daemon: true, cwd: root });
  rmSync(root, { recursive: true, force: true });
});

describe('the background gdoc', () => {
  it('starts after a first command and runs the next ones, tidying what others left', async () => {
    const dir = workspace('start');
    expect(status(dir).running).toBe(false);
    // Left by a background gdoc of another build that was killed: its socket and a start marker.
    const folder = join(runtime, `gdoc-${process.getuid?.()}`);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const leftovers = [join(folder, 'oldbuild-node0.sock'), join(folder, 'oldbuild-node0.starting')];
    for (const file of leftovers) writeFileSync(file, '');
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(leftovers[1]!, hourAgo, hourAgo);
    const first = gdoc(['outline', 'sample.json'], { daemon: true, cwd: dir });
    expect(first.status, first.stderr).toBe(0);
    await until(() => status(dir).running, 'the background gdoc to listen');
    const before = status(dir).commands ?? 0;
    const second = gdoc(['outline', 'sample.json'], { daemon: true, cwd: dir });
    expect(second).toEqual(first);
    expect(status(dir).commands).toBe(before + 1);
    for (const file of leftovers) expect(existsSync(file), file).toBe(false);
  });

  it('gives the same output, exit code and document as a command in its own process', async () => {
    await started();
    const before = status(root).commands ?? 0;
    const handed = workspace('handed');
    const own = workspace('own');
    const section = /\{\^ (h\.\w+)\}/.exec(
      gdoc(['outline', 'sample.json'], { daemon: false, cwd: own }).stdout,
    )?.[1];
    expect(section).toBeDefined();
    const tab = gdoc(['export', 'sample.json'], { daemon: false, cwd: own }).stdout;
    const edited = tab.replace(/\b(\p{L}{5,})\b/u, '$1ed');
    expect(edited).not.toBe(tab);
    const steps: Array<{ args: string[]; input?: string; file?: [string, string] }> = [
      { args: ['export', 'sample.json'] },
      { args: ['export', 'sample.json', '--section', section!, '-o', 'part.md'] },
      { args: ['import', 'sample.json', '-', '--dry-run'], input: edited },
      { args: ['import', 'sample.json'], input: edited },
      { args: ['import', 'sample.json', 'part.md', '--section', section!, '--json'] },
      { args: ['import', 'sample.json', 'missing.md'] },
      { args: ['import', 'sample.json', '--no-such-flag'] },
      { args: ['lint', 'bad.md'], file: ['bad.md', '{!font:Arial}unclosed\n'] },
      { args: ['fmt', '--check', '-'], input: '# Title\n\n\n\nText\n' },
      { args: ['outline', 'sample.json', '--json'] },
      { args: ['import', '--help'] },
      { args: ['export', 'sample.json'] },
    ];
    for (const step of steps) {
      const runs = [handed, own].map((cwd, i) => {
        if (step.file) writeFileSync(join(cwd, step.file[0]), step.file[1]);
        const run = gdoc(step.args, { daemon: i === 0, cwd, ...(step.input ? { input: step.input } : {}) });
        return { status: run.status, stdout: same(run.stdout), stderr: same(run.stderr) };
      });
      expect(runs[0], step.args.join(' ')).toEqual(runs[1]);
    }
    expect(readFileSync(join(handed, 'part.md'), 'utf8')).toBe(readFileSync(join(own, 'part.md'), 'utf8'));
    expect(readFileSync(join(handed, 'sample.json'), 'utf8')).not.toBe(readFileSync(SAMPLE_FILE, 'utf8'));
    // The texts kept for the next import's parse, which the background gdoc keeps once it has
    // answered (before its next command), are the ones a command in its own process keeps.
    gdoc(['lint', '-'], { daemon: true, cwd: handed, input: 'text\n' });
    expect(keptRecords(handed)).toEqual(keptRecords(own));
    expect(Object.keys(keptRecords(own)).length).toBeGreaterThan(0);
    // Each of them ran in the background process.
    expect(status(root).commands).toBe(before + steps.length + 1);
  });

  it('goes on with the next command when a caller is gone while its command waits for input', async () => {
    await started();
    const dir = workspace('gone');
    // An import from a pipe that never ends, whose caller is then killed (Ctrl-C).
    const caller = spawn(process.execPath, [BIN, 'import', 'sample.json', '-'], {
      cwd: dir,
      env: callerEnv(true),
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    // Time to reach the background gdoc and be asked for its input.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    caller.kill('SIGINT');
    await new Promise((resolve) => caller.once('exit', resolve));
    const next = gdoc(['outline', 'sample.json'], { daemon: true, cwd: dir });
    expect(next.status, next.stderr).toBe(0);
    expect(next.stdout).toContain('{^ h.');
    // Nothing was written by the import that never got its input.
    expect(readFileSync(join(dir, 'sample.json'), 'utf8')).toBe(readFileSync(SAMPLE_FILE, 'utf8'));
  });

  it('keeps the output of commands handed over at the same time apart', async () => {
    await started();
    const dirs = ['together-1', 'together-2', 'together-3'].map(workspace);
    writeFileSync(join(dirs[1]!, 'sample.json'), readFileSync(fixture('support'), 'utf8'));
    const own = dirs.map((cwd) => gdoc(['export', 'sample.json'], { daemon: false, cwd }).stdout);
    const handed = await Promise.all(
      dirs.map(async (cwd) => (await gdocAsync(['export', 'sample.json'], cwd, callerEnv(true))).stdout),
    );
    expect(handed).toEqual(own);
    expect(own[0]).not.toBe(own[1]);
  });

  it("speaks to Google with each caller's own credentials", async () => {
    await started();
    const store = workspace('google');
    const id = 'abcdefghijklmnopqrstuvwxyz01';
    copyFileSync(SAMPLE_FILE, join(store, `${id}.json`));
    const emulator = await startEmulator({ storeDir: store, acceptedTokens: ['token-one'] });
    try {
      // Spawned without blocking: the emulator answers from this process.
      const asCaller = (token: string, daemon: boolean) =>
        gdocAsync(
          ['export', id],
          root,
          callerEnv(daemon, { GDOC_API_ROOT: emulator.url, GDOC_ACCESS_TOKEN: token }),
        );
      const before = status(root).commands ?? 0;
      const good = await asCaller('token-one', true);
      expect(good.status, good.stderr).toBe(0);
      expect(good).toEqual(await asCaller('token-one', false));
      // The next caller's token is its own, not the one the background gdoc last used.
      const bad = await asCaller('token-two', true);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('AuthRequiredError');
      expect(bad).toEqual(await asCaller('token-two', false));
      expect(status(root).commands).toBe(before + 2);
    } finally {
      await emulator.close();
    }
  });

  it("makes files with the caller's modes (its umask)", async () => {
    await started();
    const dirs = [workspace('umask-handed'), workspace('umask-own')];
    dirs.forEach((cwd, i) => {
      const run = spawnSync(
        'sh',
        ['-c', `umask 077 && exec "${process.execPath}" "${BIN}" export sample.json -o out.md`],
        {
          cwd,
          encoding: 'utf8',
          timeout: 30_000,
          env: callerEnv(i === 0),
        },
      );
      expect(run.status, run.stderr).toBe(0);
    });
    const modes = dirs.map((cwd) => statSync(join(cwd, 'out.md')).mode & 0o777);
    expect(modes).toEqual([0o600, 0o600]);
    // The text kept after the answer too (io.ts `later`), once the next command has run.
    gdoc(['lint', '-'], { daemon: true, cwd: dirs[0]!, input: 'text\n' });
    for (const cwd of dirs) {
      const records = Object.keys(keptRecords(cwd));
      expect(records.length, cwd).toBeGreaterThan(0);
      for (const name of records) expect(statSync(join(cwd, '.gdoc-bases', name)).mode & 0o777).toBe(0o600);
    }
  });

  it('stops on gdoc daemon stop', async () => {
    await started();
    const stop = gdoc(['daemon', 'stop'], { daemon: true, cwd: root });
    expect(stop.stdout).toBe('stopped\n');
    await until(() => !status(root).running, 'the background gdoc to stop');
  });

  it('is not used when its folder is open to others', () => {
    const dir = workspace('open');
    const folder = join(runtime, `gdoc-${process.getuid?.()}`);
    chmodSync(folder, 0o755);
    try {
      const run = gdoc(['outline', 'sample.json'], { daemon: true, cwd: dir });
      expect(run.status).toBe(0);
      const said = gdoc(['daemon', 'status'], { daemon: true, cwd: dir }).stdout;
      expect(said).toMatch(/^not running \(off/);
    } finally {
      chmodSync(folder, 0o700);
    }
  });
});
