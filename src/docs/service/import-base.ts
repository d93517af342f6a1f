/**
 * What an import writes, given the base it started from: the user's text as is when the target
 * has not changed since that read; merged onto the current content when it has and the edits are
 * on different blocks; refused (RevisionConflictError naming the blocks, with the current
 * content) when they overlap. A base that names a part has the user's text put in place of those
 * blocks only, so nothing outside the part can be removed. The base is the one passed, else the
 * target's last read through this server (a BaseStore); with neither there is nothing to compare.
 */
import { diffArrays, diffChars } from 'diff';
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
import { sectionOfTab } from './section-of-tab.js';
import { blocksLacking, leadingNames, sameBlock } from './text-blocks.js';
import { joinBlocks, type MergeConflict, mergeBlocks, splitBlocks } from './three-way-merge.js';

export interface Scope {
  documentId: string;
  tabId: string;
  anchorId: string | null;
}

/**
 * The base an import compares with: the one passed, else the one among the target's last reads
 * that looks most like the content (the read it was edited from): fewest blocks apart
 * (blocksApart) — so a part's read beats the whole's for a part. Reads that tie on
 * blocks (the content edited a paragraph that differs between them: exported, edited, imported,
 * exported again and the same paragraph edited again) are told apart by characters (closerRead).
 * None: never read.
 */
export async function findBase(
  explicit: BaseToken | null,
  scope: Scope,
  content: string,
  bases: BaseStore | undefined,
  /** The base the content's file names (its sidecar), when no explicit base was passed. */
  file: BaseToken | null = null,
  /** The target's text now: its heading finds a section in a tab read when the content renamed it. */
  current?: string,
  /** What the caller last wrote to the target: the base among reads equally like the content. */
  lastWrite: BaseToken | null = null,
): Promise<BaseToken | null> {
  if (explicit) {
    checkBaseTarget(explicit, scope);
    return explicit;
  }
  if (file) {
    checkBaseTarget(file, scope);
    return (bases && (await laterRead(file, scope, content, bases))) ?? file;
  }
  if (!bases) return null;
  const blocks = splitBlocks(content);
  let tokens = (await lastReads(bases, scope)).map(decodeBaseToken);
  if (tokens.length === 0 && scope.anchorId !== null)
    tokens = await sectionReadsOfTab(scope, scope.anchorId, [content, current], bases);
  let tied: Array<{ token: BaseToken; blocks: string[] }> = [];
  let best = Number.NEGATIVE_INFINITY;
  for (const token of tokens) {
    const handed = await handedBlocks(token, bases);
    if (!handed) {
      if (tied.length === 0 && best === Number.NEGATIVE_INFINITY) tied = [{ token, blocks: [] }];
      continue;
    }
    const score = -blocksApart(blocks, handed, -best);
    if (score > best) {
      best = score;
      tied = [{ token, blocks: handed }];
    } else if (score === best) tied.push({ token, blocks: handed });
  }
  if (tied.length === 0) return null;
  const own = lastWrite && tied.find(({ token }) => sameRead(token, lastWrite));
  return own ? own.token : closerRead(blocks, tied);
}

/** Whether two tokens name the same read: the same text of the same target at the same revision. */
function sameRead(a: BaseToken, b: BaseToken): boolean {
  return a.fingerprint === b.fingerprint && a.revisionId === b.revisionId && !a.part === !b.part;
}

/**
 * A section never read by itself: the reads of its tab, each cut to the section
 * (section-of-tab.ts) and kept as a read of the section at the tab read's revision, so that an
 * import of the section edited from the tab's read merges with what changed since, as one edited
 * from a read of the section does.
 */
async function sectionReadsOfTab(
  scope: Scope,
  anchorId: string,
  /** Texts whose heading may be the section's in the tab read: the content's, then the target's. */
  texts: Array<string | undefined>,
  bases: BaseStore,
): Promise<BaseToken[]> {
  const headings = texts.map((t) => (t === undefined ? undefined : splitBlocks(leadingNames(t).rest)[0]));
  const out: BaseToken[] = [];
  for (const tab of (await lastReads(bases, { ...scope, anchorId: null })).map(decodeBaseToken)) {
    const text = await bases.get(textKey(tab.fingerprint));
    const section =
      text === undefined
        ? undefined
        : headings.reduce<string | undefined>(
            (found, h) => found ?? sectionOfTab(text, anchorId, h),
            undefined,
          );
    if (section === undefined) continue;
    const origin = { ...scope, anchorId, revisionId: tab.revisionId };
    const token = decodeBaseToken(baseTokenFor(origin, section));
    await bases.put(textKey(token.fingerprint), section);
    out.push(token);
  }
  return out;
}

