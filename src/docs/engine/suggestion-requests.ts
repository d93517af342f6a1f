/**
 * acceptSuggestion, rejectSuggestion and deleteSuggestion `{suggestionId}`, and the two preview
 * views of `documents.get` built on them (PREVIEW_SUGGESTIONS_ACCEPTED: every suggestion accepted;
 * PREVIEW_WITHOUT_SUGGESTIONS: every one rejected).
 *
 * Accepting: suggested insertions lose the id (the content stays), suggested deletions are deleted
 * with deleteContentRange's rules, style and bullet changes are applied to the base style, a list
 * the suggestion created becomes a plain list. Rejecting is the mirror: insertions are deleted,
 * deletion marks go, style changes are dropped, lists the suggestion created are removed.
 * deleteSuggestion removes a suggestion the way rejecting does (the author withdraws it); its reply
 * lists the id under `deletedSuggestionIds`.
 */
import type { Document, Paragraph, Tab } from '../../ground/docs-json.js';
import type { SuggestionsViewMode } from '../../ground/suggestions.js';
import { EngineContext, RequestError } from './context.js';
import { deleteRangeIn } from './delete-range.js';
import type { Segment } from './document.js';
import type { IdSource } from './ids.js';
import { allTabs } from './indices.js';
import { markFresh } from './paragraphs.js';
import { PARAGRAPH_STYLE_ORDER, TEXT_STYLE_ORDER } from './style-fields.js';
import {
  dropId,
  forEachParagraph,
  idsOf,
  innerOf,
  type MarkKey,
  markedRanges,
  segmentsOf,
  suggestionIdsIn,
} from './suggestion-marks.js';
import { recordSuggestionResponse } from './suggestion-response.js';
import { applyStyleChange } from './suggestion-styles.js';
import { deleteTableRow } from './tables.js';

type Verdict = 'accept' | 'reject';

interface SuggestedTextStyle {
  textStyle?: Record<string, unknown>;
  textStyleSuggestionState?: Record<string, unknown>;
}

/** Drop `id` from every mark of `key` in a content list (tables and rows included). */
function dropMarks(content: Segment['content'], key: MarkKey, id: string, touched: Set<Paragraph>): boolean {
  let found = false;
  for (const se of content) {
    if (se.table) {
      found = dropId(se.table as Record<string, unknown>, key, id) || found;
      for (const row of se.table.tableRows ?? []) {
        found = dropId(row as Record<string, unknown>, key, id) || found;
        for (const cell of row.tableCells ?? []) {
          found = dropId(cell as Record<string, unknown>, key, id) || found;
          found = dropMarks(cell.content ?? [], key, id, touched) || found;
        }
      }
    }
    if (se.tableOfContents) found = dropMarks(se.tableOfContents.content ?? [], key, id, touched) || found;
    const p = se.paragraph;
    if (!p) continue;
    for (const el of p.elements ?? []) {
      const inner = innerOf(el);
      if (inner && dropId(inner, key, id)) {
        found = true;
        touched.add(p);
      }
    }
  }
  return found;
}

/** Apply (accept) or drop (reject) the style and bullet changes of `id` in a content list. */
function resolveStyles(
  content: Segment['content'],
  id: string,
  verdict: Verdict,
  touched: Set<Paragraph>,
): boolean {
  let found = false;
  forEachParagraph(content, (p) => {
    for (const el of p.elements ?? []) {
      const inner = innerOf(el) as
        | { textStyle?: object; suggestedTextStyleChanges?: Record<string, SuggestedTextStyle> }
        | undefined;
      const change = inner?.suggestedTextStyleChanges?.[id];
      if (!inner || !change) continue;
      found = true;
      touched.add(p);
      if (verdict === 'accept') {
        inner.textStyle ??= {};
        applyStyleChange(
          inner.textStyle as Record<string, unknown>,
          change.textStyle,
          change.textStyleSuggestionState,
          TEXT_STYLE_ORDER,
        );
      }
      delete inner.suggestedTextStyleChanges![id];
      if (Object.keys(inner.suggestedTextStyleChanges!).length === 0) delete inner.suggestedTextStyleChanges;
    }
    const ps = p.suggestedParagraphStyleChanges?.[id];
    if (ps) {
      found = true;
      if (verdict === 'accept') {
        p.paragraphStyle ??= {};
        applyStyleChange(
          p.paragraphStyle as Record<string, unknown>,
          ps.paragraphStyle as Record<string, unknown>,
          ps.paragraphStyleSuggestionState as Record<string, unknown>,
          PARAGRAPH_STYLE_ORDER,
        );
      }
      delete p.suggestedParagraphStyleChanges![id];
      if (Object.keys(p.suggestedParagraphStyleChanges!).length === 0)
        delete p.suggestedParagraphStyleChanges;
    }
    const bullet = p.suggestedBulletChanges?.[id];
    if (bullet) {
      found = true;
      if (verdict === 'accept') {
        if (bullet.bullet?.listId) p.bullet = structuredClone(bullet.bullet);
        else delete p.bullet;
      }
      delete p.suggestedBulletChanges![id];
      if (Object.keys(p.suggestedBulletChanges!).length === 0) delete p.suggestedBulletChanges;
    }
  });
  return found;
}

