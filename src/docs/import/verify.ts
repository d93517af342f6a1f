/**
 * Verify before write, as a pure stage: the planned requests applied by our engine to (a copy of)
 * the document as read, the target exported again and compared with the intended content; for a
 * section, the blocks outside it must not have moved. Returns plain data: the would-be document
 * and export, or what is wrong — for a content mismatch, the first differing block in words
 * (describe-difference.ts). Any failure is a bug in the import compiler, and the caller writes nothing.
 *
 * "Says the intended content" means: the result, with what the server assigns put back as the
 * intended content said it (`asIntended`, src/docs/equality.ts), has the intended canonical text.
 */

import type { BatchUpdateResponse, Document, DocumentTab, Request } from '../../ground/docs-json.js';
import type { KnownText } from '../../mebdf/incremental.js';
import { parseMebdf, stringifyMebdf } from '../../mebdf/index.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { applyBatchUpdate } from '../engine/index.js';
import { ACROSS_A_WRITE, asIntended, deepEqual, equalUnder, sameAcrossWrite } from '../equality.js';
import { type BuiltTab, buildTab } from '../export/exporter.js';
import {
  type ExportOptions,
  exportSection,
  exportTab,
  type RenderCache,
  type SectionExport,
  sectionOf,
  shownModel,
  type TabExport,
  tabOf,
} from '../export/index.js';
import { assignListKeys, footnoteLabels } from '../export/model-utils.js';
import { listIdAt, rebuildSpan } from '../export/rebuild.js';
import { docsRange } from '../export/sections.js';
import { plainClone } from '../plain-clone.js';
import { blockLabel, describeDifference, firstLineDifference } from './describe-difference.js';
import { listEdgeDifference } from './list-edges.js';
import { levelIndents } from './lower-lists.js';
import { requestSpan, requestsWithin } from './request-reach.js';

/** What an import targets, as exported: a whole tab or one section of it. */
export type ImportTarget = TabExport | SectionExport;

/** The tab, and the section (its anchor id) or null for the whole tab. */
export interface VerifyScope {
  tabId: string;
  anchorId: string | null;
}

export interface VerifyInput {
  /** The document as read; never modified. */
  doc: Document;
  requests: Request[];
  intended: MebdfDocument;
  scope: VerifyScope;
  /**
   * What was exported from `doc` when planning (the whole tab's model and the target), so that it
   * is not exported again; exported here when absent.
   */
  before?: { tab: MebdfDocument; target: ImportTarget; built?: BuiltTab };
  /** Keeps block texts between the export as read and the one verified (export/render.ts). */
  cache?: RenderCache;
  /** Texts written out already (the intended content's, as its parse checked it): the result's export when its model is one's. */
  known?: readonly KnownText[];
  /** `stringifyMebdf(intended)`, or how to get it, when the caller has it already. */
  intendedText?: string | (() => string);
  /**
   * A second batchUpdate made from the document after the first and the first's replies (the text
   * of new footnotes: Docs returns a new footnote's id only in the reply). Verified with the first.
   */
  second?: (after: Document, replies: BatchUpdateResponse['replies']) => Request[];
}

/** The second batch as verified, and the first batch's replies (as our engine gave them) it was made from. */
export interface SecondBatch {
  requests: Request[];
  replies: NonNullable<BatchUpdateResponse['replies']>;
}

/** Why a plan failed verification; `detail` is a short description in words. */
export type VerifyFailure =
  /** The engine refused a request (Google would have too). */
  | { kind: 'unappliable'; detail: string }
  /** After the requests, the section's heading cannot be found. */
  | { kind: 'target-lost'; detail: string }
  /** The target would not say the intended content: the first differing block. */
  | { kind: 'content'; detail: string }
  /** A block outside the section would change: the first such block. */
  | { kind: 'outside'; detail: string };

export type Verification =
  | {
      ok: true;
      after: Document;
      /** The engine's response to the requests (none when there were none). */
      response?: BatchUpdateResponse;
      result: ImportTarget;
      /** The tab of `after` as built for the check (a rebuild of the part the requests stay in, when proved). */
      built: BuiltTab;
      /** The second batch, when the input asked for one (new footnotes' text). */
      second?: SecondBatch;
    }
  | { ok: false; failure: VerifyFailure };

