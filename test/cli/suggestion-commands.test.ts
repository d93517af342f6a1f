/**
 * gdoc import --suggest, gdoc suggestions, gdoc accept and gdoc reject on a temporary copy of a
 * real document: a suggested edit leaves the text as it was until accepted; --mode checks its value.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../server/harness.js';
import { runGdoc } from './run-gdoc.js';

const SECTION = 'h.ryalwp7mpmhm';
let dir: string;
beforeEach(() => {
  dir = makeStore({ golden: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function section(): Promise<string> {
  const run = await runGdoc(['export', 'golden', '--section', SECTION, '--local', dir]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('gdoc suggestions', () => {
  it('imports as suggestions, lists them, rejects one and accepts the rest', async () => {
    const before = await section();
    const file = join(dir, 's.md');
    writeFileSync(file, before.replace('italic text* in it.', 'italic text* in it. Proposed.'));
    const imported = await runGdoc([
      'import',
      'golden',
      file,
      '--section',
      SECTION,
      '--suggest',
      '--local',
      dir,
      '--json',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const ids = (JSON.parse(imported.stdout) as { suggestion_ids: string[] }).suggestion_ids;
    expect(ids.length).toBeGreaterThan(0);
    expect(await section()).toContain(`{!suggest:insert ${ids[0]}} Proposed.{/!}`);

    const listed = await runGdoc(['suggestions', 'golden', '--local', dir]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(ids[0]);
    expect(listed.stdout).toContain('+ " Proposed."');

    const dry = await runGdoc(['reject', 'golden', '--all', '--dry-run', '--local', dir]);
    expect(dry.stdout).toContain('Dry run: would reject');
    const accepted = await runGdoc(['accept', 'golden', ...ids, '--local', dir]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain(`Accepted ${ids.length} suggestion`);
    expect(await section()).toBe(before.replace('italic text* in it.', 'italic text* in it. Proposed.'));
    expect((await runGdoc(['suggestions', 'golden', '--local', dir])).stdout).toContain('No suggestions.');
  });

  it('refuses an unknown --mode before reading anything', async () => {
    const file = join(dir, 's.md');
    writeFileSync(file, await section());
    const run = await runGdoc([
      'import',
      'golden',
      file,
      '--section',
      SECTION,
      '--mode',
      'propose',
      '--local',
      dir,
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--mode must be "edit" or "suggest"');
  });
});
