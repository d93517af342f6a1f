/**
 * The edit battery: every edit of edit-battery-edits.ts on every tab, section and preamble of every
 * real document in test/fixtures/real, imported through the import service on the in-memory
 * backend. Each case is checked four ways:
 *  1. it lands (no refusal, no verification error, no fault);
 *  2. the tab's body JSON outside the edited blocks is unchanged (before: deep-equal with indices;
 *     after: deep-equal without them), and so are the other tabs and the existing lists;
 *  3. the tab's re-export equals the old export with the section replaced by the edited text, in
 *     canonical form (ids of headings the edit creates set aside, and a list item's explicit indent
 *     that its Docs list level gives anyway: the same look, stored unset);
 *  4. the request list is no longer than the edit kind's bound.
 * edit-battery.test.ts runs a sample; `npm run evidence` (edit-battery-run.ts) runs it all.
 */

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  exportSection,
  exportTab,
  getHierarchy,
  isSyntheticHeadingId,
  listTabs,
  resolveTab,
} from '../../src/docs/export/index.js';
import { assignListKeys, embedIds, mapParagraphs } from '../../src/docs/export/model-utils.js';
import { type NamedStyleBase, namedStyleBases } from '../../src/docs/export/style-overrides.js';
import {
  endsNothing,
  isSectionBreak,
  nonParagraph,
  suggestedBreakParagraphs,
} from '../../src/docs/import/forced.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { GdocError, VerificationError } from '../../src/errors.js';
import type { Document, Paragraph, ParagraphElement, StructuralElement } from '../../src/ground/docs-json.js';
import { formatMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { Block, Inline, MebdfDocument, NamedStyleType } from '../../src/mebdf/model.js';
import { MemoryBackend } from '../import/memory-backend.js';
import { type BatteryEdit, batteryEdits, type EditKind, mergeRuns } from './edit-battery-edits.js';

const FIXTURES = new URL('../fixtures/real/', import.meta.url);

export type Outcome = 'pass' | 'refused' | 'verification' | 'fault' | 'collateral' | 'mismatch' | 'requests';

export interface BatteryCase {
  file: string;
  tabId: string;
  /** `''` for the preamble. */
  anchorId: string;
  edit: BatteryEdit;
}

export interface CaseResult {
  kase: BatteryCase;
  outcome: Outcome;
  detail: string;
}

/** The real documents (request logs and desired states of the extrasuite fixtures set aside). */
export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter(
      (f) => f.endsWith('.json') && !f.endsWith('.requests.batches.json') && !f.endsWith('.desired.json'),
    )
    .sort();
}

const loaded = new Map<string, Document>();
export function fixture(name: string): Document {
  let doc = loaded.get(name);
  if (!doc) {
    doc = new MemoryBackend(JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Document).doc;
    loaded.set(name, doc);
  }
  return doc;
}

/** A document of the tests' own, run as if it were fixture `name`. */
export function casesOfDocument(name: string, doc: Document): BatteryCase[] {
  loaded.set(name, new MemoryBackend(doc).doc);
  return casesOf(name);
}

/** Every case of one document: each tab, its preamble and each section, each edit. */
export function casesOf(file: string): BatteryCase[] {
  const doc = fixture(file);
  const out: BatteryCase[] = [];
  for (const tab of listTabs(doc)) {
    const anchors = ['', ...getHierarchy(doc, tab.tabId).headings.map((h) => h.anchor_id)];
    for (const anchorId of anchors) {
      const section = exportSection(doc, tab.tabId, anchorId);
      const bases = namedStyleBases(resolveTab(doc, tab.tabId).content);
      for (const edit of batteryEdits(section.model, anchorId === '')) {
        if (edit.kind === 'heading-level') edit.expected = underNewNamedStyle(edit.next, bases);
        if (edit.kind === 'heading-to-paragraph')
          edit.expected = underNewNamedStyle(edit.next, bases, Number(edit.where.replace('block ', '')));
        out.push({ file, tabId: tab.tabId, anchorId, edit });
      }
    }
  }
  return out;
}

const PARAGRAPH_VALUES = [
  'align',
  'indentLeft',
  'indentRight',
  'lineSpacing',
  'spaceBefore',
  'spaceAfter',
] as const;
const TEXT_VALUES = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'smallcaps',
  'font',
  'weight',
  'size',
  'color',
] as const;

