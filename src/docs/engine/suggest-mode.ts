/**
 * batchUpdate with `writeControl.writeMode: "SUGGEST"`: each request is applied as a suggestion
 * with a new `suggest.` id, listed in its `suggestionResponses[].createdSuggestionIds`. Indices
 * address the SUGGESTIONS_INLINE view, where suggested deletions still hold their text.
 *
 * - Insertions (insertText, insertTable, insertPageBreak, insertInlineImage and the chips) insert
 *   as in edit mode and mark everything inserted with `suggestedInsertionIds`.
 * - deleteContentRange is validated as in edit mode, then marks the range's content with
 *   `suggestedDeletionIds`; content that is itself a suggested insertion is deleted for real (as in
 *   Docs, deleting your own suggested text withdraws it).
 * - Style requests (updateTextStyle, updateParagraphStyle, createParagraphBullets,
 *   deleteParagraphBullets) leave the base style as it was and record the difference as
 *   `suggestedTextStyleChanges` / `suggestedParagraphStyleChanges` / `suggestedBulletChanges`;
 *   a run or paragraph that is itself suggested text takes the new style directly.
 * - Every other request is refused before anything is written (see docs/SUGGESTIONS-API.md).
 */
import type { DocsTextStyle, Paragraph, ParagraphElement, Tab } from '../../ground/docs-json.js';
import { previousParagraph } from './bullets.js';
import { EngineContext, RequestError } from './context.js';
import { deleteRangeIn } from './delete-range.js';
import { type Segment, segmentOf } from './document.js';
import { isRecord } from './json.js';
import { resolvePoint, resolveRange, segmentEnd } from './locations.js';
import { elementStyle, markFresh, paragraphsInRange, splitElementsAt } from './paragraphs.js';
import { HANDLERS, type Handler } from './requests.js';
import { PARAGRAPH_STYLE_ORDER, TEXT_STYLE_ORDER } from './style-fields.js';
import { addId, idsOf, innerOf, isInserted, type MarkKey, newlineInserted } from './suggestion-marks.js';
import { removeRanges } from './suggestion-requests.js';
import { recordSuggestionResponse } from './suggestion-response.js';
import { applyStyleChange, changedFields, styleChange } from './suggestion-styles.js';
import { resolveCell } from './tables.js';

/** True when the batch asks for suggestions. */
export function isSuggestMode(body: Record<string, unknown>): boolean {
  return isRecord(body.writeControl) && body.writeControl.writeMode === 'SUGGEST';
}

const INSERTS = [
  'insertText',
  'insertTable',
  'insertPageBreak',
  'insertInlineImage',
  'insertPerson',
  'insertRichLink',
  'insertDate',
];
const STYLES = [
  'updateTextStyle',
  'updateParagraphStyle',
  'createParagraphBullets',
  'deleteParagraphBullets',
];

/** What a walk of `[s, e)` does with what it meets (walkRange). */
interface RangeVisitor {
  /** A table wholly inside the range; false leaves it and its cells alone. */
  wholeTable(table: Record<string, unknown>, a: number, b: number): boolean;
  /** An element that starts inside the range (its paragraph split at the range's ends first). */
  element(el: ParagraphElement): void;
}

/**
 * Every paragraph element of a content list that starts in `[s, e)`, cells included, each
 * paragraph split at the range's ends so that an element is wholly in or out: the one walk a
 * suggested insertion and a suggested deletion both mark their text by.
 */
function walkRange(
  ctx: EngineContext,
  content: Segment['content'],
  s: number,
  e: number,
  visit: RangeVisitor,
): void {
  for (const se of content) {
    const a = se.startIndex ?? 0;
    const b = se.endIndex ?? 0;
    if (b <= s || a >= e) continue;
    if (se.table) {
      if (s <= a && b <= e && !visit.wholeTable(se.table as Record<string, unknown>, a, b)) continue;
      for (const row of se.table.tableRows ?? []) {
        for (const cell of row.tableCells ?? []) walkRange(ctx, cell.content ?? [], s, e, visit);
      }
    }
    const p = se.paragraph;
    if (!p) continue;
    splitElementsAt(p, s);
    splitElementsAt(p, e);
    for (const el of p.elements ?? []) {
      const es = el.startIndex ?? 0;
      if (es >= s && es < e) visit.element(el);
    }
    ctx.dirty.add(p);
  }
}

