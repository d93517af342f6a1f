/**
 * gdoc insert, move, delete, find, tab and create on temporary copies of real documents, and the
 * CLI's own terms: errors name flags and commands, usage errors of a subcommand exit 2, a busy
 * port is a one-line typed error.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../server/harness.js';
import { runGdoc } from './run-gdoc.js';

let dir: string;
beforeEach(() => {
  dir = makeStore({ golden: true, multi: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function outline(): Promise<Array<{ anchor_id: string; text: string }>> {
  const run = await runGdoc(['outline', 'golden', '--local', dir, '--json']);
  return (JSON.parse(run.stdout) as { headings: Array<{ anchor_id: string; text: string }> }).headings;
}

describe('gdoc insert / move / delete', () => {
  it('adds a section, moves it to the end and deletes it', async () => {
    const before = await outline();
    const file = join(dir, 'new.md');
    writeFileSync(file, '## From the command line\n\nA new paragraph.\n');
    const inserted = await runGdoc([
      'insert',
      'golden',
      file,
      '--after',
      before[0]!.anchor_id,
      '--local',
      dir,
      '--json',
    ]);
    expect(inserted.code, inserted.stderr).toBe(0);
    const anchor = (JSON.parse(inserted.stdout) as { new_headings: Array<{ anchor_id: string }> })
      .new_headings[0]!.anchor_id;
    expect((await outline()).map((h) => h.anchor_id)).toContain(anchor);

    const moved = await runGdoc([
      'move',
      'golden',
      '--section',
      anchor,
      '--end',
      '--allow-deletions',
      '--local',
      dir,
    ]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/new heading ## From the command line {2}→ h\./);
    const last = (await outline()).at(-1)!;
    expect(last.text).toBe('From the command line');

    const deleted = await runGdoc([
      'delete',
      'golden',
      '--section',
      last.anchor_id,
      '--allow-deletions',
      '--local',
      dir,
    ]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`removed: ${last.anchor_id}`);
    expect(await outline()).toEqual(before);
  });

  it('refuses to delete off a terminal without --allow-deletions, in the CLI’s words', async () => {
    const before = await outline();
    const run = await runGdoc(['delete', 'golden', '--section', before[1]!.anchor_id, '--local', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--allow-deletions');
    expect(run.stderr).not.toMatch(/allow_deletions|dry_run/);
    expect(await outline()).toEqual(before);
  });
});

describe('gdoc find / tab / create', () => {
  it('find reaches a grandchild tab', async () => {
    const run = await runGdoc(['find', 'multi', 'GRANDCHILD', '--local', dir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const found = JSON.parse(run.stdout) as { matches: Array<{ tab_id: string; tab_title: string }> };
    expect(found.matches.map((m) => m.tab_id)).toContain('t.a2r49ovghki6');
    const human = await runGdoc(['find', 'multi', 'grandchild', '--local', dir, '--case-sensitive']);
    expect(human.stdout).toContain('t.a2r49ovghki6');
  });

  it('tab adds, renames and deletes a tab', async () => {
    const added = await runGdoc(['tab', 'add', 'multi', '--title', 'Scratch', '--local', dir, '--json']);
    expect(added.code, added.stderr).toBe(0);
    const id = (JSON.parse(added.stdout) as { tab_id: string }).tab_id;
    const renamed = await runGdoc(['tab', 'rename', 'multi', id, 'Scratchpad', '--local', dir]);
    expect(renamed.stdout).toMatch(new RegExp(`${id.replace('.', '\\.')}\\s+Scratchpad\\s+←`));
    const refused = await runGdoc(['tab', 'delete', 'multi', id, '--local', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--allow-deletions');
    const deleted = await runGdoc([
      'tab',
      'delete',
      'multi',
      id,
      '--allow-deletions',
      '--local',
      dir,
      '--json',
    ]);
    expect(
      (JSON.parse(deleted.stdout) as { tabs: Array<{ tab_id: string }> }).tabs.map((t) => t.tab_id),
    ).not.toContain(id);
  });

  it('create makes a local document with content and says folders are ignored', async () => {
    const file = join(dir, 'plan.md');
    writeFileSync(file, '# Goals\n\nShip it.\n');
    const run = await runGdoc(['create', 'Plan', file, '--folder', 'abc', '--local', dir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const created = JSON.parse(run.stdout) as { document_id: string; warnings: string[] };
    expect(created.warnings.join(' ')).toContain('no folders');
    const exported = await runGdoc(['export', created.document_id, '--local', dir]);
    expect(exported.stdout).toContain('Ship it.');
  });
});

describe('gdoc header / footer', () => {
  it('imports a header (creating it), exports it and deletes it', async () => {
    const file = join(dir, 'header.md');
    writeFileSync(file, 'Acme *internal*\n');
    const none = await runGdoc(['header', 'export', 'golden', '--local', dir]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('gdoc header import');
    const written = await runGdoc(['header', 'import', 'golden', file, '--local', dir]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/^Created the header and wrote it in \d+ requests?/);
    const read = await runGdoc(['header', 'export', 'golden', '--local', dir]);
    expect(read.stdout).toBe('Acme *internal*\n');
    const deleted = await runGdoc(['header', 'delete', 'golden', '--allow-deletions', '--local', dir]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await runGdoc(['footer', 'export', 'golden', '--local', dir])).code).toBe(1);
  });
});

describe('the CLI speaks in its own terms', () => {
  it('a multi-tab document without --tab names the flag and the command', async () => {
    const run = await runGdoc(['export', 'multi', '--local', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--tab');
    expect(run.stderr).toContain('gdoc info DOC');
    expect(run.stderr).not.toMatch(/tab_id|get_metadata/);
    const json = await runGdoc(['export', 'multi', '--local', dir, '--json']);
    expect(JSON.parse(json.stdout).error.suggestion).toContain('--tab');
  });

  it('an unknown section points to gdoc outline', async () => {
    const run = await runGdoc(['export', 'golden', '--section', 'h.nope', '--local', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Run `gdoc outline DOC` to see the anchors');
  });

  it('a subcommand usage error exits 2', async () => {
    expect((await runGdoc(['export'])).code).toBe(2);
    expect((await runGdoc(['tab', 'move', 'multi', 't.0'])).code).toBe(2);
    expect((await runGdoc(['insert', 'golden', '--bogus'])).code).toBe(2);
  });

  it('a busy port is a one-line typed error and exit 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await runGdoc(['serve', '--http', `127.0.0.1:${port}`, '--local', dir]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^gdoc: ListenError: 127\\.0\\.0\\.1:${port} is already in use`));
      expect(run.stderr).not.toContain('    at ');
    } finally {
      blocker.close();
    }
  });
});
