/**
 * Every failure the project reports is one of these typed errors. `type` is the stable name a
 * client matches on (the tool contract's error types); `suggestion` tells a person or a model how
 * to recover. The MCP layer turns them into `{success:false, error:{type, message, suggestion}}`.
 */
/**
 * The longest message and suggestion an error carries. Errors go into a model's context and a
 * person's terminal, so a caller who sends megabytes must not get megabytes back.
 */
export const MAX_ERROR_MESSAGE = 1024;
export const MAX_ERROR_SUGGESTION = 512;
/** How many MEBDF diagnostics an error carries (`gdoc lint` lists them all). */
export const MAX_ERROR_DIAGNOSTICS = 5;

/** `text` cut to `max` characters, saying how long it was: the backstop for every error text. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = `… (cut: ${text.length.toLocaleString('en-US')} characters in all)`;
  return `${text.slice(0, Math.max(0, max - note.length))}${note}`;
}

/**
 * Caller input quoted in an error message: whole when short, else its start and its length, e.g.
 * `"zzzzzzzz…" (2,000,000 characters)`. `quote` is `"` for ids and names, `` ` `` for MEBDF.
 */
export function excerpt(value: string, quote: '"' | '`' = '"', max = 40): string {
  if (value.length <= max) return `${quote}${value}${quote}`;
  return `${quote}${value.slice(0, max)}…${quote} (${value.length.toLocaleString('en-US')} characters)`;
}

export abstract class GdocError extends Error {
  abstract readonly type: string;
  readonly suggestion: string | undefined;

  constructor(message: string, suggestion?: string, options?: { cause?: unknown }) {
    super(bounded(message, MAX_ERROR_MESSAGE), options);
    this.suggestion = suggestion === undefined ? undefined : bounded(suggestion, MAX_ERROR_SUGGESTION);
  }

  override get name(): string {
    return this.type;
  }

  toJSON(): { type: string; message: string; suggestion: string | null } {
    return { type: this.type, message: this.message, suggestion: this.suggestion ?? null };
  }
}

export class DocumentNotFoundError extends GdocError {
  readonly type = 'DocumentNotFoundError';
}
export class PermissionDeniedError extends GdocError {
  readonly type = 'PermissionDeniedError';
}
export class MultipleTabsError extends GdocError {
  readonly type = 'MultipleTabsError';
}
export class TabNotFoundError extends GdocError {
  readonly type = 'TabNotFoundError';
}
export class AnchorNotFoundError extends GdocError {
  readonly type = 'AnchorNotFoundError';
}
export class EmbeddedObjectNotFoundError extends GdocError {
  readonly type = 'EmbeddedObjectNotFoundError';
}
export class AuthRequiredError extends GdocError {
  readonly type = 'AuthRequiredError';
}
export class RevisionConflictError extends GdocError {
  readonly type = 'RevisionConflictError';
  /** The target's content as it is now, so the caller can merge (when known). */
  readonly currentContent: string | undefined;
  constructor(message: string, suggestion?: string, currentContent?: string) {
    super(message, suggestion);
    this.currentContent = currentContent;
  }
}
export class FidelityGuardError extends GdocError {
  readonly type = 'FidelityGuardError';
  /** Ids (or descriptions) of the objects the write would have removed. */
  readonly objects: string[];
  constructor(message: string, objects: string[], suggestion?: string) {
    super(message, suggestion);
    this.objects = objects;
  }
}
export class ValidationError extends GdocError {
  readonly type = 'ValidationError';
}
export class RateLimitedError extends GdocError {
  readonly type = 'RateLimitedError';
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, retryAfterSeconds?: number, suggestion?: string) {
    super(message, suggestion);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** A result the compiler planned did not verify against the engine: a bug, never written. */
export class VerificationError extends GdocError {
  readonly type = 'VerificationError';
}
export class ContentTooLargeError extends GdocError {
  readonly type = 'ContentTooLargeError';
}
/** The HTTP server cannot listen where it was asked to (port taken, not allowed, no such address). */
export class ListenError extends GdocError {
  readonly type = 'ListenError';
}

/** One problem found while parsing MEBDF, with its position (1-based line and column). */
export interface MebdfDiagnostic {
  line: number;
  column: number;
  /** The offending source text. */
  text: string;
  message: string;
  suggestion?: string;
  /** `warning`: reported by lint, but the text still parses. Absent: an error. */
  severity?: 'warning';
}

function boundedDiagnostic(d: MebdfDiagnostic): MebdfDiagnostic {
  const out: MebdfDiagnostic = {
    ...d,
    text: bounded(d.text, 80),
    message: bounded(d.message, 256),
  };
  if (d.suggestion !== undefined) out.suggestion = bounded(d.suggestion, 256);
  return out;
}

export class MebdfParseError extends GdocError {
  readonly type = 'MebdfParseError';
  readonly diagnostics: MebdfDiagnostic[];
  constructor(diagnostics: MebdfDiagnostic[]) {
    const first = diagnostics[0];
    const where = first ? `line ${first.line}, column ${first.column}: ` : '';
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : '';
    super(
      `${where}${first ? bounded(first.message, 256) : 'invalid MEBDF'}${more}`,
      first?.suggestion ?? 'Check the MEBDF syntax (see grammar/README.md).',
    );
    // The first few say where to start; `gdoc lint` lists every one.
    this.diagnostics = diagnostics.slice(0, MAX_ERROR_DIAGNOSTICS).map((d) => boundedDiagnostic(d));
  }
}

/**
 * An error in Google's own shape (`{"error":{"code","message","status"}}`), raised by the engine
 * and the emulator exactly as the Docs API would answer, and mapped to the types above at the edge.
 */
export class DocsApiError extends GdocError {
  readonly type = 'DocsApiError';
  readonly code: number;
  readonly status: string;
  constructor(code: number, status: string, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
  toGoogleJson(): { error: { code: number; message: string; status: string } } {
    return { error: { code: this.code, message: this.message, status: this.status } };
  }
}
/** An import asked for suggestions that Docs cannot make as suggestions: refused, nothing written. */
export class SuggestModeError extends GdocError {
  readonly type = 'SuggestModeError';
}
/** A write sent as suggestions came back as a direct edit (no suggestion created or none read back). */
export class SuggestionsNotCreatedError extends GdocError {
  readonly type = 'SuggestionsNotCreatedError';
}
