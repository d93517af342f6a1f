/**
 * A deletion of a footnote reference before the part of the body a batch leaves the input's own
 * (`untouchedAfter`, an import's section) renumbers the footnote references after it: that is a
 * write there, so the document the batch was given must still not change, and the result must be
 * the whole copy's.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import { serializeDocument } from '../../src/docs/engine/json.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para, text } from '../export/builder.js';

const ref = (id: string, number: string) => ({
  footnoteReference: { footnoteId: id, footnoteNumber: number },
});

function document(): Document {
  return makeDoc({
    blocks: [
      para([text('First '), ref('f1', '1'), text(' note.')]),
      para('Between.'),
      para([text('Second '), ref('f2', '2'), text(' note.')]),
      para([text('Third '), ref('f3', '3'), text(' note.')]),
    ],
    footnotes: { f1: [para(' One.')], f2: [para(' Two.')], f3: [para(' Three.')] },
  }) as Document;
}

describe('a footnote reference deleted before the untouched tail', () => {
  it('renumbers the references after it on copies, as a whole copy does', () => {
    const doc = document();
    const before = serializeDocument(doc);
    const body = doc.tabs![0]!.documentTab!.body!.content!;
    const first = body[1]!.paragraph!.elements![1]!; // the first reference
    const tailStart = body[3]!.startIndex!; // "Second …" onwards is left the input's own
    const requests = [
      {
        deleteContentRange: {
          range: { startIndex: first.startIndex!, endIndex: first.endIndex!, tabId: 't.0' },
        },
      },
    ];
    const whole = applyBatchUpdate(doc, { requests }).document;
    const untouched = applyBatchUpdate(
      doc,
      { requests },
      { untouchedAfter: { tabId: 't.0', index: tailStart } },
    ).document;
    expect(serializeDocument(doc)).toBe(before);
    expect(serializeDocument({ ...untouched, revisionId: '' })).toBe(
      serializeDocument({ ...whole, revisionId: '' }),
    );
    const numbers = untouched.tabs![0]!.documentTab!.body!.content!.flatMap((se) =>
      (se.paragraph?.elements ?? []).flatMap((e) =>
        e.footnoteReference ? [e.footnoteReference.footnoteNumber] : [],
      ),
    );
    expect(numbers).toEqual(['1', '2']);
  });
});
