/**
 * plainClone is structuredClone for plain data: on every real document and on the corners plain
 * data can hold (undefined members, holes, a `__proto__` key, an object shared by two places,
 * a null-prototype object), the copy is structuredClone's; what is not plain data goes to
 * structuredClone itself (copied, or refused as it refuses it).
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { plainClone } from '../../src/docs/plain-clone.js';
import { loadReal, realDocumentFiles } from '../engine/helpers.js';

/** Same values, same keys in the same order, same prototypes, all the way down. */
function sameCopy(a: unknown, b: unknown): boolean {
  if (!isDeepStrictEqual(a, b)) return false;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return true;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\u0000') !== kb.join('\u0000')) return false;
  return ka.every((k) => sameCopy((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

describe('plainClone', () => {
  it('copies every real document as structuredClone does, sharing nothing with it', () => {
    for (const file of realDocumentFiles()) {
      const doc = loadReal(file);
      const copy = plainClone(doc);
      expect(sameCopy(copy, structuredClone(doc))).toBe(true);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(doc));
      const body = (d: typeof doc) => d.tabs?.[0]?.documentTab?.body ?? d.body;
      expect(body(copy)).toBeDefined();
      expect(body(copy)).not.toBe(body(doc));
    }
  });

  it('keeps undefined members, holes, a __proto__ key and a null-prototype object as structuredClone does', () => {
    const holey: unknown[] = [1];
    holey[2] = 3;
    const values: unknown[] = [
      { a: undefined, b: holey, c: null, d: 'x', e: 1n, f: -0 },
      JSON.parse('{"__proto__": {"x": 1}, "y": 2}'),
      Object.assign(Object.create(null), { z: 1 }),
    ];
    for (const value of values) expect(sameCopy(plainClone(value), structuredClone(value))).toBe(true);
    const proto = plainClone(values[1] as Record<string, unknown>);
    expect(Object.hasOwn(proto, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    const holes = plainClone((values[0] as { b: unknown[] }).b);
    expect(1 in holes).toBe(false);
  });

  it('copies an object met twice once, so the two places share the copy', () => {
    const shared = { s: 1 };
    const value = { a: shared, b: shared, c: [shared] };
    const copy = plainClone(value);
    expect(copy.a).toBe(copy.b);
    expect(copy.c[0]).toBe(copy.a);
    expect(copy.a).not.toBe(shared);
    const cycle: Record<string, unknown> = { n: 1 };
    cycle.self = cycle;
    const copied = plainClone(cycle);
    expect(copied.self).toBe(copied);
  });

  it('leaves what is not plain data to structuredClone', () => {
    const value = { m: new Map([[1, { x: 2 }]]), d: new Date(0) };
    const copy = plainClone(value);
    expect(copy.m).toBeInstanceOf(Map);
    expect(copy.m).not.toBe(value.m);
    expect(copy.d.getTime()).toBe(0);
    expect(() => plainClone({ f: () => 1 })).toThrow(/could not be cloned/);
    expect(() => structuredClone({ f: () => 1 })).toThrow(/could not be cloned/);
  });
});
