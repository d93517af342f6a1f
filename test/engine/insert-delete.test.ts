/** Conformance tests for insertText and deleteContentRange, one per documented rule. */
import { describe, expect, it } from 'vitest';
import {
  applyBatchUpdate,
  checkIndices,
  createDocument,
  isRevisionMismatch,
} from '../../src/docs/engine/index.js';
import { DocsApiError } from '../../src/errors.js';
import type { BatchUpdateRequest, Document, Request } from '../../src/ground/docs-json.js';
import { apply, body, bodyText, docWith, opts, paragraphTexts } from './helpers.js';

function fails(doc: Document, requests: unknown[], message: string | RegExp): void {
  const before = JSON.stringify(doc);
  let err: unknown;
  try {
    applyBatchUpdate(doc, { requests } as BatchUpdateRequest, opts());
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(DocsApiError);
  const api = err as DocsApiError;
  expect(api.code).toBe(400);
  expect(api.status).toBe('INVALID_ARGUMENT');
  if (typeof message === 'string') expect(api.message).toBe(message);
  else expect(api.message).toMatch(message);
  expect(JSON.stringify(doc)).toBe(before);
}

describe('documents.create', () => {
  it('a new document is a section break [0,1) and one empty paragraph [1,2)', () => {
    const doc = createDocument('T', opts());
    const content = body(doc);
    expect(content[0]).toMatchObject({ endIndex: 1, sectionBreak: {} });
    expect(content[0]).not.toHaveProperty('startIndex');
    expect(content[1]).toMatchObject({ startIndex: 1, endIndex: 2 });
    expect(doc.tabs?.[0]?.tabProperties?.tabId).toBe('t.0');
    expect(doc.tabs?.[0]?.documentTab?.namedStyles?.styles).toHaveLength(9);
    expect(checkIndices(doc)).toEqual([]);
  });
});

describe('insertText', () => {
  it('inserting a newline splits the paragraph', () => {
    const doc = docWith('hello world');
    const out = apply(doc, [{ insertText: { location: { index: 6 }, text: '\n' } }]);
    expect(paragraphTexts(out)).toEqual(['hello\n', ' world\n']);
    expect(checkIndices(out)).toEqual([]);
  });

  it('control characters and private-use characters are stripped, \\t and \\v survive', () => {
    const out = docWith('a\u0001b\u000cc\ue907d\te\u000bf\rg');
    expect(bodyText(out)).toBe('abcd\te\u000bfg\n');
  });

  it('insertText at the end index of the segment is refused', () => {
    const doc = docWith('abc');
    fails(
      doc,
      [{ insertText: { location: { index: 5 }, text: 'x' } }],
      'Invalid requests[0].insertText: Index 5 must be less than the end index of the referenced segment, 5.',
    );
  });

  it('index 0 of the body (the section break) is not inside a paragraph', () => {
    fails(
      docWith('abc'),
      [{ insertText: { location: { index: 0 }, text: 'x' } }],
      'Invalid requests[0].insertText: The insertion index must be inside the bounds of an existing paragraph. You can still create new paragraphs by inserting newlines.',
    );
  });

  it('endOfSegmentLocation inserts before the final newline', () => {
    const out = apply(docWith('abc'), [{ insertText: { endOfSegmentLocation: {}, text: 'Z' } }]);
    expect(bodyText(out)).toBe('abcZ\n');
  });

  it('indices count UTF-16 code units (emoji, CJK, combining marks)', () => {
    const text = '😀漢e\u0301x';
    const out = docWith(text);
    const para = body(out)[1]!;
    expect(para.endIndex).toBe(1 + text.length + 1);
    expect(text.length).toBe(6);
    const after = apply(out, [{ insertText: { location: { index: 3 }, text: '|' } }]);
    expect(bodyText(after)).toBe('😀|漢e\u0301x\n');
  });

  it('an index inside a surrogate pair is moved to the start of the pair', () => {
    const out = apply(docWith('a😀b'), [{ insertText: { location: { index: 3 }, text: '|' } }]);
    expect(bodyText(out)).toBe('a|😀b\n');
  });
});

describe('deleteContentRange', () => {
  it('a range starting inside a paragraph merges the next paragraph into it', () => {
    const out = apply(docWith('abc\ndef\nghi'), [
      { deleteContentRange: { range: { startIndex: 3, endIndex: 7 } } },
    ]);
    expect(paragraphTexts(out)).toEqual(['abf\n', 'ghi\n']);
  });

  it('the range cannot include the final newline of the segment', () => {
    fails(
      docWith('abc'),
      [{ deleteContentRange: { range: { startIndex: 2, endIndex: 5 } } }],
      'Invalid requests[0].deleteContentRange: The range cannot include the newline character at the end of the segment.',
    );
  });

  it('an empty range is refused', () => {
    fails(
      docWith('abc'),
      [{ deleteContentRange: { range: { startIndex: 2, endIndex: 2 } } }],
      'Invalid requests[0].deleteContentRange: The range should not be empty.',
    );
  });

  it('deleting one half of a surrogate pair is refused', () => {
    fails(
      docWith('a😀b'),
      [{ deleteContentRange: { range: { startIndex: 2, endIndex: 3 } } }],
      'Invalid requests[0].deleteContentRange: Invalid deletion range. Cannot delete the requested range.',
    );
  });

  it('deleting a whole emoji and a combining mark by UTF-16 range works', () => {
    const out = apply(docWith('a😀e\u0301b'), [
      { deleteContentRange: { range: { startIndex: 2, endIndex: 4 } } },
      { deleteContentRange: { range: { startIndex: 3, endIndex: 4 } } },
    ]);
    expect(bodyText(out)).toBe('aeb\n');
  });
});

describe('batch envelope', () => {
  it('a batch is atomic: a later invalid request leaves the input unchanged', () => {
    fails(
      docWith('abc'),
      [
        { insertText: { location: { index: 1 }, text: 'x' } },
        { insertText: { location: { index: 99 }, text: 'y' } },
      ],
      /^Invalid requests\[1\]\.insertText: Index 99 must be less than the end index/,
    );
  });

  it('an empty request object is refused with "No request set."', () => {
    fails(docWith('abc'), [{}], 'Invalid requests[0]: No request set.');
  });

  it('an unknown field is refused with Google\u2019s JSON payload message', () => {
    fails(
      docWith('abc'),
      [{ insertText: { location: { index: 1 }, text: 'x', colour: 'red' } }],
      `Invalid JSON payload received. Unknown name "colour" at 'requests[0].insert_text': Cannot find field.`,
    );
  });

  it('replies are 1:1 with {} for requests without output, and a new revision is issued', () => {
    const doc = docWith('abc');
    const { response, document } = applyBatchUpdate(
      doc,
      {
        requests: [
          { insertText: { location: { index: 1 }, text: 'x' } },
          { deleteContentRange: { range: { startIndex: 1, endIndex: 2 } } },
        ] as Request[],
      },
      opts(),
    );
    expect(response.replies).toEqual([{}, {}]);
    expect(document.revisionId).not.toBe(doc.revisionId);
    expect(response.writeControl?.requiredRevisionId).toBe(document.revisionId);
    expect(response.documentId).toBe(doc.documentId);
  });

  it('writeControl.requiredRevisionId must match the current revision', () => {
    const doc = docWith('abc');
    let err: unknown;
    try {
      applyBatchUpdate(
        doc,
        {
          requests: [{ insertText: { location: { index: 1 }, text: 'x' } }],
          writeControl: { requiredRevisionId: 'old' },
        },
        opts(),
      );
    } catch (e) {
      err = e;
    }
    expect(isRevisionMismatch(err)).toBe(true);
    expect((err as DocsApiError).code).toBe(400);
    const ok = applyBatchUpdate(
      doc,
      {
        requests: [{ insertText: { location: { index: 1 }, text: 'x' } }],
        writeControl: { requiredRevisionId: doc.revisionId! },
      },
      opts(),
    );
    expect(bodyText(ok.document)).toBe('xabc\n');
  });
});
