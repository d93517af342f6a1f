/**
 * Suggestion use cases over a Backend: list a document's suggestions, and accept or reject them by
 * id, by section, or all. Accepting or rejecting is one read and one batchUpdate of
 * acceptSuggestion / rejectSuggestion requests guarded by the revision read. The batch is first
 * applied by our engine: a suggestion that an earlier one of the same batch already resolved (text
 * suggested inside a suggested table goes with the table) is left out and reported as `resolved_with`.
 */
import { RevisionConflictError, ValidationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { BatchUpdateRequest, Document } from '../../ground/docs-json.js';
import { applyBatchUpdate, suggestionIdsIn } from '../engine/index.js';
import { exportSection } from '../export/index.js';
import { resolveTab } from '../export/tabs.js';
import { listSuggestions, type SuggestionInfo } from '../structure/suggestions.js';

export type { SuggestionInfo } from '../structure/suggestions.js';

export interface ListSuggestionsParams {
  document_id: string;
  /** Only this tab; every tab when absent. */
  tab_id?: string;
  /** Only suggestions within this section (its subsections included; `""` = the preamble). */
  anchor_id?: string;
}

export interface ListSuggestionsResult {
  success: true;
  suggestions: SuggestionInfo[];
  revision_id: string;
}

/** Which suggestions to accept or reject: ids, a section's, or all (of a tab or the document). */
export interface SuggestionSelection {
  document_id: string;
  suggestion_ids?: string[];
  tab_id?: string;
  anchor_id?: string;
  all?: boolean;
}

export interface ResolveSuggestionsResult {
  success: true;
  /** The ids accepted (or rejected) by the write. */
  suggestion_ids: string[];
  /** Ids that went with another of the same call (nested suggestions), not sent on their own. */
  resolved_with: string[];
  revision_id: string;
  dry_run: boolean;
}

export async function listSuggestionsService(
  backend: Backend,
  params: ListSuggestionsParams,
): Promise<ListSuggestionsResult> {
  const doc = await backend.get(params.document_id);
  return {
    success: true,
    suggestions: selectedInfos(doc, params),
    revision_id: doc.revisionId ?? '',
  };
}

function selectedInfos(doc: Document, where: { tab_id?: string; anchor_id?: string }): SuggestionInfo[] {
  const tabId = where.tab_id ? resolveTab(doc, where.tab_id).tabId : undefined;
  const all = listSuggestions(doc, tabId);
  if (where.anchor_id === undefined) return all;
  const section = exportSection(doc, tabId, where.anchor_id);
  return all.filter(
    (s) =>
      s.tab_id === section.tabId &&
      s.segment === 'body' &&
      s.start_index < section.endIndex &&
      s.end_index > section.startIndex,
  );
}

/** The ids a selection names, checked against the document. */
function selectedIds(doc: Document, sel: SuggestionSelection): string[] {
  const byId = sel.suggestion_ids && sel.suggestion_ids.length > 0;
  const bySection = sel.anchor_id !== undefined;
  if ([byId, bySection, sel.all === true].filter(Boolean).length !== 1) {
    throw new ValidationError(
      'Say which suggestions: suggestion_ids, or anchor_id (a section), or all: true.',
      'Call list_suggestions to see their ids and sections.',
    );
  }
  if (byId) {
    const present = new Set(suggestionIdsIn(doc));
    const missing = sel.suggestion_ids!.filter((id) => !present.has(id));
    if (missing.length > 0) {
      throw new ValidationError(
        `No suggestion ${missing.map((id) => JSON.stringify(id)).join(', ')} in the document (it may have been accepted or rejected already).`,
        'Call list_suggestions for the current ones.',
      );
    }
    return [...new Set(sel.suggestion_ids!)];
  }
  return [...new Set(selectedInfos(doc, sel).map((s) => s.suggestion_id))];
}

/** The ids that still exist when their turn comes, resolved one after another on the engine. */
function plannable(doc: Document, ids: string[], verb: 'acceptSuggestion' | 'rejectSuggestion') {
  let current = doc;
  const sent: string[] = [];
  const resolvedWith: string[] = [];
  for (const id of ids) {
    if (!suggestionIdsIn(current).includes(id)) {
      resolvedWith.push(id);
      continue;
    }
    current = applyBatchUpdate(current, body([id], verb)).document;
    sent.push(id);
  }
  return { sent, resolvedWith };
}

function body(
  ids: string[],
  verb: 'acceptSuggestion' | 'rejectSuggestion',
  revision?: string,
): BatchUpdateRequest {
  return {
    requests: ids.map((suggestionId) => ({ [verb]: { suggestionId } })),
    ...(revision ? { writeControl: { requiredRevisionId: revision } } : {}),
  } as unknown as BatchUpdateRequest;
}

const ATTEMPTS = 3;

export async function resolveSuggestionsService(
  backend: Backend,
  selection: SuggestionSelection,
  verdict: 'accept' | 'reject',
  options: { dry_run?: boolean } = {},
): Promise<ResolveSuggestionsResult> {
  const verb = verdict === 'accept' ? 'acceptSuggestion' : 'rejectSuggestion';
  let conflict: RevisionConflictError | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const doc = await backend.get(selection.document_id);
    const revision = doc.revisionId ?? '';
    const { sent, resolvedWith } = plannable(doc, selectedIds(doc, selection), verb);
    const result = {
      success: true as const,
      suggestion_ids: sent,
      resolved_with: resolvedWith,
      revision_id: revision,
    };
    if (options.dry_run || sent.length === 0) return { ...result, dry_run: options.dry_run === true };
    try {
      const response = await backend.batchUpdate(selection.document_id, body(sent, verb, revision));
      return {
        ...result,
        revision_id: response.writeControl?.requiredRevisionId ?? revision,
        dry_run: false,
      };
    } catch (e) {
      if (!(e instanceof RevisionConflictError)) throw e;
      conflict = e;
    }
  }
  throw conflict!;
}
