/**
 * The import pipeline over a Backend (import.ts calls it when there is work): MEBDF content -> one
 * guarded, verified batchUpdate.
 *
 * Each attempt is a chain of named steps: read (one `get`, the target exported, concurrent edits
 * refused) -> plan (src/docs/import) -> verify (the plan applied by our engine and the result
 * compared with the intended content, src/docs/import/verify.ts; a mismatch is a compiler bug and
 * nothing is written) -> guarded write (one `batchUpdate` with `writeControl.requiredRevisionId` =
 * the revision read; new footnotes add a second, new-footnotes.ts) -> report. A revision conflict re-reads,
 * re-plans and retries (twice at most). Before planning, the user's text is reconciled with its
 * base (import-base.ts): the base passed, else the target's last read through this server; a
 * target changed since is merged when the edits touch different blocks and refused when they
 * touch the same ones. After a write the base for the next import is remembered.
 */
import { GdocError, RevisionConflictError, VerificationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { BatchUpdateResponse, Document, Request } from '../../ground/docs-json.js';
import { settleDocument } from '../../ground/stale-tail.js';
import { parseMebdf, stringifyMebdf } from '../../mebdf/index.js';
import type { Inline, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { type BuiltTab, buildTab, keepBuild } from '../export/exporter.js';
import { withoutForcedEdges } from '../export/forced-paragraphs.js';
import { type RenderCache, resolveTab, type SectionExport, sectionOf, tabOf } from '../export/index.js';
import { embedIds, mapParagraphs } from '../export/model-utils.js';
import { linkedFromElsewhere } from '../export/shown-anchors.js';
import { headingLevel } from '../export/style-overrides.js';
import { asReadEnds } from '../import/as-read.js';
import { asDocsStoresText } from '../import/docs-text.js';
import { matchEmbeds } from '../import/embed-match.js';
import { type BodyEdges, suggestedBreakParagraphs, withForcedParagraphs } from '../import/forced.js';
import { keptImageWarnings } from '../import/image-warnings.js';
import {
  type FollowingParagraph,
  type Plan,
  planImport,
  type RepinnedAnchor,
  withHeadingAnchors,
} from '../import/index.js';
import { withoutInherited } from '../import/inherited.js';
import { RetypedHeadingsError, withoutHeadingIds } from '../import/retyped-headings.js';
import {
  exportWritten,
  type ImportTarget,
  saysIntended,
  type Verification,
  type VerifyFailure,
  type VerifyInput,
  type VerifyScope,
  verifyImport,
} from '../import/verify.js';
import { alreadyAppliedResult, wordsDiffer } from './already-applied.js';
import { checkAnchorLinks } from './anchor-links.js';
import { type BaseStore, rememberExactRead } from './base-store.js';
import { type BaseToken, contentFingerprint, decodeBaseToken } from './base-token.js';
import { canonicalFor } from './canonical-middle.js';
import { commentChanges, IMPORT_READ } from './comment-import.js';
import type { ImportOptions, ImportResult, NewHeading } from './contract.js';
import { emptyImport, importsNothing } from './empty-import.js';
import {
  findBase,
  type Reconciled,
  reconcile,
  refuseLabel,
  rememberWrite,
  type Scope,
} from './import-base.js';
import { dryRunReport, needsReRead, newHeadings, writeReport } from './import-report.js';
import { keepKnown, recallKnown } from './known-store.js';
import { knownTexts, knowsNear, parseKnown, rememberKnown, renderCache } from './known-texts.js';
import { NewFootnotes, withSecondWrite } from './new-footnotes.js';
import { readVersion } from './read-version.js';
import { newIds, relinkAfterWrite } from './relink-write.js';
import {
  asSuggestions,
  checkSuggestionsLanded,
  suggestionBody,
  verifiedSuggestions,
} from './suggest-import.js';

/** Attempts per import: the first plus two retries after a revision conflict. */
const ATTEMPTS = 3;

/** What the caller asked to import into: `tab` as given (may be absent), `anchorId` null for a tab. */
export interface Where {
  documentId: string;
  tab: string | undefined;
  anchorId: string | null;
}

/** The intended content: its model and its canonical text (written out only when asked for). */
interface Intended {
  model: MebdfDocument;
  text: string;
  /** What resolving it against the target noticed (a placeholder's kind word that differs, characters Docs drops, paragraphs Docs forces). */
  warnings?: string[];
}

/** One read of the document, with the target exported from it. */
interface Read {
  doc: Document;
  revision: string;
  scope: VerifyScope;
  target: ImportTarget;
  /**
   * The whole tab's model (the target's own when the target is the tab). For a section, `built`
   * goes only as far as the section needs, and this is built on first use (a new link to an
   * anchor, an object from elsewhere in the tab, a check outside the section).
   */
  readonly tab: MebdfDocument;
  /** The paragraph right after a section (its next heading), with where it is. */
  following?: FollowingParagraph;
  /** The tab as built, which verification rebuilds a section of. */
  built: BuiltTab;
  /** The block texts of the target's export, for the export verification makes. */
  cache: RenderCache;
}

/** A plan that passed verification: the document it makes, the engine's response, the target's export after it. */
type Verified = Extract<Verification, { ok: true }>;

/** What the guarded write did. */
interface Written {
  revision: string;
  headings: NewHeading[];
  /** The second write's requests (the text of new footnotes). */
  second: Request[];
  /** Suggest mode: the suggestions created. */
  suggestions?: string[];
  /** The write after, that points links at headings typed anew (relink-write.ts). */
  relinks?: Request[];
  /** What that write could not do. */
  warnings?: string[];
  /** The first batchUpdate's replies (a new named range's id). */
  replies?: BatchUpdateResponse['replies'];
}

/** `first`: the document as the caller read it for the first attempt, if it did. */
export async function runImport(
  backend: Backend,
  where: Where,
  content: string,
  options: ImportOptions,
  bases: BaseStore | undefined,
  first?: Document,
): Promise<ImportResult> {
  refuseLabel(content);
  const suggesting = options.mode === 'suggest';
  // The text this target was last handed out as, kept by another process (the CLI's last command).
  if (bases && !knowsNear(content)) rememberKnown(await recallKnown(bases, where));
  // Bad MEBDF fails before any read. Content that may be what the target says already (the caller
  // read first, import.ts) is parsed only when it is not.
  let sent = first ? undefined : parseIntended(content);
  const explicit = options.base ? decodeBaseToken(options.base) : null;
  const fileBase = !explicit && options.file_base ? decodeBaseToken(options.file_base) : null;
  const lastWrite = options.last_write ? decodeBaseToken(options.last_write) : null;
  // The base is settled at the first read (the last read of the target needs its resolved tab).
  let base: BaseToken | null | undefined;
  // What the first read showed of the target: without a base, a retry after a revision conflict
  // re-plans only when the target itself is as it was, so a colleague's edit is never overwritten.
  let firstRead: string | null = null;
  let lastConflict: RevisionConflictError | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = attempt === 0 && first ? readAs(first, where) : await readTarget(backend, where);
    const scope = { documentId: where.documentId, tabId: read.scope.tabId, anchorId: where.anchorId };
    if (base === undefined)
      base = await findBase(explicit, scope, content, bases, fileBase, read.target.content, lastWrite);
    const readPrint = contentFingerprint(read.target.content);
    // The same text again from the same old base: the first import landed, nothing is left to do.
    if (base && readPrint !== base.fingerprint) {
      sent ??= parseIntended(content);
      if (says(read, sent)) return repeated(read, scope, content, options.dry_run ? null : bases);
    }
    const reconciled = await reconcile(content, read.target.content, base, bases, explicit !== null);
    firstRead ??= readPrint;
    const objects = [...embedIds(read.target.model)];
    if (bases) {
      const version = readVersion(backend, where.documentId, read.doc);
      await rememberExactRead(bases, readPrint, { ...scope, revisionId: read.revision, objects, ...version });
    }
    if (reconciled.text === read.target.content && !options.dry_run) {
      // The target says this already: nothing to parse, plan, verify or write.
      const report = mergeNote(
        writeReport(keepAll(objects), read.scope, { revision: read.revision, headings: [] }),
        reconciled,
      );
      const next = await rememberWrite(
        { ...scope, revisionId: read.revision },
        reconciled,
        read.target.content,
        bases,
      );
      return { ...report, base: next };
    }
    if (reconciled.text === content) sent ??= parseIntended(content);
    const intended = reconciled.text === content && sent ? sent : parseIntended(reconciled.text);
    if (!base) refuseChangeWhileImporting(read, intended, firstRead);
    // An import of nothing is planned over the whole tab, from the same read (empty-import.ts).
    const nothing = importsNothing(intended.model);
    const planned = nothing ? readAs(read.doc, { ...where, anchorId: null }) : read;
    if (!nothing) checkAnchorLinks(intended.model, read.target.model, () => read.tab, read.doc, scope.tabId);
    const resolved = nothing ? intendedByNothing(planned, where.anchorId) : resolveIntended(intended, read);
    const { meant, plan: firstPlan, relinked } = planRetyping(planned, resolved, options, !suggesting);
    let plan = withWarnings(firstPlan, meant.warnings ?? []);
    // New footnotes take a second write (new-footnotes.ts), verified with the first.
    const footnotes = newFootnotes(plan, meant, planned, where, options);
    const verified = verifyPlan(planned, plan, withRepinned(meant, plan.repinned), footnotes?.second);
    // The target's text after the write: what the next import of it is edited from.
    rememberKnown(verified.result.known);
    plan = withWarnings(plan, commentChanges(planned.doc, verified.after, planned.scope.tabId));
    // The suggestions' check reads the whole edited document: its indices settled first.
    if (suggesting) plan = suggestedPlan(planned, plan, settleDocument(verified.after));
    const result = verified.result;
    if (options.dry_run) {
      const shown = withSecondWrite(plan, footnotes, footnotes?.planned ?? []);
      return mergeNote(dryRunReport(shown, planned, meant.model, result), reconciled);
    }
    const written = suggesting
      ? await suggestionWrite(backend, where, planned, plan)
      : await guardedWrite(backend, where, planned, plan, meant, verified, footnotes, relinked);
    if (written instanceof RevisionConflictError) {
      lastConflict = written;
      continue;
    }
    const second = withSecondWrite(plan, footnotes, written.second);
    const shown = written.relinks?.length
      ? { ...second, requests: [...second.requests, ...written.relinks] }
      : second;
    const report = mergeNote(writeReport(shown, planned.scope, written), reconciled);
    if (written.warnings) report.warnings.push(...written.warnings);
    // The target now shows suggestions, not the edit: the next import starts from a new read.
    if (suggesting) return { ...report, suggestion_ids: written.suggestions ?? [] };
    // A section imported as nothing is gone: there is no read of it to remember.
    if (nothing && where.anchorId !== null) return report;
    const next = await rememberWrite(
      { ...scope, revisionId: written.revision },
      reconciled,
      result.content,
      bases,
    );
    if (bases) await keepKnown(bases, where, result.known, result.warnings);
    return { ...report, base: next };
  }
  throw new RevisionConflictError(
    `The document kept changing while importing (${ATTEMPTS} attempts); nothing was written.${lastConflict ? ` Last: ${lastConflict.message}` : ''}`,
    'Try again in a moment.',
  );
}

/** The plan of an import that changes nothing: every object of the target stays. */
function keepAll(objects: string[]): Plan {
  return {
    requests: [],
    deleted: [],
    preserved: objects,
    warnings: [],
    anchorsCreated: 0,
    footnotesCreated: [],
  };
}

/** Whether the target as read already says `intended` (resolved against it as an import would). */
function says(read: Read, intended: Intended): boolean {
  if (wordsDiffer(read.target.model, intended.model)) return false;
  try {
    const meant = resolveIntended(intended, read);
    return saysIntended(read.target, meant.model, () => meant.text);
  } catch (e) {
    if (e instanceof GdocError) return false;
    throw e;
  }
}

/** A repeat import that already landed: nothing written, and the target as read is the next base. */
async function repeated(
  read: Read,
  scope: Scope,
  content: string,
  /** null: a dry run, which remembers nothing and hands out no base. */
  bases: BaseStore | undefined | null,
): Promise<ImportResult> {
  const result = alreadyAppliedResult(scope, read.revision, [...embedIds(read.target.model)]);
  if (bases === null) return { ...result, dry_run: true, result_content: read.target.content };
  const mine = { text: content, mine: content, merged: false, kept: 0 };
  const origin = { ...scope, revisionId: read.revision };
  return { ...result, base: await rememberWrite(origin, mine, read.target.content, bases) };
}

/**
 * Says in the result that edits made since the read were kept. When the merge leaves the target
 * as it is (the text imported again after the edit landed, or an old file after newer rounds),
 * nothing of the text was applied and nothing is written: saying "Merged … your edit was applied"
 * then would be false, so the note says the target already has the edits and what it kept.
 */
function mergeNote(result: ImportResult, reconciled: Reconciled): ImportResult {
  if (!reconciled.merged) return result;
  const s = reconciled.kept === 1 ? '' : 's';
  const note =
    result.requests.length === 0
      ? `Nothing to merge: the target already has your edits; it also has ${reconciled.kept} paragraph${s} changed since your read that your text lacks, kept as they are (read it again to see them).`
      : `Merged: the target changed since your read; your edit was applied onto the current content, keeping ${reconciled.kept} changed paragraph${s} you had not seen.`;
  return { ...result, warnings: [note, ...result.warnings] };
}

/**
 * The text to write as a model; its size was checked as the caller sent it (checkSize). A text
 * edited from one this process exported lately parses only what changed (known-texts.ts).
 */
function parseIntended(content: string): Intended {
  const { model, canonical, warnings } = parseKnown(content);
  return intendedOf(model, warnings, canonical ? content : undefined);
}

/**
 * The intended content of `model`. Its text is written out on first use: verification compares
 * models first and needs the text only when they differ, so a tab is not written out for nothing
 * (`written`: the text, when it is known to be the model written out already).
 */
function intendedOf(model: MebdfDocument, warnings: string[] = [], written?: string): Intended {
  let text = written;
  return {
    model,
    get text() {
      text ??= stringifyMebdf(model);
      return text;
    },
    ...(warnings.length ? { warnings } : {}),
  };
}

/**
 * The intended content resolved against the target: headings written without their anchor that
 * match the target's get it back (import/heading-anchors.ts), every placeholder names its object by id, in
 * the object's kind (import/embed-match.ts), and values equal to what they inherit in the tab's
 * styles say nothing and are dropped (import/inherited.ts), so they are neither sent nor expected
 * back.
 *
 * Blocks at either end that the text says exactly as read are the target's own (import/as-read.ts):
 * only the blocks between are resolved, against the target's blocks between, each side with its
 * neighbour kept for context (a table after a table gets its paragraph in between), so the cost
 * follows the edit, and the planner and verification are handed the very blocks they read.
 */
function resolveIntended(intended: Intended, read: Read): Intended {
  const edges = bodyEdges(read);
  const old = read.target.model;
  const next = intended.model;
  // The text's own warnings (what it says that Docs cannot keep) first.
  const said = intended.warnings ?? [];
  const part = resolveBetweenAsRead(next, old, read, edges);
  if (part) return intendedOf(part.model, [...said, ...part.warnings]);
  const whole = resolveAgainst(next, old, read, edges);
  if (whole.model === next && !whole.warnings.length) return intended;
  return intendedOf(whole.model, [...said, ...whole.warnings]);
}

/**
 * `next` resolved where it differs from the blocks as read (import/as-read.ts), the target's own
 * blocks around it; null when no block at either end is as read, or the part would not resolve
 * as the whole does.
 */
function resolveBetweenAsRead(
  next: MebdfDocument,
  old: MebdfDocument,
  read: Read,
  edges: BodyEdges,
): { model: MebdfDocument; warnings: string[] } | null {
  // Where the text leaves out a paragraph Docs keeps by a table at an edge, blocks do not pair.
  if (withoutForcedEdges(old, edges) !== old) return null;
  const { pre, suf } = asReadEnds(next.blocks, old.blocks, read.target.shown);
  if (pre + suf === 0) return null;
  const before = pre > 0 ? 1 : 0;
  const after = suf > 0 ? 1 : 0;
  const oldEnd = old.blocks.length - suf;
  const context = old.blocks.slice(pre - before, pre);
  const following = old.blocks.slice(oldEnd, oldEnd + after);
  const part = resolveAgainst(
    {
      blocks: [...context, ...next.blocks.slice(pre, next.blocks.length - suf), ...following],
      footnotes: next.footnotes,
    },
    { blocks: old.blocks.slice(pre - before, oldEnd + after), footnotes: old.footnotes },
    read,
    { ...edges, startsBody: edges.startsBody && pre === 0, endsBody: edges.endsBody && suf === 0 },
  );
  const blocks = part.model.blocks;
  // The neighbours are the target's blocks and resolve as themselves; were one not to, the part
  // would not be what the whole resolves to.
  if (before && !deepEqual(blocks[0], context[0])) return null;
  if (after && !deepEqual(blocks[blocks.length - 1], following[0])) return null;
  const model: MebdfDocument = {
    blocks: [
      ...old.blocks.slice(0, pre),
      ...blocks.slice(before, blocks.length - after),
      ...old.blocks.slice(oldEnd),
    ],
    footnotes: part.model.footnotes,
  };
  return { model, warnings: part.warnings };
}

/** `next` resolved against `old` (the whole target, or the part of it between the blocks as read). */
function resolveAgainst(
  next: MebdfDocument,
  old: MebdfDocument,
  read: Read,
  edges: BodyEdges,
): { model: MebdfDocument; warnings: string[] } {
  const anchored = withHeadingAnchors(next, old);
  const matched = matchEmbeds(anchored, old);
  const stored = asDocsStoresText(matched.model, old);
  const forced = withForcedParagraphs(stored.model, edges, read.target.model.blocks);
  const model = withoutInherited(
    forced.model,
    resolveTab(read.doc, read.scope.tabId).content,
    read.built.bases,
  );
  const images = keptImageWarnings(old, model);
  return { model, warnings: [...matched.warnings, ...stored.warnings, ...forced.warnings, ...images] };
}

/** Whether the target starts or ends the tab's body (tables there get Docs' paragraphs). */
function bodyEdges(read: Read): BodyEdges {
  const body = resolveTab(read.doc, read.scope.tabId).content.body?.content ?? [];
  const suggestedBreaks = suggestedBreakParagraphs(read.target.model.blocks, read.target.sources, body);
  if (read.scope.anchorId === null) return { startsBody: true, endsBody: true, suggestedBreaks };
  const section = read.target as SectionExport;
  // A build as far as the section needs holds the block after it, if there is one.
  return {
    startsBody: section.firstBlock === 0,
    endsBody: section.endBlock === read.built.model.blocks.length,
    suggestedBreaks,
  };
}

/** The whole tab as an import of nothing into `anchorId` (null: the tab) leaves it. */
function intendedByNothing(read: Read, anchorId: string | null): Intended {
  const empty = emptyImport(read.doc, read.scope.tabId, anchorId);
  return intendedOf(parseMebdf(empty.tabContent), empty.warnings);
}

function withWarnings(plan: Plan, warnings: string[]): Plan {
  return warnings.length === 0 ? plan : { ...plan, warnings: [...warnings, ...plan.warnings] };
}

/** One `get`, and the target exported from it. */
async function readTarget(backend: Backend, where: Where): Promise<Read> {
  return readAs(await backend.get(where.documentId, IMPORT_READ), where);
}

/** The target as `doc` shows it. */
function readAs(doc: Document, where: Where): Read {
  // The tab's model is built once, for the target and for what the section is checked against; for
  // a section only as far as the section needs (the rest only when something asks for the tab).
  const built = buildTab(doc, where.tab, where.anchorId === null ? {} : { section: where.anchorId });
  const cache = renderCache();
  // The target as last handed out or imported (this process's or the store's) is not written out again.
  const options = { cache, known: knownTexts() };
  const target = where.anchorId === null ? tabOf(built, options) : sectionOf(built, where.anchorId, options);
  const scope = { tabId: target.tabId, anchorId: where.anchorId };
  rememberKnown(target.known);
  let whole: MebdfDocument | undefined = built.partial ? undefined : built.model;
  const read: Read = {
    doc,
    revision: doc.revisionId ?? '',
    scope,
    target,
    get tab() {
      whole ??= buildTab(doc, where.tab).model;
      return whole;
    },
    built,
    cache,
  };
  if (where.anchorId === null) return read;
  const end = (target as SectionExport).endBlock;
  const block = built.model.blocks[end];
  const source = built.sources[end];
  if (block?.type === 'paragraph' && source?.kind === 'paragraph') read.following = { block, source };
  return read;
}

/** Without a base: refuses to re-plan over an edit of the target made since the first attempt's read. */
function refuseChangeWhileImporting(read: Read, intended: Intended, firstRead: string): void {
  const { target, revision, scope } = read;
  const what = scope.anchorId === null ? 'tab' : 'section';
  if (contentFingerprint(target.content) !== firstRead && target.content !== intended.text) {
    throw new RevisionConflictError(
      `Someone else changed this ${what} while the import was being written (revision now ${revision}); nothing was written, so their edit is kept.`,
      'Merge your edit into the current content (returned with this error) and import again.',
      target.content,
    );
  }
}

/**
 * The plan, and the intended content it was made for. A plan that must type anew headings that
 * links point to (they change places, or cross an object) is made again with those headings
 * written as new ones when `relink` (a write that can be followed by a second): their links are
 * pointed at the new headings after the write (retyped-headings.ts). Otherwise that is refused.
 */
function planRetyping(
  read: Read,
  intended: Intended,
  options: ImportOptions,
  relink: boolean,
): { meant: Intended; plan: Plan; relinked: ReadonlySet<string> } {
  const relinked = new Set<string>();
  let meant = intended;
  for (;;) {
    try {
      return { meant, plan: planFor(read, meant, options, relinked), relinked };
    } catch (e) {
      if (!(e instanceof RetypedHeadingsError) || !relink || e.ids.every((id) => relinked.has(id))) throw e;
      for (const id of e.ids) relinked.add(id);
      meant = intendedOf(withoutHeadingIds(intended.model, relinked), intended.warnings);
    }
  }
}

function planFor(
  read: Read,
  intended: Intended,
  options: ImportOptions,
  relinked: ReadonlySet<string> = new Set(),
): Plan {
  const { doc, scope, target } = read;
  const canonical = canonicalFor(target.model, target.content, intended.model, read.cache);
  return planImport({
    tabId: scope.tabId,
    tab: resolveTab(doc, scope.tabId).content,
    ...(read.built.bases ? { bases: read.built.bases } : {}),
    old: { model: target.model, sources: target.sources, footnoteSources: target.footnoteSources },
    next: intended.model,
    bodyEnd: bodyEnd(doc, scope.tabId),
    scope:
      scope.anchorId === null
        ? { kind: 'tab' }
        : {
            kind: 'section',
            anchorId: scope.anchorId,
            followingLevel: followingLevel(read.built.model, target as SectionExport),
          },
    allowDeletions: options.allow_deletions === true,
    tabEmbedIds: lazyIds(() => embedIds(read.tab)),
    ...(read.following ? { following: read.following } : {}),
    ...(canonical ? { canonical } : {}),
    ...(relinked.size ? { relinked } : {}),
    linkedElsewhere: () => linkedFromElsewhere(doc, scope.tabId),
  });
}

/** What a failed verification tells the user: always a compiler bug, nothing written. */
const VERIFICATION_FAILURES: Record<VerifyFailure['kind'], (detail: string) => [string, string]> = {
  unappliable: (why) => [
    `The planned requests do not apply to the document (${why}); nothing was written. This is a bug in the import compiler.`,
    'Report it with the content you imported; as a workaround, import a smaller change.',
  ],
  'target-lost': (why) => [
    `After the planned requests the target cannot be found again (${why}); nothing was written. This is a bug in the import compiler.`,
    'Report it with the content you imported.',
  ],
  content: (where) => [
    `The planned requests would not produce the intended content: ${where}; nothing was written. This is a bug in the import compiler.`,
    'Report it with the content you imported; as a workaround, import a smaller change.',
  ],
  outside: (where) => [
    `The planned requests would change the document outside the section being imported: ${where}; nothing was written. This is a bug in the import compiler.`,
    'Report it with the content you imported; as a workaround, import the whole tab.',
  ],
};

/**
 * The intended content as a write that makes the anchors `repinned` again reads back: each with
 * the id Docs gives it, as a proposed anchor `{^}` does (equality.ts SERVER_ASSIGNED).
 */
function withRepinned(intended: Intended, repinned: readonly RepinnedAnchor[] | undefined): Intended {
  if (!repinned?.length) return intended;
  const ids = new Set(repinned.map((r) => r.id));
  const remade = (x: Inline): boolean => x.type === 'anchor' && x.id !== null && ids.has(x.id);
  const proposed = (p: ParagraphBlock): ParagraphBlock =>
    p.inlines.some(remade)
      ? { ...p, inlines: p.inlines.map((x) => (remade(x) ? { type: 'anchor', id: null } : x)) }
      : p;
  const model = { ...intended.model, blocks: mapParagraphs(intended.model.blocks, proposed) };
  return intendedOf(model, intended.warnings);
}

/** The would-be export of the target after the plan; a plan that fails verification throws. */
function verifyPlan(read: Read, plan: Plan, intended: Intended, second?: VerifyInput['second']): Verified {
  const verified = verifyImport({
    ...(second ? { second } : {}),
    doc: read.doc,
    requests: plan.requests,
    intended: intended.model,
    intendedText: () => intended.text,
    scope: read.scope,
    before: {
      get tab() {
        return read.tab;
      },
      target: read.target,
      built: read.built,
    },
    cache: read.cache,
    known: knownTexts(),
  });
  if (verified.ok) return verified;
  const [message, hint] = VERIFICATION_FAILURES[verified.failure.kind](verified.failure.detail);
  throw new VerificationError(message, hint);
}

/** The plan as a suggestion write (suggest-import.ts), verified on the engine against the edit. */
function suggestedPlan(read: Read, edit: Plan, edited: Document): Plan {
  return verifiedSuggestions(asSuggestions(edit), { doc: read.doc, edited, scope: read.scope });
}

/**
 * One batchUpdate with writeMode SUGGEST, guarded by the revision read (never the edit's predicted
 * document); the reply and a re-read must show the suggestions. A revision conflict is returned.
 */
async function suggestionWrite(
  backend: Backend,
  where: Where,
  read: Read,
  plan: Plan,
): Promise<Written | RevisionConflictError> {
  if (plan.requests.length === 0) return { revision: read.revision, headings: [], second: [] };
  try {
    const response = await backend.batchUpdate(
      where.documentId,
      suggestionBody(plan.requests, read.revision),
    );
    const suggestions = await checkSuggestionsLanded(backend, where.documentId, response);
    const revision = response.writeControl?.requiredRevisionId ?? read.revision;
    return { revision, headings: [], second: [], suggestions };
  } catch (e) {
    if (e instanceof RevisionConflictError) return e;
    throw e;
  }
}

/**
 * One batchUpdate guarded by the revision read (two when the plan creates footnotes, the second
 * guarded by the revision the first returned); a revision conflict of the first is returned.
 */
async function guardedWrite(
  backend: Backend,
  where: Where,
  read: Read,
  plan: Plan,
  intended: Intended,
  verified: Verified,
  footnotes: NewFootnotes | null,
  relinked: ReadonlySet<string>,
): Promise<Written | RevisionConflictError> {
  if (plan.requests.length === 0) return { revision: read.revision, headings: [], second: [] };
  // What verification made is offered to the store, which may write it rather than apply again;
  // not with new footnotes, where verification made the document after both writes.
  const predicted =
    verified.response && !footnotes ? { document: verified.after, response: verified.response } : undefined;
  // A store that takes the document reads it next with the tab built already (exporter.ts).
  if (predicted) keepBuild(verified.after, verified.built);
  let response: BatchUpdateResponse;
  try {
    response = await backend.batchUpdate(
      where.documentId,
      { requests: plan.requests, writeControl: { requiredRevisionId: read.revision } },
      {
        landed: (now) =>
          footnotes ? footnotes.landedFirst(now, read.scope) : landed(now, read.scope, intended),
        ...(predicted ? { predicted } : {}),
      },
    );
  } catch (e) {
    if (e instanceof RevisionConflictError) return e;
    throw e;
  }
  const second = footnotes ? await footnotes.write(backend, where.documentId, response) : null;
  const revision = second?.revision ?? response.writeControl?.requiredRevisionId ?? read.revision;
  const replies = response.replies;
  if (!needsReRead(intended.model))
    return { revision, headings: [], second: second?.requests ?? [], replies };
  // New heading ids are the server's: read them back (the only second read an import makes).
  const written = await backend.get(where.documentId);
  const headings = newHeadings(
    intended.model,
    exportWritten(written, read.scope, intended.model.blocks.length),
  );
  const moved = newIds(read.target.model, relinked, headings);
  if (moved.size === 0) return { revision, headings, second: second?.requests ?? [], replies };
  // Headings typed anew that links pointed to: the links follow them (relink-write.ts).
  const relink = await relinkAfterWrite(backend, where.documentId, read.scope.tabId, moved, {
    doc: written,
    revision: written.revisionId ?? revision,
  });
  return {
    revision: relink.revision,
    headings,
    second: second?.requests ?? [],
    replies,
    relinks: relink.requests,
    ...(relink.warnings.length ? { warnings: relink.warnings } : {}),
  };
}

/** The second write of the footnotes `plan` creates, or null when it creates none. */
function newFootnotes(
  plan: Plan,
  meant: Intended,
  read: Read,
  where: Where,
  options: ImportOptions,
): NewFootnotes | null {
  if (plan.footnotesCreated.length === 0) return null;
  const tab = { ...where, tab: read.scope.tabId, anchorId: null };
  return new NewFootnotes(plan.footnotesCreated, meant.model, read.scope.tabId, (doc, next) => {
    const over = readAs(doc, tab);
    return planFor(over, intendedOf(next(over.target)), options).requests;
  });
}

/** A set of ids made on the first question (the planner asks only about an object it does not know). */
function lazyIds(make: () => ReadonlySet<string>): Pick<ReadonlySet<string>, 'has'> {
  let ids: ReadonlySet<string> | undefined;
  return {
    has(id) {
      ids ??= make();
      return ids.has(id);
    },
  };
}

function bodyEnd(doc: Document, tabId: string): number {
  const content = resolveTab(doc, tabId).content.body?.content ?? [];
  return content[content.length - 1]?.endIndex ?? 1;
}

/** The level of the heading that ends the section in the tab (0 when the section runs to the end). */
function followingLevel(tab: MebdfDocument, section: SectionExport): number {
  const b = tab.blocks[section.endBlock];
  return b?.type === 'paragraph' ? headingLevel(b.style.namedStyle) : 0;
}

/** Whether a re-read document already says what the import meant (a retried write that landed). */
function landed(now: Document, scope: VerifyScope, intended: Intended): boolean {
  try {
    return saysIntended(
      exportWritten(now, scope, intended.model.blocks.length),
      intended.model,
      () => intended.text,
    );
  } catch (e) {
    if (e instanceof GdocError) return false;
    throw e;
  }
}
