/**
 * The equality module: the structural functions agree with one another on arbitrary JSON, and each
 * normalisation makes equal exactly what its reason says may differ, and nothing else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepEqual as engineDeepEqual } from '../../src/docs/engine/index.js';
import * as equality from '../../src/docs/equality.js';
import {
  ACROSS_A_WRITE,
  asIntended,
  canonicalKey,
  deepEqual,
  equalUnder,
  firstDifference,
  massage,
  SERVER_ASSIGNED,
  sameAcrossWrite,
} from '../../src/docs/equality.js';
import { parseMebdf } from '../../src/mebdf/index.js';

/** The same value with every object's members in reverse order. */
function reversedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversedKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .reverse()
      .map(([k, x]) => [k, reversedKeys(x)]),
  );
}

const blocks = (text: string) => parseMebdf(text).blocks;

describe('equality module', () => {
  it('offers the structural functions and the normalisations', () => {
    expect(Object.keys(equality).sort()).toEqual(
      [
        'ACROSS_A_WRITE',
        'SERVER_ASSIGNED',
        'asIntended',
        'canonicalKey',
        'deepEqual',
        'equalUnder',
        'firstDifference',
        'massage',
        'sameAcrossWrite',
      ].sort(),
    );
    // The engine re-exports the same function rather than a copy.
    expect(engineDeepEqual).toBe(deepEqual);
  });

  it('deepEqual: key order is ignored, undefined members are absent, array order matters', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ x: undefined }, { y: 1 })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual(1, '1')).toBe(false);
  });

  it('deepEqual, canonicalKey and firstDifference agree on arbitrary JSON', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, (a, b) => {
        const equal = deepEqual(a, b);
        expect(canonicalKey(a) === canonicalKey(b)).toBe(equal);
        expect(firstDifference(a, b) === null).toBe(equal);
        expect(deepEqual(a, reversedKeys(a))).toBe(true);
        expect(canonicalKey(reversedKeys(a))).toBe(canonicalKey(a));
      }),
      { numRuns: 300 },
    );
  });

  it('equalUnder is deepEqual of the massaged values, without the copies', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    // Object members named like a rule's property appear often enough with short keys.
    const keyed = fc.dictionary(fc.constantFrom('id', 'key', 'x'), json, { maxKeys: 3 });
    const value = fc.oneof(json, keyed, fc.array(keyed, { maxLength: 3 }));
    const rules = [
      ...ACROSS_A_WRITE,
      { property: 'x', why: 'a test rule', apply: (v: unknown) => (v === 1 ? 2 : v) },
    ];
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(equalUnder(a, b, rules)).toBe(deepEqual(massage(a, rules), massage(b, rules)));
      }),
      { numRuns: 300 },
    );
    expect(equalUnder({ id: 'hr.1', x: 1 }, { id: 'hr.2', x: 2 }, rules)).toBe(true);
  });

  it('firstDifference names the path and the two values found there', () => {
    const a = { blocks: [{ text: 'a' }, { text: 'b', style: { bold: true } }] };
    const b = { blocks: [{ text: 'a' }, { style: { bold: false }, text: 'b' }] };
    expect(firstDifference(a, b)).toEqual({ path: ['blocks', 1, 'style', 'bold'], a: true, b: false });
    expect(firstDifference([1], [1, 2])).toEqual({ path: [1], a: undefined, b: 2 });
  });

  it('every normalisation says why', () => {
    for (const rule of [...ACROSS_A_WRITE, ...SERVER_ASSIGNED]) expect(rule.why.length).toBeGreaterThan(20);
  });

  it('across a write: ordinal ids and list keys may renumber, real ids may not', () => {
    const before = blocks('{^ h.synthetic-2}x {^= hr.3 hr}\n\n- item\n');
    const after = structuredClone(before);
    const renumber = JSON.parse(
      JSON.stringify(after).replace('h.synthetic-2', 'h.synthetic-5').replace('hr.3', 'hr.4'),
    );
    expect(deepEqual(before, renumber)).toBe(false);
    expect(sameAcrossWrite(before, renumber)).toBe(true);
    const list = structuredClone(before);
    const item = list[1]!;
    if (item.type === 'paragraph' && item.list) item.list.key = '7';
    expect(sameAcrossWrite(before, list)).toBe(true);

    const real = blocks('{^ kix.abc1}x\n');
    expect(sameAcrossWrite(real, blocks('{^ kix.abc2}x\n'))).toBe(false);
    expect(sameAcrossWrite(real, blocks('{^ kix.abc1}y\n'))).toBe(false);
    expect(massage({ id: 'toc.12', key: '1', other: 'hr.1' }, ACROSS_A_WRITE)).toEqual({
      id: 'toc.#',
      other: 'hr.1',
    });
  });

  it('asIntended: a new heading id, a proposed anchor and an inserted image read back as intended', () => {
    const intended = blocks('## New heading\n\nSee {^}here ![logo](https://example.com/l.png)\n');
    const result = blocks('## {^ h.new1}New heading\n\nSee {^ kix.r1}here {^= kix.img1 image}\n');
    expect(deepEqual(result, intended)).toBe(false);
    expect(deepEqual(asIntended(result, intended), intended)).toBe(true);
  });

  it('asIntended leaves everything else as the result says it', () => {
    // An id the intended content named, and a heading id where the intended heading had another.
    const intended = blocks('## {^ h.old}Heading\n\nSee {^ kix.keep}here {^}\n');
    const result = blocks('## {^ h.other}Heading\n\nSee {^ kix.lost}here {^ kix.new}\n');
    const fixed = asIntended(result, intended);
    expect(deepEqual(fixed, intended)).toBe(false);
    expect(JSON.stringify(fixed)).toContain('h.other');
    // In table cells too, paired by position.
    const table = (cell: string) => blocks(`| a | b |\n| --- | --- |\n| ${cell} | x |\n`);
    const cellFixed = asIntended(table('{^ kix.c1}c'), table('{^}c'));
    expect(deepEqual(cellFixed, table('{^}c'))).toBe(true);
    // Different lengths are not paired: they differ anyway.
    expect(asIntended(blocks('## {^ h.a}A\n\nB\n'), blocks('## A\n'))).toEqual(blocks('## {^ h.a}A\n\nB\n'));
  });
});