/**
 * A read of the target made after the one a file's sidecar names, that the content was edited from
 * instead: `gdoc export > FILE` writes no sidecar, so after an import has written one for FILE
 * (FILE then stood for what was written), exporting over FILE leaves that older sidecar beside
 * the newer text. Taking the sidecar then counts every change made between the two reads (a
 * colleague's paragraph) as the user's own edit too, so an edit next to it is refused as
 * touching the same paragraphs and a clean import says "Merged". A later read is taken only when
 * it is no more blocks apart from the content and the content holds every change from the
 * sidecar's read to it (closerRead), so it can never revert what changed between them; a file
 * still edited from its sidecar's read keeps it. Reads are in the order they were made, so only
 * those after the sidecar's are candidates; a sidecar no longer among them is kept as is.
 */
async function laterRead(
  file: BaseToken,
  scope: Scope,
  content: string,
  bases: BaseStore,
): Promise<BaseToken | undefined> {
  if (file.part) return undefined;
  const tokens = (await lastReads(bases, scope)).map(decodeBaseToken);
  const at = tokens.findIndex(
    (t) => t.fingerprint === file.fingerprint && t.revisionId === file.revisionId && !t.part,
  );
  const own = at < 0 ? undefined : await handedBlocks(file, bases);
  if (own === undefined) return undefined;
  const blocks = splitBlocks(content);
  const most = blocksApart(blocks, own);
  const candidates = [{ token: file, blocks: own }];
  for (const token of tokens.slice(at + 1)) {
    if (token.part || token.fingerprint === file.fingerprint) continue;
    const read = await handedBlocks(token, bases);
    if (read === undefined) continue;
    if (blocksApart(blocks, read, most) <= most) candidates.push({ token, blocks: read });
  }
  const chosen = closerRead(blocks, candidates);
  return chosen === file ? undefined : chosen;
}

/** The blocks a read handed out (a part's only), or undefined when its text is no longer kept. */
async function handedBlocks(token: BaseToken, bases: BaseStore): Promise<string[] | undefined> {
  const text = await bases.get(textKey(token.fingerprint));
  if (text === undefined) return undefined;
  const blocks = splitBlocks(text);
  return token.part ? blocks.slice(token.part.from, token.part.to) : blocks;
}

/**
 * Reads are not compared by characters when their differing text is longer than this, or when
 * more characters than this differ (a rewrite, not an edit: then the oldest read is the base).
 */
const CLOSER_CHARS = 20_000;
const CLOSER_EDITS = 1_000;

/**
 * Among reads that tie on whole blocks (oldest first), the newest one the content holds every
 * change of since the oldest: the characters that differ between the content and it, plus those
 * between it and the oldest, are no more than those between the content and the oldest — so
 * taking it can never revert what changed between the two reads. Otherwise the oldest, which can
 * only turn a merge into a refusal, never into a revert.
 */
function closerRead(content: string[], tied: Array<{ token: BaseToken; blocks: string[] }>): BaseToken {
  const oldest = tied[0]!;
  if (tied.length === 1 || oldest.blocks.length === 0) return oldest.token;
  const fromOldest = charsApart(content, oldest.blocks);
  if (fromOldest === undefined) return oldest.token;
  for (const read of tied.slice(1).reverse()) {
    const apart = charsApart(content, read.blocks);
    if (apart === undefined || apart >= fromOldest) continue;
    const between = charsApart(read.blocks, oldest.blocks);
    if (between !== undefined && apart + between <= fromOldest) return read.token;
  }
  return oldest.token;
}

/**
 * How many characters differ between two texts' blocks that the other lacks (added plus removed,
 * by jsdiff's `diffChars` between what lies after their common start and before their common
 * end); undefined when that is too long to compare, or too different.
 */