/**
 * A heading moved to another level (or block `only` to another named style), as Docs then stores it: a value the heading or its text said
 * that equals its new named style's is stored unset (see withoutNamedStyleValues), and so reads
 * back unsaid. (Said relative to the old named style, the edit's model may still spell it.)
 */
function underNewNamedStyle(
  model: MebdfDocument,
  bases: Record<NamedStyleType, NamedStyleBase>,
  only?: number,
): MebdfDocument {
  const out = structuredClone(model);
  for (const [i, b] of out.blocks.entries()) {
    if (b.type !== 'paragraph' || (only === undefined ? !/^HEADING_/.test(b.style.namedStyle) : i !== only))
      continue;
    const base = bases[b.style.namedStyle];
    const style = b.style as unknown as Record<string, unknown>;
    for (const k of PARAGRAPH_VALUES) if (style[k] === base.paragraph[k]) delete style[k];
    for (const x of b.inlines) {
      if (x.type !== 'text') continue;
      const ts = x.style as Record<string, unknown>;
      for (const k of TEXT_VALUES) if (ts[k] === base.text[k]) delete ts[k];
    }
    b.inlines = mergeRuns(b.inlines);
  }
  return out;
}

function body(doc: Document, tabId: string): StructuralElement[] {
  return resolveTab(doc, tabId).content.body?.content ?? [];
}

/** Indices set aside, and footnote numbers (Docs numbers footnotes by order: a new one renumbers those after it). */
function withoutIndices<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (k, v) =>
      k === 'startIndex' || k === 'endIndex' || k === 'footnoteNumber' ? undefined : v,
    ),
  ) as T;
}

/**
 * The body with every text style value equal to its paragraph's named style's set aside, and the
 * runs side by side that are then alike merged. Docs stores a value set equal to the inherited one
 * as unset ("values equal to the parent's become unset"), so a write cannot keep one explicit where
 * a document has it, and it looks the same. And Docs reports runs of one style side by side where a
 * document it wrote split them for what the API does not show (1arcBS: a heading's text and its
 * newline, both 13pt, two runs); a newline typed after that text is one run with it, and no request
 * splits a run but by a style: what a write can make of such a paragraph is the runs merged.
 */
function withoutNamedStyleValues(
  content: StructuralElement[],
  doc: Document,
  tabId: string,
): StructuralElement[] {
  const named = new Map(
    (resolveTab(doc, tabId).content.namedStyles?.styles ?? []).map((s) => [
      s.namedStyleType,
      s.textStyle ?? {},
    ]),
  );
  return JSON.parse(JSON.stringify(content), function (this: unknown, k: string, v: unknown) {
    if (k !== 'paragraph' || !v || typeof v !== 'object') return v;
    const p = v as Paragraph;
    const parent = (named.get(p.paragraphStyle?.namedStyleType ?? 'NORMAL_TEXT') ?? {}) as Record<
      string,
      unknown
    >;
    for (const el of p.elements ?? []) {
      const ts = el.textRun?.textStyle as Record<string, unknown> | undefined;
      if (!ts) continue;
      for (const f of Object.keys(ts)) if (f in parent && isDeepStrictEqual(ts[f], parent[f])) delete ts[f];
    }
    return { ...p, elements: mergedRuns(p.elements ?? []) };
  }) as StructuralElement[];
}

/** Text runs side by side with the same style (and suggestions) as one run. */
function mergedRuns(elements: ParagraphElement[]): ParagraphElement[] {
  const out: ParagraphElement[] = [];
  for (const el of elements) {
    const prev = out[out.length - 1];
    if (prev?.textRun && el.textRun) {
      const { content: _a, ...pa } = prev.textRun;
      const { content: _b, ...pb } = el.textRun;
      if (isDeepStrictEqual(pa, pb)) {
        out[out.length - 1] = {
          ...prev,
          endIndex: el.endIndex ?? null,
          textRun: { ...prev.textRun, content: (prev.textRun.content ?? '') + (el.textRun.content ?? '') },
        };
        continue;
      }
    }
    out.push(el);
  }
  return out;
}

