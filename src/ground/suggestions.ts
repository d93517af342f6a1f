/**
 * The Docs API's suggestion fields that the googleapis typings (older than discovery rev 20260921)
 * do not name yet, spelled as in the discovery document.
 */
import type { BatchUpdateRequest, BatchUpdateResponse } from './docs-json.js';

/** `WriteControl.writeMode`: EDIT (the default) or SUGGEST. */
export type WriteMode = 'WRITE_MODE_UNSPECIFIED' | 'EDIT' | 'SUGGEST';

/** `documents.get?suggestionsViewMode=`. */
export type SuggestionsViewMode =
  | 'DEFAULT_FOR_CURRENT_ACCESS'
  | 'SUGGESTIONS_INLINE'
  | 'PREVIEW_SUGGESTIONS_ACCEPTED'
  | 'PREVIEW_WITHOUT_SUGGESTIONS';

/** `SuggestionResponse`: the suggestions one request of a batch affected. */
export interface SuggestionResponse {
  createdSuggestionIds?: string[];
  acceptedSuggestionIds?: string[];
  rejectedSuggestionIds?: string[];
  deletedSuggestionIds?: string[];
  updatedSummarySuggestionIds?: string[];
}

/** The suggestion requests (`acceptSuggestion`, `rejectSuggestion`, `deleteSuggestion`). */
export type SuggestionRequest =
  | { acceptSuggestion: { suggestionId: string } }
  | { rejectSuggestion: { suggestionId: string } }
  | { deleteSuggestion: { suggestionId: string } };

/** A batch body with `writeControl.writeMode` set. */
export function withWriteMode(body: BatchUpdateRequest, writeMode: WriteMode): BatchUpdateRequest {
  return { ...body, writeControl: { ...body.writeControl, writeMode } as BatchUpdateRequest['writeControl'] };
}

/** `writeControl.writeMode` of a batch body (EDIT when unset). */
export function writeModeOf(body: BatchUpdateRequest): WriteMode {
  return ((body.writeControl as { writeMode?: WriteMode } | undefined)?.writeMode ?? 'EDIT') as WriteMode;
}

/** `suggestionResponses` of a batch reply. */
export function suggestionResponsesOf(response: BatchUpdateResponse): SuggestionResponse[] {
  return (response as { suggestionResponses?: SuggestionResponse[] }).suggestionResponses ?? [];
}

/** Every id the reply says the batch created. */
export function createdSuggestionIds(response: BatchUpdateResponse): string[] {
  return suggestionResponsesOf(response).flatMap((r) => r.createdSuggestionIds ?? []);
}
