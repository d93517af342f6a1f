/**
 * The alignment routine on its own, with small comparators: what is kept, paired, deleted and
 * inserted, and that every index of both sides appears once, in order.
 */
import { describe, expect, it } from 'vitest';
import { type AlignOp, align, type Comparator, pairsOf } from '../../src/docs/import/align.js';
import { textComparator } from '../../src/docs/import/comparators.js';

/** Letters, pairable with anything at a fixed cost, except the ones `never` lists. */
function letters(oldI: string[], newI: string[], cost = 0.5, never = ''): Comparator<string> {
  return {
    key: (x) => x,
    pairCost: (o, n) => (never.includes(oldI[o]!) || never.includes(newI[n]!) ? Infinity : cost),
  };
}

const show = (ops: AlignOp[]): string =>
  ops
    .map((op) => (op.op === 'ins' ? `+${op.n}` : op.op === 'del' ? `-${op.o}` : `${op.op[0]}${op.o}${op.n}`))
    .join(' ');

function covers(ops: AlignOp[], oldLen: number, newLen: number): void {
  const os = ops.flatMap((op) => (op.op === 'ins' ? [] : [op.o]));
  const ns = ops.flatMap((op) => (op.op === 'del' ? [] : [op.n]));
  expect(os).toEqual([...Array(oldLen).keys()]);
  expect(ns).toEqual([...Array(newLen).keys()]);
}

describe('align', () => {
  it('of two items swapped, keeps the one that costs more to type again', () => {
    // "T" (a table, say) weighs 10, "p" 1: the paragraph is the one deleted and inserted.
    const weighted = (o: string[], n: string[]): Comparator<string> => ({
      ...letters(o, n, 0.5, 'Tpq'),
      weight: (x) => (x === 'T' ? 10 : 1),
    });
    for (const [o, n] of [
      [
        ['T', 'p'],
        ['p', 'T'],
      ],
      [
        ['p', 'T'],
        ['T', 'p'],
      ],
      [
        ['a', 'T', 'p', 'q', 'b'],
        ['a', 'p', 'q', 'T', 'b'],
      ],
    ] as [string[], string[]][]) {
      const ops = align(o, n, weighted(o, n));
      covers(ops, o.length, n.length);
      const t = o.indexOf('T');
      expect(ops).toContainEqual({ op: 'keep', o: t, n: n.indexOf('T') });
    }
    // Without weights the LCS may keep either.
    const o = ['a', 'T', 'p', 'q', 'b'];
    const n = ['a', 'p', 'q', 'T', 'b'];
    expect(show(align(o, n, letters(o, n, 0.5, 'Tpq')))).toContain('k21');
  });

  it('keeps equal items and pairs the one that changed', () => {
    const o = ['a', 'b', 'c'];
    const n = ['a', 'x', 'c'];
    expect(show(align(o, n, letters(o, n)))).toBe('k00 p11 k22');
  });

  it('deletes and inserts when an item cannot be edited in place', () => {
    const o = ['a', 'b', 'c'];
    const n = ['a', 'x', 'c'];
    const ops = align(o, n, letters(o, n, 0.5, 'x'));
    expect(show(ops).split(' ').sort()).toEqual(['+1', '-1', 'k00', 'k22']);
  });

  it('deletes and inserts rather than pair when pairing costs more than both', () => {
    const o = ['a', 'b'];
    const n = ['a', 'x', 'y'];
    const ops = align(o, n, letters(o, n, 1.5));
    // One pair (1.5) beats a delete and an insert (2): b becomes x or y, the other is new.
    covers(ops, 2, 3);
    expect(ops.map((op) => op.op).sort()).toEqual(['ins', 'keep', 'pair']);
  });

  it('keeps a moved run by LCS and re-creates the rest', () => {
    const o = ['a', 'b', 'c', 'd'];
    const n = ['c', 'd', 'a', 'b'];
    const ops = align(o, n, letters(o, n, Infinity));
    covers(ops, 4, 4);
    expect(ops.filter((op) => op.op === 'keep')).toHaveLength(2);
  });

  it('pairs items naming the same anchor with each other, whatever lies between', () => {
    const o = ['#1', 'p', 'q', '#2', 'r'];
    const n = ['#1 renamed', 'z', '#2 renamed', 's', 't'];
    const anchorOf = (x: string): string | null => (x.startsWith('#') ? x.slice(0, 2) : null);
    const cmp: Comparator<string> = { ...letters(o, n, 1.9), anchor: anchorOf };
    const pairs = pairsOf(align(o, n, cmp));
    expect(pairs.get(0)).toBe(0);
    expect(pairs.get(3)).toBe(2);
  });

  it('pairs texts by what they have in common', () => {
    const o = ['the quick brown fox', 'lorem ipsum'];
    const n = ['lorem ipsum dolor', 'the quick red fox'];
    const ops = align(o, n, textComparator(o, n));
    covers(ops, 2, 2);
    expect(ops.some((op) => op.op === 'pair')).toBe(true);
  });

  it('covers every index of both sides once, in order', () => {
    let seed = 7;
    const rnd = (k: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % k;
    };
    for (let t = 0; t < 200; t++) {
      const o = Array.from({ length: rnd(8) }, () => 'abcde'[rnd(5)]!);
      const n = Array.from({ length: rnd(8) }, () => 'abcde'[rnd(5)]!);
      covers(align(o, n, letters(o, n, rnd(3) === 0 ? Infinity : 0.8)), o.length, n.length);
    }
  });
});
