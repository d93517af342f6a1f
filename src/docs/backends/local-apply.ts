/**
 * Applying a batchUpdate body from a file to a single local document (`gdoc apply`).
 */
import { readFile } from 'node:fs/promises';
import { ValidationError } from '../../errors.js';
import type { BatchUpdateRequest, BatchUpdateResponse } from '../../ground/docs-json.js';
import { LocalBackend } from './local.js';

/** Reads a batch file: `{requests, writeControl?}`, or a bare array of requests. */
export async function readBatchFile(path: string): Promise<BatchUpdateRequest> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ValidationError(`Cannot read the batch file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(value)) return { requests: value };
  if (typeof value !== 'object' || value === null) {
    throw new ValidationError(
      `${path} is not a batchUpdate body.`,
      'Write {"requests": [...], "writeControl": {...}}.',
    );
  }
  return value as BatchUpdateRequest;
}

export async function applyBatchFile(docPath: string, batchPath: string): Promise<BatchUpdateResponse> {
  const body = await readBatchFile(batchPath);
  const backend = new LocalBackend({ file: docPath });
  return backend.batchUpdate(backend.singleDocumentId as string, body);
}
