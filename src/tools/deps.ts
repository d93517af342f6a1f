/**
 * What every tool needs from the outside world, passed in by the server factory so that tests can
 * hand the same tools a local store, a fake, or Google. Tools read nothing global.
 */
import type { Backend } from '../ground/backend.js';

export interface ToolDeps {
  /** Where documents live: the local store, the emulator, or Google. */
  backend: Backend;
  /**
   * `export_tab` refuses a tab whose export is estimated above this many tokens (chars/4) and
   * points to get_hierarchy + export_section instead: a client that cannot hold the result would
   * otherwise truncate it, and a truncated tab imported back would delete the rest.
   */
  maxExportTokens: number;
  /** Diagnostics go to stderr (stdout is the MCP channel on stdio). */
  log: (message: string) => void;
  /** Milliseconds clock, for health_check latency. */
  now: () => number;
}

/** The default ceiling for `export_tab`; `GDOC_MAX_EXPORT_TOKENS` overrides it. */
export const DEFAULT_MAX_EXPORT_TOKENS = 20_000;

export function createToolDeps(
  backend: Backend,
  overrides: Partial<Omit<ToolDeps, 'backend'>> = {},
): ToolDeps {
  const fromEnv = Number(process.env.GDOC_MAX_EXPORT_TOKENS);
  return {
    backend,
    maxExportTokens: Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_MAX_EXPORT_TOKENS,
    log: (message) => process.stderr.write(`gdoc-mcp: ${message}\n`),
    now: () => performance.now(),
    ...overrides,
  };
}
