/**
 * The edit battery in suggest mode: each battery edit (edit-battery.ts) of a real document is
 * imported once as direct edits and once as suggestions, each into its own copy. A suggestion
 * import that lands must
 *  1. leave the accepted text alone: the tab's PREVIEW_WITHOUT_SUGGESTIONS view exports as the
 *     original's did;
 *  2. show the edit: the PREVIEW_SUGGESTIONS_ACCEPTED view exports as the edit-mode result does;
 *  3. accept-all (acceptSuggestion of every created id) makes the document export as the edit-mode
 *     result;
 *  4. reject-all (rejectSuggestion of every id) restores the original export exactly.
 * Anchors the edit creates (new heading ids, minted per write) are set aside in 2 and 3. A
 * refusal (SuggestModeError: a request Docs cannot suggest) is an outcome of its own.
 */
import { suggestionIdsIn, viewDocument } from '../../src/docs/engine/index.js';
import { allTabs } from '../../src/docs/engine/indices.js';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { embedIds } from '../../src/docs/export/model-utils.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { GdocError, SuggestModeError } from '../../src/errors.js';
import type { BatchUpdateRequest, Document } from '../../src/ground/docs-json.js';
import { stringifyMebdf } from '../../src/mebdf/index.js';
import type { Block } from '../../src/mebdf/model.js';
import { MemoryBackend } from '../import/memory-backend.js';
import { anchorIds, type BatteryCase, textKeepingAnchors, withInlines } from './edit-battery.js';

export type SuggestOutcome =
  | 'pass'
  | 'edit-refused'
  | 'suggest-refused'
  | 'failed'
  | 'changed-accepted-text'
  | 'suggested-view'
  | 'accept-all'
  | 'reject-all';

export interface SuggestResult {
  kase: BatteryCase;
  outcome: SuggestOutcome;
  detail: string;
}

/**
 * The tab's export with anchors outside `known` (ids the write minted) set aside, and objects
 * outside `objects` without their ids (an image inserted gets an id per write).
 */
function tabText(doc: Document, tabId: string, known?: Set<string>, objects?: Set<string>): string {
  const exported = exportTab(doc, tabId).model;
  const model = objects ? { ...exported, blocks: withoutNewIds(exported.blocks, objects) } : exported;
  return known ? textKeepingAnchors(model, (id) => known.has(id)) : stringifyMebdf(model);
}

function withoutNewIds(blocks: Block[], objects: Set<string>): Block[] {
  return withInlines(blocks, (xs) =>
    xs.map((i) => (i.type === 'embed' && !objects.has(i.id) ? { ...i, id: '' } : i)),
  );
}

/** `doc` without the `mebdf-…` named ranges `before` did not have (the marks an edit wrote). */
function withoutNewMarks(doc: Document, before: Document): Document {
  const had = new Set(
    allTabs(before).flatMap((t) =>
      Object.values(t.documentTab?.namedRanges ?? {}).flatMap((g) =>
        (g.namedRanges ?? []).map((r) => r.namedRangeId),
      ),
    ),
  );
  const copy = structuredClone(doc);
  for (const tab of allTabs(copy)) {
    const ranges = tab.documentTab?.namedRanges ?? {};
    for (const [name, group] of Object.entries(ranges)) {
      if (!name.startsWith('mebdf-')) continue;
      group.namedRanges = (group.namedRanges ?? []).filter((r) => had.has(r.namedRangeId));
      if (group.namedRanges.length === 0) delete ranges[name];
    }
  }
  return copy;
}

/** Accept or reject every id in one batch; the failure's message, or null. */
async function resolveAll(
  be: MemoryBackend,
  ids: string[],
  verb: 'acceptSuggestion' | 'rejectSuggestion',
  sent: unknown[],
): Promise<string | null> {
  try {
    // One at a time: a suggestion nested in another (text suggested in a suggested table) goes with it.
    for (const id of ids) {
      if (!suggestionIdsIn(be.doc).includes(id)) continue;
      await be.batchUpdate('doc', {
        requests: [{ [verb]: { suggestionId: id } }],
      } as unknown as BatchUpdateRequest);
    }
    return null;
  } catch (e) {
    return `${e instanceof Error ? e.message : String(e)} after ${JSON.stringify(sent).slice(0, 600)}`;
  }
}

function firstDifference(want: string, got: string): string {
  const a = want.split('\n');
  const b = got.split('\n');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `line ${i + 1}: want ${JSON.stringify(a[i]?.slice(0, 70))}, got ${JSON.stringify(b[i]?.slice(0, 70))}`;
}

