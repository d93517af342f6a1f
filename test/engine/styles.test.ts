/** Conformance: text and paragraph styles, style inheritance on insert, heading ids, merge rules. */
import { describe, expect, it } from 'vitest';
import { checkIndices } from '../../src/docs/engine/index.js';
import type { Document, Paragraph, Request } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { apply, body, docWith, paragraphTexts } from './helpers.js';

const para = (doc: Document, n: number): Paragraph => body(doc).filter((se) => se.paragraph)[n]!.paragraph!;
const runs = (p: Paragraph) => (p.elements ?? []).map((e) => [e.textRun?.content, e.textRun?.textStyle]);
const bold = (s: number, e: number): Request => ({
  updateTextStyle: { range: { startIndex: s, endIndex: e }, textStyle: { bold: true }, fields: 'bold' },
});
const heading = (s: number, e: number, type = 'HEADING_1'): Request => ({
  updateParagraphStyle: {
    range: { startIndex: s, endIndex: e },
    paragraphStyle: { namedStyleType: type },
    fields: 'namedStyleType',
  },
});

describe('insertText style inheritance', () => {
  it('a newline typed after linked text never takes the link (links never apply to newlines)', () => {
    const link = { url: 'https://x.test/' };
    const doc = apply(docWith('abc'), [
      { updateTextStyle: { range: { startIndex: 1, endIndex: 4 }, textStyle: { link }, fields: 'link' } },
      { insertText: { location: { index: 4 }, text: '\nX' } },
    ]);
    const nl = runs(para(doc, 0)).find(([c]) => c === '\n');
    expect(nl?.[1]).not.toHaveProperty('link');
    expect(runs(para(doc, 1))[0]).toEqual(['X', expect.objectContaining({ link })]);
  });

  it('inserted text takes the style of the preceding character', () => {
    const doc = apply(docWith('abc def'), [
      bold(1, 4),
      { insertText: { location: { index: 4 }, text: 'X' } },
    ]);
    expect(runs(para(doc, 0))).toEqual([
      ['abcX', { bold: true }],
      [' def\n', {}],
    ]);
  });

  it('at the start of a paragraph inserted text takes the following run style', () => {
    const doc = apply(docWith('abc def'), [
      bold(1, 4),
      { insertText: { location: { index: 1 }, text: 'X' } },
    ]);
    expect(runs(para(doc, 0))[0]).toEqual(['Xabc', { bold: true }]);
  });

  it('a newline split copies paragraph style and bullet to the new paragraph', () => {
    const doc = apply(docWith('one two'), [
      {
        createParagraphBullets: {
          range: { startIndex: 1, endIndex: 8 },
          bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
        },
      },
      {
        updateParagraphStyle: {
          range: { startIndex: 1, endIndex: 8 },
          paragraphStyle: { alignment: 'CENTER' },
          fields: 'alignment',
        },
      },
      { insertText: { location: { index: 4 }, text: '\n' } },
    ]);
    expect(paragraphTexts(doc)).toEqual(['one\n', ' two\n']);
    expect(para(doc, 1).bullet).toEqual(para(doc, 0).bullet);
    expect(para(doc, 1).paragraphStyle).toEqual(para(doc, 0).paragraphStyle);
  });

  it('heading split: the part keeping the start keeps the headingId, the new heading gets a fresh h. id', () => {
    const h = apply(docWith('Title text'), [heading(1, 11)]);
    const id = para(h, 0).paragraphStyle!.headingId!;
    expect(id).toMatch(/^h\.[a-z0-9]{12}$/);
    const doc = apply(h, [{ insertText: { location: { index: 6 }, text: '\n' } }]);
    expect(para(doc, 0).paragraphStyle!.headingId).toBe(id);
    expect(para(doc, 1).paragraphStyle!.namedStyleType).toBe('HEADING_1');
    expect(para(doc, 1).paragraphStyle!.headingId).toMatch(/^h\./);
    expect(para(doc, 1).paragraphStyle!.headingId).not.toBe(id);
  });

  it('text with newlines typed at a heading start: the heading id stays with the heading text', () => {
    const h = apply(docWith('Hello World'), [heading(1, 12)]);
    const id = para(h, 0).paragraphStyle!.headingId!;
    const doc = apply(h, [{ insertText: { location: { index: 1 }, text: 'X\nY\n' } }]);
    expect(paragraphTexts(doc)).toEqual(['X\n', 'Y\n', 'Hello World\n']);
    expect(para(doc, 2).paragraphStyle!.headingId).toBe(id);
    const fresh = [para(doc, 0), para(doc, 1)].map((p) => p.paragraphStyle!.headingId);
    for (const f of fresh) expect(f).toMatch(/^h\./);
    expect(new Set([...fresh, id]).size).toBe(3);
  });
});

