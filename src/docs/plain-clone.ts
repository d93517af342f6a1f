/**
 * `structuredClone` for plain data (Docs JSON, block models): the same copy, made several times
 * faster. structuredClone serialises its input and reads it back, which costs tens of
 * microseconds even for a few kilobytes; the engine copies a document for every batch and the
 * exporter copies a section's blocks, so that cost is paid on every import whatever its size.
 *
 * The copy is structuredClone's for what plain data holds: plain objects (own enumerable keys in
 * their order, `__proto__` included as a key) and arrays of elements (holes kept; keys an array
 * may hold besides its elements are not data and are not copied), an object met twice copied once
 * (two places that share it share the copy), primitives as they are. Anything else — a Map, a
 * Date, a class instance, a function, a symbol — goes to structuredClone itself, which copies or
 * refuses it as it always did. Ground level: imports nothing.
 */

export function plainClone<T>(value: T): T {
  return copy(value, new Map()) as T;
}

/**
 * `plainClone`, with some objects of `value` already copied: where the copy would hold a copy of
 * a key of `copies`, it holds that key's value itself (a copy made apart, or a stand-in to replace).
 */
export function plainCloneWith<T>(value: T, copies: ReadonlyMap<object, unknown>): T {
  return copy(value, new Map(copies)) as T;
}

function copy(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) {
    // Functions and symbols are structuredClone's to refuse (it throws DataCloneError).
    return typeof value === 'function' || typeof value === 'symbol' ? structuredClone(value) : value;
  }
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return structuredClone(value);
    const out = new Array<unknown>(value.length);
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) if (i in value) out[i] = copy(value[i], seen);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const key of Object.keys(value)) {
    const v = copy(at(value, key), seen);
    if (key === '__proto__') define(out, key, v);
    else out[key] = v;
  }
  return out;
}

function at(value: object, key: string): unknown {
  return (value as Record<string, unknown>)[key];
}

/** An own data property, even for a key an assignment would not make one (`__proto__`). */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
