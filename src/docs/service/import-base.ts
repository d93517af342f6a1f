/**
 * What an import writes, given the base it started from: the user's text as is when the target
 * has not changed since that read; merged onto the current content when it has and the edits are
 * on different blocks; refused (RevisionConflictError naming the blocks, with the current
 * content) when they overlap. A base that names a part has the user's text put in place of those
 * blocks only, so nothing outside the part can be removed. The base is the one passed, else the
 * target's last read through this server (a BaseStore); with neither there is nothing to compare.
 */
import { excerpt, RevisionConflictError, ValidationError } from '../../errors.js';
import { type BaseStore, lastReadKey, rememberRead, textKey } from './base-store.js';
import {
  type BaseToken,
  baseTokenFor,
  contentFingerprint,
  decodeBaseToken,
  type PartRange,
  type ReadOrigin,
} from './base-token.js';
import { PART_LABEL } from './export-size.js';
import { joinBlocks, type MergeConflict, mergeBlocks, splitBlocks } from './three-way-merge.js';

export interface Scope {
  documentId: string;
  tabId: string;
  anchorId: string | null;
}

/** The base an import compares with: the one passed, else the target's last read (or none). */
export async function findBase(
  explicit: BaseToken | null,
  scope: Scope,
  bases: BaseStore | undefined,
): Promise<BaseToken | null> {
  if (explicit) {
    checkBaseTarget(explicit, scope);
    return explicit;
  }
  const last = await bases?.get(lastReadKey(scope.documentId, scope.tabId, scope.anchorId));
  return last ? decodeBaseToken(last) : null;
}

function checkBaseTarget(base: BaseToken, scope: Scope): void {
  const sameDoc = base.documentId === undefined || base.documentId === scope.documentId;
  if (sameDoc && base.tabId === scope.tabId && base.anchorId === scope.anchorId) return;
  const of = base.anchorId === null ? `tab ${base.tabId}` : `section ${base.anchorId || '(preamble)'}`;
  throw new ValidationError(
    `The base token is from a read of ${of}${sameDoc ? '' : ` of document ${base.documentId}`}, not of this target.`,
    'Pass the base of the export you edited, for the same document, tab and section.',
  );
}

/** What to write and what to remember. */
export interface Reconciled {
  /** The text to import: the user's whole text, or it merged onto the current content. */
  text: string;
  /** The user's whole text (a part put back among the blocks it was cut from). */
  mine: string;
  /** Where the user's part sits in `mine`, when the base was a part. */
  part?: PartRange;
  /** Whether the target had changed since the base, so the user's text was merged onto it. */
  merged: boolean;
  /** Blocks changed by someone else since the base that the write keeps. */
  kept: number;
}

export async function reconcile(
  content: string,
  current: string,
  base: BaseToken | null,
  bases: BaseStore | undefined,
): Promise<Reconciled> {
  if (content.startsWith(PART_LABEL)) {
    throw new ValidationError(
      'The content starts with the label of a part ("> gdoc: PART …"); importing it would write the label into the document.',
      'Remove the label paragraph (and nothing else) and import again.',
    );
  }
  if (!base) return { text: content, mine: content, merged: false, kept: 0 };
  const baseText = await bases?.get(textKey(base.fingerprint));
  const { mine, part } = base.part ? putBack(content, base, baseText) : { mine: content, part: undefined };
  const where = part ? { part } : {};
  if (contentFingerprint(current) === base.fingerprint)
    return { text: mine, mine, ...where, merged: false, kept: 0 };
  if (baseText === undefined) {
    throw new RevisionConflictError(
      `The ${base.anchorId === null ? 'tab' : 'section'} changed since it was read (revision ${base.revisionId}), and this server no longer has that read to merge with; nothing was written.`,
      'Export it again, redo your edit on that text (the current content is returned with this error), and import with the new base.',
      current,
    );
  }
  const merged = mergeBlocks(baseText, mine, current);
  if (!merged.ok) throw conflictError(merged.conflicts, base, current);
  return { text: merged.text, mine, ...where, merged: true, kept: merged.kept };
}

/** The user's part put in place of the blocks the base names, in the text it was cut from. */
function putBack(
  content: string,
  base: BaseToken,
  baseText: string | undefined,
): { mine: string; part: PartRange } {
  const range = base.part!;
  const blocks = baseText === undefined ? undefined : splitBlocks(baseText);
  if (!blocks || range.to > blocks.length) {
    throw new ValidationError(
      'The base is of a part of a long target, and this server no longer has the text that part was cut from; nothing was written (a part cannot be written as the whole).',
      'Export that part again (same part number), redo your edit on it, and import with its base.',
    );
  }
  const yours = splitBlocks(content);
  const mine = joinBlocks([...blocks.slice(0, range.from), ...yours, ...blocks.slice(range.to)]);
  return { mine, part: { from: range.from, to: range.from + yours.length } };
}

function conflictError(conflicts: MergeConflict[], base: BaseToken, current: string): RevisionConflictError {
  const what = base.anchorId === null ? 'tab' : 'section';
  const named = conflicts
    .slice(0, 3)
    .map((c) => excerpt((c.theirs[0] ?? c.base[0] ?? '').replace(/\s+/g, ' '), '`'))
    .join(', ');
  const more = conflicts.length > 3 ? ` and ${conflicts.length - 3} more` : '';
  return new RevisionConflictError(
    `Your edit and a change made to this ${what} since it was read (revision ${base.revisionId}) touch the same paragraphs: ${named}${more}; nothing was written, so neither is lost.`,
    'Merge your edit into the current content (returned with this error) and import again; edits to other paragraphs are merged for you.',
    current,
  );
}

/**
 * After a write: the base for the next import of the same file, remembered as the target's last
 * read. The user's whole text when it was merged or was a part (the next import then merges what
 * they did not see again); else the target as written.
 */
export async function rememberWrite(
  origin: ReadOrigin,
  reconciled: Reconciled,
  written: string,
  bases: BaseStore | undefined,
): Promise<string> {
  const own = reconciled.merged || reconciled.part !== undefined;
  const text = own ? reconciled.mine : written;
  const token = baseTokenFor(origin, text, reconciled.part);
  if (bases) await rememberRead(bases, origin, text, token);
  return token;
}