/** The document but the tab's body and lists (checked on their own); `dropped`: anchors the edit removes. */
function outsideTab(
  doc: Document,
  tabId: string,
  dropped: ReadonlySet<string> = new Set(),
  /**
   * The footnotes, images and named ranges the tab had: what the edit adds (a footnote, an image
   * and the range marking it) is checked with the tab's export.
   */
  had?: ReadonlySet<string>,
): unknown {
  const copy = structuredClone(doc);
  delete copy.revisionId;
  const content = resolveTab(copy, tabId).content;
  delete content.body;
  delete content.lists;
  if (had) {
    for (const field of ['footnotes', 'inlineObjects'] as const) {
      const map = content[field];
      if (!map) continue;
      for (const id of Object.keys(map)) if (!had.has(id)) delete map[id];
      if (Object.keys(map).length === 0) delete content[field];
    }
    for (const [name, group] of Object.entries(content.namedRanges ?? {})) {
      group.namedRanges = (group.namedRanges ?? []).filter((r) => had.has(r.namedRangeId ?? ''));
      if (group.namedRanges.length === 0) delete content.namedRanges![name];
    }
    if (content.namedRanges && Object.keys(content.namedRanges).length === 0) delete content.namedRanges;
  }
  // Named ranges after the edit move with the text: their ids and extent are what must not change.
  // An anchor the edit leaves out (its text deleted) goes with its text.
  if (content.namedRanges) {
    const kept = Object.entries(withoutIndices(content.namedRanges))
      .map(([name, group]) => {
        const ranges = (group.namedRanges ?? []).filter((r) => !dropped.has(r.namedRangeId ?? ''));
        return [name, { ...group, namedRanges: ranges }] as const;
      })
      .filter(([, group]) => group.namedRanges.length > 0);
    content.namedRanges = Object.fromEntries(kept);
  }
  return copy;
}

/** Which body elements differ: the common prefix (indices and all) and suffix (indices aside) set aside. */
function changedElements(
  before: StructuralElement[],
  after: StructuralElement[],
): { old: number; new: number; first: number } {
  let p = 0;
  while (p < before.length && p < after.length && isDeepStrictEqual(before[p], after[p])) p++;
  let s = 0;
  const a = withoutIndices(before);
  const b = withoutIndices(after);
  while (s < a.length - p && s < b.length - p && isDeepStrictEqual(a[a.length - 1 - s], b[b.length - 1 - s]))
    s++;
  return { old: before.length - p - s, new: after.length - p - s, first: p };
}

/**
 * Nothing can be inserted after the newline that ends a body, so content added after the body's
 * last paragraph re-creates that paragraph's newline in the style of the text before it: a newline
 * run apart from a text run of the same style merges with it. Both sides with those runs merged.
 */
function withLastNewlineMerged(
  before: StructuralElement[],
  after: StructuralElement[],
): [StructuralElement[], StructuralElement[]] {
  const k = before.length - 1;
  if (after.length <= before.length || after[k]?.startIndex !== before[k]?.startIndex) return [before, after];
  const merged = (se: StructuralElement): StructuralElement =>
    se.paragraph
      ? { ...se, paragraph: { ...se.paragraph, elements: mergedRuns(se.paragraph.elements ?? []) } }
      : se;
  return [
    [...before.slice(0, k), merged(before[k]!)],
    [...after.slice(0, k), merged(after[k]!), ...after.slice(k + 1)],
  ];
}

/** `blocks` with each paragraph's inlines (table cells' too) made anew by `inlines`, in order. */
export function withInlines(blocks: Block[], inlines: (xs: Inline[]) => Inline[]): Block[] {
  return mapParagraphs(blocks, (b) => ({ ...b, inlines: inlines(b.inlines) }));
}

/** The model's text with the anchor inlines `keep` refuses set aside (ids a write minted). */
export function textKeepingAnchors(model: MebdfDocument, keep: (id: string) => boolean): string {
  const kept = (xs: Inline[]) => xs.filter((i) => i.type !== 'anchor' || (i.id !== null && keep(i.id)));
  return stringifyMebdf({ ...model, blocks: withInlines(model.blocks, kept) });
}

/**
 * Anchor inlines the old tab did not have (new headings' ids), and synthetic ones, set aside; and
 * footnotes labelled by their order of reference (the export numbers them so: a new one renumbers
 * those after it).
 */
