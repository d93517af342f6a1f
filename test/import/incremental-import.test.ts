/**
 * A whole-tab import parses the text incrementally against what this process exported lately
 * (service/known-texts.ts): the documents it writes are the ones a fresh process writes, and bad
 * MEBDF still fails before any read with the whole parse's diagnostics.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { MemoryBaseStore } from '../../src/docs/service/base-store.js';
import { exportTabService } from '../../src/docs/service/export.js';
import { importTabService } from '../../src/docs/service/import.js';
import { forgetKnown, parses } from '../../src/docs/service/known-texts.js';
import { MebdfParseError } from '../../src/errors.js';
import { formatMebdf, lintMebdf } from '../../src/mebdf/index.js';
import { MemoryBackend } from './memory-backend.js';

const TARGET = { document_id: 'doc' };

/** Edits of the tab's text, each from the text the one before left. */
const EDITS: Array<(text: string) => string> = [
  (t) => t.replace('quarterly', 'yearly'),
  (t) =>
    t.replace(/\n\n(## [^\n]*)\n/, '\n\n$1\n\n{!align:center}\nA centred paragraph.\n\n{!Normal text}\n'),
  (t) => t.replace(/\n- (\S+)/, '\n- changed $1'),
  (t) => t.replace(/\n\| (\S+) /, '\n| edited $1 '),
  (t) => t.replace(/\n\n[^\n]*\n\n/, '\n\n'),
];

async function run(forget: boolean): Promise<unknown[]> {
  forgetKnown();
  const be = new MemoryBackend(generateDocument({ pages: 3, seed: 11 }));
  const docs: unknown[] = [];
  for (const edit of EDITS) {
    if (forget) forgetKnown();
    // In canonical form: a text the writer would not write is parsed whole (it is not the stitching).
    const text = formatMebdf(edit(exportTab(be.doc, null).content));
    await importTabService(be, TARGET, text);
    // Everything but the revision, which is new at every write.
    docs.push({ ...structuredClone(be.doc), revisionId: undefined });
  }
  return docs;
}

describe('whole-tab import with an incremental parse', () => {
  beforeEach(() => forgetKnown());

  it('writes what a process that remembers no text writes', async () => {
    const fresh = await run(true);
    const before = parses.incremental;
    const remembering = await run(false);
    expect(remembering).toEqual(fresh);
    // The first import has nothing to start from; every later one parses only what changed.
    expect(parses.incremental - before).toBe(EDITS.length - 1);
  });

  it('parses incrementally against the text another process kept in the base store', async () => {
    const be = new MemoryBackend(generateDocument({ pages: 3, seed: 11 }));
    const bases = new MemoryBaseStore();
    const exported = await exportTabService(be, TARGET, { bases });
    let text = exported.content;
    for (const edit of EDITS.slice(0, 3)) {
      forgetKnown(); // each command a new process, as the CLI runs them
      const before = parses.incremental;
      text = formatMebdf(edit(text));
      await importTabService(be, TARGET, text, {}, bases);
      expect(parses.incremental - before).toBe(1);
      expect(exportTab(be.doc, null).content).toBe(text);
    }
  });

  it('still refuses bad MEBDF before any read, with the whole parse’s diagnostics', async () => {
    const be = new MemoryBackend(generateDocument({ pages: 3, seed: 11 }));
    const edited = exportTab(be.doc, null).content.replace('quarterly', 'yearly');
    await importTabService(be, TARGET, edited);
    const gets = be.gets;
    const writes = be.writes.length;
    const bad = exportTab(be.doc, null).content.replace(
      /\n\n(## [^\n]*)\n/,
      '\n\n$1\n\n{!colour:red}\nRed.\n',
    );
    const error = await importTabService(be, TARGET, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MebdfParseError);
    expect((error as MebdfParseError).diagnostics).toEqual(lintMebdf(bad).filter((d) => !d.severity));
    expect(be.gets).toBe(gets);
    expect(be.writes).toHaveLength(writes);
  });
});
