/** Conformance: createParagraphBullets / deleteParagraphBullets. */
import { describe, expect, it } from 'vitest';
import { checkIndices } from '../../src/docs/engine/index.js';
import type { Document, Paragraph, Request } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { apply, body, docWith, paragraphTexts } from './helpers.js';

const paras = (doc: Document): Paragraph[] =>
  body(doc)
    .filter((se) => se.paragraph)
    .map((se) => se.paragraph!);
const lists = (doc: Document) => doc.tabs![0]!.documentTab!.lists ?? {};
const bullets = (s: number, e: number, bulletPreset = 'BULLET_DISC_CIRCLE_SQUARE'): Request => ({
  createParagraphBullets: { range: { startIndex: s, endIndex: e }, bulletPreset },
});

describe('createParagraphBullets', () => {
  it('leading tabs are consumed and give the nesting level relative to the set', () => {
    const doc = docWith('one\n\ttwo\n\t\tthree');
    const out = apply(doc, [bullets(1, 17)]);
    expect(paragraphTexts(out)).toEqual(['one\n', 'two\n', 'three\n']);
    expect(paras(out).map((p) => p.bullet?.nestingLevel ?? 0)).toEqual([0, 1, 2]);
    expect(checkIndices(out)).toEqual([]);
    expect(body(out)[3]!.endIndex).toBe(15);
  });

  it('a single tabbed paragraph bulleted alone becomes level 0', () => {
    const out = apply(docWith('\t\tdeep'), [bullets(1, 7)]);
    expect(paragraphTexts(out)).toEqual(['deep\n']);
    expect(paras(out)[0]!.bullet).toEqual({
      listId: expect.stringMatching(/^kix\./),
      textStyle: { underline: false },
    });
  });

  it('the new list has 9 nesting levels and paragraphs get explicit indents from their level', () => {
    const out = apply(docWith('a\n\tb'), [bullets(1, 5)]);
    const list = Object.values(lists(out))[0]!;
    const levels = list.listProperties!.nestingLevels!;
    expect(levels).toHaveLength(9);
    expect(levels.slice(0, 4).map((l) => l.glyphSymbol)).toEqual(['\u25cf', '\u25cb', '\u25a0', '\u25cf']);
    expect(levels[1]).toMatchObject({
      glyphFormat: '%1',
      indentFirstLine: { magnitude: 54, unit: 'PT' },
      indentStart: { magnitude: 72, unit: 'PT' },
      textStyle: { underline: false },
      startNumber: 1,
    });
    expect(paras(out)[1]!.paragraphStyle).toMatchObject({
      indentFirstLine: { magnitude: 54, unit: 'PT' },
      indentStart: { magnitude: 72, unit: 'PT' },
    });
  });

  it('numbered presets: DECIMAL/ALPHA/ROMAN with %n. and ROMAN aligned END', () => {
    const out = apply(docWith('x'), [bullets(1, 2, 'NUMBERED_DECIMAL_ALPHA_ROMAN')]);
    const levels = Object.values(lists(out))[0]!.listProperties!.nestingLevels!;
    expect(levels.slice(0, 3).map((l) => [l.glyphType, l.glyphFormat, l.bulletAlignment])).toEqual([
      ['DECIMAL', '%0.', 'START'],
      ['ALPHA', '%1.', 'START'],
      ['ROMAN', '%2.', 'END'],
    ]);
  });

  it('joins the immediately preceding list only when the preset matches', () => {
    const doc = apply(docWith('a\nb\nc'), [bullets(1, 2)]);
    const same = apply(doc, [bullets(3, 4)]);
    expect(paras(same)[1]!.bullet!.listId).toBe(paras(same)[0]!.bullet!.listId);
    const other = apply(doc, [bullets(3, 4, 'NUMBERED_DECIMAL_ALPHA_ROMAN')]);
    expect(paras(other)[1]!.bullet!.listId).not.toBe(paras(other)[0]!.bullet!.listId);
  });

  it('never joins the following list', () => {
    const doc = apply(docWith('a\nb'), [bullets(3, 4)]);
    const out = apply(doc, [bullets(1, 2)]);
    expect(paras(out)[0]!.bullet!.listId).not.toBe(paras(out)[1]!.bullet!.listId);
  });

  it('an unknown preset is refused', () => {
    expectRejected(
      docWith('a'),
      [bullets(1, 2, 'BULLET_NOPE')],
      /^Invalid JSON payload received\. Invalid value/,
    );
  });
});

describe('deleteParagraphBullets', () => {
  it('removes the bullet, keeps the nesting as indent and keeps the list in the map', () => {
    const doc = apply(docWith('a\n\tb'), [bullets(1, 5)]);
    const out = apply(doc, [{ deleteParagraphBullets: { range: { startIndex: 1, endIndex: 4 } } }]);
    expect(paras(out).map((p) => p.bullet)).toEqual([undefined, undefined]);
    expect(paras(out)[0]!.paragraphStyle!.indentStart).toEqual({ unit: 'PT' });
    expect(paras(out)[1]!.paragraphStyle!.indentStart).toEqual({ magnitude: 36, unit: 'PT' });
    expect(Object.keys(lists(out))).toHaveLength(1);
  });
});