export async function runSuggestCase(kase: BatteryCase, original: Document): Promise<SuggestResult> {
  const { tabId, anchorId, edit } = kase;
  const result = (outcome: SuggestOutcome, detail = ''): SuggestResult => ({ kase, outcome, detail });
  const target = { document_id: 'doc', tab_id: tabId, anchor_id: anchorId };
  const content = stringifyMebdf(edit.next);
  const edited = new MemoryBackend(original);
  try {
    await importSectionService(edited, target, content);
  } catch (e) {
    return result('edit-refused', e instanceof Error ? e.message.slice(0, 160) : String(e));
  }
  const be = new MemoryBackend(original);
  const before = structuredClone(be.doc);
  let created: string[];
  try {
    created = (await importSectionService(be, target, content, { mode: 'suggest' })).suggestion_ids ?? [];
  } catch (e) {
    if (e instanceof SuggestModeError) return result('suggest-refused', e.message.slice(0, 160));
    if (e instanceof GdocError) return result('failed', `${e.type}: ${e.message.slice(0, 160)}`);
    return result('failed', e instanceof Error ? e.message.slice(0, 160) : String(e));
  }
  // An edit that changes nothing in Docs writes nothing in either mode.
  if (be.writes.length === 0) {
    return edited.writes.length === 0
      ? result('pass')
      : result('failed', 'the edit wrote, the suggestion did not');
  }
  // Anchors the edit leaves out: in suggest mode their named ranges are kept (Docs cannot suggest
  // removing one), and one that covers text past the deletion outlives its acceptance.
  const left = anchorIds(edit.next);
  const removed = new Set(
    [...anchorIds(exportSection(before, tabId, anchorId).model)].filter((id) => !left.has(id)),
  );
  const known = new Set([...anchorIds(exportTab(before, tabId).model)].filter((id) => !removed.has(id)));
  const objects = embedIds(exportTab(before, tabId).model);
  // The document may hold suggestions already (made in Docs): the views compare like with like,
  // and accept-all / reject-all act on the suggestions this import made.
  const without = (d: Document) => viewDocument(d, 'PREVIEW_WITHOUT_SUGGESTIONS');
  const accepted = (d: Document) => viewDocument(d, 'PREVIEW_SUGGESTIONS_ACCEPTED');
  const want = tabText(without(before), tabId);
  const kept = tabText(without(be.doc), tabId);
  if (kept !== want) return result('changed-accepted-text', firstDifference(want, kept));
  // Docs cannot suggest a named range: the marks of what it has no element for (a code block, a
  // quote, a rule) are not written, and the suggestion is the edit without them.
  const markless = withoutNewMarks(edited.doc, before);
  const editView = tabText(accepted(markless), tabId, known, objects);
  const suggested = tabText(accepted(be.doc), tabId, known, objects);
  if (suggested !== editView) return result('suggested-view', firstDifference(editView, suggested));
  const old = new Set(suggestionIdsIn(before));
  const ids = suggestionIdsIn(be.doc).filter((id) => !old.has(id));
  if (created.length === 0 || !created.some((id) => ids.includes(id)))
    return result('failed', `created ${created.join(', ')}; the document shows ${ids.join(', ')}`);
  const sent = be.writes[0]?.requests ?? [];
  const accepting = new MemoryBackend(be.doc);
  const acceptFailure = await resolveAll(accepting, ids, 'acceptSuggestion', sent);
  if (acceptFailure) return result('accept-all', acceptFailure);
  const editText = tabText(markless, tabId, known, objects);
  const acceptedText = tabText(accepting.doc, tabId, known, objects);
  if (acceptedText !== editText) return result('accept-all', firstDifference(editText, acceptedText));
  const rejecting = new MemoryBackend(be.doc);
  const rejectFailure = await resolveAll(rejecting, ids, 'rejectSuggestion', sent);
  if (rejectFailure) return result('reject-all', rejectFailure);
  const originalText = tabText(before, tabId);
  const rejected = tabText(rejecting.doc, tabId);
  if (rejected !== originalText) return result('reject-all', firstDifference(originalText, rejected));
  return result('pass');
}

/** Counts by edit kind and outcome, and the first failure of each outcome. */
export function summarizeSuggest(results: SuggestResult[]): string {
  const lines: string[] = [];
  const pass = results.filter((r) => r.outcome === 'pass').length;
  const tried = results.filter((r) => r.outcome !== 'edit-refused').length;
  lines.push(`suggest battery: ${pass} of ${tried} edits that land in edit mode hold as suggestions`);
  const byKind = new Map<string, Map<string, number>>();
  for (const r of results) {
    const m = byKind.get(r.kase.edit.kind) ?? new Map<string, number>();
    m.set(r.outcome, (m.get(r.outcome) ?? 0) + 1);
    byKind.set(r.kase.edit.kind, m);
  }
  for (const [kind, m] of [...byKind].sort())
    lines.push(`  ${kind.padEnd(22)} ${[...m].map(([o, n]) => `${o} ${n}`).join(', ')}`);
  // Refusals by reason: what Docs cannot suggest apart from what our planning could not make hold.
  const reasons = new Map<string, number>();
  for (const r of results)
    if (r.outcome === 'suggest-refused')
      reasons.set(refusalReason(r.detail), (reasons.get(refusalReason(r.detail)) ?? 0) + 1);
  if (reasons.size > 0) lines.push('  refused as suggestions, by reason:');
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]))
    lines.push(`    ${String(n).padStart(5)}  ${reason}`);
  const seen = new Set<string>();
  for (const r of results) {
    if (r.outcome === 'pass' || seen.has(`${r.outcome}${r.kase.edit.kind}`)) continue;
    seen.add(`${r.outcome}${r.kase.edit.kind}`);
    lines.push(
      `  ${r.outcome} ${r.kase.edit.kind} ${r.kase.file} ${JSON.stringify(r.kase.anchorId)}: ${r.detail}`,
    );
  }
  return lines.join('\n');
}

/** A refusal's message without what names one case (ids, quoted engine errors): its class. */
export function refusalReason(message: string): string {
  return message
    .replace(/\{\^ [^}]*\}/g, '{^ …}')
    .replace(/\([^()]*\)/g, '(…)')
    .split(/; nothing was written/)[0]!
    .trim();
}
