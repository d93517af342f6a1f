/**
 * The edit script on its own: the steps the builder describes for an edit of an exported
 * document (what is edited, deleted and inserted, and between which old blocks), before any
 * request or index exists.
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { buildScript } from '../../src/docs/import/build-script.js';
import { parseMebdf } from '../../src/mebdf/index.js';
import { listDef, makeDoc, para } from '../export/builder.js';

function script(doc: ReturnType<typeof makeDoc>, edit: (c: string) => string) {
  const ex = exportTab(doc);
  const last = ex.sources[ex.sources.length - 1]!;
  return buildScript({ old: ex, next: parseMebdf(edit(ex.content)), bodyEnd: last.endIndex });
}

const item = (t: string) =>
  para(
    t,
    { indentStart: { magnitude: 36, unit: 'PT' }, indentFirstLine: { magnitude: 18, unit: 'PT' } },
    { bullet: { listId: 'kix.l1' } },
  );

describe('buildScript', () => {
  const doc = () => makeDoc({ blocks: [para('One.'), para('Two.'), para('Three.')] });

  it('an unchanged document has no steps', () => {
    expect(script(doc(), (c) => c).body.steps).toEqual([]);
  });

  it('a reworded paragraph is one paragraph edit on its old and new index', () => {
    expect(script(doc(), (c) => c.replace('Two.', 'Two, reworded.')).body.steps).toEqual([
      { kind: 'edit-paragraph', o: 1, n: 1 },
    ]);
  });

  it('new paragraphs are one insert run between the old blocks around them', () => {
    const steps = script(doc(), (c) => c.replace('Two.\n', 'Two.\n\nNew A.\n\nNew B.\n')).body.steps;
    expect(steps).toEqual([
      { kind: 'insert', news: [2, 3], prev: 1, next: 2, survivor: { o: 2, n: 4, edited: false } },
    ]);
  });

  it('a removed paragraph is a delete run, with the old blocks around it', () => {
    const steps = script(doc(), (c) => c.replace('Two.\n\n', '')).body.steps;
    expect(steps).toEqual([{ kind: 'delete', olds: [1], prev: 0, next: 2, recreatesTable: false }]);
  });

  it('a changed table cell is a table edit holding the script of that cell', () => {
    const d = makeDoc({ blocks: [para('Intro.'), { table: [[[para('a')], [para('b')]]] }, para('')] });
    const [step] = script(d, (c) => c.replace('| a | b |', '| a | B |')).body.steps;
    expect(step?.kind).toBe('edit-table');
    if (step?.kind !== 'edit-table') return;
    expect(step.table.cells).toEqual([{ o: [0, 1], n: [0, 1] }]);
    expect(step.cells).toHaveLength(1);
    expect(step.cells[0]!.inCell).toBe(true);
    expect(step.cells[0]!.steps).toEqual([{ kind: 'edit-paragraph', o: 0, n: 0 }]);
  });

  it('learns which old list each new list continues from the paragraphs kept', () => {
    const d = makeDoc({ blocks: [item('One'), item('Two')], lists: { 'kix.l1': listDef('bullet') } });
    const s = script(d, (c) => c.replace('- Two', '- Two, edited'));
    const oldKey = (s.body.old[0] as { list?: { key: string } }).list!.key;
    const newKey = (s.body.next[0] as { list?: { key: string } }).list!.key;
    expect(s.lists.get(oldKey)).toEqual(new Set([newKey]));
  });
});
