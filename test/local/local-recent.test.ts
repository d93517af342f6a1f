/**
 * The documents a process keeps parsed between reads (src/docs/backends/local-recent.ts): a read
 * of a kept file gives exactly what a first read of the same bytes gives, and a file changed by
 * anyone else is read again.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_FILE } from '../../src/cli/demo-run.js';
import { LocalBackend, settleWrittenDocuments } from '../../src/docs/backends/local.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gdoc-recent-'));
  copyFileSync(SAMPLE_FILE, join(dir, 'sample.json'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The document as a process that never saw the file reads it: the same bytes under another folder. */
async function firstRead(file: string) {
  const other = join(dir, `first-${Math.random().toString(36).slice(2)}`);
  mkdirSync(other);
  copyFileSync(file, join(other, 'sample.json'));
  return await new LocalBackend({ dir: other }).get('sample');
}

describe('documents kept between reads', () => {
  it('a file written by this process reads back as a first read of its bytes', async () => {
    const backend = new LocalBackend({ dir });
    const before = await backend.get('sample');
    await backend.batchUpdate('sample', {
      requests: [{ insertText: { location: { index: 1 }, text: 'Kept: ' } }],
      writeControl: { requiredRevisionId: before.revisionId ?? '' },
    });
    const afterWrite = await backend.get('sample');
    expect(afterWrite).toEqual(await firstRead(join(dir, 'sample.json')));
    expect(JSON.stringify(afterWrite)).toContain('Kept: ');
    // Parsed ahead of the read, the same.
    settleWrittenDocuments();
    expect(await new LocalBackend({ dir }).get('sample')).toEqual(afterWrite);
  });

  it('a file another writer replaced is read again, even at the same size', async () => {
    const backend = new LocalBackend({ dir });
    const file = join(dir, 'sample.json');
    const first = await backend.get('sample');
    const text = readFileSync(file, 'utf8');
    const title = first.title ?? '';
    const retitled = text.replace(JSON.stringify(title), JSON.stringify('X'.repeat(title.length)));
    expect(retitled.length).toBe(text.length);
    writeFileSync(file, retitled);
    expect((await backend.get('sample')).title).toBe('X'.repeat(title.length));
  });

  it('the documents it hands out cannot be changed (under the tests they are frozen)', async () => {
    const document = await new LocalBackend({ dir }).get('sample');
    const tab = document.tabs?.[0];
    expect(() => {
      (tab as { tabProperties: { title: string } }).tabProperties.title = 'changed';
    }).toThrow(TypeError);
  });
});
