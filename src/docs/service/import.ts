/**
 * Import use cases over a Backend: MEBDF content -> one guarded, verified batchUpdate
 * (import-pipeline.ts). Here only what comes before the pipeline: the size check, and a text a
 * read handed out recognised as unchanged before any parsing (unchanged-import.ts). The pipeline, with
 * the MEBDF parser, exporter, planner and engine it needs, loads only when there is work to do.
 */
import { ContentTooLargeError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { BaseStore } from './base-store.js';
import { COMMENT_MARKER, IMPORT_READ } from './comment-markers.js';
import type { ImportOptions, ImportResult, SectionTarget, TabTarget } from './contract.js';
import { withLineFeeds } from './text-blocks.js';
import {
  readsSaying,
  type UnchangedTarget,
  unchangedImport,
  unchangedWithoutRead,
} from './unchanged-import.js';

/**
 * Larger content is refused before any read. Google's limit is on the document (about a million
 * characters of text), not on the MEBDF spelling it, whose markup can be several times that; this
 * only keeps a stray input from exhausting memory.
 */
export const MAX_CONTENT_CHARS = 32_000_000;

export async function importSectionService(
  backend: Backend,
  target: SectionTarget,
  content: string,
  options: ImportOptions = {},
  bases?: BaseStore,
): Promise<ImportResult> {
  return runImport(
    backend,
    { documentId: target.document_id, tab: target.tab_id, anchorId: target.anchor_id },
    content,
    options,
    bases,
  );
}

export async function importTabService(
  backend: Backend,
  target: TabTarget,
  content: string,
  options: ImportOptions = {},
  bases?: BaseStore,
): Promise<ImportResult> {
  return runImport(
    backend,
    { documentId: target.document_id, tab: target.tab_id, anchorId: null },
    content,
    options,
    bases,
  );
}

async function runImport(
  backend: Backend,
  where: UnchangedTarget,
  content: string,
  options: ImportOptions,
  bases: BaseStore | undefined,
): Promise<ImportResult> {
  checkSize(content);
  // Line ends as an editor on Windows saves them would make the text one block, so any
  // colleague's edit since the read would meet it and be refused (text-blocks.ts).
  content = withLineFeeds(content);
  // Comment markers are read-only: stripped before anything reads the text (comment-import.ts).
  if (COMMENT_MARKER.test(content))
    content = (await import('./comment-import.js')).withoutCommentMarkers(content);
  const reads = await readsSaying(where, content, options, bases);
  if (reads.length === 0 || !bases)
    return (await pipeline()).runImport(backend, where, content, options, bases);
  // A text a read handed out: when the document is still at that revision, nothing is to be done
  // (and the pipeline's modules, most of an import's start-up, are never loaded). The local store
  // tells that from its file alone; elsewhere a read says the revision.
  const current = await unchangedWithoutRead(backend, where, content, reads, bases);
  if (current) return current;
  const doc = await backend.get(where.documentId, IMPORT_READ);
  const unchanged = await unchangedImport(doc, where, content, reads, bases);
  if (unchanged) return unchanged;
  return (await pipeline()).runImport(backend, where, content, options, bases, doc);
}

/**
 * The pipeline's module, loaded on first use and kept: a server imports many times, and each
 * `import()` of a module already loaded still goes through the module loader.
 */
let loaded: Promise<typeof import('./import-pipeline.js')> | undefined;
function pipeline(): Promise<typeof import('./import-pipeline.js')> {
  loaded ??= import('./import-pipeline.js');
  return loaded;
}

function checkSize(content: string): void {
  if (content.length > MAX_CONTENT_CHARS) {
    throw new ContentTooLargeError(
      `The content is ${content.length} characters; an import takes at most ${MAX_CONTENT_CHARS}.`,
      'Import the document section by section.',
    );
  }
}
