/**
 * Suggest mode (writeControl.writeMode SUGGEST), acceptSuggestion / rejectSuggestion /
 * deleteSuggestion and the suggestions views of documents.get: a suggestion leaves the accepted
 * text alone, the accepted view equals the same requests in edit mode, the view without
 * suggestions and reject-all equal the original.
 */
import { describe, expect, it } from 'vitest';
import {
  applyBatchUpdate,
  type SuggestionResponse,
  suggestionIdsIn,
  viewDocument,
} from '../../src/docs/engine/index.js';
import { DocsApiError } from '../../src/errors.js';
import type { BatchUpdateRequest, Document, Request } from '../../src/ground/docs-json.js';
import { body, bodyText, docWith, opts, paragraphTexts } from './helpers.js';

function suggest(doc: Document, requests: Request[]) {
  const { document, response } = applyBatchUpdate(
    doc,
    { requests, writeControl: { writeMode: 'SUGGEST' } } as BatchUpdateRequest,
    opts(11),
  );
  const created = (
    (response as { suggestionResponses?: SuggestionResponse[] }).suggestionResponses ?? []
  ).flatMap((r) => r.createdSuggestionIds ?? []);
  return { document, response, created };
}

function edit(doc: Document, requests: Request[]): Document {
  return applyBatchUpdate(doc, { requests } as BatchUpdateRequest, opts(11)).document;
}

function resolveAll(doc: Document, verb: 'acceptSuggestion' | 'rejectSuggestion'): Document {
  const ids = suggestionIdsIn(doc);
  return ids.reduce(
    (d, id) =>
      applyBatchUpdate(d, { requests: [{ [verb]: { suggestionId: id } }] } as BatchUpdateRequest, opts(3))
        .document,
    doc,
  );
}

/** The body without indices, run splits and view markers: what a reader sees. */
function visible(doc: Document): unknown {
  return body(doc).map((se) =>
    se.paragraph
      ? {
          text: (se.paragraph.elements ?? []).map((e) => e.textRun?.content ?? '□').join(''),
          style: se.paragraph.paragraphStyle,
          bullet: !!se.paragraph.bullet,
          runs: (se.paragraph.elements ?? []).map((e) => [e.textRun?.content, e.textRun?.textStyle]),
        }
      : se.table
        ? 'table'
        : 'other',
  );
}

const BASE = 'Alpha beta gamma\nSecond line here\nThird\n';

const EDITS: Record<string, Request[]> = {
  'replace a word': [
    { deleteContentRange: { range: { startIndex: 7, endIndex: 11 } } },
    { insertText: { location: { index: 7 }, text: 'BETA' } },
  ],
  'insert a paragraph': [{ insertText: { location: { index: 18 }, text: 'New paragraph\n' } }],
  // The chip typed before the new paragraph's newline joins that suggestion: one of its own would
  // leave the newline a range apart, and rejecting it alone would merge into the indented paragraph.
  'an indented new paragraph ending in a chip': [
    { insertText: { location: { index: 18 }, text: 'New\n' } },
    { insertPerson: { location: { index: 21 }, personProperties: { email: 'ada@example.com' } } },
    {
      updateParagraphStyle: {
        range: { startIndex: 18, endIndex: 23 },
        paragraphStyle: { indentStart: { magnitude: 54, unit: 'PT' } },
        fields: 'indentStart',
      },
    },
  ],
  'delete a paragraph': [{ deleteContentRange: { range: { startIndex: 18, endIndex: 35 } } }],
  'bold a word': [
    { updateTextStyle: { range: { startIndex: 1, endIndex: 6 }, textStyle: { bold: true }, fields: 'bold' } },
  ],
  'make a heading': [
    {
      updateParagraphStyle: {
        range: { startIndex: 18, endIndex: 20 },
        paragraphStyle: { namedStyleType: 'HEADING_2' },
        fields: 'namedStyleType',
      },
    },
  ],
  bullets: [
    {
      createParagraphBullets: {
        range: { startIndex: 18, endIndex: 40 },
        bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
      },
    },
  ],
  'new styled text': [
    { insertText: { location: { index: 35 }, text: 'Inserted\n' } },
    {
      updateTextStyle: {
        range: { startIndex: 35, endIndex: 43 },
        textStyle: { italic: true },
        fields: 'italic',
      },
    },
  ],
  'a table': [{ insertTable: { location: { index: 17 }, rows: 2, columns: 2 } }],
};

