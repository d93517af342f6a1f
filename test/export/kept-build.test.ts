/**
 * The build an import's verification makes of the document it writes (export/rebuild.ts) stands
 * for that document's whole build once the store holds the document (exporter.ts `keepBuild`):
 * the next read of the tab is not built again, and its blocks are the objects the import read.
 * A rebuild may stand so only when it is exactly a whole build, marks and warnings included; under
 * the tests every build kept is also compared with a whole build (a difference throws).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { applyBatchUpdate, toTabsShape } from '../../src/docs/engine/index.js';
import { serializeDocument } from '../../src/docs/engine/json.js';
import { buildDifference } from '../../src/docs/export/build-check.js';
import { type BuiltTab, buildTab, keepBuild } from '../../src/docs/export/exporter.js';
import { rebuildSpan } from '../../src/docs/export/rebuild.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { exportTabService } from '../../src/docs/service/export.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Backend } from '../../src/ground/backend.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { sealDocument } from '../../src/ground/sealed.js';
import { TakingStore } from '../support/taking-store.js';

/** A paragraph of text in each section of `built`, with the section's blocks. */
function sectionParagraphs(
  built: BuiltTab,
): Array<{ first: number; end: number; start: number; end_: number }> {
  const starts = [...built.marks!.before.keys()].sort((a, b) => a - b);
  const out: Array<{ first: number; end: number; start: number; end_: number }> = [];
  for (let s = 0; s + 1 < starts.length; s++) {
    const [first, end] = [starts[s]!, starts[s + 1]!];
    for (let b = first; b < end; b++) {
      const src = built.sources[b]!;
      if (src.kind === 'paragraph' && src.endIndex - src.startIndex > 6) {
        out.push({ first, end, start: src.startIndex, end_: src.endIndex });
        break;
      }
    }
  }
  return out;
}

/** Edits confined to one paragraph of a section: text, a paragraph more, lists made and unmade. */
function edits(at: number, end: number, tabId: string): Request[][] {
  return [
    [{ insertText: { text: 'edited ', location: { index: at + 1, tabId } } }],
    [{ insertText: { text: 'A new paragraph.\n', location: { index: at, tabId } } }],
    [{ deleteContentRange: { range: { startIndex: at, endIndex: end, tabId } } }],
    [
      {
        createParagraphBullets: {
          range: { startIndex: at + 1, endIndex: at + 2, tabId },
          bulletPreset: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
        },
      },
    ],
    [{ deleteParagraphBullets: { range: { startIndex: at + 1, endIndex: at + 2, tabId } } }],
  ];
}

describe('a rebuild that carries marks', () => {
  for (const seed of [3, 7]) {
    it(`is the whole build of the written document, and so is a rebuild of it (seed ${seed})`, () => {
      const doc = toTabsShape(generateDocument({ pages: 4, seed }));
      const built = buildTab(doc, null);
      const tabId = built.tab.tabId;
      let exact = 0;
      for (const { first, end, start, end_ } of sectionParagraphs(built)) {
        for (const requests of edits(start, end_, tabId)) {
          let after: Document;
          try {
            after = applyBatchUpdate(doc, { requests }).document;
          } catch {
            continue; // a request Docs refuses here (no bullet to delete)
          }
          const rebuilt = rebuildSpan(built, after, first, end);
          if (!rebuilt?.marks) continue;
          exact += 1;
          expect(buildDifference(rebuilt, buildTab(after, tabId))).toBeNull();
          // Again from the rebuild: its marks and moved sources are what a whole build's are.
          const grown = rebuilt.model.blocks.length - built.model.blocks.length;
          const again = applyBatchUpdate(after, {
            requests: [{ insertText: { text: 'again ', location: { index: start + 1, tabId } } }],
          }).document;
          const second = rebuildSpan(rebuilt, again, first, end + grown);
          if (second?.marks) expect(buildDifference(second, buildTab(again, tabId))).toBeNull();
          if (requests === edits(start, end_, tabId)[0] || 'insertText' in requests[0]!)
            expect(second?.marks, 'a word more in the rebuilt section: exact again').toBeDefined();
        }
      }
      expect(exact).toBeGreaterThan(10);
    });
  }

  it('is not kept when it is not the whole build', () => {
    const doc = toTabsShape(generateDocument({ pages: 2, seed: 5 }));
    const built = buildTab(doc, null);
    const { first, end, start } = sectionParagraphs(built)[1]!;
    const tabId = built.tab.tabId;
    const after = applyBatchUpdate(doc, {
      requests: [{ insertText: { text: 'edited ', location: { index: start + 1, tabId } } }],
    }).document;
    const rebuilt = rebuildSpan(built, after, first, end)!;
    expect(rebuilt.marks).toBeDefined();
    // One block of another's text: the check under the tests refuses to keep it.
    const blocks = [...rebuilt.model.blocks];
    blocks[first + 1] = blocks[first + 2]!;
    const wrong = { ...rebuilt, model: { ...rebuilt.model, blocks } };
    expect(() => keepBuild(after, wrong)).toThrow(/model differs/);
    // A rebuild without marks stands for nothing: it is not kept, and a read builds the tab.
    sealDocument(after);
    keepBuild(after, { ...rebuilt, marks: undefined });
    expect(buildTab(after, tabId)).not.toBe(rebuilt);
  });
});

