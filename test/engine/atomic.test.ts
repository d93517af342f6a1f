/**
 * A batch is atomic and pure: a batch that touches every kind of state and then fails leaves the
 * input byte-identical, names the failing request by index, and a successful batch never
 * mutates its input either.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, toTabsShape } from '../../src/docs/engine/index.js';
import type { BatchUpdateRequest } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { docWith, loadReal, opts } from './helpers.js';

const everything = [
  { insertText: { location: { index: 1 }, text: 'Title\nBody 😀 text\n\titem' } },
  {
    updateParagraphStyle: {
      range: { startIndex: 1, endIndex: 2 },
      paragraphStyle: { namedStyleType: 'HEADING_1' },
      fields: 'namedStyleType',
    },
  },
  { updateTextStyle: { range: { startIndex: 7, endIndex: 11 }, textStyle: { bold: true }, fields: 'bold' } },
  {
    createParagraphBullets: {
      range: { startIndex: 22, endIndex: 25 },
      bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
    },
  },
  { createNamedRange: { name: 'r', range: { startIndex: 7, endIndex: 11 } } },
  { createFootnote: { location: { index: 5 } } },
  { insertTable: { endOfSegmentLocation: {}, rows: 1, columns: 2 } },
  { addDocumentTab: { tabProperties: { title: 'More' } } },
  { insertInlineImage: { location: { index: 3 }, uri: 'https://example.com/i.png' } },
  { replaceAllText: { containsText: { text: 'text' }, replaceText: 'words' } },
  {
    updateDocumentStyle: { documentStyle: { marginTop: { magnitude: 10, unit: 'PT' } }, fields: 'marginTop' },
  },
];

describe('atomicity', () => {
  it('a failing last request leaves the input unchanged and is named by its index', () => {
    expectRejected(
      docWith('x'),
      [...everything, { deleteContentRange: { range: { startIndex: 1, endIndex: 9999 } } }],
      new RegExp(`^Invalid requests\\[${everything.length}\\]\\.deleteContentRange: `),
    );
  });

  it('the same batch without the bad request succeeds and replies 1:1', () => {
    const doc = docWith('x');
    const before = JSON.stringify(doc);
    const { response } = applyBatchUpdate(doc, { requests: everything } as BatchUpdateRequest, opts());
    expect(response.replies).toHaveLength(everything.length);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('a legacy-shape input is left in the legacy shape; the output is in the tabs shape', () => {
    const legacy = loadReal('cedricdelpoux__gatsby-source-google-docs__poem.json');
    const before = JSON.stringify(legacy);
    const { document } = applyBatchUpdate(
      legacy,
      { requests: [{ insertText: { location: { index: 1 }, text: 'x' } }] },
      opts(),
    );
    expect(JSON.stringify(legacy)).toBe(before);
    expect(document.body).toBeUndefined();
    expect(document.tabs?.[0]?.documentTab?.body?.content?.length).toBe(
      toTabsShape(legacy).tabs?.[0]?.documentTab?.body?.content?.length,
    );
  });
});
