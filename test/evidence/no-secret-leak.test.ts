/**
 * No token in any output: with a recognisable fake access token in GDOC_ACCESS_TOKEN, the gdoc CLI
 * (run in-process, retry diagnostics on with GDOC_DEBUG) and the MCP tools over the Google backend
 * talk to the emulator, succeeding and failing (unknown document, token refused, rate limit spent,
 * invalid request, invalid MEBDF), and stdout, stderr, the server log and every tool result are
 * searched for the token and for any other `ya29.` access-token shape. The emulator accepts only
 * that token, so the successful calls prove it was really sent.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGoogleBackend } from '../../src/docs/backends/google.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { createServer } from '../../src/server/index.js';
import { createToolDeps } from '../../src/tools/deps.js';
import { runGdoc } from '../cli/run-gdoc.js';

const SECRET = 'ya29.TEST-SECRET-evidence-9f8e7d6c5b4a3210';
const REAL = fileURLToPath(new URL('../fixtures/real/', import.meta.url));
const GOLDEN = 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json';
const ANCHOR = 'h.ryalwp7mpmhm';
/** Long enough to be taken for a Google Doc id by the CLI. */
const DOC = 'goldenEvidenceDocument0001';
const MISSING = 'noSuchDocumentEvidence0001';

let dir: string;
let emulator: RunningEmulator;
const saved: Record<string, string | undefined> = {};
const ENV = {
  GDOC_ACCESS_TOKEN: SECRET,
  GDOC_API_ROOT: '',
  GDOC_MAX_RETRIES: '1',
  GDOC_DEBUG: '1',
  GDOC_CONFIG_DIR: '',
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-evidence-leak-'));
  await writeFile(join(dir, `${DOC}.json`), await readFile(join(REAL, GOLDEN)), { mode: 0o644 });
  emulator = await startEmulator({ storeDir: dir, acceptedTokens: [SECRET] });
  ENV.GDOC_API_ROOT = emulator.url;
  ENV.GDOC_CONFIG_DIR = join(dir, 'config');
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.setFaults(undefined);
  emulator.setAcceptedTokens([SECRET]);
});

/** Fails if the text holds the secret, any part of its unique tail, or another ya29. token. */
function expectNoSecret(where: string, text: string): void {
  expect(text.includes(SECRET), `${where} contains the access token`).toBe(false);
  expect(text.includes('TEST-SECRET-evidence'), `${where} contains part of the access token`).toBe(false);
  expect(/ya29\.[A-Za-z0-9_-]{8,}/.test(text), `${where} contains an access-token-shaped string`).toBe(false);
  expect(/Bearer\s+\S{8,}/.test(text), `${where} contains an Authorization header`).toBe(false);
}