/** The lengths of the runs of blocks of `after` that are not `before`'s own objects. */
function newRuns(before: BuiltTab, after: BuiltTab): number[] {
  const old = new Set(before.model.blocks);
  const runs: number[] = [];
  let run = 0;
  for (const b of [...after.model.blocks, null]) {
    if (b && !old.has(b)) run += 1;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  return runs;
}

/** The text with one word of a plain paragraph in its second half changed to `word`. */
function oneWordEdit(text: string, word: string): string {
  const lines = text.split('\n');
  for (let i = Math.floor(lines.length / 2); i < lines.length; i++) {
    const line = lines[i]!;
    const match = /^[A-Za-z][^{}[\]|<>#*_`\\]* ([a-z]{4,}) /.exec(line);
    if (!match) continue;
    const at = match[0].length - match[1]!.length - 1;
    lines[i] = `${line.slice(0, at)}${word}${line.slice(at + match[1]!.length)}`;
    return lines.join('\n');
  }
  throw new Error('no plain paragraph to edit');
}

describe('the written document of an import', () => {
  it('is read with the tab built already, out of the blocks the import read', async () => {
    const store = new TakingStore(toTabsShape(generateDocument({ pages: 3, seed: 9 })));
    store.doc.revisionId = 'r0';
    const backend = store as unknown as Backend;
    const target = { document_id: 'doc' };
    for (const word of ['edited', 'amended', 'changed']) {
      const before = buildTab(store.doc, null);
      const text = (await exportTabService(backend, target)).content;
      const result = await importTabService(backend, target, oneWordEdit(text, word));
      expect(result.requests.length).toBeGreaterThan(0);
      const after = buildTab(store.doc, null);
      // Kept (and held to a whole build under the tests): only the edited section is new.
      expect(buildTab(store.doc, null)).toBe(after);
      expect(newRuns(before, after)).toEqual([expect.any(Number)]);
      expect((await exportTabService(backend, target)).content).toBe(oneWordEdit(text, word));
    }
  });

  it('on the local store, is read back from its file with the tab built already', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gdoc-kept-'));
    try {
      await writeFile(join(dir, 'doc.json'), serializeDocument(generateDocument({ pages: 3, seed: 4 })));
      const store = new LocalBackend({ dir });
      const target = { document_id: 'doc' };
      const text = (await exportTabService(store, target)).content;
      const before = buildTab(await store.get('doc'), null);
      await importTabService(store, target, oneWordEdit(text, 'edited'));
      // The file as written, parsed again, with the build of the document written from it.
      const read = await store.get('doc');
      const after = buildTab(read, null);
      expect(after.tab.content).toBe(read.tabs![0]!.documentTab);
      expect(newRuns(before, after)).toEqual([expect.any(Number)]);
      expect((await exportTabService(store, target)).content).toBe(oneWordEdit(text, 'edited'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
