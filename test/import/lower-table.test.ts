/**
 * The table lowering on its own: a table edit (plain data) and the table as read -> the requests,
 * in the order that keeps every index valid (merges undone, kept cells from the end, deletions,
 * insertions, new cells from the end, merges done).
 */

import { describe, expect, it } from 'vitest';
import { CodeRanges } from '../../src/docs/export/code-blocks.js';
import { HtmlRanges } from '../../src/docs/export/html-ranges.js';
import { exportTab, resolveTab } from '../../src/docs/export/index.js';
import { namedStyleBases } from '../../src/docs/export/style-overrides.js';
import type { TableSource } from '../../src/docs/export/types.js';
import { PlanContext } from '../../src/docs/import/context.js';
import type { ContainerScript, Step } from '../../src/docs/import/edit-script.js';
import { levelIndents } from '../../src/docs/import/lower-lists.js';
import { lowerTableEdit } from '../../src/docs/import/lower-table.js';
import { RunStyles } from '../../src/docs/import/run-styles.js';
import { tableEdit } from '../../src/docs/import/table-edit.js';
import type { TableBlock, TableCell } from '../../src/mebdf/model.js';
import { makeDoc, para } from '../export/builder.js';

const cell = (t: string, colSpan = 1): TableCell => ({
  blocks: [
    {
      type: 'paragraph',
      style: { namedStyle: 'NORMAL_TEXT' },
      inlines: t ? [{ type: 'text', text: t, style: {} }] : [],
    },
  ],
  ...(colSpan > 1 ? { colSpan } : {}),
});

const emptyScript: ContainerScript = {
  seg: '',
  inCell: true,
  tailEnd: null,
  old: [],
  sources: [],
  next: [],
  ops: [],
  steps: [],
};

/** Lowers the edit of the 2x2 table of a small document into `n`. */
function lower(n: TableBlock) {
  const doc = makeDoc({
    blocks: [
      para('Intro.'),
      {
        table: [
          [[para('a')], [para('b')]],
          [[para('c')], [para('d')]],
        ],
      },
      para(''),
    ],
  });
  const ex = exportTab(doc);
  const tab = resolveTab(doc).content;
  const bases = namedStyleBases(tab);
  const ctx = new PlanContext({
    tabId: ex.tabId,
    bases,
    lists: new Map(),
    tab,
    levelIndents: (listId, level) => levelIndents(tab, listId, level),
    positioned: () => false,
    runStyles: new RunStyles(tab, ex.tabId, bases),
    codeRanges: new CodeRanges(tab),
    htmlRanges: new HtmlRanges(tab),
    oldEmbedIds: new Set(),
    newEmbedIds: new Set(),
    newFootnoteLabels: new Set(),
  });
  const o = ex.model.blocks[1] as TableBlock;
  const src = ex.sources[1] as TableSource;
  const table = tableEdit(o, n);
  // Each changed cell's content script stands in as a stub; the lowering hands them back in order.
  const cells = table.cells.map((c) => ({ ...emptyScript, seg: `cell ${c.o.join(',')}` }));
  const step: Step & { kind: 'edit-table' } = { kind: 'edit-table', o: 1, n: 1, table, cells };
  const lowered: string[] = [];
  lowerTableEdit(ctx, o, src, n, step, (script) => lowered.push(script.seg));
  return { requests: ctx.requests, src, lowered };
}

const kinds = (reqs: object[]): string[] => reqs.map((r) => Object.keys(r)[0]!);

describe('lowerTableEdit', () => {
  it('a row added at the end: inserted below the last row, its cells filled last first in the style they copy', () => {
    const { requests, src } = lower({
      type: 'table',
      rows: [
        [cell('a'), cell('b')],
        [cell('c'), cell('d')],
        [cell('e'), cell('f')],
      ],
    });
    // The new cells copy the plain style of the cells above them: their text needs no style request.
    expect(kinds(requests)).toEqual(['insertTableRow', 'insertText', 'insertText']);
    const ins = (
      requests[0] as { insertTableRow: { tableCellLocation: { rowIndex: number }; insertBelow: boolean } }
    ).insertTableRow;
    expect(ins.tableCellLocation.rowIndex).toBe(1);
    expect(ins.insertBelow).toBe(true);
    // The new row starts where the old table ended its last row; its second cell is filled first.
    const texts = requests.flatMap((r) =>
      'insertText' in r
        ? [(r as { insertText: { text: string; location: { index: number } } }).insertText]
        : [],
    );
    expect(texts.map((t) => t.text)).toEqual(['f', 'e']);
    const rowStart = src.rows[1]!.endIndex;
    expect(texts[1]!.location.index).toBe(rowStart + 2);
    expect(texts[0]!.location.index).toBe(rowStart + 4);
  });

  it('a column removed: one deletion, no cell touched', () => {
    const { requests, lowered } = lower({ type: 'table', rows: [[cell('a')], [cell('c')]] });
    expect(kinds(requests)).toEqual(['deleteTableColumn']);
    expect(lowered).toEqual([]);
  });

  it('a merge done: changed cells lowered from the last, the merge after them', () => {
    const { requests, lowered } = lower({
      type: 'table',
      rows: [
        [cell('a', 2), cell('')],
        [cell('c'), cell('D')],
      ],
    });
    expect(lowered).toEqual(['cell 1,1', 'cell 0,1', 'cell 0,0']);
    expect(kinds(requests)).toEqual(['mergeTableCells']);
  });
});
