/**
 * The one place where failures of Google's APIs (and of the token endpoint, and of the network)
 * become the project's typed errors. `describeFailure` reads a thrown transport error into plain
 * facts; `isTransient` says whether a retry may help; `mapGoogleError` picks the error type.
 */
import {
  AuthRequiredError,
  DocsApiError,
  DocumentNotFoundError,
  GdocError,
  PermissionDeniedError,
  RateLimitedError,
  RevisionConflictError,
  ValidationError,
} from '../../errors.js';

export interface ApiFailure {
  /** HTTP status; undefined when no response arrived (network error, timeout). */
  httpStatus: number | undefined;
  /** Google's canonical status (`INVALID_ARGUMENT`, …) or the OAuth error code (`invalid_grant`). */
  status: string | undefined;
  message: string;
  /** `ErrorInfo.reason`s and legacy `errors[].reason`s, e.g. SERVICE_DISABLED, rateLimitExceeded. */
  reasons: string[];
  retryAfterSeconds: number | undefined;
  /** Node's error code for a failure without a response (ECONNRESET, ETIMEDOUT, …). */
  networkCode: string | undefined;
  /** An OAuth token-endpoint error (refresh failed) rather than an API error. */
  oauth: boolean;
}

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);

export function describeFailure(error: unknown): ApiFailure {
  if (error instanceof DocsApiError) {
    return {
      httpStatus: error.code,
      status: error.status,
      message: error.message,
      reasons: [],
      retryAfterSeconds: undefined,
      networkCode: undefined,
      oauth: false,
    };
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const response = (e.response ?? undefined) as Record<string, unknown> | undefined;
  const httpStatus = numberOr(response?.status) ?? numberOr(e.status);
  const data = parseBody(response?.data);
  const apiError = (data?.error ?? undefined) as unknown;
  const reasons: string[] = [];
  let status: string | undefined;
  let message = error instanceof Error ? error.message : String(error);
  let oauth = false;
  if (typeof apiError === 'object' && apiError !== null) {
    const body = apiError as Record<string, unknown>;
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.status === 'string') status = body.status;
    for (const detail of arrayOf(body.details)) {
      if (typeof detail.reason === 'string') reasons.push(detail.reason);
    }
    for (const item of arrayOf(body.errors)) {
      if (typeof item.reason === 'string') reasons.push(item.reason);
    }
  } else if (typeof apiError === 'string') {
    // The token endpoint answers `{"error":"invalid_grant","error_description":"…"}`.
    oauth = true;
    status = apiError;
    message = typeof data?.error_description === 'string' ? data.error_description : apiError;
  }
  const code = typeof e.code === 'string' && !/^\d+$/.test(e.code) ? e.code : undefined;
  const timedOut =
    e.name === 'TimeoutError' || e.name === 'AbortError' || /timed? ?out|aborted/i.test(message);
  return {
    httpStatus,
    status,
    message,
    reasons,
    retryAfterSeconds: retryAfter(response?.headers),
    networkCode: httpStatus === undefined ? (code ?? (timedOut ? 'ETIMEDOUT' : undefined)) : undefined,
    oauth,
  };
}

/** 429, 5xx gateways, Drive's 403 rate limits, and failures that never got a response. */
export function isTransient(failure: ApiFailure): boolean {
  if (failure.oauth) return false;
  if (failure.httpStatus === undefined) return failure.networkCode !== undefined;
  if (RETRYABLE_STATUS.has(failure.httpStatus)) return true;
  return failure.httpStatus === 403 && failure.reasons.some((r) => RATE_REASONS.has(r));
}

export function isRateLimit(failure: ApiFailure): boolean {
  return (
    failure.httpStatus === 429 ||
    (failure.httpStatus === 403 && failure.reasons.some((r) => RATE_REASONS.has(r)))
  );
}

/** A failure that says the document's revision moved (the wording is undocumented: hints only). */
export function looksLikeRevisionConflict(failure: ApiFailure): boolean {
  if (failure.status === 'FAILED_PRECONDITION' || failure.status === 'ABORTED') return true;
  if (failure.httpStatus === 409 || failure.httpStatus === 412) return true;
  return failure.httpStatus === 400 && /revision/i.test(failure.message);
}

const LOGIN_HINT = 'Run `gdoc login` (see `gdoc whoami` for the credentials in use).';

export interface ErrorContext {
  documentId?: string;
}