/**
 * The export of a target of `doc` (no `tabId`: the first tab). Throws (a GdocError) when the tab or
 * section is not there.
 */
export function exportTarget(
  doc: Document,
  scope: { tabId: string | undefined; anchorId: string | null },
): ImportTarget {
  return scope.anchorId === null
    ? exportTab(doc, scope.tabId)
    : exportSection(doc, scope.tabId, scope.anchorId);
}

/**
 * The export of a target after a write of `count` blocks. A heading the content adds at the
 * section's level or above (any heading, in the preamble) starts a section of its own, and the
 * section as exported then ends there: the written target is the `count` blocks from the section's
 * start, the sections they start included.
 */
export function exportWritten(
  doc: Document,
  scope: { tabId: string | undefined; anchorId: string | null },
  count: number,
  built: BuiltTab = buildTab(doc, scope.tabId),
  options: ExportOptions = {},
): ImportTarget {
  if (scope.anchorId === null) return tabOf(built, options);
  const section = sectionOf(built, scope.anchorId, options);
  if (section.endBlock - section.firstBlock >= count) return section;
  // The tab's blocks as built (an export of the whole tab would write it all out for nothing).
  const end = Math.min(built.model.blocks.length, section.firstBlock + count);
  const blocks = plainClone(built.model.blocks.slice(section.firstBlock, end));
  const footnotes: MebdfDocument['footnotes'] = {};
  for (const label of footnoteLabels(blocks))
    footnotes[label] = plainClone(built.model.footnotes[label] ?? []);
  const model: MebdfDocument = { blocks, footnotes };
  assignListKeys(model);
  const sources = built.sources.slice(section.firstBlock, end);
  return {
    ...section,
    model,
    content: stringifyMebdf(shownModel(model, section.shown)),
    sources,
    endBlock: end,
    endIndex: sources[sources.length - 1]?.endIndex ?? section.endIndex,
  };
}

/** The result's model with what the server assigns put back as the intended content said it. */
function resultAsIntended(result: ImportTarget, intended: MebdfDocument, tab?: DocumentTab): MebdfDocument {
  const model = labelledAsIntended(result.model, intended);
  const blocks = asIntended(model.blocks, intended.blocks);
  return {
    ...model,
    blocks: tab ? withLevelIndentsAsIntended(blocks, intended.blocks, result, tab) : blocks,
  };
}

/**
 * A list item's indents are said relative to its level's (the export leaves out what equals them),
 * and createParagraphBullets writes the level's: where the intended item spells its level's very
 * indents, the result's item says them the same way.
 */
function withLevelIndentsAsIntended(
  blocks: Block[],
  intended: readonly Block[],
  result: ImportTarget,
  tab: DocumentTab,
): Block[] {
  if (blocks.length !== intended.length) return blocks;
  return blocks.map((rb, i) => {
    const ib = intended[i]!;
    if (rb.type !== 'paragraph' || ib.type !== 'paragraph' || !rb.list || !ib.list) return rb;
    // Only an indent the intended item spells and the result's leaves out can be its level's. The
    // source is read after that: reading one moves it to the result's indices (rebuild.ts), which
    // for every item of a tab costs more than the rest of the check.
    const { indentLeft, firstLineIndent } = rb.style;
    if (
      (indentLeft !== undefined || ib.style.indentLeft === undefined) &&
      (firstLineIndent !== undefined || ib.style.firstLineIndent === undefined)
    )
      return rb;
    const src = result.sources[i];
    if (src?.kind !== 'paragraph' || !src.listId) return rb;
    const level = levelIndents(tab, src.listId, rb.list.level);
    const style = { ...rb.style };
    if (style.indentLeft === undefined && ib.style.indentLeft === level.start) style.indentLeft = level.start;
    const rel = level.first - level.start;
    if (style.firstLineIndent === undefined && ib.style.firstLineIndent === rel) style.firstLineIndent = rel;
    return deepEqual(style, rb.style) ? rb : { ...rb, style };
  });
}

/**
 * The result's footnotes under the intended content's labels, paired in order of first reference:
 * Docs numbers footnotes in body order, so a new footnote `[^note]` reads back as `[^2]` and the
 * footnotes after it are renumbered. A label is only a name tying a reference to its text.
 */
