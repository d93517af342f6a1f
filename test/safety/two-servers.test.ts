/**
 * Two `gdoc serve --http` processes on one --local store share what their reads handed out: a
 * model exports a section from one server, a colleague's model edits it through the other, and
 * the first model's import without `base` merges (disjoint paragraphs) or is refused (the same
 * paragraph) — never a revert of the colleague's edit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../server/harness.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const SECTION = 'h.ryalwp7mpmhm';
const children: ChildProcess[] = [];
const clients: Client[] = [];
let dir: string;

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const c of children.splice(0)) c.kill();
  rmSync(dir, { recursive: true, force: true });
});

function serve(store: string): Promise<string> {
  const proc = spawn(process.execPath, [BIN, 'serve', '--http', '127.0.0.1:0', '--local', store, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0]!) as { url: string }).url);
    });
    proc.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'two-servers', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(client);
  return client;
}

async function exportSection(client: Client): Promise<string> {
  const r = await client.callTool({
    name: 'export_section',
    arguments: { document_id: 'golden', anchor_id: SECTION },
  });
  return (r.structuredContent as { content: string }).content;
}

async function importSection(client: Client, content: string) {
  return await client.callTool({
    name: 'import_section',
    arguments: { document_id: 'golden', anchor_id: SECTION, content },
  });
}

describe('two servers on one local store', () => {
  it('merge a disjoint stale import and refuse an overlapping one, without base', async () => {
    dir = makeStore();
    const [a, b] = await Promise.all([serve(dir), serve(dir)]).then((urls) => Promise.all(urls.map(connect)));
    const mine = await exportSection(a!);
    const theirs = await exportSection(b!);
    const colleague = await importSection(b!, theirs.replace('bold text', 'heavy text'));
    expect(colleague.isError).toBeFalsy();

    const merged = await importSection(a!, mine.replace('combined.', 'combined, and edited.'));
    expect(merged.isError, JSON.stringify(merged)).toBeFalsy();
    let now = await exportSection(b!);
    expect(now).toContain('heavy text');
    expect(now).toContain('combined, and edited.');

    // The colleague edits a paragraph that the first model then edits from its old copy.
    await importSection(b!, now.replace('here.', 'here, said a colleague.'));
    const refused = await importSection(a!, mine.replace('here.', 'here!'));
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused)).toContain('RevisionConflictError');
    now = await exportSection(b!);
    expect(now).toContain('said a colleague');
    expect(now).toContain('heavy text');
  });
});
