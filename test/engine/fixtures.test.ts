/**
 * Every real documents.get output loads, converts to the tabs shape, passes the index check,
 * re-indexes to identical indices, serialises back to the same JSON, and survives a no-op edit
 * pair (insert one character, delete it) unchanged apart from its revisionId.
 */
import { describe, expect, it } from 'vitest';
import {
  applyBatchUpdate,
  checkIndices,
  deepEqual,
  reindexContent,
  serializeDocument,
  toTabsShape,
} from '../../src/docs/engine/index.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import { loadReal, opts, realDocumentFiles } from './helpers.js';

const files = realDocumentFiles();

/** Start of the first top-level body paragraph: always a valid insertion index. */
function firstParagraphStart(doc: Document): number {
  const content = doc.tabs![0]!.documentTab!.body!.content as StructuralElement[];
  const p = content.find((se) => se.paragraph)!;
  return p.startIndex ?? 0;
}

describe('real fixtures', () => {
  it('there are 29 real documents', () => {
    expect(files).toHaveLength(29);
  });

  for (const file of files) {
    describe(file, () => {
      it('loads in the tabs shape with consistent indices', () => {
        const doc = toTabsShape(loadReal(file));
        expect(doc.tabs?.[0]?.tabProperties?.tabId).toBe('t.0');
        expect(checkIndices(doc)).toEqual([]);
        expect(checkIndices(loadReal(file))).toEqual([]);
      });

      it('re-derives identical indices and serialises back to the same JSON', () => {
        const original = toTabsShape(loadReal(file));
        const copy = structuredClone(original);
        for (const tab of copy.tabs ?? []) {
          const dt = tab.documentTab!;
          reindexContent(dt.body!.content!, 0);
          for (const map of [dt.headers, dt.footers, dt.footnotes]) {
            for (const seg of Object.values(map ?? {})) reindexContent(seg.content ?? [], 0);
          }
        }
        expect(deepEqual(copy, original)).toBe(true);
        expect(JSON.parse(serializeDocument(copy))).toEqual(JSON.parse(JSON.stringify(original)));
      });

      it('an insert/delete pair leaves the document unchanged apart from revisionId', () => {
        const original = loadReal(file);
        const frozen = JSON.stringify(original);
        const at = firstParagraphStart(toTabsShape(original));
        const { document } = applyBatchUpdate(
          original,
          {
            requests: [
              { insertText: { location: { index: at }, text: 'é😀' } },
              { deleteContentRange: { range: { startIndex: at, endIndex: at + 3 } } },
            ],
          },
          opts(),
        );
        expect(JSON.stringify(original)).toBe(frozen);
        expect(document.revisionId).not.toBe(original.revisionId);
        const expected = structuredClone(toTabsShape(original));
        expected.revisionId = document.revisionId ?? null;
        expect(deepEqual(document, expected)).toBe(true);
        expect(checkIndices(document)).toEqual([]);
      });
    });
  }
});
