/**
 * The comment marker of MEBDF (grammar §3, `comment`): its syntax and diagnostics, its canonical
 * form, and where an export puts it (through the sources, split at an anchor's edges, several
 * comments on one text, table cells, resolved threads left unmarked).
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, createDocument, seededIds } from '../../src/docs/engine/index.js';
import { exportTab } from '../../src/docs/export/index.js';
import { markedContent } from '../../src/docs/service/comment-export.js';
import { withoutCommentMarkers } from '../../src/docs/service/comment-import.js';
import type { DocumentWithComments } from '../../src/ground/comments-json.js';
import type { BatchUpdateRequest, Document } from '../../src/ground/docs-json.js';
import { formatMebdf, lintMebdf, parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';

describe('the comment property', () => {
  it('should mark the wrapped text with the comment ids, sorted, each once', () => {
    const model = parseMebdf('a {!comment:c2 c1 c2}b **c**{/!} d\n');
    const p = model.blocks[0]!;
    expect(p.type === 'paragraph' && p.inlines).toEqual([
      { type: 'text', text: 'a ', style: {} },
      { type: 'text', text: 'b ', style: { comment: 'c1 c2' } },
      { type: 'text', text: 'c', style: { comment: 'c1 c2', bold: true } },
      { type: 'text', text: ' d', style: {} },
    ]);
  });
  it('should write one marker around runs that share it, outside other spans', () => {
    const text = 'a {!comment:c1}b {!underline}c{/!} **d**{/!} e\n';
    expect(stringifyMebdf(parseMebdf(text))).toBe(text);
    expect(formatMebdf('{!underline, comment:c1}x{/!}\n')).toBe('{!comment:c1, underline}x{/!}\n');
  });
  it('should not accept an empty value, characters an id cannot hold, or comment:false', () => {
    expect(lintMebdf('a {!comment:}b{/!}\n').map((d) => d.message)).toEqual([
      'comment needs a value: `comment:…`',
    ]);
    expect(lintMebdf('a {!comment:c1 c/2}b{/!}\n')[0]!.message).toBe(
      'comment: `c1 c/2` is not a list of comment anchor ids',
    );
    expect(lintMebdf('a {!comment:false}b{/!}\n')).toEqual([]);
    expect(parseMebdf('a {!comment:false}b{/!}\n').blocks[0]).toMatchObject({
      inlines: [{ text: 'a ' }, { text: 'b', style: { comment: 'false' } }],
    });
  });
  it('should be removed, leaving the same text, by an import', () => {
    const plain = 'a b **c** d\n\n| x | y |\n| - | - |\n| 1 | 2 |\n';
    const marked = 'a {!comment:c1}b **c**{/!} d\n\n| x | y |\n| - | - |\n| {!comment:c2}1{/!} | 2 |\n';
    expect(withoutCommentMarkers(marked)).toBe(stringifyMebdf(parseMebdf(plain)));
    expect(withoutCommentMarkers(plain)).toBe(plain);
    expect(withoutCommentMarkers('{!comment:c1 b\n')).toBe('{!comment:c1 b\n');
  });
});

let seed = 40;
function apply(doc: Document, requests: unknown[]): Document {
  return applyBatchUpdate(doc, { requests } as BatchUpdateRequest, { ids: seededIds(seed++) }).document;
}
const comment = (start: number, end: number, content = 'c') => ({
  insertComment: { range: { startIndex: start, endIndex: end }, content },
});
function ids(doc: Document): string[] {
  return ((doc as DocumentWithComments).comments ?? []).map((t) => t.commentId!);
}

describe('markers in an export', () => {
  // "Hello brave new world\n": "brave" is [7, 12), "new" [13, 16).
  const base = () =>
    apply(createDocument('T', { ids: seededIds(1) }), [
      { insertText: { location: { index: 1 }, text: 'Hello brave new world' } },
      {
        updateTextStyle: {
          range: { startIndex: 9, endIndex: 14 },
          textStyle: { bold: true },
          fields: 'bold',
        },
      },
    ]);

  it('wraps exactly the anchored text, across a change of formatting', () => {
    const doc = apply(base(), [comment(7, 16)]);
    const [c] = ids(doc);
    expect(markedContent(doc, exportTab(doc))).toBe(`Hello {!comment:${c}}br**ave n**ew{/!} world\n`);
    expect(exportTab(doc).content).toBe('Hello br**ave n**ew world\n');
  });

  it('names every comment on text several comments share', () => {
    const doc = apply(base(), [comment(7, 12), comment(9, 16)]);
    const [a, b] = ids(doc);
    const both = [a, b].sort().join(' ');
    const marked = markedContent(doc, exportTab(doc));
    expect(marked).toBe(
      `Hello {!comment:${a}}br{/!}{!comment:${both}}**ave**{/!}{!comment:${b}}{!bold} n{/!}ew{/!} world\n`,
    );
    expect(withoutCommentMarkers(marked)).toBe(exportTab(doc).content);
  });

  it('leaves resolved threads unmarked, and gives the plain text when no open comment is on it', () => {
    const commented = apply(base(), [comment(7, 12)]);
    const [c] = ids(commented);
    const resolved = apply(commented, [
      { addCommentReply: { commentId: c, post: { commentAction: 'RESOLVE' } } },
    ]);
    expect(markedContent(resolved, exportTab(resolved))).toBe(exportTab(resolved).content);
  });

  it('marks text in table cells', () => {
    const doc = apply(createDocument('T', { ids: seededIds(2) }), [
      { insertTable: { rows: 1, columns: 2, location: { index: 1 } } },
      { insertText: { location: { index: 5 }, text: 'left' } },
    ]);
    const withComment = apply(doc, [comment(5, 9)]);
    const [c] = ids(withComment);
    expect(markedContent(withComment, exportTab(withComment))).toContain(`{!comment:${c}}left{/!}`);
  });
});
