/** Dotted field masks (`pageSize.width`, `text_style.bold`, `*`) applied from a source object to a target. */
import { RequestError } from './context.js';
import { googleValue, isRecord } from './json.js';

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Split a mask into camelCase dotted paths. */
export function maskPaths(fields: unknown, what: string): string[][] {
  if (typeof fields !== 'string' || fields.trim() === '') {
    throw new RequestError(`At least one field must be specified in the fields mask for ${what}.`);
  }
  return fields
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => f.split('.').map(camel));
}

/** Copy the value at `path` from `source` to `target`; a path with no value in `source` is deleted (reset). */
export function applyPath(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
  path: string[],
): void {
  let src: unknown = source;
  for (const k of path) src = isRecord(src) ? src[k] : undefined;
  let obj = target;
  for (const k of path.slice(0, -1)) {
    if (!isRecord(obj[k])) {
      if (src === undefined) return;
      obj[k] = {};
    }
    obj = obj[k] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (src === undefined || src === null) delete obj[last];
  else obj[last] = googleValue(src);
}
