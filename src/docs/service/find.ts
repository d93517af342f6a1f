/**
 * The find use case over a Backend: one read of the document, every tab searched (child tabs
 * included), each match placed in its tab and section (src/docs/structure/find.ts).
 */

import { runInNewContext } from 'node:vm';
import { ValidationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import { resolveTab } from '../export/tabs.js';
import { type FindMatch, findInDocument, type Matcher, matchHere } from '../structure/find.js';

export type { FindMatch } from '../structure/find.js';

export interface FindParams {
  document_id: string;
  query: string;
  regex?: boolean;
  case_sensitive?: boolean;
  /** Only this tab; every tab when absent or empty. */
  tab_id?: string;
  limit?: number;
}

export interface FindResult {
  success: true;
  matches: FindMatch[];
  /** All matches, which may exceed the number returned. */
  total_count: number;
  revision_id: string;
}

export const DEFAULT_FIND_LIMIT = 50;
/** How long a regular expression may run over a whole document. */
export const REGEX_TIME_LIMIT_MS = 2_000;
export const MAX_FIND_LIMIT = 500;

export async function findInDocumentService(backend: Backend, params: FindParams): Promise<FindResult> {
  const limit = params.limit ?? DEFAULT_FIND_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_FIND_LIMIT) {
    throw new ValidationError(
      `limit must be a whole number from 1 to ${MAX_FIND_LIMIT}, got ${limit}.`,
      `Pass a limit between 1 and ${MAX_FIND_LIMIT}, or omit it for ${DEFAULT_FIND_LIMIT}.`,
    );
  }
  const doc = await backend.get(params.document_id);
  const tabId = params.tab_id ? resolveTab(doc, params.tab_id).tabId : undefined;
  const found = findInDocument(
    doc,
    {
      query: params.query,
      regex: params.regex === true,
      caseSensitive: params.case_sensitive === true,
      limit,
      ...(tabId ? { tabId } : {}),
    },
    params.regex === true ? boundedMatcher(REGEX_TIME_LIMIT_MS) : matchHere,
  );
  return { success: true, ...found, revision_id: doc.revisionId ?? '' };
}

/**
 * Matching a caller's regular expression in a VM context with a time limit: a pattern that
 * backtracks without end (`(a+)+$`) is stopped and refused instead of holding the server.
 */
export function boundedMatcher(timeoutMs: number): Matcher {
  return (texts, pattern) => {
    try {
      return runInNewContext(
        'texts.map((t) => Array.from(t.matchAll(new RegExp(source, flags)), (m) => [m.index, m[0]]))',
        { texts, source: pattern.source, flags: pattern.flags },
        { timeout: timeoutMs },
      ) as Array<Array<[number, string]>>;
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        throw new ValidationError(
          `The regular expression took more than ${timeoutMs / 1000} s over the document and was stopped.`,
          'Simplify the pattern (avoid nested repetition such as (a+)+), or search for plain text.',
        );
      }
      throw e;
    }
  };
}