describe('updateTextStyle', () => {
  it('the fields mask is required', () => {
    expectRejected(
      docWith('abc'),
      [{ updateTextStyle: { range: { startIndex: 1, endIndex: 2 }, textStyle: { bold: true } } }],
      /^Invalid requests\[0\]\.updateTextStyle: /,
    );
  });

  it('a masked field without a value resets it', () => {
    const doc = apply(docWith('abc'), [
      bold(1, 4),
      { updateTextStyle: { range: { startIndex: 2, endIndex: 3 }, textStyle: {}, fields: 'bold' } },
    ]);
    expect(runs(para(doc, 0))).toEqual([
      ['a', { bold: true }],
      ['b', {}],
      ['c\n', { bold: true }],
    ]);
  });

  it('values equal to the inherited style are stored unset', () => {
    const doc = apply(docWith('abc'), [
      {
        updateTextStyle: {
          range: { startIndex: 1, endIndex: 3 },
          textStyle: { underline: false, foregroundColor: { color: { rgbColor: {} } } },
          fields: 'underline,foregroundColor',
        },
      },
    ]);
    expect(runs(para(doc, 0))).toEqual([['abc\n', {}]]);
  });

  it('zero colour channels and zero magnitudes are dropped, so explicit black is the inherited value', () => {
    const doc = apply(docWith('abc'), [
      {
        updateTextStyle: {
          range: { startIndex: 1, endIndex: 3 },
          textStyle: { foregroundColor: { color: { rgbColor: { red: 0, green: 0, blue: 0 } } } },
          fields: 'foregroundColor',
        },
      },
      {
        updateParagraphStyle: {
          range: { startIndex: 1, endIndex: 2 },
          paragraphStyle: { spaceAbove: { magnitude: 0, unit: 'PT' } },
          fields: 'spaceAbove',
        },
      },
    ]);
    expect(runs(para(doc, 0))).toEqual([['abc\n', {}]]);
    expect(para(doc, 0).paragraphStyle!.spaceAbove).toEqual({ unit: 'PT' });
  });

  it('setting a link adds underline and #1155CC, and links never apply to newlines', () => {
    const doc = apply(docWith('ABC\n123'), [
      {
        updateTextStyle: {
          range: { startIndex: 1, endIndex: 8 },
          textStyle: { link: { url: 'https://x.test/' } },
          fields: 'link',
        },
      },
    ]);
    const linked = {
      underline: true,
      foregroundColor: { color: { rgbColor: { red: 0.06666667, green: 0.33333334, blue: 0.8 } } },
      link: { url: 'https://x.test/' },
    };
    expect(runs(para(doc, 0))).toEqual([
      ['ABC', linked],
      ['\n', {}],
    ]);
    expect(runs(para(doc, 1))).toEqual([
      ['123', linked],
      ['\n', {}],
    ]);
  });

  it('a legacy headingId link is stored as heading {id, tabId}', () => {
    const doc = apply(docWith('abc'), [
      {
        updateTextStyle: {
          range: { startIndex: 1, endIndex: 2 },
          textStyle: { link: { headingId: 'h.abc' } },
          fields: 'link',
        },
      },
    ]);
    expect(para(doc, 0).elements![0]!.textRun!.textStyle!.link).toEqual({
      heading: { id: 'h.abc', tabId: 't.0' },
    });
  });

  it('styling all the text of a paragraph extends the style to its newline; partial ranges do not', () => {
    const whole = apply(docWith('abc'), [bold(1, 4)]);
    expect(runs(para(whole, 0))).toEqual([['abc\n', { bold: true }]]);
    const part = apply(docWith('abc'), [bold(2, 4)]);
    expect(runs(para(part, 0))).toEqual([
      ['a', {}],
      ['bc', { bold: true }],
      ['\n', {}],
    ]);
  });

  it('adjacent runs with equal style are merged', () => {
    const doc = apply(docWith('abcdef'), [bold(1, 3), bold(3, 5)]);
    expect(runs(para(doc, 0))[0]).toEqual(['abcd', { bold: true }]);
    expect(checkIndices(doc)).toEqual([]);
  });
});