function charsApart(a: string[], b: string[]): number | undefined {
  const onlyA = blocksLacking(a, b).join('\n\n');
  const onlyB = blocksLacking(b, a).join('\n\n');
  const shorter = Math.min(onlyA.length, onlyB.length);
  let start = 0;
  while (start < shorter && onlyA.charCodeAt(start) === onlyB.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    onlyA.charCodeAt(onlyA.length - 1 - end) === onlyB.charCodeAt(onlyB.length - 1 - end)
  )
    end++;
  const midA = onlyA.slice(start, onlyA.length - end);
  const midB = onlyB.slice(start, onlyB.length - end);
  if (midA.length === 0 || midB.length === 0) return midA.length + midB.length;
  if (midA.length + midB.length > CLOSER_CHARS) return undefined;
  const changes = diffChars(midB, midA, { maxEditLength: CLOSER_EDITS });
  if (changes === undefined) return undefined;
  let n = 0;
  for (const change of changes) if (change.added || change.removed) n += change.value.length;
  return n;
}

/**
 * How far a read is from the content, in blocks: the content taken as the read edited, each run
 * of changed blocks (a hunk of jsdiff's `diffArrays`) counts as many as the larger of its two
 * sides. So a paragraph rewritten (one block for one) is as far as one added (one block for none):
 * the read a paragraph was added in is then no farther from an edit of that paragraph than the
 * read before it, which lacks the paragraph altogether. (Counting both sides, that older read was
 * nearer, and the edit was compared with a text the paragraph was never in: the paragraph looked
 * added on both sides and the import was refused.) A change made between two reads elsewhere
 * still counts against the read the content lacks it from. A part's read is nearer than the
 * whole's for a part: the whole has every block outside the part that the content lacks.
 * Above `limit` the count may stop early: a larger number is returned.
 */
function blocksApart(content: string[], read: string[], limit = Number.POSITIVE_INFINITY): number {
  const added = blocksLacking(content, read).length;
  const removed = blocksLacking(read, content).length;
  // One side empty: only additions or only removals, each block its own count.
  if (added === 0 || removed === 0 || Math.max(added, removed) > limit) return Math.max(added, removed);
  // A count within `limit` takes at most 2 * limit single-block steps.
  const changes = Number.isFinite(limit)
    ? diffArrays(read, content, { comparator: sameBlock, maxEditLength: 2 * limit })
    : diffArrays(read, content, { comparator: sameBlock });
  if (!changes) return Number.POSITIVE_INFINITY; // more than `limit`: at least half the steps
  let apart = 0;
  let side = { added: 0, removed: 0 };
  for (const change of changes) {
    if (change.added) side.added += change.value.length;
    else if (change.removed) side.removed += change.value.length;
    else {
      apart += Math.max(side.added, side.removed);
      side = { added: 0, removed: 0 };
    }
  }
  return apart + Math.max(side.added, side.removed);
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
  /** Whether the caller passed the base (else it was the file's sidecar or found by findBase). */
  passed = true,
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
  if (!merged.ok) throw conflictError(merged.conflicts, base, current, passed);
  // Nothing of theirs kept (their changes were all mine too, or only of form): nothing was merged,
  // and saying "Merged" would send the user looking for an edit that is not there.
  return { text: merged.text, mine, ...where, merged: merged.kept > 0, kept: merged.kept };
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

function conflictError(
  conflicts: MergeConflict[],
  base: BaseToken,
  current: string,
  passed: boolean,
): RevisionConflictError {
  const what = base.anchorId === null ? 'tab' : 'section';
  const named = conflicts
    .slice(0, 3)
    .map((c) => excerpt((c.theirs[0] ?? c.base[0] ?? '').replace(/\s+/g, ' '), '`'))
    .join(', ');
  const more = conflicts.length > 3 ? ` and ${conflicts.length - 3} more` : '';
  const read = base.anchorId === null ? 'export_tab' : 'export_section';
  return new RevisionConflictError(
    `Your edit and a change made to this ${what} since it was read (revision ${base.revisionId}) touch the same paragraphs: ${named}${more}; nothing was written, so neither is lost.`,
    passed
      ? `Read it again (${read}), redo your edit of those paragraphs on that text — the current content is also returned with this error — and import with the \`base\` that read returns; edits to other paragraphs are merged for you.`
      : // Without a base the import guesses the read the text came from; when the paragraph was
        // edited both in a later read and in the text, the older read is taken (never a revert),
        // and a redo on a new read is guessed the same way: only its base tells them apart.
        `Read it again (${read}), redo your edit of those paragraphs on that text — the current content is also returned with this error — and import it with the \`base\` that read returns: without it, the import cannot tell a redo of the same words from the old text. Edits to other paragraphs are merged for you.`,
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
