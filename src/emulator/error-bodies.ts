/**
 * Google's error bodies, as the Docs and Drive front ends send them: `{"error":{"code","message",
 * "status"}}` (google.rpc.Status as JSON), plus the legacy `errors[]` list Drive adds and the
 * quota details a 429 carries (DOCS-API.md §5).
 */

export interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    status: string;
    errors?: { message: string; domain: string; reason: string; location?: string; locationType?: string }[];
    details?: unknown[];
  };
}

/** The canonical google.rpc status name for an HTTP status code. */
export function rpcStatusFor(code: number): string {
  switch (code) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'ABORTED';
    case 412:
      return 'FAILED_PRECONDITION';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 499:
      return 'CANCELLED';
    case 501:
      return 'UNIMPLEMENTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return code >= 500 ? 'INTERNAL' : 'UNKNOWN';
  }
}

/** A default human message per status, used for injected faults. */
function defaultMessage(code: number): string {
  switch (code) {
    case 401:
      return 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
    case 403:
      return 'The caller does not have permission';
    case 404:
      return 'Requested entity was not found.';
    case 500:
      return 'Internal error encountered.';
    case 503:
      return 'The service is currently unavailable.';
    case 504:
      return 'The request timed out. Please try again.';
    default:
      return `Injected failure (HTTP ${code}).`;
  }
}

export function googleError(code: number, message?: string, status?: string): GoogleErrorBody {
  return { error: { code, message: message ?? defaultMessage(code), status: status ?? rpcStatusFor(code) } };
}

export const MISSING_CREDENTIALS =
  'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

export const NOT_FOUND_MESSAGE = 'Requested entity was not found.';

/** Which quota a call counts against: reads for get/list/metadata, writes for create/batchUpdate. */
export type QuotaKind = 'read' | 'write';

/** The 429 body Google sends when a per-user per-minute quota is exhausted (DOCS-API.md §5). */
export function quotaExceeded(kind: QuotaKind, service: string): GoogleErrorBody {
  const metric = kind === 'read' ? 'Read requests' : 'Write requests';
  const limit = kind === 'read' ? 'ReadRequestsPerMinutePerUser' : 'WriteRequestsPerMinutePerUser';
  const limitValue = kind === 'read' ? '300' : '60';
  return {
    error: {
      code: 429,
      message:
        `Quota exceeded for quota metric '${metric}' and limit '${metric} per minute per user' of service ` +
        `'${service}' for consumer 'project_number:000000000000'.`,
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'RATE_LIMIT_EXCEEDED',
          domain: 'googleapis.com',
          metadata: {
            quota_metric: `${service}/${kind === 'read' ? 'read_requests' : 'write_requests'}`,
            quota_limit: limit,
            quota_limit_value: limitValue,
            consumer: 'projects/000000000000',
            service,
          },
        },
      ],
    },
  };
}

/** Drive v3's shape for a bad parameter (`Invalid Value` with the parameter named in `errors[]`). */
export function driveInvalidParameter(location: string, message = 'Invalid Value'): GoogleErrorBody {
  return {
    error: {
      code: 400,
      message,
      status: 'INVALID_ARGUMENT',
      errors: [{ message, domain: 'global', reason: 'invalid', location, locationType: 'parameter' }],
    },
  };
}

/** Drive v3's 404 for an unknown file id. */
export function driveFileNotFound(fileId: string): GoogleErrorBody {
  const message = `File not found: ${fileId}.`;
  return {
    error: {
      code: 404,
      message,
      status: 'NOT_FOUND',
      errors: [
        { message, domain: 'global', reason: 'notFound', location: 'fileId', locationType: 'parameter' },
      ],
    },
  };
}