/** Gives a table and each of its rows `id` under `key`. */
function markIds(table: Record<string, unknown>, key: MarkKey, id: string): void {
  addId(table, key, id);
  for (const row of (table.tableRows as Record<string, unknown>[] | undefined) ?? []) addId(row, key, id);
}

/** Mark everything in [s, e) of a content list as inserted by `id`. */
function markInserted(
  ctx: EngineContext,
  content: Segment['content'],
  s: number,
  e: number,
  id: string,
): void {
  walkRange(ctx, content, s, e, {
    wholeTable: (table) => {
      markIds(table, 'suggestedInsertionIds', id);
      return true;
    },
    element: (el) => {
      const inner = innerOf(el);
      if (inner) inner.suggestedInsertionIds = [id];
      markFresh(el);
    },
  });
}

/** Suggestions this batch created, per batch: only those are extended (never someone else's). */
const createdInBatch = new WeakMap<EngineContext, Set<string>>();

function created(ctx: EngineContext): Set<string> {
  let ids = createdInBatch.get(ctx);
  if (!ids) {
    ids = new Set();
    createdInBatch.set(ctx, ids);
  }
  return ids;
}

/**
 * The suggestion an insertion at `index` extends: the one that inserted the table around it or the
 * character before it, when this batch made it (typing inside or at the end of your own suggestion
 * extends it, as in Docs).
 */
function extendedSuggestion(
  ctx: EngineContext,
  content: Segment['content'],
  index: number,
): string | undefined {
  const found = enclosingInsertion(content, index);
  return found && created(ctx).has(found) ? found : undefined;
}

function enclosingInsertion(content: Segment['content'], index: number): string | undefined {
  for (const se of content) {
    const a = se.startIndex ?? 0;
    const b = se.endIndex ?? 0;
    if (index <= a || index >= b) {
      if (!(se.paragraph && index === b)) continue;
    }
    if (se.table) {
      const own = idsOf(se.table as Record<string, unknown>, 'suggestedInsertionIds')[0];
      if (own) return own;
      for (const row of se.table.tableRows ?? []) {
        const inRow = (row.startIndex ?? 0) < index && index < (row.endIndex ?? 0);
        const rowId = idsOf(row as Record<string, unknown>, 'suggestedInsertionIds')[0];
        if (inRow && rowId) return rowId;
        for (const cell of row.tableCells ?? []) {
          const found = enclosingInsertion(cell.content ?? [], index);
          if (found) return found;
        }
      }
    }
    for (const el of se.paragraph?.elements ?? []) {
      // Inside the element or right after it, but not after a newline it ends with (that is the
      // next paragraph's start): a run typed as "New\n" takes what goes in before its newline.
      const end = (el.endIndex ?? 0) - ((el.textRun?.content ?? '').endsWith('\n') ? 1 : 0);
      if ((el.startIndex ?? 0) < index && index <= end) return idsOf(innerOf(el), 'suggestedInsertionIds')[0];
    }
  }
  return undefined;
}

function suggestInsert(type: string): Handler {
  return (ctx, req) => {
    const { seg, index } = resolvePoint(ctx, req);
    const extended = extendedSuggestion(ctx, seg.content, index);
    const before = segmentEnd(seg);
    const reply = HANDLERS[type]!(ctx, req);
    ctx.reindex(seg);
    const n = segmentEnd(seg) - before;
    if (n > 0) {
      const id = extended ?? ctx.ids.suggestion();
      markInserted(ctx, seg.content, index, index + n, id);
      ctx.touch(seg);
      if (!extended) {
        created(ctx).add(id);
        recordSuggestionResponse(ctx, 'createdSuggestionIds', id);
      }
    }
    return reply;
  };
}

