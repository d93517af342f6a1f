/**
 * Replacing a run of top-level blocks of a tab with new MEBDF: the one step behind inserting,
 * deleting and moving a section. Pure: Docs JSON in, planned requests and the would-be document
 * out.
 *
 * The run is handed to the import planner (src/docs/import) as its target, widened by one
 * neighbouring block that the new content repeats unchanged, so that the planner anchors the
 * insertion (or deletion) on a block it keeps, exactly as a section import does — without
 * exporting, planning or sending anything else of the tab. The section rules of an import do not
 * apply (the content may start a section of any level), so the result is verified here: the plan
 * applied by our engine, the run must say the intended content and every block outside it must
 * stay as it was.
 */
import { VerificationError } from '../../errors.js';
import type { Document, Request } from '../../ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../mebdf/index.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { applyBatchUpdate } from '../engine/index.js';
import { asIntended, sameAcrossWrite } from '../equality.js';
import { type BuiltTab, buildTab } from '../export/exporter.js';
import { assignListKeys, embedIds, footnoteLabels } from '../export/model-utils.js';
import { render } from '../export/render.js';
import { linkedFromElsewhere } from '../export/shown-anchors.js';
import type { BlockSource, FootnoteSource } from '../export/types.js';
import { type DeletedObject, type FollowingParagraph, planImport } from '../import/index.js';

export interface SpliceInput {
  doc: Document;
  /** The tab, resolved (see resolveTab). */
  tabId: string;
  /** The blocks `[first, end)` of the tab's model are replaced; `first === end` inserts there. */
  first: number;
  end: number;
  /** The replacement as MEBDF; `''` deletes the run. */
  content: string;
  allowDeletions: boolean;
  /** Headings deleted whose links the caller points elsewhere after the write (plan.ts `relinked`). */
  relinked?: ReadonlySet<string>;
  /** `buildTab(doc, tabId)`, when the caller has it already. */
  built?: BuiltTab;
}

export interface SplicePlan {
  requests: Request[];
  warnings: string[];
  /** Objects the requests delete (only with allowDeletions). */
  deleted: DeletedObject[];
  /** The document after the requests, as our engine applies them. */
  after: Document;
  /** Where the replacement is in the tab after the write: blocks `[first, end)`. */
  placed: { first: number; end: number };
}

/** A run of blocks exported as a target the planner edits: model, sources, canonical text. */
interface Run {
  model: MebdfDocument;
  sources: BlockSource[];
  footnoteSources: Record<string, FootnoteSource>;
  content: string;
}

export function planSplice(input: SpliceInput): SplicePlan {
  const built = input.built ?? buildTab(input.doc, input.tabId);
  const total = built.model.blocks.length;
  const { first, end } = input;
  if (first < 0 || end < first || end > total) throw new RangeError(`bad block range [${first}, ${end})`);
  // The neighbour the content is anchored on: the block before the run, else the one after.
  const before = first > 0;
  const after = !before && end < total;
  const lo = before ? first - 1 : first;
  const hi = after ? end + 1 : end;
  const target = runOf(built, lo, hi);
  const neighbour = before ? runOf(built, lo, lo + 1).content : after ? runOf(built, hi - 1, hi).content : '';
  const text = before
    ? join(neighbour, input.content)
    : after
      ? join(input.content, neighbour)
      : input.content;
  const next = parseMebdf(text);
  let canonical: MebdfDocument | undefined;
  try {
    canonical = parseMebdf(target.content);
  } catch {
    canonical = undefined;
  }
  const plan = planImport({
    tabId: built.tab.tabId,
    tab: built.tab.content,
    old: target,
    next,
    bodyEnd: bodyEnd(built),
    scope: { kind: 'tab' },
    allowDeletions: input.allowDeletions,
    tabEmbedIds: embedIds(built.model),
    ...(canonical ? { canonical } : {}),
    ...(input.relinked ? { relinked: input.relinked } : {}),
    linkedElsewhere: () => linkedFromElsewhere(input.doc, built.tab.tabId),
    ...followingOf(built, hi),
  });
  const result = verifySplice(input.doc, built, plan.requests, { lo, hi }, next);
  const shift = before ? 1 : 0;
  return {
    requests: plan.requests,
    warnings: plan.warnings,
    deleted: plan.deleted,
    after: result.after,
    placed: { first: lo + shift, end: result.hi - (after ? 1 : 0) },
  };
}

/** The paragraph right after the run, where content at the run's end may go before. */
function followingOf(built: BuiltTab, hi: number): { following?: FollowingParagraph } {
  const block = built.model.blocks[hi];
  const source = built.sources[hi];
  return block?.type === 'paragraph' && source?.kind === 'paragraph' ? { following: { block, source } } : {};
}

/** Blocks `[first, end)` of the tab as a model of their own (their footnotes included). */
export function runModel(built: BuiltTab, first: number, end: number): MebdfDocument {
  return runOf(built, first, end).model;
}

/** Blocks `[first, end)` as a target, as exportSection cuts a section out of its tab. */
function runOf(built: BuiltTab, first: number, end: number): Run {
  const blocks = structuredClone(built.model.blocks.slice(first, end));
  const footnotes: MebdfDocument['footnotes'] = {};
  const footnoteSources: Record<string, FootnoteSource> = {};
  for (const label of footnoteLabels(blocks)) {
    footnotes[label] = structuredClone(built.model.footnotes[label] ?? []);
    const source = built.footnoteSources[label];
    if (source) footnoteSources[label] = source;
  }
  const model: MebdfDocument = { blocks, footnotes };
  assignListKeys(model);
  return { model, sources: built.sources.slice(first, end), footnoteSources, content: render(model) };
}

function join(a: string, b: string): string {
  if (!a.trim()) return b;
  if (!b.trim()) return a;
  return `${a.trimEnd()}\n\n${b}`;
}

/**
 * The plan applied by our engine: the run `[lo, hi)` must now say `next` and nothing outside it
 * may change. A failure is a bug in the planning, and nothing is written.
 */
function verifySplice(
  doc: Document,
  built: BuiltTab,
  requests: Request[],
  run: { lo: number; hi: number },
  next: MebdfDocument,
): { after: Document; hi: number } {
  let after: Document;
  try {
    after = requests.length ? applyBatchUpdate(doc, { requests }).document : doc;
  } catch (e) {
    throw bug(`the planned requests do not apply (${e instanceof Error ? e.message : String(e)})`);
  }
  const rebuilt = buildTab(after, built.tab.tabId);
  const hi = run.hi + rebuilt.model.blocks.length - built.model.blocks.length;
  const outside = (blocks: Block[], end: number): Block[] => [
    ...blocks.slice(0, run.lo),
    ...blocks.slice(end),
  ];
  if (!sameAcrossWrite(outside(built.model.blocks, run.hi), outside(rebuilt.model.blocks, hi))) {
    throw bug('a block outside the edited place would change');
  }
  const got = runOf(rebuilt, run.lo, hi).model;
  const gotText = stringifyMebdf({ ...got, blocks: asIntended(got.blocks, next.blocks) });
  if (gotText !== stringifyMebdf(next)) throw bug('the result would not say the intended content');
  return { after, hi };
}

function bug(what: string): VerificationError {
  return new VerificationError(
    `Planning the change failed its check: ${what}; nothing was written. This is a bug in gdoc-mcp.`,
    'Report it with the content you sent; as a workaround, export the neighbouring section, add the new one to it with import_section, or use import_tab.',
  );
}

function bodyEnd(built: BuiltTab): number {
  const content = built.tab.content.body?.content ?? [];
  return content[content.length - 1]?.endIndex ?? 1;
}
