/**
 * The size policy of export_tab: a tab whose export is estimated above a ceiling (20,000 tokens
 * unless `GDOC_MAX_EXPORT_TOKENS` or the caller sets another) is refused with ContentTooLargeError
 * rather than cut. A client that cannot hold the result would truncate it, and a truncated tab
 * imported back with import_tab would delete the rest; a section at a time is the way through.
 */
import { ContentTooLargeError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { ExportResult, TabTarget } from './contract.js';
import { exportTabService } from './export.js';

/** The default ceiling for export_tab, in estimated tokens; `GDOC_MAX_EXPORT_TOKENS` overrides it. */
export const DEFAULT_MAX_EXPORT_TOKENS = 20_000;

/** The ceiling an environment asks for: `GDOC_MAX_EXPORT_TOKENS` when a positive number, else the default. */
export function maxExportTokensFrom(env: Record<string, string | undefined>): number {
  const fromEnv = Number(env.GDOC_MAX_EXPORT_TOKENS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_MAX_EXPORT_TOKENS;
}

/** The whole tab, or ContentTooLargeError (and nothing returned) when above `maxTokens`. */
export async function exportTabWithinLimit(
  backend: Backend,
  target: TabTarget,
  maxTokens: number,
): Promise<ExportResult> {
  const result = await exportTabService(backend, target);
  if (result.estimated_tokens > maxTokens) {
    throw new ContentTooLargeError(
      `Tab "${result.tab_id}" is about ${result.estimated_tokens} tokens, above this server's export_tab limit of ${maxTokens}; nothing was returned rather than a partial tab.`,
      `Call get_hierarchy with document_id "${target.document_id}" and tab_id "${result.tab_id}", then export_section (and import_section) one section at a time.`,
    );
  }
  return result;
}