function normalized(model: MebdfDocument, known: Set<string>): string {
  return textKeepingAnchors(
    byReferenceOrder(newImagesAlike(model, known)),
    (id) => known.has(id) && !isSyntheticHeadingId(id),
  );
}

/**
 * An image the text adds by URL (`![alt](url)`) and the image it reads back as (an object the
 * write made, `{^= id image}`: its id is Docs', and the Docs API sets no alt text) as one text;
 * a chip the write made without its id, as the text wrote it.
 */
function newImagesAlike(model: MebdfDocument, known: Set<string>): MebdfDocument {
  const same = (xs: Inline[]): Inline[] =>
    xs.map((x) =>
      x.type === 'image' || (x.type === 'embed' && x.kind === 'image' && !known.has(x.id))
        ? { type: 'text', text: '(new image)', style: {} }
        : // A new chip reads back under the id Docs gives it.
          x.type === 'embed' && x.id !== '' && !known.has(x.id)
          ? { ...x, id: '' }
          : x,
    );
  return { ...model, blocks: withInlines(model.blocks, same) };
}

function byReferenceOrder(model: MebdfDocument): MebdfDocument {
  const order = new Map<string, string>();
  const relabel = (xs: Inline[]) =>
    xs.map((i) => {
      if (i.type !== 'footnoteRef') return i;
      if (!order.has(i.label)) order.set(i.label, `n${order.size + 1}`);
      return { ...i, label: order.get(i.label)! };
    });
  const blocks = withInlines(model.blocks, relabel);
  const footnotes: MebdfDocument['footnotes'] = {};
  for (const [label, note] of Object.entries(model.footnotes))
    footnotes[order.get(label) ?? label] = withInlines(note, relabel) as typeof note;
  return { ...model, blocks, footnotes };
}

export function anchorIds(model: MebdfDocument): Set<string> {
  const ids = new Set<string>();
  const walk = (blocks: Block[]) => {
    for (const b of blocks) {
      if (b.type === 'table') for (const r of b.rows) for (const c of r) walk(c.blocks);
      else for (const i of b.inlines) if (i.type === 'anchor' && i.id) ids.add(i.id);
    }
  };
  walk(model.blocks);
  return ids;
}

/**
 * The tab model the edit means: the old tab's blocks with the section's replaced. The section's
 * list keys are its own; a key the section export shares with the tab (a list that goes on past the
 * section's ends, numbered headings included) is the tab's, any other a new list.
 */
function intendedTab(
  tab: MebdfDocument,
  suggestedBreaks: readonly Block[],
  sectionModel: MebdfDocument,
  firstBlock: number,
  endBlock: number,
  next: MebdfDocument,
): MebdfDocument {
  const tabKeys = sectionListKeys(sectionModel.blocks, tab.blocks.slice(firstBlock, endBlock));
  const rekey = (b: Block): Block => {
    if (b.type === 'table')
      return {
        ...b,
        rows: b.rows.map((r) => r.map((c) => ({ ...c, blocks: c.blocks.map((p) => rekey(p) as typeof p) }))),
      };
    if (!b.list) return b;
    return { ...b, list: { ...b.list, key: tabKeys.get(b.list.key) ?? `s${b.list.key}` } };
  };
  const section = structuredClone(next.blocks).map(rekey);
  const model: MebdfDocument = {
    blocks: [
      ...structuredClone(tab.blocks.slice(0, firstBlock)),
      ...section,
      ...structuredClone(tab.blocks.slice(endBlock)),
    ],
    footnotes: { ...tab.footnotes, ...next.footnotes },
  };
  assignListKeys(model);
  return withDocsTableParagraphs(model, tab.blocks, suggestedBreaks);
}

/** Section list key -> the tab's, pairing the section export's paragraphs with the tab's by position. */
function sectionListKeys(section: readonly Block[], tab: readonly Block[]): Map<string, string> {
  const paragraphs = (blocks: readonly Block[]): Block[] =>
    blocks.flatMap((b) => (b.type === 'table' ? b.rows.flat().flatMap((c) => paragraphs(c.blocks)) : [b]));
  const from = paragraphs(section);
  const to = paragraphs(tab);
  const keys = new Map<string, string>();
  if (from.length !== to.length) return keys;
  from.forEach((b, i) => {
    const t = to[i];
    if (b.type === 'paragraph' && b.list && t?.type === 'paragraph' && t.list)
      keys.set(b.list.key, t.list.key);
  });
  return keys;
}

