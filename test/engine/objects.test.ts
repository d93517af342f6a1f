/** Conformance: footnotes, page and section breaks, images, positioned objects, smart chips. */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, checkIndices, createDocument } from '../../src/docs/engine/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { apply, body, docWith, opts, paragraphTexts } from './helpers.js';

const dt = (doc: Document) => doc.tabs![0]!.documentTab!;
const elementsOf = (doc: Document, n: number) =>
  body(doc).filter((se) => se.paragraph)[n]!.paragraph!.elements!;

describe('createFootnote', () => {
  it('creates a " \\n" footnote segment in 10pt with lineSpacing 100 and a 1-index reference', () => {
    const { document, response } = applyBatchUpdate(
      docWith('alpha omega'),
      { requests: [{ createFootnote: { location: { index: 6 } } }] },
      opts(),
    );
    const footnoteId = (response.replies![0] as { createFootnote: { footnoteId: string } }).createFootnote
      .footnoteId;
    expect(footnoteId).toMatch(/^kix\./);
    const fn = dt(document).footnotes![footnoteId]!;
    expect(fn.content).toEqual([
      {
        endIndex: 2,
        paragraph: {
          elements: [
            {
              endIndex: 2,
              textRun: { content: ' \n', textStyle: { fontSize: { magnitude: 10, unit: 'PT' } } },
            },
          ],
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT', lineSpacing: 100, direction: 'LEFT_TO_RIGHT' },
        },
      },
    ]);
    const ref = elementsOf(document, 0)[1]!;
    expect(ref).toMatchObject({
      startIndex: 6,
      endIndex: 7,
      footnoteReference: { footnoteId, footnoteNumber: '1' },
    });
  });

  it('footnote numbers follow body order', () => {
    const doc = apply(docWith('abcdef'), [
      { createFootnote: { location: { index: 5 } } },
      { createFootnote: { location: { index: 2 } } },
    ]);
    const refs = elementsOf(doc, 0).filter((e) => e.footnoteReference);
    expect(refs.map((e) => e.footnoteReference!.footnoteNumber)).toEqual(['1', '2']);
  });

  it('text inserted at footnote index 0 goes before the space and takes its 10pt style', () => {
    const { document, response } = applyBatchUpdate(
      docWith('abc'),
      { requests: [{ createFootnote: { endOfSegmentLocation: {} } }] },
      opts(),
    );
    const id = (response.replies![0] as { createFootnote: { footnoteId: string } }).createFootnote.footnoteId;
    const out = apply(document, [{ insertText: { location: { segmentId: id, index: 0 }, text: 'Note' } }]);
    expect(dt(out).footnotes![id]!.content![0]!.paragraph!.elements).toEqual([
      {
        endIndex: 6,
        textRun: { content: 'Note \n', textStyle: { fontSize: { magnitude: 10, unit: 'PT' } } },
      },
    ]);
  });

  it('footnotes cannot be created inside a footnote', () => {
    const doc = apply(docWith('abc'), [{ createFootnote: { location: { index: 2 } } }]);
    const id = Object.keys(dt(doc).footnotes!)[0]!;
    expectRejected(
      doc,
      [{ createFootnote: { location: { segmentId: id, index: 0 } } }],
      /^Invalid requests\[0\]\.createFootnote: /,
    );
  });

  it('deleting the reference deletes the footnote', () => {
    const doc = apply(docWith('abc'), [{ createFootnote: { location: { index: 2 } } }]);
    const out = apply(doc, [{ deleteContentRange: { range: { startIndex: 2, endIndex: 3 } } }]);
    expect(dt(out).footnotes).toBeUndefined();
  });

  it('deleting a reference renumbers the footnotes after it', () => {
    const doc = apply(docWith('abcdef'), [
      { createFootnote: { location: { index: 5 } } },
      { createFootnote: { location: { index: 2 } } },
    ]);
    const out = apply(doc, [{ deleteContentRange: { range: { startIndex: 2, endIndex: 3 } } }]);
    const refs = elementsOf(out, 0).filter((e) => e.footnoteReference);
    expect(refs.map((e) => e.footnoteReference!.footnoteNumber)).toEqual(['1']);
    expect(Object.keys(dt(out).footnotes!)).toEqual([refs[0]!.footnoteReference!.footnoteId]);
  });
});