/** Everything in [s, e) that is suggested text is deleted for real; the rest is marked deleted. */
function suggestDelete(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const { tab, seg, start: s, end: e } = resolveRange(ctx, req.range);
  checkDeletable(ctx, tab, seg.id, s, e);
  const id = ctx.ids.suggestion();
  const withdrawn: [number, number][] = [];
  let marked = false;
  walkRange(ctx, seg.content, s, e, {
    wholeTable: (table, a, b) => {
      if (((table.suggestedInsertionIds as string[] | undefined)?.length ?? 0) > 0) {
        withdrawn.push([a, b]);
        return false;
      }
      markIds(table, 'suggestedDeletionIds', id);
      marked = true;
      return true;
    },
    element: (el) => {
      const es = el.startIndex ?? 0;
      const ee = el.endIndex ?? es;
      if (isInserted(el)) {
        const last = withdrawn[withdrawn.length - 1];
        if (last && last[1] === es) last[1] = ee;
        else withdrawn.push([es, ee]);
        return;
      }
      const inner = innerOf(el);
      if (inner) {
        addId(inner, 'suggestedDeletionIds', id);
        marked = true;
      }
      markFresh(el);
    },
  });
  ctx.touch(seg);
  ctx.reindex(seg);
  removeRanges(ctx, tab, seg, withdrawn);
  if (marked) recordSuggestionResponse(ctx, 'createdSuggestionIds', id);
  return {};
}

/** Edit mode's refusals for this range, checked on a copy of the tab. */
function checkDeletable(ctx: EngineContext, tab: Tab, segmentId: string, s: number, e: number): void {
  const copy = structuredClone(tab);
  const seg = segmentOf(copy, segmentId)!;
  deleteRangeIn(new EngineContext(ctx.doc, ctx.ids), copy, seg, s, e);
}

interface ParagraphBefore {
  para: Paragraph;
  /** The base style, and the style its pending suggested changes give (what the request acts on). */
  paragraphStyle: Record<string, unknown> | undefined;
  paragraphView: Record<string, unknown> | undefined;
  bullet: Paragraph['bullet'];
  /** The bullet its pending suggested bullet changes give (what the request acts on). */
  bulletView: Paragraph['bullet'];
  /**
   * [fromEnd, style, view, inserted] of each element before the request: where it starts, counted
   * back from the paragraph's end (createParagraphBullets removes leading tabs, which moves every
   * start after them but no distance to the end), its base style, and the style its pending
   * suggested changes give.
   */
  runs: {
    fromEnd: number;
    style: DocsTextStyle | undefined;
    view: DocsTextStyle | undefined;
    inserted: boolean;
  }[];
}

type Changes = Record<string, { style?: unknown; state?: unknown }>;

/**
 * `base` with `changes` (pending suggested changes, in the order they were made) applied: what a
 * suggesting user sees, and what a further suggested change acts on. Two changes of one paragraph
 * in one batch (its indents reset, then one set again to the base's value) must accept as they
 * applied: the second records the value although the base already has it.
 */
function viewOf<T>(base: T | undefined, changes: Changes | null | undefined, order: string[]): T | undefined {
  if (!changes || Object.keys(changes).length === 0) return structuredClone(base);
  const view = structuredClone((base ?? {}) as Record<string, unknown>);
  for (const change of Object.values(changes))
    applyStyleChange(
      view,
      change.style as Record<string, unknown>,
      change.state as Record<string, unknown>,
      order,
    );
  return view as T;
}

function paragraphChanges(para: Paragraph): Changes | undefined {
  const all = para.suggestedParagraphStyleChanges;
  if (!all) return undefined;
  return Object.fromEntries(
    Object.entries(all).map(([id, c]) => [
      id,
      { style: c.paragraphStyle, state: c.paragraphStyleSuggestionState },
    ]),
  );
}

function textChanges(el: ParagraphElement): Changes | undefined {
  const all = (
    innerOf(el) as { suggestedTextStyleChanges?: Record<string, Record<string, unknown>> } | undefined
  )?.suggestedTextStyleChanges;
  if (!all) return undefined;
  return Object.fromEntries(
    Object.entries(all).map(([id, c]) => [id, { style: c.textStyle, state: c.textStyleSuggestionState }]),
  );
}