describe('updateParagraphStyle', () => {
  it('NORMAL_TEXT to a heading mints a new heading id', () => {
    const doc = apply(docWith('abc'), [heading(1, 2)]);
    expect(para(doc, 0).paragraphStyle).toMatchObject({
      namedStyleType: 'HEADING_1',
      headingId: expect.stringMatching(/^h\./),
    });
  });

  it('heading to another heading keeps the same id', () => {
    const h1 = apply(docWith('abc'), [heading(1, 2)]);
    const h2 = apply(h1, [heading(1, 2, 'TITLE')]);
    expect(para(h2, 0).paragraphStyle!.headingId).toBe(para(h1, 0).paragraphStyle!.headingId);
  });

  it('a heading changed to NORMAL_TEXT drops its id, and re-heading mints a new one', () => {
    const h1 = apply(docWith('abc'), [heading(1, 2)]);
    const normal = apply(h1, [heading(1, 2, 'NORMAL_TEXT')]);
    expect(para(normal, 0).paragraphStyle!.headingId).toBeUndefined();
    const again = apply(normal, [heading(1, 2)]);
    expect(para(again, 0).paragraphStyle!.headingId).not.toBe(para(h1, 0).paragraphStyle!.headingId);
  });

  it('the keys come out in Google order with headingId first', () => {
    const doc = apply(docWith('abc'), [heading(1, 2)]);
    expect(Object.keys(para(doc, 0).paragraphStyle!)).toEqual(['headingId', 'namedStyleType', 'direction']);
  });

  it('re-applying the same named style clears run styles except the link chrome', () => {
    const doc = apply(docWith('abc def'), [
      bold(1, 4),
      {
        updateTextStyle: {
          range: { startIndex: 5, endIndex: 8 },
          textStyle: { link: { url: 'https://x.test/' } },
          fields: 'link',
        },
      },
      heading(1, 2, 'NORMAL_TEXT'),
    ]);
    const styles = (para(doc, 0).elements ?? []).map((e) => e.textRun!.textStyle);
    expect(styles[0]).toEqual({});
    expect(styles).toContainEqual(
      expect.objectContaining({ link: { url: 'https://x.test/' }, underline: true }),
    );
  });

  it('H1 to H2 keeps run styles', () => {
    const doc = apply(docWith('abc'), [heading(1, 2), bold(1, 4), heading(1, 2, 'HEADING_2')]);
    expect(runs(para(doc, 0))).toEqual([['abc\n', { bold: true }]]);
  });

  it('clearing namedStyleType is refused', () => {
    expectRejected(
      docWith('abc'),
      [
        {
          updateParagraphStyle: {
            range: { startIndex: 1, endIndex: 2 },
            paragraphStyle: {},
            fields: 'namedStyleType',
          },
        },
      ],
      'Invalid requests[0].updateParagraphStyle: Named style property is not inherited and cannot be cleared.',
    );
  });

  it('pageBreakBefore on a paragraph in a table is refused', () => {
    const doc = apply(docWith('abc'), [{ insertTable: { location: { index: 4 }, rows: 1, columns: 1 } }]);
    expectRejected(
      doc,
      [
        {
          updateParagraphStyle: {
            range: { startIndex: 8, endIndex: 9 },
            paragraphStyle: { pageBreakBefore: true },
            fields: 'pageBreakBefore',
          },
        },
      ],
      'Invalid requests[0].updateParagraphStyle: Cannot update page-break-before when the range contains paragraphs in a table.',
    );
  });
});

describe('deleteContentRange merge rules', () => {
  it('a range starting strictly inside paragraph A keeps A style, headingId and bullet', () => {
    const doc = apply(docWith('Head\nbody text'), [heading(1, 2)]);
    const id = para(doc, 0).paragraphStyle!.headingId;
    const out = apply(doc, [{ deleteContentRange: { range: { startIndex: 3, endIndex: 8 } } }]);
    expect(paragraphTexts(out)).toEqual(['Hedy text\n']);
    expect(para(out, 0).paragraphStyle).toMatchObject({ namedStyleType: 'HEADING_1', headingId: id });
  });

  it('a range starting at a paragraph start keeps the style of the paragraph holding the end', () => {
    const doc = apply(docWith('Head\nbody text'), [heading(1, 2)]);
    const out = apply(doc, [{ deleteContentRange: { range: { startIndex: 1, endIndex: 8 } } }]);
    expect(paragraphTexts(out)).toEqual(['dy text\n']);
    expect(para(out, 0).paragraphStyle).toEqual({
      namedStyleType: 'NORMAL_TEXT',
      direction: 'LEFT_TO_RIGHT',
    });
  });

  it('a range ending exactly at A newline merges A with the next paragraph', () => {
    const out = apply(docWith('abc\ndef'), [
      { deleteContentRange: { range: { startIndex: 4, endIndex: 5 } } },
    ]);
    expect(paragraphTexts(out)).toEqual(['abcdef\n']);
  });
});
