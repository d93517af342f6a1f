/**
 * Payload checks done before any request runs, as Google's JSON front end does them: unknown
 * field names and wrongly typed values are rejected with `Invalid JSON payload received. …`, and
 * snake_case field names are accepted and turned into camelCase.
 */
import { EnvelopeError } from './context.js';
import { isRecord } from './json.js';
import { ENUMS, type FieldKind, REQUEST_SCHEMA } from './schema.js';

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function fail(path: string, what: string): never {
  throw new EnvelopeError(
    `Invalid JSON payload received. ${what}${path ? ` at '${path}'` : ''}: Cannot find field.`,
  );
}

function badValue(path: string, type: string, value: unknown): never {
  throw new EnvelopeError(
    `Invalid JSON payload received. Invalid value at '${path}' (${type}), ${JSON.stringify(value)}`,
  );
}

function checkScalar(kind: string, value: unknown, path: string, enumKey: string): unknown {
  if (value === null) return value;
  switch (kind) {
    case 's':
      if (typeof value !== 'string') badValue(path, 'TYPE_STRING', value);
      return value;
    case 'i':
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
      if (typeof value !== 'number' || !Number.isInteger(value)) badValue(path, 'TYPE_INT32', value);
      return value;
    case 'n':
      if (typeof value !== 'number') badValue(path, 'TYPE_DOUBLE', value);
      return value;
    case 'b':
      if (typeof value !== 'boolean') badValue(path, 'TYPE_BOOL', value);
      return value;
    case 'e': {
      const allowed = ENUMS[enumKey] ?? [];
      if (typeof value !== 'string' || !allowed.includes(value)) {
        badValue(path, `type.googleapis.com/google.apps.docs.v1.${enumKey.split('.')[0]}`, value);
      }
      return value;
    }
    default:
      return value;
  }
}

function checkField(kind: FieldKind, value: unknown, path: string, enumKey: string): unknown {
  if (typeof kind === 'string') return checkScalar(kind, value, path, enumKey);
  const [schema, shape] = kind;
  if (value === null || value === undefined) return value;
  if (shape === 'o') return checkObject(schema, value, path);
  if (shape === 'a') {
    if (!Array.isArray(value)) badValue(path, 'TYPE_MESSAGE', value);
    return value.map((v, i) => checkObject(schema, v, `${path}[${i}]`));
  }
  if (!isRecord(value)) badValue(path, 'TYPE_MESSAGE', value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = checkObject(schema, v, `${path}[${k}]`);
  return out;
}

/** Check one value against a discovery schema; returns a camelCase copy. */
export function checkObject(schema: string, value: unknown, path: string): Record<string, unknown> {
  const fields = REQUEST_SCHEMA[schema];
  if (!isRecord(value)) badValue(path, 'TYPE_MESSAGE', value);
  if (!fields) return value;
  const out: Record<string, unknown> = {};
  for (const [rawKey, v] of Object.entries(value)) {
    const key = rawKey in fields ? rawKey : camel(rawKey);
    const kind = fields[key];
    if (kind === undefined) {
      // A request type the API does not know leaves the Request oneof empty.
      if (schema === 'Request') throw new EnvelopeError(`Invalid ${path}: No request set.`);
      fail(path, `Unknown name "${rawKey}"`);
    }
    out[key] = checkField(kind, v, path ? `${path}.${snake(key)}` : snake(key), `${schema}.${key}`);
  }
  return out;
}
