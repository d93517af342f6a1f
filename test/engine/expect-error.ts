/** Assert that a batch fails with Google's 400 and leaves the input document untouched. */
import { expect } from 'vitest';
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import { DocsApiError } from '../../src/errors.js';
import type { BatchUpdateRequest, Document } from '../../src/ground/docs-json.js';
import { opts } from './helpers.js';

export function expectRejected(doc: Document, requests: unknown[], message: string | RegExp): void {
  const before = JSON.stringify(doc);
  let err: unknown;
  try {
    applyBatchUpdate(doc, { requests } as BatchUpdateRequest, opts());
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(DocsApiError);
  const api = err as DocsApiError;
  expect(api.code).toBe(400);
  expect(api.toGoogleJson().error.status).toBe('INVALID_ARGUMENT');
  if (typeof message === 'string') expect(api.message).toBe(message);
  else expect(api.message).toMatch(message);
  expect(JSON.stringify(doc)).toBe(before);
}
