/**
 * Comment anchors against a model that follows characters by identity: after any sequence of text
 * insertions and deletions, an anchor covers exactly the characters it covered, minus those
 * deleted, plus those inserted strictly inside it — and is gone when none is left.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, seededIds } from '../../src/docs/engine/index.js';
import type { DocumentTabWithAnchors } from '../../src/ground/comments-json.js';
import type { BatchUpdateRequest, Document } from '../../src/ground/docs-json.js';
import { bodyText, docWith } from './helpers.js';

type Edit = { kind: 'insert'; at: number; text: string } | { kind: 'delete'; from: number; to: number };

/** One character of the body with whether the anchor holds it. */
interface Char {
  ch: string;
  anchored: boolean;
}

const editArb: fc.Arbitrary<{ pick: number; len: number; insert: boolean; text: string }> = fc.record({
  pick: fc.nat(),
  len: fc.integer({ min: 1, max: 8 }),
  insert: fc.boolean(),
  text: fc.constantFrom('x', 'yz', ' new ', 'a\nb'),
});

let seed = 900;
function apply(doc: Document, request: unknown): Document {
  return applyBatchUpdate(doc, { requests: [request] } as BatchUpdateRequest, { ids: seededIds(seed++) })
    .document;
}

function anchorRange(doc: Document): { start: number; end: number } | undefined {
  const anchors = (doc.tabs![0]!.documentTab as DocumentTabWithAnchors).commentAnchors ?? {};
  const r = Object.values(anchors)[0]?.ranges?.[0];
  return r ? { start: r.startIndex ?? 0, end: r.endIndex ?? 0 } : undefined;
}

describe('comment anchors follow the characters they cover', () => {
  it('through random insertions and deletions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(editArb, { minLength: 1, maxLength: 8 }),
        (startOffset, length, raw) => {
          const start = 1 + startOffset;
          const end = start + length;
          let doc = docWith('The quick brown fox\njumps over the lazy dog');
          doc = apply(doc, { insertComment: { range: { startIndex: start, endIndex: end }, content: 'c' } });
          // The body without its final newline, from index 1.
          let chars: Char[] = [...bodyText(doc).slice(0, -1)].map((ch, i) => ({
            ch,
            anchored: i + 1 >= start && i + 1 < end,
          }));
          for (const r of raw) {
            let step: Edit;
            if (r.insert || chars.length < 2) {
              step = { kind: 'insert', at: 1 + (r.pick % (chars.length + 1)), text: r.text };
            } else {
              const from = 1 + (r.pick % chars.length);
              step = { kind: 'delete', from, to: Math.min(from + r.len, chars.length + 1) };
            }
            if (step.kind === 'insert') {
              const i = step.at - 1;
              const inside = chars[i - 1]?.anchored === true && chars[i]?.anchored === true;
              const added = [...step.text].map((ch) => ({ ch, anchored: inside }));
              doc = apply(doc, { insertText: { location: { index: step.at }, text: step.text } });
              chars = [...chars.slice(0, i), ...added, ...chars.slice(i)];
            } else {
              doc = apply(doc, {
                deleteContentRange: { range: { startIndex: step.from, endIndex: step.to } },
              });
              chars = [...chars.slice(0, step.from - 1), ...chars.slice(step.to - 1)];
            }
          }
          const expected = chars
            .filter((c) => c.anchored)
            .map((c) => c.ch)
            .join('');
          const range = anchorRange(doc);
          if (expected === '') {
            expect(range).toBeUndefined();
            return;
          }
          expect(range).toBeDefined();
          // The anchored characters are contiguous, so the range covers exactly them.
          const text = bodyText(doc).slice(range!.start - 1, range!.end - 1);
          expect(text).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
