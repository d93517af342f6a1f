/**
 * Random section edits on generated documents (src/docs/generate-document.ts: headings,
 * styled runs, links, lists, tables, inline images, emoji, CJK, combining marks), imported through
 * the import service over the in-memory backend. test/import/property.test.ts does this for the
 * real fixtures at the MEBDF level; this file extends it to generated documents of several sizes
 * and seeds, and checks at the Docs JSON level as well:
 *  - the edited section exports exactly as intended (the edit lands);
 *  - every structural element before the section is deep-equal, indices included;
 *  - every element after it is deep-equal once indices are set aside (they shift by the edit);
 *  - every other section's export is byte-identical;
 *  - a refused edit (ValidationError) leaves the document untouched.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { massage, type PropertyRule } from '../../src/docs/equality.js';
import { exportSection, exportTab, getHierarchy } from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { Block, MebdfDocument, ParagraphBlock, TextInline } from '../../src/mebdf/model.js';
import { MemoryBackend } from '../import/memory-backend.js';
import { fuzzRuns, fuzzSeed, fuzzTimeout } from './fuzz-support.js';

const PIECES = ['a', 'word ', ' ', 'Z', '😀', '漢字', 'e\u0301', '👩‍💻', '—', '*', '{!', '`'];

type Edit =
  | { kind: 'insert'; block: number; at: number; text: string }
  | { kind: 'delete'; block: number; at: number; len: number }
  | { kind: 'bold'; block: number; run: number }
  | { kind: 'add'; block: number; text: string }
  | { kind: 'remove'; block: number }
  | { kind: 'cell'; block: number; text: string };

const textArb = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }).map((a) => a.join(''));

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), block: fc.nat(), at: fc.nat(), text: textArb }),
  fc.record({
    kind: fc.constant('delete' as const),
    block: fc.nat(),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({ kind: fc.constant('bold' as const), block: fc.nat(), run: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    block: fc.nat(),
    text: textArb.map((t) => t.trim() || 'x'),
  }),
  fc.record({ kind: fc.constant('remove' as const), block: fc.nat() }),
  fc.record({ kind: fc.constant('cell' as const), block: fc.nat(), text: textArb }),
);

function isPlainParagraph(b: Block | undefined): b is ParagraphBlock {
  return (
    b?.type === 'paragraph' &&
    b.style.namedStyle === 'NORMAL_TEXT' &&
    b.inlines.length > 0 &&
    b.inlines.every((x) => x.type === 'text')
  );
}

/** Cuts at a UTF-16 offset without splitting a surrogate pair. */
function safeOffset(text: string, at: number): number {
  let k = Math.min(at, text.length);
  if (k > 0 && k < text.length && /[\uDC00-\uDFFF]/.test(text[k]!)) k--;
  return k;
}

/** Applies one edit to the section model in place; false when it does not apply here. */
function applyEdit(doc: MebdfDocument, e: Edit): boolean {
  const blocks = doc.blocks as Block[];
  // Block 0 is the section heading: edits go to the body (list items included, text only).
  const paragraphs = blocks.flatMap((b, i) => (i > 0 && isPlainParagraph(b) ? [i] : []));
  if (e.kind === 'cell') {
    const tables = blocks.filter((b) => b.type === 'table');
    if (tables.length === 0) return false;
    const table = tables[e.block % tables.length]!;
    if (table.type !== 'table') return false;
    const cells = table.rows.flat().filter((c) => isPlainParagraph(c.blocks[0]));
    if (cells.length === 0) return false;
    const p = cells[e.block % cells.length]!.blocks[0] as ParagraphBlock;
    const run = p.inlines[0] as TextInline;
    run.text = `${run.text} ${e.text}`;
    return true;
  }
  if (e.kind === 'add') {
    // After a plain paragraph that is not a list item and not followed by one (lists stay whole).
    const spots = paragraphs.filter((i) => {
      const b = blocks[i] as ParagraphBlock;
      const next = blocks[i + 1];
      return b.list === undefined && !(next?.type === 'paragraph' && next.list !== undefined);
    });
    if (spots.length === 0) return false;
    const at = spots[e.block % spots.length]! + 1;
    blocks.splice(at, 0, {
      type: 'paragraph',
      style: { namedStyle: 'NORMAL_TEXT' },
      inlines: [{ type: 'text', text: e.text, style: {} }],
    });
    return true;
  }
  if (paragraphs.length === 0) return false;
  const bi = paragraphs[e.block % paragraphs.length]!;
  const p = blocks[bi] as ParagraphBlock;
  if (e.kind === 'remove') {
    const prev = blocks[bi - 1];
    const next = blocks[bi + 1];
    if (p.list !== undefined || prev?.type === 'table' || next?.type === 'table') return false;
    if (
      prev?.type === 'paragraph' &&
      prev.list !== undefined &&
      next?.type === 'paragraph' &&
      next.list !== undefined
    )
      return false;
    blocks.splice(bi, 1);
    return true;
  }
  const runs = p.inlines as TextInline[];
  if (e.kind === 'bold') {
    const r = runs[(e as { run: number }).run % runs.length]!;
    r.style = r.style.bold ? (({ bold: _b, ...rest }) => rest)(r.style) : { ...r.style, bold: true };
    return true;
  }
  const r = runs[e.block % runs.length]!;
  if (e.kind === 'insert') {
    const k = safeOffset(r.text, e.at % (r.text.length + 1));
    r.text = r.text.slice(0, k) + e.text + r.text.slice(k);
    return true;
  }
  const a = safeOffset(r.text, e.at % (r.text.length + 1));
  const z = safeOffset(r.text, a + e.len);
  if (z <= a || z - a >= r.text.length) return false;
  r.text = r.text.slice(0, a) + r.text.slice(z);
  return true;
}

