/**
 * The document files this process read or wrote last, kept parsed, so that a process serving
 * command after command (the background `gdoc`, `gdoc serve`) does not read, decode and parse a
 * large file again when it has not changed since: a 100-page document is 3.7 MB of JSON, 25 ms
 * to read and parse, while the edit itself takes a few.
 *
 * A file is known by its identity (inode, size, modification time: every write renames a new file
 * into place), so a file written by anyone else is a new file. A file this process wrote is kept
 * as the text it wrote and parsed when the process has a moment (`settleRecentDocuments`) or when
 * it is next read: the document then is exactly what a read of the file gives.
 *
 * Documents handed out are shared by every read of the same file; nothing may change them (the
 * engine works on its own copy). Under the tests they are frozen, so a change would throw.
 */

import type { Document } from '../../ground/docs-json.js';
import { setNewest } from '../../ground/newest.js';
import { frozenInTests, sealAsWritten, sealDocument } from '../../ground/sealed.js';

interface Recent {
  key: string;
  document?: Document;
  text?: string;
  /** The document `text` was written from, when this process made it (ground/sealed.ts `sealAsWritten`). */
  written?: Document;
}

/** The document a file's text holds, as the store reads it. */
type Parse<D extends Document = Document> = (text: string, path: string) => D;

/** A process works on one document at a time, or two (a 400-page one is some 100 MB parsed). */
const KEPT = 2;
const recent = new Map<string, Recent>();

/** The document at `path` when the file is still the one with identity `key`. */
export function recentDocument<D extends Document>(
  path: string,
  key: string,
  parse: Parse<D>,
): D | undefined {
  const entry = recent.get(path);
  if (entry?.key !== key) return undefined;
  // Most recently used last.
  recent.delete(path);
  recent.set(path, entry);
  return parsed(path, entry, parse) as D;
}

/** Keeps what the file at `path` with identity `key` holds: its document, or the text written. */
export function keepRecent(
  path: string,
  key: string,
  held: { document: Document } | { text: string; written?: Document },
): void {
  const entry = 'document' in held ? { key, document: shared(held.document) } : { key, ...held };
  setNewest(recent, path, entry, KEPT);
}

/** Parses the texts this process wrote, ahead of their next read (for a moment with nothing to do). */
export function settleRecentDocuments(parse: Parse): void {
  for (const [path, entry] of recent) parsed(path, entry, parse);
}

function parsed(path: string, entry: Recent, parse: Parse): Document {
  if (!entry.document) {
    const document = parse(entry.text ?? '', path);
    if (entry.written) sealAsWritten(document, entry.written);
    entry.document = shared(document);
    entry.text = undefined;
    entry.written = undefined;
  }
  return entry.document;
}

/** Sealed (ground/sealed.ts): what is worked out from it may be kept while it lives. */
function shared(document: Document): Document {
  sealDocument(document);
  return frozenInTests(document);
}
