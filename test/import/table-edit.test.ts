/**
 * The table edit on its own: which rows and columns are kept, deleted or inserted, which kept
 * cells change, and which merges are undone and done, for each kind of table change.
 */
import { describe, expect, it } from 'vitest';
import { tableEdit, tablesCompatible } from '../../src/docs/import/table-edit.js';
import type { TableBlock, TableCell } from '../../src/mebdf/model.js';

const cell = (t: string, span: { rowSpan?: number; colSpan?: number } = {}): TableCell => ({
  blocks: [
    {
      type: 'paragraph',
      style: { namedStyle: 'NORMAL_TEXT' },
      inlines: t ? [{ type: 'text', text: t, style: {} }] : [],
    },
  ],
  ...span,
});
const table = (rows: string[][]): TableBlock => ({
  type: 'table',
  rows: rows.map((r) => r.map((t) => cell(t))),
});
const ops = (list: readonly { op: string }[]): string[] => list.map((o) => o.op);

describe('tableEdit', () => {
  it('same shape: rows and columns kept in place, only the changed cell listed', () => {
    const e = tableEdit(
      table([
        ['a', 'b'],
        ['c', 'd'],
      ]),
      table([
        ['a', 'b'],
        ['c', 'D'],
      ]),
    );
    expect(e.cells).toEqual([{ o: [1, 1], n: [1, 1] }]);
    expect(ops(e.rows).every((o) => o === 'pair')).toBe(true);
    expect(e.merge).toEqual([]);
    expect(e.unmerge).toEqual([]);
  });

  it('a row removed: the others are kept, none of their cells edited', () => {
    const e = tableEdit(
      table([
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]),
      table([
        ['a', 'b'],
        ['e', 'f'],
      ]),
    );
    expect(ops(e.rows)).toEqual(['keep', 'del', 'keep']);
    expect(e.cells).toEqual([]);
  });

  it('a column added: cells of the kept columns keep their coordinates in their rows', () => {
    const e = tableEdit(
      table([
        ['a', 'b'],
        ['c', 'd'],
      ]),
      table([
        ['a', 'x', 'b'],
        ['c', 'y', 'd'],
      ]),
    );
    expect(ops(e.cols)).toEqual(['keep', 'ins', 'keep']);
    expect(e.cells).toEqual([]);
  });

  it('rows and columns both change: rows paired by text, columns by text over those rows', () => {
    const e = tableEdit(
      table([
        ['name', 'age', 'town'],
        ['ann', '31', 'oslo'],
      ]),
      table([
        ['name', 'town'],
        ['ann', 'oslo'],
        ['bob', 'rome'],
      ]),
    );
    expect(ops(e.cols).filter((o) => o === 'del')).toHaveLength(1);
    expect(ops(e.rows).filter((o) => o === 'ins')).toHaveLength(1);
    expect(e.cells).toEqual([]);
  });

  it('a merge that changes is undone at its old span and done at its new one', () => {
    const o: TableBlock = {
      type: 'table',
      rows: [
        [cell('wide', { colSpan: 2 }), cell('')],
        [cell('a'), cell('b')],
      ],
    };
    const n: TableBlock = {
      type: 'table',
      rows: [
        [cell('wide'), cell('')],
        [cell('a', { rowSpan: 1, colSpan: 2 }), cell('')],
      ],
    };
    const e = tableEdit(o, n);
    expect(e.unmerge).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 2 }]);
    expect(e.merge).toEqual([{ row: 1, col: 0, rowSpan: 1, colSpan: 2 }]);
  });

  it('merged cells and a change of rows: every merge undone, the row inserted, every merge redone', () => {
    const o: TableBlock = { type: 'table', rows: [[cell('wide', { colSpan: 2 }), cell('')]] };
    const n: TableBlock = {
      type: 'table',
      rows: [
        [cell('wide', { colSpan: 2 }), cell('')],
        [cell('a'), cell('b')],
      ],
    };
    expect(tablesCompatible(o, n)).toBe(true);
    const e = tableEdit(o, n);
    expect(ops(e.rows)).toEqual(['keep', 'ins']);
    expect(e.unmerge).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 2 }]);
    expect(e.merge).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 2 }]);
  });

  it('only a table without columns is re-created', () => {
    expect(tablesCompatible(table([['a']]), { type: 'table', rows: [] })).toBe(false);
  });
});