/**
 * Docs never has a table first in the body, right after another table or a section break, or last: the Docs API puts
 * a paragraph before every table it inserts, and a body ends with a paragraph. An empty one is
 * what the edit can get there; and a body emptied of everything keeps one empty paragraph.
 */
function withDocsTableParagraphs(
  model: MebdfDocument,
  old: Block[],
  suggestedBreaks: readonly Block[],
): MebdfDocument {
  // A new table right after a paragraph whose break is a suggested insertion goes in at the next
  // paragraph's start, so the newline insertTable types is an empty paragraph of its own.
  const afterSuggestedBreak = (before: Block | undefined, table: Block): boolean =>
    suggestedBreaks.some((p) => isDeepStrictEqual(p, before)) &&
    !old.some((b, k) => isDeepStrictEqual(b, before) && isDeepStrictEqual(old[k + 1], table));
  const empty = (): Block => ({ type: 'paragraph', style: { namedStyle: 'NORMAL_TEXT' }, inlines: [] });
  if (model.blocks.length === 0) return { ...model, blocks: [empty()] };
  const blocks: Block[] = [];
  model.blocks.forEach((b, i) => {
    const before = model.blocks[i - 1];
    // Nor can a section break start the body or follow another, or a table of contents.
    if (isSectionBreak(b) && (i === 0 || nonParagraph(before))) blocks.push(empty());
    if (
      b.type === 'table' &&
      (i === 0 || before?.type === 'table' || nonParagraph(before) || afterSuggestedBreak(before, b))
    )
      blocks.push(empty());
    blocks.push(b);
    // A section break or a table of contents always has a newline before it.
    if (b.type === 'table' && nonParagraph(model.blocks[i + 1])) blocks.push(empty());
  });
  if (endsNothing(blocks[blocks.length - 1])) {
    // The paragraph that ended the body stays, its text gone, when a table or break preceded it.
    const last = old[old.length - 1];
    blocks.push(
      last?.type === 'paragraph' && endsNothing(old[old.length - 2])
        ? { ...structuredClone(last), inlines: [] }
        : empty(),
    );
  }
  return { ...model, blocks };
}

function firstLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.split('\n')[0]!.slice(0, 240);
}

