/**
 * The `SuggestionResponse` of each request of a batch (`suggestionResponses`, 1:1 with the
 * requests): handlers record the ids they created, accepted, rejected or deleted; the batch takes
 * one response per request.
 */
import type { EngineContext } from './context.js';

export type SuggestionResponseField =
  | 'createdSuggestionIds'
  | 'acceptedSuggestionIds'
  | 'rejectedSuggestionIds'
  | 'deletedSuggestionIds';

export type { SuggestionResponse } from '../../ground/suggestions.js';

import type { SuggestionResponse } from '../../ground/suggestions.js';

const pending = new WeakMap<EngineContext, SuggestionResponse>();

export function recordSuggestionResponse(
  ctx: EngineContext,
  field: SuggestionResponseField,
  id: string,
): void {
  const r = pending.get(ctx) ?? {};
  const ids = r[field] ?? [];
  if (!ids.includes(id)) r[field] = [...ids, id];
  pending.set(ctx, r);
}

/** The response of the request just handled (empty when it touched no suggestion). */
export function takeSuggestionResponse(ctx: EngineContext): SuggestionResponse {
  const r = pending.get(ctx) ?? {};
  pending.delete(ctx);
  return r;
}