/** The paragraph as it was, and its styles set to their views for the request to act on. */
function snapshot(para: Paragraph): ParagraphBefore {
  const paragraphStyle = structuredClone(para.paragraphStyle ?? undefined) as
    | Record<string, unknown>
    | undefined;
  const paragraphView = viewOf(paragraphStyle, paragraphChanges(para), PARAGRAPH_STYLE_ORDER);
  const before: ParagraphBefore = {
    para,
    paragraphStyle,
    paragraphView,
    bullet: structuredClone(para.bullet ?? undefined),
    bulletView: bulletView(para),
    runs: (para.elements ?? []).map((el) => {
      const style = structuredClone(elementStyle(el));
      return {
        fromEnd: paragraphEnd(para) - (el.startIndex ?? 0),
        style,
        view: viewOf(style, textChanges(el), TEXT_STYLE_ORDER),
        inserted: isInserted(el),
      };
    }),
  };
  if (!newlineInserted(para) && para.suggestedParagraphStyleChanges)
    para.paragraphStyle = structuredClone(paragraphView ?? {});
  if (!newlineInserted(para) && para.suggestedBulletChanges) setBullet(para, before.bulletView);
  for (const [k, el] of (para.elements ?? []).entries()) {
    const run = before.runs[k]!;
    if (!run.inserted && textChanges(el)) setStyle(el, structuredClone(run.view));
  }
  return before;
}

/**
 * The bullet `para` shows with its pending suggested bullet changes applied, in the order they were
 * made (as accepting them all leaves it: suggestion-requests.ts): a change without a list removes it.
 */
function bulletView(para: Paragraph): Paragraph['bullet'] {
  let view = para.bullet ?? undefined;
  for (const change of Object.values(para.suggestedBulletChanges ?? {}))
    view = change.bullet?.listId ? change.bullet : undefined;
  return structuredClone(view);
}

function setBullet(para: Paragraph, bullet: Paragraph['bullet']): void {
  if (bullet) para.bullet = structuredClone(bullet);
  else delete para.bullet;
}

/** Where the paragraph ends (its newline's end). */
function paragraphEnd(para: Paragraph): number {
  const els = para.elements ?? [];
  return els[els.length - 1]?.endIndex ?? 0;
}

function setStyle(el: ParagraphElement, style: DocsTextStyle | undefined): void {
  const inner = innerOf(el);
  if (inner && 'textStyle' in inner) inner.textStyle = style ?? {};
}

/**
 * Turn what a style request did to a paragraph into suggestions: the paragraph and its runs get
 * their old styles back, with the difference recorded under `id`. Returns true when anything changed.
 */
function toSuggestion(before: ParagraphBefore, id: string, ctx: EngineContext): boolean {
  const p = before.para;
  let changed = false;
  if (!newlineInserted(p)) {
    const fields = changedFields(before.paragraphView, p.paragraphStyle as Record<string, unknown>);
    if (fields.length > 0) {
      const { style, state } = styleChange(p.paragraphStyle as Record<string, unknown>, fields);
      p.suggestedParagraphStyleChanges = {
        ...p.suggestedParagraphStyleChanges,
        [id]: { paragraphStyle: style, paragraphStyleSuggestionState: state },
      };
      p.paragraphStyle = before.paragraphStyle ?? {};
      changed = true;
    } else if (p.suggestedParagraphStyleChanges) p.paragraphStyle = before.paragraphStyle ?? {};
    const b = changedFields(
      before.bulletView as Record<string, unknown>,
      p.bullet as Record<string, unknown>,
    );
    if (b.includes('listId') || b.includes('nestingLevel')) {
      p.suggestedBulletChanges = {
        ...p.suggestedBulletChanges,
        [id]: {
          bullet: structuredClone(p.bullet ?? {}),
          bulletSuggestionState: { listIdSuggested: true, nestingLevelSuggested: true },
        },
      };
      changed = true;
    }
    if (b.length > 0 || p.suggestedBulletChanges) setBullet(p, before.bullet);
  }
  // Every old run boundary becomes an element boundary, so each element has one old style. A run
  // the request removed (leading tabs) starts where the paragraph does, as the run after it.
  const first = p.elements?.[0]?.startIndex ?? 0;
  const starts = before.runs.map((r) => Math.max(first, paragraphEnd(p) - r.fromEnd));
  for (const start of starts) splitElementsAt(p, start);
  let k = 0;
  for (const el of p.elements ?? []) {
    const es = el.startIndex ?? 0;
    while (k + 1 < starts.length && starts[k + 1]! <= es) k++;
    const old = before.runs[k];
    if (!old || old.inserted) continue;
    const now = elementStyle(el);
    const fields = changedFields(old.view as Record<string, unknown>, now as Record<string, unknown>);
    if (fields.length === 0) {
      setStyle(el, structuredClone(old.style));
      continue;
    }
    const { style, state } = styleChange(now as Record<string, unknown>, fields);
    const inner = innerOf(el)!;
    inner.suggestedTextStyleChanges = {
      ...(inner.suggestedTextStyleChanges as object),
      [id]: { textStyle: style, textStyleSuggestionState: state },
    };
    setStyle(el, structuredClone(old.style));
    markFresh(el);
    changed = true;
  }
  ctx.dirty.add(p);
  return changed;
}

