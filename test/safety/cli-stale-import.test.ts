/**
 * The README's loop through the CLI with no flags — export a section to a file, someone edits the
 * document, edit the file, import it — never reverts the other edit: merged when the edits touch
 * different paragraphs, refused when they touch the same one. Both with `-o FILE` (the sidecar)
 * and with `> FILE` (the read remembered in the local store).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { runGdoc } from '../cli/run-gdoc.js';
import { makeStore } from '../server/harness.js';

const SECTION = 'h.ryalwp7mpmhm';
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function colleagueReplaces(from: string, to: string): Promise<void> {
  await new LocalBackend({ dir }).batchUpdate('golden', {
    requests: [{ replaceAllText: { containsText: { text: from, matchCase: true }, replaceText: to } }],
  });
}

async function current(): Promise<string> {
  const run = await runGdoc(['export', 'golden', '--local', dir, '--section', SECTION]);
  expect(run.code).toBe(0);
  return run.stdout;
}

function editFile(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe.each([
  ['export -o FILE (sidecar)', true],
  ['export > FILE (the store remembers the read)', false],
])('gdoc import with no flags after %s', (_name, sidecar) => {
  async function exportTo(file: string): Promise<void> {
    const args = ['export', 'golden', '--local', dir, '--section', SECTION];
    const run = await runGdoc(sidecar ? [...args, '-o', file] : args);
    expect(run.code).toBe(0);
    if (!sidecar) writeFileSync(file, run.stdout);
  }
  const importFile = (file: string) =>
    runGdoc(['import', 'golden', file, '--local', dir, '--section', SECTION]);

  it('merges an edit of another paragraph, and the next edit of the same file too', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    await exportTo(file);
    await colleagueReplaces('bold text', 'heavy text');
    editFile(file, 'combined.', 'combined, and edited.');
    const first = await importFile(file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Merged');
    let now = await current();
    expect(now).toContain('heavy text');
    expect(now).toContain('combined, and edited.');
    // The file still says "bold text"; editing it again and importing keeps "heavy text".
    editFile(file, 'underlined text', 'underlined words');
    const second = await importFile(file);
    expect(second.code, second.stderr).toBe(0);
    now = await current();
    expect(now).toContain('heavy text');
    expect(now).toContain('underlined words');
  });

  it('takes the latest export as the base when the paragraph edited again was edited by the last import', async () => {
    // export, edit a paragraph, import; export again, edit the same paragraph again, import: the
    // second export is the base (the first read shares as many whole paragraphs with the file),
    // so nothing is refused and nothing is merged.
    dir = makeStore();
    const file = join(dir, 's.md');
    const again = join(dir, 't.md');
    await exportTo(file);
    editFile(file, 'bold text', 'heavy text');
    const first = await importFile(file);
    expect(first.code, first.stderr).toBe(0);
    await exportTo(again);
    editFile(again, 'italic text', 'slanted text');
    const second = await importFile(again);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('Merged');
    const now = await current();
    expect(now).toContain('This has **heavy text** and *slanted text* in it.');
  });

  it('refuses an edit of the same paragraph and leaves the document as the colleague left it', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    await exportTo(file);
    await colleagueReplaces('bold text', 'heavy text');
    editFile(file, 'in it.', 'in it, I think.');
    const before = await current();
    const run = await importFile(file);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('RevisionConflictError');
    expect(run.stderr).toContain('heavy text');
    expect(await current()).toBe(before);
  });
});

/** Exports the section into FILE (`> FILE`), replaces `from` with `to` in it and imports it. */
async function exportEditImport(file: string, from: string, to: string): Promise<string> {
  writeFileSync(file, (await runGdoc(['export', 'golden', '--local', dir, '--section', SECTION])).stdout);
  editFile(file, from, to);
  const run = await importSection(file);
  expect(run.code, run.stderr).toBe(0);
  return run.stderr;
}

const importSection = (file: string) =>
  runGdoc(['import', 'golden', file, '--local', dir, '--section', SECTION]);

describe('a file imported before (its sidecar names that import), after another file changed the section', () => {
  it('overwritten by a newer export (> FILE), is not held to its old sidecar', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    await exportEditImport(file, 'bold text', 'heavy text');
    await exportEditImport(join(dir, 'o.md'), 'italic text', 'slanted text');
    // s.md overwritten by a new export, and the paragraph the other file changed edited again.
    expect(await exportEditImport(file, 'in it.', 'in it, I think.')).not.toContain('Merged');
    expect(await current()).toContain('This has **heavy text** and *slanted text* in it, I think.');
  });

  it('edited again as it was, is merged from its sidecar, never reverting the newer edit', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    await exportEditImport(file, 'bold text', 'heavy text');
    await exportEditImport(join(dir, 'o.md'), 'underlined text', 'underlined words');
    // s.md still says "underlined text": its sidecar is its base, and the newer edit is kept.
    editFile(file, 'combined.', 'combined, and edited.');
    const run = await importSection(file);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Merged');
    const now = await current();
    expect(now).toContain('underlined words');
    expect(now).toContain('combined, and edited.');
  });
});

it('a file imported into another section than it was exported from ignores its sidecar', async () => {
  dir = makeStore();
  const file = join(dir, 's.md');
  expect((await runGdoc(['export', 'golden', '--local', dir, '--section', SECTION, '-o', file])).code).toBe(
    0,
  );
  writeFileSync(file, '## {^ h.vfzix7fdzbxd}Links Section\n\nReplaced.\n');
  const run = await runGdoc(['import', 'golden', file, '--local', dir, '--section', 'h.vfzix7fdzbxd']);
  expect(run.code, run.stderr).toBe(0);
});
