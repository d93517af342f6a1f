/**
 * styleRepairs (service/suggest-repair.ts): the style requests that give a suggestion batch's
 * accepted view the edit's styles, in the positions of the document the batch left (its struck
 * text counted), and none where the two differ in more than styles.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, viewDocument } from '../../src/docs/engine/index.js';
import { suggestionBody } from '../../src/docs/service/suggest-import.js';
import { styleRepairs } from '../../src/docs/service/suggest-repair.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { makeDoc, para, text } from '../export/builder.js';

const TIMES = { weightedFontFamily: { fontFamily: 'Times New Roman', weight: 400 } };
// "Old words" in Times New Roman: body text from 1, "Old" is [1, 4).
const doc = makeDoc({ blocks: [para([text('Old words\n', TIMES)])] }) as Document;

const at = (index: number) => ({ index, tabId: 't.0' });
const range = (startIndex: number, endIndex: number) => ({ startIndex, endIndex, tabId: 't.0' });

/** The edit: "Old" replaced by a plain "New". */
const editRequests: Request[] = [
  { deleteContentRange: { range: range(1, 4) } },
  { insertText: { text: 'New', location: at(1) } },
  { updateTextStyle: { range: range(1, 4), textStyle: {}, fields: 'weightedFontFamily' } },
];
const edited = applyBatchUpdate(doc, { requests: editRequests }).document;

function repairsOf(suggested: Request[], want: Document = edited) {
  const after = applyBatchUpdate(doc, suggestionBody(suggested, doc.revisionId ?? '')).document;
  return styleRepairs({
    after,
    accepted: viewDocument(after, 'PREVIEW_SUGGESTIONS_ACCEPTED'),
    want: viewDocument(want, 'PREVIEW_SUGGESTIONS_ACCEPTED'),
    tabId: 't.0',
  });
}

describe('styleRepairs', () => {
  it('new text typed after struck text in its font: one request, past the struck text, takes the font off', () => {
    // As suggestions: "New" typed after the struck "Old" takes Times from it; no style request.
    const repairs = repairsOf([
      { insertText: { text: 'New', location: at(4) } },
      { deleteContentRange: { range: range(1, 4) } },
    ]);
    expect(repairs).toEqual([
      { updateTextStyle: { range: range(4, 7), textStyle: {}, fields: 'weightedFontFamily' } },
    ]);
  });

  it('none when the accepted view says other text, or the same text in the same styles', () => {
    expect(
      repairsOf([
        { insertText: { text: 'Newer', location: at(4) } },
        { deleteContentRange: { range: range(1, 4) } },
      ]),
    ).toBeUndefined();
    const same = applyBatchUpdate(doc, {
      requests: [{ insertText: { text: 'X', location: at(1) } }],
    }).document;
    expect(repairsOf([{ insertText: { text: 'X', location: at(1) } }], same)).toBeUndefined();
  });

  it('a bullet the edit has not is removed, and the indent its removal leaves set to the edit’s', () => {
    const bulleted = applyBatchUpdate(doc, {
      requests: [
        { createParagraphBullets: { range: range(1, 2), bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' } },
      ],
    }).document;
    const want = applyBatchUpdate(bulleted, {
      requests: [{ deleteParagraphBullets: { range: range(1, 2) } }],
    });
    const plain = applyBatchUpdate(want.document, {
      requests: [
        {
          updateParagraphStyle: {
            range: range(1, 2),
            paragraphStyle: {},
            fields: 'indentStart,indentFirstLine',
          },
        },
      ],
    }).document;
    const repairs = (accepted: Document, wanted: Document) =>
      styleRepairs({ after: accepted, accepted, want: wanted, tabId: 't.0' });
    const [unbullet, style, ...rest] = repairs(bulleted, plain) ?? [];
    expect(unbullet).toEqual({ deleteParagraphBullets: { range: range(1, 2) } });
    expect(style?.updateParagraphStyle?.range).toEqual(range(1, 2));
    expect(style?.updateParagraphStyle?.fields?.split(',').sort()).toEqual([
      'indentFirstLine',
      'indentStart',
    ]);
    expect(style?.updateParagraphStyle?.paragraphStyle).not.toHaveProperty('indentStart');
    expect(rest).toEqual([]);
    // The repair applied to the bulleted paragraph gives the edit's.
    const mended = applyBatchUpdate(bulleted, { requests: [unbullet!, style!] }).document;
    const paragraph = (d: Document) =>
      d.tabs?.[0]?.documentTab?.body?.content?.find((e) => e.paragraph)?.paragraph;
    expect(paragraph(plain)?.bullet).toBeUndefined();
    expect(paragraph(bulleted)?.bullet).toBeDefined();
    expect(paragraph(mended)).toEqual(paragraph(plain));
    // A bullet the edit has and the view lacks needs the edit's list: no repair.
    expect(repairs(plain, bulleted)).toBeUndefined();
  });
});