describe('no token in CLI output', () => {
  it('successful and failing commands print neither the token nor any ya29. string', async () => {
    const content = (await runGdoc(['export', DOC, '--section', ANCHOR])).stdout;
    expect(content).toContain('Formatting Section'); // the token was accepted
    const runs: Array<[string, Awaited<ReturnType<typeof runGdoc>>]> = [];
    const run = async (args: string[], stdin?: string) =>
      runs.push([args.join(' '), await runGdoc(args, stdin)]);
    await run(['ls', '--json']);
    await run(['info', DOC]);
    await run(['outline', DOC, '--json']);
    await run(['export', DOC, '--json']);
    await run(['whoami']);
    await run(['whoami', '--json']);
    await run(['import', DOC, '--section', ANCHOR, '--dry-run', '-'], content.replace('in it.', 'in it!'));
    await run(['import', DOC, '--section', ANCHOR, '--json', '-'], content.replace('in it.', 'in it!'));
    // Failures: unknown document, invalid MEBDF, rate limit spent, the token refused.
    await run(['export', MISSING]);
    await run(['import', DOC, '--section', ANCHOR, '-'], '{!bogus}x{/!}\n');
    emulator.setFaults({ failFirst: 10, status: 429, on: 'any' });
    await run(['export', DOC, '--json']);
    emulator.setFaults({ failFirst: 10, status: 503, on: 'any' });
    await run(['outline', DOC]);
    emulator.setFaults(undefined);
    emulator.setAcceptedTokens(['some-other-token']);
    await run(['export', DOC]);
    await run(['ls']);
    // Nothing listening at all: a network error, whose message carries the URL.
    process.env.GDOC_API_ROOT = 'http://127.0.0.1:9/';
    await run(['info', DOC]);
    process.env.GDOC_API_ROOT = emulator.url;
    const codes = runs.map(([args, r]) => `${args.split(' ')[0]}:${r.code}`);
    // The failing ones really failed (exit 1, a typed error on stderr), the others succeeded.
    expect(
      codes.slice(0, 8).every((c) => c.endsWith(':0')),
      codes.join(' '),
    ).toBe(true);
    expect(
      codes.slice(8).every((c) => c.endsWith(':1')),
      codes.join(' '),
    ).toBe(true);
    expect(runs.at(-2)?.[1].stderr).toMatch(/AuthRequiredError/);
    expect(runs.at(-1)?.[1].stderr).toMatch(/Could not reach Google \(ECONNREFUSED\)/);
    for (const [args, r] of runs) {
      expectNoSecret(`stdout of gdoc ${args}`, r.stdout);
      expectNoSecret(`stderr of gdoc ${args}`, r.stderr);
    }
  });
});

describe('no token in MCP tool results or server logs', () => {
  it('tool results (success and error) and the log hold neither the token nor any ya29. string', async () => {
    const logs: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logs.push(chunk.toString());
      return true;
    });
    const backend = await createGoogleBackend(process.env, { log: (l) => logs.push(l) });
    const server = createServer(createToolDeps(backend, { log: (l: string) => logs.push(l) }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'leak-test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    const results: Array<[string, unknown]> = [];
    const call = async (name: string, args: Record<string, unknown>) =>
      results.push([name, await client.callTool({ name, arguments: args })]);
    try {
      await call('health_check', {});
      await call('list_documents', {});
      await call('get_metadata', { document_id: DOC });
      await call('get_hierarchy', { document_id: DOC });
      await call('export_section', { document_id: DOC, anchor_id: ANCHOR });
      const last = results.at(-1)?.[1] as { structuredContent: { content: string } };
      const exported = last.structuredContent.content;
      await call('import_section', {
        document_id: DOC,
        anchor_id: ANCHOR,
        content: exported.replace('in it.', 'in it?'),
      });
      await call('export_tab', { document_id: DOC });
      const successes = results.length;
      await call('export_section', { document_id: MISSING, anchor_id: ANCHOR });
      await call('import_section', { document_id: DOC, anchor_id: ANCHOR, content: '{!bogus}x{/!}' });
      await call('import_section', {
        document_id: DOC,
        anchor_id: ANCHOR,
        content: `${exported}\n![x](file:///etc/passwd)\n`,
      });
      emulator.setFaults({ failFirst: 10, status: 429, on: 'any' });
      await call('export_tab', { document_id: DOC });
      emulator.setFaults(undefined);
      emulator.setAcceptedTokens(['some-other-token']);
      await call('get_metadata', { document_id: DOC });
      await call('health_check', {});
      await call('import_section', { document_id: DOC, anchor_id: ANCHOR, content: exported });
      const errors = results.slice(successes).map(([, r]) => (r as { isError?: boolean }).isError === true);
      expect(results.slice(0, successes).every(([, r]) => !(r as { isError?: boolean }).isError)).toBe(true);
      // health_check reports instead of failing; every other call after the successes is an error.
      expect(errors.filter(Boolean).length).toBeGreaterThanOrEqual(errors.length - 1);
    } finally {
      await client.close();
      stderr.mockRestore();
    }
    for (const [name, result] of results) expectNoSecret(`result of ${name}`, JSON.stringify(result));
    expectNoSecret('server log and stderr', logs.join('\n'));
  });
});
