/**
 * Turns what a person types as DOC into a backend and a document id:
 * - `--local DIR`: the local store in DIR, DOC being the document's NAME (NAME.json);
 * - a path ending in `.json`: that one file as a local store;
 * - a docs.google.com URL or a bare id: Google; a URL's `?tab=` and `#heading=` are returned as
 *   the tab and section a command uses when its --tab / --section are not given.
 * Backends are imported lazily so that `gdoc --help` and local commands never load googleapis.
 */

import { parseDocRef } from '../docs/doc-ref.js';
import { ValidationError } from '../errors.js';
import type { Backend } from '../ground/backend.js';
import { cliIo } from './io.js';

export interface OpenOptions {
  /** Serve/read the local store in this folder instead of Google. */
  local?: string | undefined;
}

export interface OpenedDocument {
  backend: Backend;
  documentId: string;
  /** From a URL's `?tab=`. */
  tabId?: string;
  /** From a URL's `#heading=`. */
  anchorId?: string;
}

const GOOGLE_URL = /^https?:\/\/docs\.google\.com\/document\/(?:u\/\d+\/)?d\/([a-zA-Z0-9_-]+)/;
const GOOGLE_ID = /^[a-zA-Z0-9_-]{20,}$/;

export async function openDocument(ref: string, options: OpenOptions = {}): Promise<OpenedDocument> {
  const trimmed = ref.trim();
  if (!trimmed)
    throw new ValidationError('No document given.', 'Pass a Google Doc id or URL, or a .json file.');
  if (options.local !== undefined) {
    const backend = await openStore(options);
    return { backend, documentId: trimmed.replace(/\.json$/i, '') };
  }
  if (/\.json$/i.test(trimmed)) {
    const { LocalBackend } = await import('../docs/backends/local.js');
    const backend = new LocalBackend({ file: trimmed });
    return { backend, documentId: backend.singleDocumentId ?? trimmed };
  }
  if (GOOGLE_URL.test(trimmed)) return { backend: await openGoogle(), ...parseDocRef(trimmed) };
  if (GOOGLE_ID.test(trimmed)) return { backend: await openGoogle(), documentId: trimmed };
  throw new ValidationError(
    `"${ref}" is neither a Google Doc id or URL nor a .json file.`,
    'Pass the id from docs.google.com/document/d/<ID>/edit, the URL itself, a path ending in .json, or --local DIR with a document NAME.',
  );
}

/** The store behind a command that takes no DOC (ls, serve): a local folder or Google. */
export async function openStore(options: OpenOptions = {}): Promise<Backend> {
  if (options.local !== undefined) {
    const { LocalBackend } = await import('../docs/backends/local.js');
    return new LocalBackend({ dir: options.local });
  }
  return await openGoogle();
}

/** Google, connected on first use (see lazy-backend.ts): no credentials needed to start. */
async function openGoogle(): Promise<Backend> {
  const { LazyBackend } = await import('./lazy-backend.js');
  return new LazyBackend('google', async () => {
    const { createGoogleBackend } = await import('../docs/backends/google.js');
    // Retry diagnostics only on request: stderr stays quiet for normal use.
    const log = process.env.GDOC_DEBUG
      ? (line: string) => cliIo().stderr.write(`gdoc: ${line}\n`)
      : undefined;
    return await createGoogleBackend(process.env, log ? { log } : {});
  });
}
