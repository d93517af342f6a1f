/**
 * The `gdoc new`, `gdoc apply` and `gdoc emulator` commands: in-process through commander for
 * speed, plus spawned checks of the real binary for exit codes and the emulator's first line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { register as registerApply } from '../../src/cli/commands/apply.js';
import { register as registerEmulator } from '../../src/cli/commands/emulator.js';
import { register as registerNew } from '../../src/cli/commands/new.js';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { DocsApiError, ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeStore } from './store-fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await makeStore(['poem']);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** Runs one command in-process and returns what it printed on stdout. */
async function run(...args: string[]): Promise<string> {
  const program = new Command('gdoc').exitOverride();
  registerNew(program);
  registerApply(program);
  registerEmulator(program);
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    vi.restoreAllMocks();
  }
  return out;
}

function bodyText(doc: Document): string {
  let text = '';
  for (const el of doc.tabs?.[0]?.documentTab?.body?.content ?? []) {
    for (const pe of el.paragraph?.elements ?? []) text += pe.textRun?.content ?? '';
  }
  return text;
}

describe('gdoc new', () => {
  it('creates a document file as documents.create would', async () => {
    const path = join(dir, 'plan.json');
    const out = await run('new', path, '--title', 'Q3 plan', '--json');
    const result = JSON.parse(out) as {
      path: string;
      document_id: string;
      title: string;
      revision_id: string;
    };
    expect(result).toMatchObject({ path, document_id: 'plan', title: 'Q3 plan' });
    const doc = await new LocalBackend({ dir }).get('plan');
    expect(doc.title).toBe('Q3 plan');
    expect(doc.revisionId).toBe(result.revision_id);
    expect(doc.tabs?.[0]?.tabProperties?.tabId).toBe('t.0');
    expect(bodyText(doc)).toBe('\n');
  });

  it('prints a human line and defaults the title', async () => {
    const out = await run('new', join(dir, 'untitled.json'));
    expect(out).toContain('"Untitled document"');
    expect((await new LocalBackend({ dir }).get('untitled')).title).toBe('Untitled document');
  });

  it('never overwrites an existing file and wants a .json name', async () => {
    const path = join(dir, 'poem.json');
    const bytes = await readFile(path);
    await expect(run('new', path)).rejects.toBeInstanceOf(ValidationError);
    expect((await readFile(path)).equals(bytes)).toBe(true);
    await expect(run('new', join(dir, 'notes.txt'))).rejects.toBeInstanceOf(ValidationError);
    await expect(run('new', join(dir, 'no-such-folder', 'x.json'))).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('gdoc apply', () => {
  it('applies a batch and prints the replies', async () => {
    const doc = join(dir, 'poem.json');
    const before = bodyText(await new LocalBackend({ file: doc }).get('poem'));
    const batch = join(dir, 'batch.json');
    await writeFile(
      batch,
      JSON.stringify({
        requests: [
          { insertText: { text: 'Title 👋\n', location: { index: 1 } } },
          { createNamedRange: { name: 'greeting', range: { startIndex: 1, endIndex: 6 } } },
        ],
      }),
    );
    const out = await run('apply', doc, batch);
    expect(out).toMatch(
      /^requests\[0\]: \{\}\nrequests\[1\]: \{"createNamedRange":\{"namedRangeId":"[^"]+"\}\}\n/,
    );
    expect(out).toContain('Applied 2 requests');
    expect(bodyText(await new LocalBackend({ file: doc }).get('poem'))).toBe(`Title 👋\n${before}`);
  });

  it('prints the full response with --json and accepts a bare requests array', async () => {
    const doc = join(dir, 'poem.json');
    const batch = join(dir, 'batch.json');
    await writeFile(batch, JSON.stringify([{ insertText: { text: 'x', location: { index: 1 } } }]));
    const response = JSON.parse(await run('apply', doc, batch, '--json'));
    expect(response.documentId).toBe('poem');
    expect(response.replies).toEqual([{}]);
    expect(response.writeControl.requiredRevisionId).toBe(
      (await new LocalBackend({ file: doc }).get('poem')).revisionId,
    );
  });

  it("throws Google's error for an invalid batch and leaves the file byte-identical", async () => {
    const doc = join(dir, 'poem.json');
    const bytes = await readFile(doc);
    const batch = join(dir, 'bad.json');
    await writeFile(
      batch,
      JSON.stringify({
        requests: [
          { insertText: { text: 'fine', location: { index: 1 } } },
          { insertText: { text: 'bad', location: { index: 999_999 } } },
        ],
      }),
    );
    const error = await run('apply', doc, batch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsApiError);
    expect((error as Error).message).toMatch(/^Invalid requests\[1\]\.insertText: /);
    expect((await readFile(doc)).equals(bytes)).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(['bad.json', 'poem.json']);
  });

  it('names a batch file that is not JSON', async () => {
    const batch = join(dir, 'broken.json');
    await writeFile(batch, '{"requests": [');
    const error = await run('apply', join(dir, 'poem.json'), batch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain(batch);
  });
});

describe('gdoc emulator (in-process option checks)', () => {
  it('rejects a missing store folder and bad numbers before listening', async () => {
    await expect(run('emulator', '--store', join(dir, 'nope'))).rejects.toBeInstanceOf(ValidationError);
    await expect(run('emulator', '--store', dir, '--port', 'abc')).rejects.toBeInstanceOf(ValidationError);
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((busy.address() as AddressInfo).port);
      const error = await run('emulator', '--store', dir, '--port', port).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain(port);
    } finally {
      busy.close();
    }
    await expect(
      run('emulator', '--store', dir, '--fail-first', '1', '--fail-on', 'everything'),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

/** Spawns the real CLI entry point with tsx. */
function gdoc(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the gdoc binary', () => {
  it("apply exits 1 with Google's message on an invalid batch and changes nothing", async () => {
    const doc = join(dir, 'poem.json');
    const bytes = await readFile(doc);
    const batch = join(dir, 'bad.json');
    await writeFile(
      batch,
      JSON.stringify({ requests: [{ deleteContentRange: { range: { startIndex: 5, endIndex: 2 } } }] }),
    );
    const result = await finished(gdoc(['apply', doc, batch]));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid requests[0].deleteContentRange:');
    expect((await readFile(doc)).equals(bytes)).toBe(true);
  });

  it('emulator prints its base URL first, serves the store, and stops on SIGTERM', async () => {
    const child = gdoc(['emulator', '--store', dir, '--port', '0']);
    const done = finished(child);
    const firstLine = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      child.stdout?.on('data', (d: Buffer) => {
        buffered += d.toString();
        const newline = buffered.indexOf('\n');
        if (newline >= 0) resolve(buffered.slice(0, newline));
      });
      child.on('close', (code) => reject(new Error(`emulator exited early (${code})`)));
    });
    expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await fetch(`${firstLine}v1/documents/poem`, { headers: { Authorization: 'Bearer t' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Document).documentId).toBe('poem');
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
  });
});
