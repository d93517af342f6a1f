/**
 * gdoc comments list|add|reply|resolve and gdoc export --comments on a temporary copy of a real
 * document, through the built CLI.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../server/harness.js';
import { runGdoc } from './run-gdoc.js';

const SECTION = 'h.oooyvrk89ze3';
let dir: string;
beforeEach(() => {
  dir = makeStore({ single: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('gdoc comments', () => {
  it('adds, lists, replies, resolves; export --comments marks the text and -o keeps the plain base', async () => {
    const added = await runGdoc([
      'comments',
      'add',
      'single',
      'All six?',
      '--quote',
      'all heading levels',
      '--section',
      SECTION,
      '--local',
      dir,
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const id = (JSON.parse(added.stdout) as { comment_id: string }).comment_id;

    const replied = await runGdoc(['comments', 'reply', 'single', id, 'Yes.', '--local', dir]);
    expect(replied.code, replied.stderr).toBe(0);
    expect(replied.stdout).toContain(`Replied to ${id}`);

    const listed = await runGdoc(['comments', 'list', 'single', '--local', dir]);
    expect(listed.stdout).toContain(`${id}  open  t.0 › ${SECTION}  "all heading levels"`);
    expect(listed.stdout).toContain('All six?');
    expect(listed.stdout).toContain('Yes.');

    const marked = await runGdoc(['export', 'single', '--section', SECTION, '--comments', '--local', dir]);
    expect(marked.stdout).toContain(`{!comment:${id}}all heading levels{/!}`);
    const plain = await runGdoc(['export', 'single', '--section', SECTION, '--local', dir]);
    expect(plain.stdout).not.toContain('{!comment:');

    const file = join(dir, 's.md');
    const written = await runGdoc([
      'export',
      'single',
      '--section',
      SECTION,
      '--comments',
      '-o',
      file,
      '--local',
      dir,
    ]);
    expect(written.code, written.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('{!comment:');
    const imported = await runGdoc([
      'import',
      'single',
      file,
      '--section',
      SECTION,
      '--local',
      dir,
      '--json',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ success: true, warnings: [] });

    const resolved = await runGdoc(['comments', 'resolve', 'single', id, '-m', 'Done.', '--local', dir]);
    expect(resolved.stdout).toContain(`Resolved ${id}.`);
    const open = await runGdoc(['comments', 'list', 'single', '--open', '--local', dir]);
    expect(open.stdout.trim()).toBe('No comments.');
  });

  it('a quote that is not there is an error naming the section, exit 1', async () => {
    const run = await runGdoc([
      'comments',
      'add',
      'single',
      'x',
      '--quote',
      'nowhere',
      '--section',
      SECTION,
      '--local',
      dir,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`does not occur in section ${SECTION}`);
  });
});