function labelledAsIntended(result: MebdfDocument, intended: MebdfDocument): MebdfDocument {
  const theirs = footnoteLabels(result.blocks);
  const ours = footnoteLabels(intended.blocks);
  if (theirs.length !== ours.length || theirs.every((l, i) => l === ours[i])) return result;
  const rename = new Map(theirs.map((l, i) => [l, ours[i]!]));
  const relabel = <T>(value: T): T =>
    JSON.parse(JSON.stringify(value), (k, v: unknown) =>
      k === 'label' && typeof v === 'string' ? (rename.get(v) ?? v) : v,
    ) as T;
  const footnotes: MebdfDocument['footnotes'] = {};
  for (const [label, blocks] of Object.entries(result.footnotes))
    footnotes[rename.get(label) ?? label] = relabel(blocks);
  return { blocks: relabel(result.blocks), footnotes };
}

/**
 * Whether an exported target says the intended content (also: whether a retried write landed).
 * `intendedText`: the intended model written out, asked for only when the models differ.
 */
export function saysIntended(
  result: ImportTarget,
  intended: MebdfDocument,
  intendedText: () => string,
): boolean {
  const got = resultAsIntended(result, intended);
  // Equal models write out equal texts: only models that differ are compared as text.
  return sameModel(got, intended) || stringifyMebdf(got) === intendedText();
}

/**
 * Checks a plan before it is sent: it applies (the engine never modifies `doc`), the target is
 * still there, it says the intended content, and (for a section) nothing outside it changes.
 */
export function verifyImport(input: VerifyInput): Verification {
  const { doc, requests, intended, scope } = input;
  const fail = (kind: VerifyFailure['kind'], detail: string): Verification => ({
    ok: false,
    failure: { kind, detail },
  });
  let after: Document = doc;
  let response: BatchUpdateResponse | undefined;
  let second: SecondBatch | undefined;
  // A part the requests provably stay in: the copy the engine works on shares what is before it,
  // and only the part is rebuilt after; nothing outside it can change.
  const part = input.second ? null : provenPart(input);
  try {
    if (requests.length) {
      // Only the part is read back (rebuildSpan), so the elements after it keep their old indices
      // until the document is kept or written whole (ground/stale-tail.ts).
      const untouched = part
        ? {
            untouchedBefore: { tabId: scope.tabId, index: part.startIndex },
            untouchedAfter: { tabId: scope.tabId, index: part.endIndex },
            tailLater: true,
          }
        : {};
      ({ document: after, response } = applyBatchUpdate(doc, { requests }, untouched));
    }
    if (input.second && response) {
      const replies = response.replies ?? [];
      second = { requests: input.second(after, replies), replies };
      if (second.requests.length) after = applyBatchUpdate(after, { requests: second.requests }).document;
    }
  } catch (e) {
    return fail('unappliable', e instanceof Error ? e.message : String(e));
  }
  let result: ImportTarget;
  // The tab after the write is built once: for the target's export and for the outside check. A
  // section the requests provably stay in is rebuilt alone, and nothing outside it can change.
  let built: BuiltTab;
  const local =
    part && input.before?.built
      ? rebuildSpan(input.before.built, after, part.firstBlock, part.endBlock)
      : null;
  try {
    built = local ?? buildTab(after, scope.tabId);
    result = exportWritten(after, scope, intended.blocks.length, built, {
      cache: input.cache,
      known: input.known,
    });
  } catch (e) {
    return fail('target-lost', e instanceof Error ? e.message : String(e));
  }
  const got = resultAsIntended(result, intended, built.tab.content);
  // Equal models write out equal texts: only models that differ are compared as text.
  if (!sameModel(got, intended)) {
    const given = input.intendedText;
    const intendedText = typeof given === 'function' ? given() : (given ?? stringifyMebdf(intended));
    const gotText = stringifyMebdf(got);
    if (gotText !== intendedText)
      return fail('content', contentDifference(intended, intendedText, got, gotText));
  }
  if (scope.anchorId !== null && requests.length > 0) {
    const builtBefore = input.before?.built ?? buildTab(doc, scope.tabId);
    const before = input.before ?? { tab: builtBefore.model, target: exportTarget(doc, scope) };
    const section = result as SectionExport;
    const outside = local ? null : outsideDifference(before, built.model, section);
    if (outside !== null) return fail('outside', outside);
    const edges = listEdgeDifference(
      { blocks: builtBefore.model.blocks, listIdAt: (i) => listIdAt(builtBefore.sources, i) },
      before.target as SectionExport,
      { blocks: built.model.blocks, listIdAt: (i) => listIdAt(built.sources, i) },
      section,
      intended.blocks,
    );
    if (edges !== null) return fail('outside', edges);
  }
  return {
    ok: true,
    after,
    ...(response ? { response } : {}),
    ...(second ? { second } : {}),
    result,
    built,
  };
}