function body(doc: Document): StructuralElement[] {
  return doc.tabs?.[0]?.documentTab?.body?.content ?? [];
}

/** What must not change for content after the edit: everything but its indices. */
const WITHOUT_INDICES: PropertyRule[] = ['startIndex', 'endIndex'].map((property) => ({
  property,
  why: "content after an edit moves by the edit's length",
  apply: () => undefined,
}));

const DOCUMENTS = [
  { pages: 2, seed: 7 },
  { pages: 5, seed: 1234 },
  { pages: 8, seed: 99 },
];

describe('import property on generated documents', () => {
  for (const spec of DOCUMENTS) {
    it(
      `random section edits of a ${spec.pages}-page generated document (seed ${spec.seed})`,
      async () => {
        const original = generateDocument(spec);
        const anchors = getHierarchy(new MemoryBackend(original).doc).headings.map((h) => h.anchor_id);
        expect(anchors.length).toBeGreaterThan(2);
        const counts = { written: 0, refused: 0 };
        await fc.assert(
          fc.asyncProperty(
            fc.nat(anchors.length - 1),
            fc.array(editArb, { minLength: 1, maxLength: 3 }),
            async (pick, edits) => {
              const be = new MemoryBackend(original);
              const anchor = anchors[pick]!;
              const before = exportSection(be.doc, undefined, anchor);
              const model = parseMebdf(before.content);
              let changed = false;
              for (const e of edits) changed = applyEdit(model, e) || changed;
              if (!changed) return;
              const content = stringifyMebdf(model);
              const intended = stringifyMebdf(parseMebdf(content));
              // Sections neither inside the edited one nor containing it (told by their anchors).
              const all = { anchors: 'all' } as const;
              const shown = exportSection(be.doc, undefined, anchor, all).content;
              const others = anchors.filter(
                (a) =>
                  a !== anchor &&
                  !shown.includes(`{^ ${a}}`) &&
                  !exportSection(be.doc, undefined, a, all).content.includes(`{^ ${anchor}}`),
              );
              const othersBefore = others.map((a) => exportSection(be.doc, undefined, a).content);
              const docBefore = structuredClone(be.doc);
              const head = body(docBefore).filter((el) => (el.endIndex ?? 0) <= before.startIndex);
              const tail = body(docBefore).filter((el) => (el.startIndex ?? 0) >= before.endIndex);
              try {
                await importSectionService(be, { document_id: 'doc', anchor_id: anchor }, content);
              } catch (error) {
                expect(error, String(error)).toBeInstanceOf(ValidationError);
                expect(be.doc).toEqual(docBefore);
                counts.refused++;
                return;
              }
              counts.written++;
              expect(exportSection(be.doc, undefined, anchor).content).toBe(intended);
              expect(others.map((a) => exportSection(be.doc, undefined, a).content)).toEqual(othersBefore);
              const after = body(be.doc);
              expect(after.slice(0, head.length)).toEqual(head);
              expect(massage(after.slice(after.length - tail.length), WITHOUT_INDICES)).toEqual(
                massage(tail, WITHOUT_INDICES),
              );
              // One guarded batchUpdate, or none when the edits cancelled out.
              expect(be.writes).toHaveLength(intended === before.content ? 0 : 1);
            },
          ),
          { numRuns: fuzzRuns(12), seed: fuzzSeed() },
        );
        // The property holds because edits land, not because they are all refused.
        expect(counts.written).toBeGreaterThan(counts.refused);
      },
      fuzzTimeout(60_000),
    );
  }
});

describe('whole-tab import property on generated documents', () => {
  for (const spec of DOCUMENTS.slice(0, 2)) {
    it(
      `random edits anywhere in a ${spec.pages}-page generated tab land exactly (seed ${spec.seed})`,
      async () => {
        const original = generateDocument(spec);
        const counts = { written: 0, refused: 0 };
        await fc.assert(
          fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 5 }), async (edits) => {
            const be = new MemoryBackend(original);
            const before = exportTab(be.doc);
            const model = parseMebdf(before.content);
            let changed = false;
            for (const e of edits) changed = applyEdit(model, e) || changed;
            if (!changed) return;
            const content = stringifyMebdf(model);
            const intended = stringifyMebdf(parseMebdf(content));
            const docBefore = structuredClone(be.doc);
            try {
              await importTabService(be, { document_id: 'doc' }, content);
            } catch (error) {
              expect(error, String(error)).toBeInstanceOf(ValidationError);
              expect(be.doc).toEqual(docBefore);
              counts.refused++;
              return;
            }
            counts.written++;
            expect(exportTab(be.doc).content).toBe(intended);
            expect(be.writes).toHaveLength(intended === before.content ? 0 : 1);
          }),
          { numRuns: fuzzRuns(8), seed: fuzzSeed() },
        );
        expect(counts.written).toBeGreaterThan(counts.refused);
      },
      fuzzTimeout(60_000),
    );
  }
});