export function mapGoogleError(error: unknown, context: ErrorContext = {}): GdocError {
  if (error instanceof GdocError && !(error instanceof DocsApiError)) return error;
  const failure = describeFailure(error);
  const doc = context.documentId ? `document ${context.documentId}` : 'the document';
  if (failure.oauth) {
    return new AuthRequiredError(
      `Google refused to refresh the login (${failure.status}: ${failure.message}).`,
      'Run `gdoc login` again. An OAuth app left in "Testing" gets refresh tokens that expire after 7 days; ' +
        'publish it to "In production" to keep logins (see docs/google-setup.md).',
    );
  }
  if (isRateLimit(failure)) {
    const wait = failure.retryAfterSeconds;
    return new RateLimitedError(
      `Google's rate limit was hit: ${failure.message}`,
      wait,
      wait !== undefined
        ? `Wait ${wait} s and try again.`
        : 'Wait a minute and try again, or lower GDOC_READS_PER_MINUTE / GDOC_WRITES_PER_MINUTE.',
    );
  }
  switch (failure.httpStatus) {
    case 401:
      return new AuthRequiredError(
        `Google rejected the credentials: ${failure.message}`,
        'Run `gdoc login` (or refresh GDOC_ACCESS_TOKEN, which expires after an hour).',
      );
    case 403:
      return mapForbidden(failure, doc);
    case 404:
      return new DocumentNotFoundError(
        `Google found no ${doc}, or it is not shared with this account (${failure.message}).`,
        'Check the id or URL, and that the signed-in account (`gdoc whoami`) can open the document.',
      );
    case 400:
      if (looksLikeRevisionConflict(failure)) return revisionConflict(doc, failure.message);
      return new ValidationError(
        failure.message,
        'Google rejected the request as invalid; nothing was changed.',
      );
    case 409:
    case 412:
      return revisionConflict(doc, failure.message);
  }
  if (failure.status === 'FAILED_PRECONDITION' || failure.status === 'ABORTED') {
    return revisionConflict(doc, failure.message);
  }
  if (failure.httpStatus === undefined && failure.networkCode === undefined) {
    // No response and no network failure: the auth library could not produce a token.
    if (/refresh token|invalid_grant|private key|credential|unauthori[sz]ed_client/i.test(failure.message)) {
      return new AuthRequiredError(`Could not obtain a Google access token: ${failure.message}`, LOGIN_HINT);
    }
    return new DocsApiError(0, 'UNKNOWN', `The Google request failed: ${failure.message}`);
  }
  if (failure.httpStatus === undefined) {
    return new DocsApiError(
      0,
      failure.networkCode ?? 'UNAVAILABLE',
      `Could not reach Google (${failure.networkCode ?? 'network error'}): ${failure.message}`,
    );
  }
  return new DocsApiError(
    failure.httpStatus,
    failure.status ?? `HTTP_${failure.httpStatus}`,
    failure.message,
  );
}

export function revisionConflict(doc: string, detail: string): RevisionConflictError {
  return new RevisionConflictError(
    `${doc} changed since it was read, so the edit was not applied (${detail}).`,
    'Read it again (export), re-apply the change to the fresh content, and import again.',
  );
}

function mapForbidden(failure: ApiFailure, doc: string): GdocError {
  const reasons = new Set(failure.reasons);
  if (
    reasons.has('ACCESS_TOKEN_SCOPE_INSUFFICIENT') ||
    reasons.has('insufficientPermissions') ||
    /insufficient authentication scopes/i.test(failure.message)
  ) {
    return new PermissionDeniedError(
      `The credentials lack a scope gdoc needs: ${failure.message}`,
      'Run `gdoc login` again and grant every requested permission (Docs, and Drive metadata for listing).',
    );
  }
  if (
    reasons.has('SERVICE_DISABLED') ||
    reasons.has('accessNotConfigured') ||
    /has not been used in project|is disabled/i.test(failure.message)
  ) {
    return new PermissionDeniedError(
      `The Google API is not enabled for this OAuth client's project: ${failure.message}`,
      'Enable the Google Docs API and the Google Drive API in Google Cloud Console for that project, then retry.',
    );
  }
  return new PermissionDeniedError(
    `This account may not access ${doc}: ${failure.message}`,
    'Ask the owner to share it with the signed-in account (`gdoc whoami`), or sign in as another account.',
  );
}

function parseBody(data: unknown): Record<string, unknown> | undefined {
  if (typeof data === 'string') {
    try {
      const parsed = JSON.parse(data) as unknown;
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

function arrayOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `Retry-After` as seconds (delta-seconds or an HTTP date). */
function retryAfter(headers: unknown): number | undefined {
  let raw: unknown;
  if (headers && typeof (headers as Headers).get === 'function')
    raw = (headers as Headers).get('retry-after');
  else if (typeof headers === 'object' && headers !== null) {
    const record = headers as Record<string, unknown>;
    raw = record['retry-after'] ?? record['Retry-After'];
  }
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