/** The batch fails with a 400 whose message starts with `message`, and the input is unchanged. */
function expectRefused(doc: Document, body: BatchUpdateRequest, message: string): void {
  const before = JSON.stringify(doc);
  let err: unknown;
  try {
    applyBatchUpdate(doc, body, opts(5));
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(DocsApiError);
  expect((err as DocsApiError).code).toBe(400);
  expect((err as DocsApiError).message.startsWith(message), (err as Error).message).toBe(true);
  expect(JSON.stringify(doc)).toBe(before);
}

const SUGGEST = { writeMode: 'SUGGEST' } as BatchUpdateRequest['writeControl'];

describe('suggest mode', () => {
  const original = docWith(BASE);
  for (const [name, requests] of Object.entries(EDITS)) {
    it(`${name}: suggestions only; accept-all = edit mode, reject-all = original`, () => {
      const { document, created } = suggest(original, requests);
      expect(created.length).toBeGreaterThan(0);
      expect(visible(viewDocument(document, 'PREVIEW_WITHOUT_SUGGESTIONS'))).toEqual(visible(original));
      const edited = edit(original, requests);
      // Heading ids minted by the edit differ between runs: compare without them.
      const noIds = (d: Document) =>
        JSON.parse(JSON.stringify(visible(d), (k, v) => (k === 'headingId' ? undefined : v)));
      expect(noIds(viewDocument(document, 'PREVIEW_SUGGESTIONS_ACCEPTED'))).toEqual(noIds(edited));
      expect(noIds(resolveAll(document, 'acceptSuggestion'))).toEqual(noIds(edited));
      expect(visible(resolveAll(document, 'rejectSuggestion'))).toEqual(visible(original));
      expect(suggestionIdsIn(resolveAll(document, 'rejectSuggestion'))).toEqual([]);
    });
  }

  // A field reset, then set again to the value the base has: the second change must record it,
  // or accepting both in order leaves it reset (a suggested quote after an indented paragraph).
  it('two changes of one paragraph and one run in a batch accept as edit mode applies them', () => {
    const styled = edit(original, [
      {
        updateParagraphStyle: {
          range: { startIndex: 1, endIndex: 2 },
          paragraphStyle: { indentStart: { magnitude: 36, unit: 'PT' } },
          fields: 'indentStart',
        },
      },
      {
        updateTextStyle: { range: { startIndex: 1, endIndex: 6 }, textStyle: { bold: true }, fields: 'bold' },
      },
    ]);
    const requests: Request[] = [
      {
        updateParagraphStyle: {
          range: { startIndex: 1, endIndex: 2 },
          paragraphStyle: {},
          fields: 'indentStart,spaceAbove',
        },
      },
      {
        updateParagraphStyle: {
          range: { startIndex: 1, endIndex: 2 },
          paragraphStyle: {
            indentStart: { magnitude: 36, unit: 'PT' },
            indentFirstLine: { magnitude: 18, unit: 'PT' },
          },
          fields: 'indentStart,indentFirstLine',
        },
      },
      { updateTextStyle: { range: { startIndex: 1, endIndex: 6 }, textStyle: {}, fields: 'bold' } },
      {
        updateTextStyle: {
          range: { startIndex: 1, endIndex: 6 },
          textStyle: { bold: true, italic: true },
          fields: 'bold,italic',
        },
      },
    ];
    const { document, created } = suggest(styled, requests);
    expect(created.length).toBe(4);
    expect(visible(viewDocument(document, 'PREVIEW_WITHOUT_SUGGESTIONS'))).toEqual(visible(styled));
    const edited = edit(styled, requests);
    expect(body(edited)[1]!.paragraph!.paragraphStyle!.indentStart).toEqual({ magnitude: 36, unit: 'PT' });
    expect(visible(viewDocument(document, 'PREVIEW_SUGGESTIONS_ACCEPTED'))).toEqual(visible(edited));
    expect(visible(resolveAll(document, 'acceptSuggestion'))).toEqual(visible(edited));
    expect(visible(resolveAll(document, 'rejectSuggestion'))).toEqual(visible(styled));
  });

  // createParagraphBullets removes the leading tabs it nests by (here a suggested one, typed in
  // the same batch): the text after them moves, and each run's style must move with it. The
  // styles were put back at the old offsets, so "beta" lost its bold to the two characters after.
  it('suggested bullets over a tab typed before them keep every run style on its own text', () => {
    const bold = edit(original, [
      {
        updateTextStyle: {
          range: { startIndex: 7, endIndex: 11 },
          textStyle: { bold: true },
          fields: 'bold',
        },
      },
    ]);
    const requests: Request[] = [
      { insertText: { text: '\t', location: { index: 1 } } },
      { insertText: { text: '\t', location: { index: 19 } } },
      {
        createParagraphBullets: {
          range: { startIndex: 1, endIndex: 33 },
          bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
        },
      },
    ];
    const { document } = suggest(bold, requests);
    const edited = edit(bold, requests);
    expect(visible(viewDocument(document, 'PREVIEW_SUGGESTIONS_ACCEPTED'))).toEqual(visible(edited));
    expect(visible(resolveAll(document, 'acceptSuggestion'))).toEqual(visible(edited));
    expect(visible(viewDocument(document, 'PREVIEW_WITHOUT_SUGGESTIONS'))).toEqual(visible(bold));
  });

  // Bullets taken off two items and put back on the second in the same batch (a list numbered anew
  // after a new paragraph): the second request acts on the items as the first left them, as a
  // suggesting user sees them. It acted on the base, where the item still had its bullet and the
  // item before too, so it changed nothing, and accepting left the item without a bullet.
  it('bullets deleted and created again in one batch accept as edit mode applies them', () => {
    const listed = edit(original, [
      {
        createParagraphBullets: {
          range: { startIndex: 1, endIndex: 41 },
          bulletPreset: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
        },
      },
    ]);
    const requests: Request[] = [
      { deleteParagraphBullets: { range: { startIndex: 1, endIndex: 35 } } },
      {
        createParagraphBullets: {
          range: { startIndex: 18, endIndex: 35 },
          bulletPreset: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
        },
      },
    ];
    const { document } = suggest(listed, requests);
    const edited = edit(listed, requests);
    const accepted = resolveAll(document, 'acceptSuggestion');
    expect(visible(viewDocument(document, 'PREVIEW_SUGGESTIONS_ACCEPTED'))).toEqual(visible(edited));
    expect(visible(accepted)).toEqual(visible(edited));
    const lists = (d: Document) =>
      body(d).flatMap((se) => (se.paragraph ? [se.paragraph.bullet?.listId] : []));
    const [first, second, third] = lists(accepted);
    expect(first).toBeUndefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(third);
    expect(visible(viewDocument(document, 'PREVIEW_WITHOUT_SUGGESTIONS'))).toEqual(visible(listed));
  });

  it('a new table row with text in it: one suggestion; accept-all = edit mode, reject-all = original', () => {
    const withTable = edit(original, [{ insertTable: { location: { index: 17 }, rows: 1, columns: 2 } }]);
    const tableStart = body(withTable).find((se) => se.table)!.startIndex!;
    const requests: Request[] = [
      {
        insertTableRow: {
          tableCellLocation: { tableStartLocation: { index: tableStart }, rowIndex: 0, columnIndex: 0 },
          insertBelow: true,
        },
      },
    ];
    const rowAdded = edit(withTable, requests);
    const newCell = body(rowAdded).find((se) => se.table)!.table!.tableRows![1]!.tableCells![0]!;
    requests.push({ insertText: { location: { index: newCell.startIndex! + 1 }, text: 'cell' } });
    const { document, created } = suggest(withTable, requests);
    expect(created).toHaveLength(1);
    const row = body(document).find((se) => se.table)!.table!.tableRows![1]!;
    expect(row.suggestedInsertionIds).toEqual(created);
    expect(visible(viewDocument(document, 'PREVIEW_WITHOUT_SUGGESTIONS'))).toEqual(visible(withTable));
    const table = (d: Document) =>
      JSON.stringify(
        body(d)
          .find((se) => se.table)!
          .table!.tableRows!.map((r) =>
            r.tableCells!.map((c) =>
              c.content!.map((x) => x.paragraph!.elements!.map((e) => e.textRun?.content).join('')),
            ),
          ),
      );
    expect(table(resolveAll(document, 'acceptSuggestion'))).toEqual(table(edit(withTable, requests)));
    expect(JSON.stringify(body(resolveAll(document, 'rejectSuggestion')))).toEqual(
      JSON.stringify(body(withTable)),
    );
  });

  it('marks inserted and deleted text with the suggestion ids of the reply', () => {
    const { document, created } = suggest(original, EDITS['replace a word']!);
    expect(created).toHaveLength(2);
    const runs = body(document)[1]!.paragraph!.elements!.map((e) => e.textRun!);
    const del = runs.find((r) => r.content === 'beta')!;
    const ins = runs.find((r) => r.content === 'BETA')!;
    expect(del.suggestedDeletionIds).toEqual([created[0]]);
    expect(ins.suggestedInsertionIds).toEqual([created[1]]);
    // Inline view: both texts are there, at inline indices.
    expect(bodyText(document)).toContain('Alpha BETAbeta gamma');
  });

  it('records a style change as suggestedTextStyleChanges and leaves the base style', () => {
    const { document, created } = suggest(original, EDITS['bold a word']!);
    const run = body(document)[1]!.paragraph!.elements![0]!.textRun!;
    expect(run.textStyle).toEqual({});
    expect(run.suggestedTextStyleChanges).toEqual({
      [created[0]!]: { textStyle: { bold: true }, textStyleSuggestionState: { boldSuggested: true } },
    });
  });

  it('deleting suggested text withdraws it', () => {
    const first = suggest(original, [{ insertText: { location: { index: 1 }, text: 'XYZ ' } }]).document;
    const { document } = suggest(first, [{ deleteContentRange: { range: { startIndex: 1, endIndex: 5 } } }]);
    expect(paragraphTexts(document)).toEqual(paragraphTexts(original));
    expect(suggestionIdsIn(document)).toEqual([]);
  });

  it('refuses a request suggest mode cannot carry, changing nothing', () => {
    expectRefused(
      original,
      {
        requests: [
          { insertText: { location: { index: 1 }, text: 'x' } },
          { createNamedRange: { name: 'n', range: { startIndex: 1, endIndex: 3 } } },
        ],
        writeControl: SUGGEST,
      },
      'Invalid requests[1].createNamedRange: This request cannot be applied as a suggestion',
    );
  });

  it('refuses a deletion edit mode refuses', () => {
    expectRefused(
      original,
      {
        requests: [{ deleteContentRange: { range: { startIndex: 35, endIndex: 42 } } }],
        writeControl: SUGGEST,
      },
      'Invalid requests[0].deleteContentRange:',
    );
  });

  it('acceptSuggestion of an unknown id is a 400 naming it', () => {
    expectRefused(
      original,
      { requests: [{ acceptSuggestion: { suggestionId: 'suggest.nope' } }] } as unknown as BatchUpdateRequest,
      'Invalid requests[0].acceptSuggestion: The suggestion with ID "suggest.nope" was not found.',
    );
  });

  it('accept and reject replies list the ids', () => {
    const { document, created } = suggest(original, EDITS['replace a word']!);
    const { response } = applyBatchUpdate(
      document,
      {
        requests: [
          { acceptSuggestion: { suggestionId: created[0] } },
          { deleteSuggestion: { suggestionId: created[1] } },
        ],
      } as unknown as BatchUpdateRequest,
      opts(2),
    );
    expect((response as { suggestionResponses: SuggestionResponse[] }).suggestionResponses).toEqual([
      { acceptedSuggestionIds: [created[0]] },
      { deletedSuggestionIds: [created[1]] },
    ]);
  });
});