describe('breaks', () => {
  it('insertPageBreak inserts a pageBreak followed by a newline', () => {
    const out = apply(docWith('abcd'), [{ insertPageBreak: { location: { index: 3 } } }]);
    const first = elementsOf(out, 0);
    expect(first.map((e) => (e.pageBreak ? 'PB' : e.textRun!.content))).toEqual(['ab', 'PB', '\n']);
    expect(paragraphTexts(out)[1]).toBe('cd\n');
    expect(checkIndices(out)).toEqual([]);
  });

  it('insertPageBreak is refused inside a table', () => {
    const doc = apply(docWith(''), [{ insertTable: { location: { index: 1 }, rows: 1, columns: 1 } }]);
    expectRejected(
      doc,
      [{ insertPageBreak: { location: { index: 5 } } }],
      /^Invalid requests\[0\]\.insertPageBreak: /,
    );
  });

  it('insertSectionBreak inserts a newline and then the section break', () => {
    const out = apply(docWith('abcd'), [
      { insertSectionBreak: { location: { index: 3 }, sectionType: 'NEXT_PAGE' } },
    ]);
    const content = body(out);
    expect(content.map((se) => (se.sectionBreak ? 'SB' : se.startIndex))).toEqual(['SB', 1, 'SB', 5]);
    expect(content[2]).toMatchObject({
      startIndex: 4,
      endIndex: 5,
      sectionBreak: { sectionStyle: { sectionType: 'NEXT_PAGE' } },
    });
    expect(paragraphTexts(out)).toEqual(['ab\n', 'cd\n']);
    expect(checkIndices(out)).toEqual([]);
  });

  it('the newline before a section break cannot be deleted alone', () => {
    const doc = apply(docWith('abcd'), [
      { insertSectionBreak: { location: { index: 3 }, sectionType: 'CONTINUOUS' } },
    ]);
    expectRejected(
      doc,
      [{ deleteContentRange: { range: { startIndex: 3, endIndex: 4 } } }],
      'Invalid requests[0].deleteContentRange: Invalid deletion range. Cannot delete the requested range.',
    );
  });
});

describe('insertInlineImage', () => {
  it('records the URI as sourceUri and contentUri and replies with the objectId', () => {
    const { document, response } = applyBatchUpdate(
      docWith('ab'),
      {
        requests: [
          {
            insertInlineImage: {
              location: { index: 2 },
              uri: 'https://example.com/a.png',
              objectSize: { width: { magnitude: 120, unit: 'PT' }, height: { magnitude: 60, unit: 'PT' } },
            },
          },
        ],
      },
      opts(),
    );
    const objectId = (response.replies![0] as { insertInlineImage: { objectId: string } }).insertInlineImage
      .objectId;
    const obj = dt(document).inlineObjects![objectId]!.inlineObjectProperties!.embeddedObject!;
    expect(obj.imageProperties).toMatchObject({
      sourceUri: 'https://example.com/a.png',
      contentUri: 'https://example.com/a.png',
    });
    expect(obj.size).toEqual({
      height: { magnitude: 60, unit: 'PT' },
      width: { magnitude: 120, unit: 'PT' },
    });
    expect(elementsOf(document, 0)[1]).toMatchObject({
      startIndex: 2,
      endIndex: 3,
      inlineObjectElement: { inlineObjectId: objectId },
    });
  });

  it('only https URIs are accepted', () => {
    expectRejected(
      docWith('ab'),
      [{ insertInlineImage: { location: { index: 2 }, uri: 'http://example.com/a.png' } }],
      /^Invalid requests\[0\]\.insertInlineImage: /,
    );
  });
});

describe('deletePositionedObject', () => {
  it('removes the object and its anchor id; an unknown id is refused', () => {
    const doc = createDocument('P', opts());
    const tab = doc.tabs![0]!.documentTab!;
    tab.positionedObjects = { 'kix.pos1': { objectId: 'kix.pos1' } };
    body(doc)[1]!.paragraph!.positionedObjectIds = ['kix.pos1'];
    const out = apply(doc, [{ deletePositionedObject: { objectId: 'kix.pos1' } }]);
    expect(dt(out).positionedObjects).toBeUndefined();
    expect(body(out)[1]!.paragraph!.positionedObjectIds).toBeUndefined();
    expectRejected(
      doc,
      [{ deletePositionedObject: { objectId: 'kix.nope' } }],
      /^Invalid requests\[0\]\.deletePositionedObject: /,
    );
  });
});

describe('smart chips', () => {
  it('insertPerson replies {} and adds a one-index person element', () => {
    const { document, response } = applyBatchUpdate(
      docWith('ab'),
      { requests: [{ insertPerson: { location: { index: 2 }, personProperties: { email: 'a@b.test' } } }] },
      opts(),
    );
    expect(response.replies).toEqual([{}]);
    expect(elementsOf(document, 0)[1]).toMatchObject({
      startIndex: 2,
      endIndex: 3,
      person: { personId: expect.stringMatching(/^kix\./), personProperties: { email: 'a@b.test' } },
    });
    expect(checkIndices(document)).toEqual([]);
  });

  it('insertDate defaults to en, MONTH_DAY_YEAR_ABBREVIATED, no time, etc/UTC', () => {
    const out = apply(docWith('ab'), [
      {
        insertDate: { location: { index: 2 }, dateElementProperties: { timestamp: '2026-01-15T12:00:00Z' } },
      },
    ]);
    expect(elementsOf(out, 0)[1]!.dateElement!.dateElementProperties).toEqual({
      timestamp: '2026-01-15T12:00:00Z',
      timeZoneId: 'etc/UTC',
      locale: 'en',
      dateFormat: 'DATE_FORMAT_MONTH_DAY_YEAR_ABBREVIATED',
      timeFormat: 'TIME_FORMAT_DISABLED',
      displayText: 'Jan 15, 2026',
    });
  });

  it('insertRichLink adds a one-index richLink element carrying the uri', () => {
    const uri = 'https://docs.google.com/document/d/abc/edit';
    const out = apply(docWith('ab'), [
      { insertRichLink: { location: { index: 1 }, richLinkProperties: { uri } } },
    ]);
    expect(elementsOf(out, 0)[0]).toMatchObject({ endIndex: 2, richLink: { richLinkProperties: { uri } } });
    expect(checkIndices(out)).toEqual([]);
  });
});
