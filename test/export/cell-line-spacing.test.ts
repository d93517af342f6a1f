/**
 * Single line spacing is the default inside table cells (Google writes `lineSpacing: 100` into
 * every cell paragraph, while NORMAL_TEXT says 115): a cell at 100% shows no directive, so the
 * table can be GFM; a cell paragraph that inherits 115, or has another spacing, says so (in a GFM
 * cell, as the cell's own directive); outside cells nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import type { ParagraphBlock, TableBlock } from '../../src/mebdf/model.js';
import { makeDoc, para } from './builder.js';

describe('line spacing in table cells', () => {
  it('100% in a cell is the default; inherited 115% in a cell is shown; 100% in the body is shown', () => {
    const doc = makeDoc({
      blocks: [
        para('Body at single', { lineSpacing: 100 }),
        { table: [[[para('plain')], [para('x')]]] },
        para('Between.'),
        { table: [[[para('single')], [para('double', { lineSpacing: 200 })]]] },
        para([]),
      ],
    });
    const { model, content } = exportTab(doc);
    const [body, gfm, , styled] = model.blocks as [ParagraphBlock, TableBlock, ParagraphBlock, TableBlock];
    expect(body.style).toEqual({ namedStyle: 'NORMAL_TEXT', lineSpacing: 100 });
    expect(gfm.rows[0]![0]!.blocks[0]!.style).toEqual({ namedStyle: 'NORMAL_TEXT' });
    expect(content).toContain('| plain | x |\n| - | - |\n');
    expect(content).not.toContain('{!line-spacing:single}\nplain');
    expect(styled.rows[0]![0]!.blocks[0]!.style).toEqual({ namedStyle: 'NORMAL_TEXT' });
    expect(styled.rows[0]![1]!.blocks[0]!.style).toEqual({ namedStyle: 'NORMAL_TEXT', lineSpacing: 200 });
    expect(content).toContain('| single | {!line-spacing:double}double |');
  });

  it('a cell paragraph without its own line spacing inherits the named style: 1.15 is said', () => {
    const doc = makeDoc({
      // `lineSpacing: undefined` overrides the builder's cell default (100, as Google writes it).
      blocks: [{ table: [[[para('inherits', { lineSpacing: undefined })]]] }, para([])],
    });
    const { model, content } = exportTab(doc);
    const table = model.blocks[0] as TableBlock;
    expect(table.rows[0]![0]!.blocks[0]!.style).toEqual({ namedStyle: 'NORMAL_TEXT', lineSpacing: 115 });
    // A one-cell table leaves the state alone: the cell says it (grammar §7).
    expect(content).toContain('| {!line-spacing:1.15}inherits |');
  });
});