function suggestStyle(type: string): Handler {
  return (ctx, req) => {
    const { tab, seg, start: s, end: e } = resolveRange(ctx, req.range);
    const refs = paragraphsInRange(seg.content, s, e);
    const befores = refs.map((ref) => snapshot(ref.para));
    const lists = new Set(Object.keys(tab.documentTab?.lists ?? {}));
    // A new bullet joins the list of the paragraph before as that paragraph shows (bullets.ts).
    const prev = type === 'createParagraphBullets' && refs[0] ? previousParagraph(refs[0]) : undefined;
    const shown = prev?.suggestedBulletChanges && !newlineInserted(prev) ? prev : undefined;
    const base = shown?.bullet;
    if (shown) setBullet(shown, bulletView(shown));
    const reply = HANDLERS[type]!(ctx, req);
    if (shown) setBullet(shown, base);
    ctx.reindex(seg);
    const id = ctx.ids.suggestion();
    let changed = false;
    for (const b of befores) changed = toSuggestion(b, id, ctx) || changed;
    // A list made for suggested bullets is itself suggested (one made for suggested text is not).
    for (const [listId, list] of Object.entries(tab.documentTab?.lists ?? {})) {
      if (changed && !lists.has(listId)) list.suggestedInsertionId = id;
    }
    ctx.touch(seg);
    if (changed) recordSuggestionResponse(ctx, 'createdSuggestionIds', id);
    return reply;
  };
}

/** insertTableRow: the new row, its cells and their content are inserted by the suggestion. */
function suggestInsertRow(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const ref = resolveCell(ctx, req.tableCellLocation);
  const table = ref.hit.table;
  const before = new Set(table.tableRows ?? []);
  const tableId = idsOf(table as Record<string, unknown>, 'suggestedInsertionIds')[0];
  const reply = HANDLERS.insertTableRow!(ctx, req);
  ctx.reindex(ref.seg);
  const extended = tableId && created(ctx).has(tableId) ? tableId : undefined;
  const id = extended ?? ctx.ids.suggestion();
  for (const row of table.tableRows ?? []) {
    if (before.has(row)) continue;
    addId(row as Record<string, unknown>, 'suggestedInsertionIds', id);
    for (const cell of row.tableCells ?? []) {
      addId(cell as Record<string, unknown>, 'suggestedInsertionIds', id);
      markInserted(ctx, cell.content ?? [], 0, Number.POSITIVE_INFINITY, id);
    }
  }
  ctx.touch(ref.seg);
  if (!extended) {
    created(ctx).add(id);
    recordSuggestionResponse(ctx, 'createdSuggestionIds', id);
  }
  return reply;
}

const SUGGEST_HANDLERS: Record<string, Handler> = {
  insertTableRow: suggestInsertRow,
  ...Object.fromEntries(INSERTS.map((t) => [t, suggestInsert(t)])),
  ...Object.fromEntries(STYLES.map((t) => [t, suggestStyle(t)])),
  deleteContentRange: suggestDelete,
};

/** The request types suggest mode applies (the others are refused). */
export const SUGGESTABLE_REQUESTS: ReadonlySet<string> = new Set(Object.keys(SUGGEST_HANDLERS));

/** The handler of `type` in suggest mode; a request suggest mode cannot carry is refused. */
export function suggestHandler(type: string): Handler | undefined {
  if (!HANDLERS[type]) return undefined;
  return (
    SUGGEST_HANDLERS[type] ??
    (() => {
      throw new RequestError(
        'This request cannot be applied as a suggestion (writeMode SUGGEST); send it with writeMode EDIT.',
      );
    })
  );
}
