/**
 * What an import writes, given the base it started from: the user's text as is when the target
 * has not changed since that read; merged onto the current content when it has and the edits are
 * on different blocks; refused (RevisionConflictError naming the blocks, with the current
 * content) when they overlap. A base that names a part has the user's text put in place of those
 * blocks only, so nothing outside the part can be removed. The base is the one passed, else the
 * target's last read through this server (a BaseStore); with neither there is nothing to compare.
 */
import { excerpt, RevisionConflictError, ValidationError } from '../../errors.js';
import { type BaseStore, lastReads, rememberRead, textKey } from './base-store.js';
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

/**
 * The base an import compares with: the one passed, else the one among the target's last reads
 * that looks most like the content (the read it was edited from): most blocks in common, fewest
 * blocks the content lacks — so a part's read beats the whole's for a part. On a tie the oldest,
 * which can only turn a merge into a refusal, never into a revert. None: never read.
 */
export async function findBase(
  explicit: BaseToken | null,
  scope: Scope,
  content: string,
  bases: BaseStore | undefined,
): Promise<BaseToken | null> {
  if (explicit) {
    checkBaseTarget(explicit, scope);
    return explicit;
  }
  if (!bases) return null;
  const tokens = (await lastReads(bases, scope)).map(decodeBaseToken);
  const blocks = splitBlocks(content);
  let best: { token: BaseToken; score: number } | null = null;
  for (const token of tokens) {
    const text = await bases.get(textKey(token.fingerprint));
    const read = text === undefined ? undefined : splitBlocks(text);
    const handed = read && token.part ? read.slice(token.part.from, token.part.to) : read;
    const common = handed ? shared(blocks, handed) : 0;
    const score = handed ? 2 * common - handed.length : Number.NEGATIVE_INFINITY;
    if (!best || score > best.score) best = { token, score };
  }
  return best?.token ?? null;
}

/** How many of `blocks` the other text has (each block of it counted once). */
function shared(blocks: string[], other: string[]): number {
  const left = new Map<string, number>();
  for (const b of other) left.set(b, (left.get(b) ?? 0) + 1);
  let n = 0;
  for (const b of blocks) {
    const k = left.get(b) ?? 0;
    if (k > 0) {
      n++;
      left.set(b, k - 1);
    }
  }
  return n;
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

/** A resource part read back with its label still on: said plainly, before the MEBDF parse. */
export function refuseLabel(content: string): void {
  if (content.startsWith(PART_LABEL)) {
    throw new ValidationError(
      'The content starts with the label of a part ("> gdoc: PART …"), which is not part of the document.',
      'Remove the quoted label lines at the top (and nothing else) and import again.',
    );
  }
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
    'Read it again (export_section, or gdoc export), redo your edit of those paragraphs on that text — the current content is also returned with this error — and import; edits to other paragraphs are merged for you.',
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