/**
 * The part of the tab the requests provably stay inside (request-reach.ts), which is all that is
 * rebuilt after them (export/rebuild.ts): for a section, the section; for a tab, the blocks between
 * the section starts around the requests. Null when that is not proved.
 */
function provenPart(
  input: VerifyInput,
): { firstBlock: number; endBlock: number; startIndex: number; endIndex: number } | null {
  const { scope, requests, before } = input;
  if (!before?.built?.marks || requests.length === 0) return null;
  const built = before.built;
  const span = scope.anchorId === null ? touchedSpan(built, requests) : (before.target as SectionExport);
  if (!span) return null;
  const { startIndex, endIndex } = docsRange(built.sources, span.firstBlock, span.endBlock);
  if (!requestsWithin(requests, scope.tabId, startIndex, endIndex)) return null;
  return { firstBlock: span.firstBlock, endBlock: span.endBlock, startIndex, endIndex };
}

/** The blocks from the last section start at or before the requests to the first one after them. */
function touchedSpan(
  built: BuiltTab,
  requests: readonly Request[],
): { firstBlock: number; endBlock: number } | null {
  const reach = requestSpan(requests);
  if (!reach) return null;
  const starts = [...built.marks!.before.keys()].sort((a, b) => a - b);
  const at = (block: number): number => built.sources[block]?.startIndex ?? Number.POSITIVE_INFINITY;
  let firstBlock = 0;
  let endBlock = built.model.blocks.length;
  for (const block of starts) {
    if (at(block) <= reach.min) firstBlock = block;
    else if (at(block) > reach.max) {
      endBlock = block;
      break;
    }
  }
  return { firstBlock, endBlock };
}

function sameModel(a: MebdfDocument, b: MebdfDocument): boolean {
  return deepEqual(a.blocks, b.blocks) && deepEqual(a.footnotes, b.footnotes);
}

/**
 * The first block where the texts' models differ. Both sides are read back from their canonical
 * text, as the comparison that failed saw them (details the text cannot spell are gone from both).
 */
function contentDifference(
  intended: MebdfDocument,
  intendedText: string,
  got: MebdfDocument,
  gotText: string,
): string {
  const readBack = (text: string, model: MebdfDocument): MebdfDocument => {
    try {
      return parseMebdf(text);
    } catch {
      return model;
    }
  };
  return (
    describeDifference(readBack(intendedText, intended), readBack(gotText, got)) ??
    firstLineDifference(intendedText, gotText)
  );
}

/** The first block outside the section that the write would change, or null when none would. */
function outsideDifference(
  before: NonNullable<VerifyInput['before']>,
  afterTab: MebdfDocument,
  section: SectionExport,
): string | null {
  const was = before.target as SectionExport;
  const outside = (blocks: Block[], s: SectionExport): Block[] => [
    ...blocks.slice(0, s.firstBlock),
    ...blocks.slice(s.endBlock),
  ];
  const b = outside(before.tab.blocks, was);
  const a = outside(afterTab.blocks, section);
  if (sameAcrossWrite(b, a)) return null;
  let i = 0;
  while (i < b.length && equalUnder(b[i], a[i], ACROSS_A_WRITE)) i++;
  const block = b[i] ?? a[i]!;
  const where = i < was.firstBlock ? 'before' : 'after';
  const at = i < was.firstBlock ? i : i - was.firstBlock + was.endBlock;
  return `block ${at + 1} of the tab (${blockLabel(block)}), ${where} the section, would change`;
}
