/**
 * Creating a single local document file (`gdoc new`): the engine's `documents.create` result,
 * written atomically and only if the file does not exist yet.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { ValidationError } from '../../errors.js';
import type { EngineOptions } from '../engine/document.js';
import { serializeDocument } from '../engine/json.js';
import { newLocalDocument } from './local.js';
import { createFileExclusive } from './local-files.js';

export interface CreatedLocalDocument {
  path: string;
  document_id: string;
  title: string;
  revision_id: string;
}

export async function createLocalDocumentFile(
  path: string,
  title: string,
  options?: EngineOptions,
): Promise<CreatedLocalDocument> {
  const target = resolve(path);
  if (!target.endsWith('.json')) {
    throw new ValidationError(`${path}: a local document file name ends in .json.`, `Try ${path}.json.`);
  }
  const folder = await stat(dirname(target)).catch(() => undefined);
  if (!folder?.isDirectory()) {
    throw new ValidationError(`The folder ${dirname(target)} does not exist.`, 'Create it first (mkdir -p).');
  }
  const id = basename(target).replace(/\.json$/, '');
  const document = newLocalDocument(id, title, options);
  if (!(await createFileExclusive(target, serializeDocument(document)))) {
    throw new ValidationError(
      `${path} already exists; gdoc new never overwrites a file.`,
      'Choose another name or delete the file first.',
    );
  }
  return { path: target, document_id: id, title, revision_id: document.revisionId ?? '' };
}
