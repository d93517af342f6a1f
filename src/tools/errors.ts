/**
 * Turns any failure into the contract's error payload `{success:false, error:{type, message,
 * suggestion}}`. Typed errors keep their type and their extra data (current content on a
 * revision conflict, the objects a fidelity guard protected, parse diagnostics, retry delay);
 * anything else is a bug and says so rather than leaking a stack trace to the client.
 */
import { estimateTokens } from '../docs/export/index.js';
import { DEFAULT_MAX_EXPORT_TOKENS } from '../docs/service/export-size.js';
import {
  FidelityGuardError,
  GdocError,
  MebdfParseError,
  RateLimitedError,
  RevisionConflictError,
} from '../errors.js';

export interface ErrorDetail {
  type: string;
  message: string;
  suggestion: string | null;
  [extra: string]: unknown;
}

export interface ErrorPayload {
  success: false;
  error: ErrorDetail;
}

export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof GdocError) {
    const detail: ErrorDetail = { ...error.toJSON() };
    if (error instanceof RevisionConflictError && error.currentContent !== undefined) {
      // Carried only when it fits one read: an error must not be the reply that floods the client.
      if (estimateTokens(error.currentContent) <= DEFAULT_MAX_EXPORT_TOKENS / 2) {
        detail.current_content = error.currentContent;
      } else {
        detail.current_content_omitted = `The current content is about ${estimateTokens(error.currentContent)} tokens; read it with export_section (in parts when long).`;
      }
    }
    if (error instanceof FidelityGuardError) detail.objects = error.objects;
    if (error instanceof MebdfParseError) detail.diagnostics = error.diagnostics;
    if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
      detail.retry_after_seconds = error.retryAfterSeconds;
    }
    return { success: false, error: detail };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    success: false,
    error: {
      type: 'InternalError',
      message: `Unexpected failure: ${message}`,
      suggestion:
        'This is a bug in gdoc-mcp, not in your request; the document was not changed by it. Please report it.',
    },
  };
}
