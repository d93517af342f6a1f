/**
 * Every failure the project reports is one of these typed errors. `type` is the stable name a
 * client matches on (the tool contract's error types); `suggestion` tells a person or a model how
 * to recover. The MCP layer turns them into `{success:false, error:{type, message, suggestion}}`.
 */
export abstract class GdocError extends Error {
  abstract readonly type: string;
  readonly suggestion: string | undefined;

  constructor(message: string, suggestion?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.suggestion = suggestion;
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

/** One problem found while parsing MEBDF, with its position (1-based line and column). */
export interface MebdfDiagnostic {
  line: number;
  column: number;
  /** The offending source text. */
  text: string;
  message: string;
  suggestion?: string;
}

export class MebdfParseError extends GdocError {
  readonly type = 'MebdfParseError';
  readonly diagnostics: MebdfDiagnostic[];
  constructor(diagnostics: MebdfDiagnostic[]) {
    const first = diagnostics[0];
    const where = first ? `line ${first.line}, column ${first.column}: ` : '';
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : '';
    super(
      `${where}${first?.message ?? 'invalid MEBDF'}${more}`,
      first?.suggestion ?? 'Check the MEBDF syntax (see grammar/README.md).',
    );
    this.diagnostics = diagnostics;
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