export async function runCase(kase: BatteryCase): Promise<CaseResult> {
  const { file, tabId, anchorId, edit } = kase;
  const be = new MemoryBackend(fixture(file));
  const before = structuredClone(be.doc);
  const section = exportSection(before, tabId, anchorId);
  const tab = exportTab(before, tabId);
  const content = stringifyMebdf(edit.next);
  const result = (outcome: Outcome, detail: string): CaseResult => ({ kase, outcome, detail });
  let warnings: readonly string[];
  try {
    ({ warnings } = await importSectionService(
      be,
      { document_id: 'doc', tab_id: tabId, anchor_id: anchorId },
      content,
    ));
  } catch (e) {
    if (e instanceof VerificationError) return result('verification', firstLine(e));
    if (e instanceof GdocError && !(e instanceof VerificationError))
      return result('refused', `${e.constructor.name}: ${firstLine(e)}`);
    return result('fault', firstLine(e));
  }
  // Anchors the import made again, as its warnings say: new id -> the id the text gave.
  const remade = remadeAnchors(before, be.doc, tabId, warnings);
  // 2. Nothing outside the edited blocks changed.
  const left = anchorIds(edit.next);
  const dropped = new Set([...anchorIds(section.model)].filter((id) => !left.has(id)));
  for (const id of remade.values()) dropped.add(id);
  const was = resolveTab(before, tabId).content;
  const had = new Set([
    // A footnote's text the edit changes is checked with the tab's export, as a new one is.
    ...(isDeepStrictEqual(edit.next.footnotes, section.model.footnotes)
      ? Object.keys(was.footnotes ?? {})
      : []),
    ...Object.keys(was.inlineObjects ?? {}),
    ...Object.values(was.namedRanges ?? {}).flatMap((g) =>
      (g.namedRanges ?? []).map((r) => r.namedRangeId ?? ''),
    ),
  ]);
  if (!isDeepStrictEqual(outsideTab(before, tabId, dropped, had), outsideTab(be.doc, tabId, new Set(), had)))
    return result('collateral', 'another tab or document field changed');
  const oldLists = resolveTab(before, tabId).content.lists ?? {};
  const newLists = resolveTab(be.doc, tabId).content.lists ?? {};
  for (const [id, list] of Object.entries(oldLists)) {
    if (!isDeepStrictEqual(list, newLists[id])) return result('collateral', `list ${id} changed`);
  }
  const raw = changedElements(...withLastNewlineMerged(body(before, tabId), body(be.doc, tabId)));
  const changed =
    raw.old > edit.touched.old
      ? changedElements(
          ...withLastNewlineMerged(
            withoutNamedStyleValues(body(before, tabId), before, tabId),
            withoutNamedStyleValues(body(be.doc, tabId), before, tabId),
          ),
        )
      : raw;
  // What Docs keeps that the edit deletes (the body's last paragraph, its text gone) may differ too.
  const want = intendedTab(
    tab.model,
    suggestedBreakParagraphs(tab.model.blocks, tab.sources, body(before, tabId)),
    section.model,
    section.firstBlock,
    section.endBlock,
    edit.expected ?? edit.next,
  );
  const forced =
    want.blocks.length -
    (tab.model.blocks.length -
      (section.endBlock - section.firstBlock) +
      (edit.expected ?? edit.next).blocks.length);
  if (changed.old > edit.touched.old || changed.new > Math.max(edit.touched.new, forced)) {
    return result(
      'collateral',
      `${changed.old} elements replaced by ${changed.new} from element ${changed.first} (the edit touches ${edit.touched.old} -> ${edit.touched.new})`,
    );
  }
  // 3. The re-export says what was meant.
  // (Objects too: an image the edit adds reads back under an id Docs gives it.)
  const known = new Set([...anchorIds(tab.model), ...embedIds(tab.model)]);
  const exported = exportTab(be.doc, tabId);
  const written = { ...exported, model: withAnchorsRenamed(exported.model, remade) };
  const wanted = normalized(levelIndentsEased(want, written, be.doc, tabId), known);
  const got = normalized(written.model, known);
  const other = edit.orExpected && {
    ...want,
    blocks: [
      ...want.blocks.slice(0, section.firstBlock),
      ...intendedTab(
        tab.model,
        suggestedBreakParagraphs(tab.model.blocks, tab.sources, body(before, tabId)),
        section.model,
        section.firstBlock,
        section.endBlock,
        edit.orExpected,
      ).blocks.slice(section.firstBlock),
    ],
  };
  const alsoRight =
    other && got === formatMebdf(normalized(levelIndentsEased(other, written, be.doc, tabId), known));
  if (got !== formatMebdf(wanted) && !alsoRight) {
    // BATTERY_DUMP=<dir>: both texts of a mismatch, to diff by hand.
    const dump = process.env.BATTERY_DUMP;
    if (dump) {
      writeFileSync(`${dump}/want.md`, formatMebdf(wanted));
      writeFileSync(`${dump}/got.md`, got);
    }
    return result('mismatch', firstDifference(formatMebdf(wanted), got));
  }
  // 4. No more requests than the edit needs.
  const sent = be.writes[0]?.requests?.length ?? 0;
  if (sent > edit.maxRequests) return result('requests', `${sent} requests (bound ${edit.maxRequests})`);
  return result('pass', '');
}

/**
 * The named ranges of the tab that the write made again under the same name (new id -> old id):
 * only those the import's warnings name with their new id; any other that went is a change the
 * collateral check finds.
 */
function remadeAnchors(
  before: Document,
  after: Document,
  tabId: string,
  warnings: readonly string[],
): Map<string, string> {
  const ids = (doc: Document) =>
    new Map(
      Object.entries(resolveTab(doc, tabId).content.namedRanges ?? {}).flatMap(([name, group]) =>
        (group.namedRanges ?? []).map((r) => [r.namedRangeId ?? '', name] as const),
      ),
    );
  const was = ids(before);
  const now = ids(after);
  const out = new Map<string, string>();
  for (const [id, name] of was) {
    if (now.has(id)) continue;
    // "The anchor {^ old} (named range "…") is now {^ new}: …"
    const said = warnings
      .map((w) => w.match(/^The anchor \{\^ (\S+)\} .* is now \{\^ (\S+)\}/))
      .find((m) => m?.[1] === id);
    const made = said?.[2];
    if (made && now.get(made) === name && !was.has(made)) out.set(made, id);
  }
  return out;
}

