/**
 * Deleting a heading that links point to: the import names each link left dangling, refuses
 * without allow_deletions, and goes ahead (saying so in the warnings) with it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { MemoryBackend } from './memory-backend.js';

const STENCILA = new URL('../fixtures/real/stencila__encoda__test-fixture-1.json', import.meta.url);
const ORDERED = 'h.gysf08ftgpa0';

async function linkedDocument(): Promise<MemoryBackend> {
  const be = new MemoryBackend(JSON.parse(readFileSync(STENCILA, 'utf8')) as Document);
  const preamble = exportSection(be.doc, undefined, '').content;
  await importSectionService(
    be,
    { document_id: 'doc', anchor_id: '' },
    `${preamble}\nSee [the ordered list](#^${ORDERED}).\n`,
  );
  return be;
}

describe('deleting a linked heading', () => {
  it('is refused without allow_deletions, naming the heading and the link', async () => {
    const be = await linkedDocument();
    const tab = exportTab(be.doc).content;
    const heading = tab.split('\n').find((l) => l.includes(`{^ ${ORDERED}}`))!;
    const edited = tab.replace(`${heading}\n\n`, '');
    expect(edited).not.toBe(tab);
    const writes = be.writes.length;
    const err = await importTabService(be, { document_id: 'doc' }, edited).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toContain(ORDERED);
    expect((err as Error).message).toContain('the ordered list');
    expect(be.writes).toHaveLength(writes);
    const done = await importTabService(be, { document_id: 'doc' }, edited, { allow_deletions: true });
    expect(done.warnings.join(' ')).toMatch(new RegExp(`dangle.*${ORDERED}.*the ordered list`));
    expect(exportTab(be.doc).content).not.toContain(`{^ ${ORDERED}}`);
  });

  it('a heading kept, or one nobody links to, deletes without a word', async () => {
    const be = await linkedDocument();
    const tab = exportTab(be.doc).content;
    const renamed = tab.replace(`{^ ${ORDERED}}Ordered`, `{^ ${ORDERED}}Ordered list`);
    const r = await importTabService(be, { document_id: 'doc' }, renamed);
    expect(r.warnings.join(' ')).not.toContain('dangle');
  });
});