/** Accept or reject one suggestion everywhere in the document; false when no part of it was found. */
export function resolveSuggestion(ctx: EngineContext, id: string, verdict: Verdict): boolean {
  let found = false;
  const removeKey: MarkKey = verdict === 'accept' ? 'suggestedDeletionIds' : 'suggestedInsertionIds';
  const keepKey: MarkKey = verdict === 'accept' ? 'suggestedInsertionIds' : 'suggestedDeletionIds';
  for (const tab of allTabs(ctx.doc)) {
    for (const seg of segmentsOf(tab)) {
      const touched = new Set<Paragraph>();
      found = resolveStyles(seg.content, id, verdict, touched) || found;
      found = dropMarks(seg.content, keepKey, id, touched) || found;
      const ranges = markedRanges(seg.content, removeKey, id);
      for (const p of touched) {
        for (const el of p.elements ?? []) markFresh(el);
        ctx.dirty.add(p);
      }
      ctx.reindex(seg);
      if (ranges.length > 0) found = true;
      removeRanges(ctx, tab, seg, ranges);
      found = removeRows(ctx, tab, seg, removeKey, id) || found;
    }
    found = resolveLists(tab, id, verdict) || found;
  }
  return found;
}

/** Delete marked ranges for real, the last first so earlier indices stay valid. */
export function removeRanges(ctx: EngineContext, tab: Tab, seg: Segment, ranges: [number, number][]): void {
  for (let k = ranges.length - 1; k >= 0; k--) {
    const [s, e] = ranges[k]!;
    deleteRangeIn(ctx, tab, seg, s, e);
  }
}

/**
 * Rows marked with `id` under `key` (in tables not marked whole) go with deleteTableRow's rules,
 * the last first. markedRanges leaves their content out.
 */
function removeRows(ctx: EngineContext, tab: Tab, seg: Segment, key: MarkKey, id: string): boolean {
  const rows: { tableStart: number; row: number }[] = [];
  const walk = (content: Segment['content']) => {
    for (const se of content) {
      if (!se.table || idsOf(se.table as Record<string, unknown>, key).includes(id)) continue;
      (se.table.tableRows ?? []).forEach((row, r) => {
        if (idsOf(row as Record<string, unknown>, key).includes(id))
          rows.push({ tableStart: se.startIndex ?? 0, row: r });
        else for (const cell of row.tableCells ?? []) walk(cell.content ?? []);
      });
    }
  };
  walk(seg.content);
  const tabId = tab.tabProperties?.tabId;
  for (const { tableStart, row } of rows.reverse()) {
    deleteTableRow(ctx, {
      tableCellLocation: {
        tableStartLocation: {
          index: tableStart,
          ...(tabId ? { tabId } : {}),
          ...(seg.id ? { segmentId: seg.id } : {}),
        },
        rowIndex: row,
        columnIndex: 0,
      },
    });
    ctx.reindex(seg);
  }
  return rows.length > 0;
}

function resolveLists(tab: Tab, id: string, verdict: Verdict): boolean {
  const lists = tab.documentTab?.lists ?? {};
  let found = false;
  for (const [listId, list] of Object.entries(lists)) {
    if (list.suggestedInsertionId !== id) continue;
    found = true;
    if (verdict === 'accept') delete list.suggestedInsertionId;
    else delete lists[listId];
  }
  return found;
}

function suggestionIdOf(req: Record<string, unknown>): string {
  const id = req.suggestionId;
  if (typeof id !== 'string' || id === '') throw new RequestError('Suggestion ID must be set.');
  return id;
}

function resolveRequest(
  verdict: Verdict,
  field: 'acceptedSuggestionIds' | 'rejectedSuggestionIds' | 'deletedSuggestionIds',
) {
  return (ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> => {
    const id = suggestionIdOf(req);
    if (!resolveSuggestion(ctx, id, verdict)) {
      throw new RequestError(`The suggestion with ID "${id}" was not found.`);
    }
    recordSuggestionResponse(ctx, field, id);
    return {};
  };
}

/** acceptSuggestion `{suggestionId}`. */
export const acceptSuggestion = resolveRequest('accept', 'acceptedSuggestionIds');
/** rejectSuggestion `{suggestionId}`. */
export const rejectSuggestion = resolveRequest('reject', 'rejectedSuggestionIds');
/** deleteSuggestion `{suggestionId}`: withdrawn, with rejecting's effect on the content. */
export const deleteSuggestion = resolveRequest('reject', 'deletedSuggestionIds');

const NO_IDS: IdSource = {
  kix: () => 'kix.unused',
  heading: () => 'h.unused',
  tab: () => 't.unused',
  suggestion: () => 'suggest.unused',
};

/**
 * The document as documents.get returns it in `mode` (an editor's default view is
 * SUGGESTIONS_INLINE). Pure: `doc` is not changed; `suggestionsViewMode` says the mode applied.
 */
export function viewDocument(doc: Document, mode: SuggestionsViewMode | undefined): Document {
  const applied = !mode || mode === 'DEFAULT_FOR_CURRENT_ACCESS' ? 'SUGGESTIONS_INLINE' : mode;
  if (applied === 'SUGGESTIONS_INLINE') return { ...doc, suggestionsViewMode: applied };
  const ids = suggestionIdsIn(doc);
  if (ids.length === 0) return { ...doc, suggestionsViewMode: applied };
  const work = structuredClone(doc);
  const ctx = new EngineContext(work, NO_IDS);
  const verdict: Verdict = applied === 'PREVIEW_SUGGESTIONS_ACCEPTED' ? 'accept' : 'reject';
  for (const id of ids) {
    resolveSuggestion(ctx, id, verdict);
    ctx.settle();
  }
  work.suggestionsViewMode = applied;
  return work;
}