function withAnchorsRenamed(model: MebdfDocument, renamed: ReadonlyMap<string, string>): MebdfDocument {
  if (renamed.size === 0) return model;
  const rename = (xs: Inline[]) =>
    xs.map((x) =>
      x.type === 'anchor' && x.id !== null && renamed.has(x.id) ? { ...x, id: renamed.get(x.id)! } : x,
    );
  return { ...model, blocks: withInlines(model.blocks, rename) };
}

/**
 * `want` without a list item's explicit indent where the written item has none and its Docs list's
 * level gives that very indent: the same look, which Docs stores unset and an export never writes
 * (a text's `indent-left:36pt` on an outer item, carried on by a block directive, say).
 */
function levelIndentsEased(
  want: MebdfDocument,
  written: { model: MebdfDocument; sources: readonly unknown[] },
  doc: Document,
  tabId: string,
): MebdfDocument {
  if (want.blocks.length !== written.model.blocks.length) return want;
  const lists = resolveTab(doc, tabId).content.lists ?? {};
  const blocks = want.blocks.map((w, i) => {
    const g = written.model.blocks[i]!;
    const src = written.sources[i] as { listId?: string } | undefined;
    if (w.type !== 'paragraph' || g.type !== 'paragraph' || !w.list || !g.list || !src?.listId) return w;
    const level = lists[src.listId]?.listProperties?.nestingLevels?.[g.list.level];
    const style = { ...w.style };
    if (g.style.indentLeft === undefined && style.indentLeft === level?.indentStart?.magnitude)
      delete style.indentLeft;
    // So is a hanging indent equal to the level's (its first line's indent less its start).
    const hanging = (level?.indentFirstLine?.magnitude ?? 0) - (level?.indentStart?.magnitude ?? 0);
    if (g.style.firstLineIndent === undefined && level && style.firstLineIndent === hanging)
      delete style.firstLineIndent;
    return { ...w, style };
  });
  return { ...want, blocks };
}

function firstDifference(want: string, got: string): string {
  const a = want.split('\n');
  const b = got.split('\n');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `line ${i + 1}: want ${JSON.stringify(a[i]?.slice(0, 80))}, got ${JSON.stringify(b[i]?.slice(0, 80))}`;
}

/** Pass counts by edit kind, and failures grouped by outcome and message. */
export function summarize(results: CaseResult[]): string {
  const byKind = new Map<EditKind, Map<Outcome, number>>();
  for (const r of results) {
    const m = byKind.get(r.kase.edit.kind) ?? new Map<Outcome, number>();
    m.set(r.outcome, (m.get(r.outcome) ?? 0) + 1);
    byKind.set(r.kase.edit.kind, m);
  }
  const lines: string[] = [];
  const pass = results.filter((r) => r.outcome === 'pass').length;
  lines.push(`edit battery: ${pass} of ${results.length} landed exactly`);
  for (const [kind, m] of [...byKind].sort()) {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    const fails = [...m].filter(([o]) => o !== 'pass').map(([o, n]) => `${o} ${n}`);
    lines.push(
      `  ${kind.padEnd(22)} ${String(m.get('pass') ?? 0).padStart(4)}/${String(total).padEnd(4)} ${fails.join(', ')}`,
    );
  }
  const groups = new Map<string, CaseResult[]>();
  for (const r of results) {
    if (r.outcome === 'pass') continue;
    const key = `${r.outcome} ${r.kase.edit.kind}: ${r.detail
      .replace(/\d+/g, 'N')
      .replace(/"[^"]*"/g, '"…"')
      .slice(0, 140)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, rs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const ex = rs[0]!;
    lines.push(`${String(rs.length).padStart(5)} × ${key}`);
    lines.push(
      `        e.g. ${ex.kase.file} ${ex.kase.tabId} ${JSON.stringify(ex.kase.anchorId)} ${ex.kase.edit.where}: ${ex.detail}`,
    );
  }
  return lines.join('\n');
}
