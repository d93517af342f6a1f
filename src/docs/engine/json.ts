/** JSON helpers shared by the engine: deep equality (src/docs/equality.ts), cloning and Google-like serialisation. */

// The ground-level equality the compiler uses too (it imports nothing of ours, so the engine may).
export { deepEqual } from '../equality.js';

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/**
 * The document as Google writes it: 2-space indent, no `undefined`/`null` members, and never a
 * `startIndex` of 0 (proto3 drops zero values; the engine never stores other zeros it creates).
 */
export function serializeDocument(doc: unknown): string {
  return JSON.stringify(
    doc,
    (key, value) => {
      if (value === null) return undefined;
      if (key === 'startIndex' && value === 0) return undefined;
      if (ZERO_DROPPED.has(key) && value === 0) return undefined;
      return value;
    },
    2,
  );
}

/** Plain proto3 numbers that Google never writes when zero (dimensions and colour channels). */
const ZERO_DROPPED = new Set(['magnitude', 'red', 'green', 'blue']);

/** A copy of a request-supplied value as Google would store it: zero magnitudes and colour channels dropped. */
export function googleValue<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (k, v) => (ZERO_DROPPED.has(k) && v === 0 ? undefined : v)) as T;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
