/**
 * What every tool needs from the outside world, passed in by the server factory so that tests can
 * hand the same tools a local store, a fake, or Google. Tools read nothing global.
 */
import { answeringFirst, type BaseStore, MemoryBaseStore } from '../docs/service/base-store.js';
import { maxExportTokensFrom } from '../docs/service/export-size.js';
import type { Backend } from '../ground/backend.js';
import type { ImportSession } from './import-session.js';

export interface ToolDeps {
  /** Where documents live: the local store, the emulator, or Google. */
  backend: Backend;
  /** The ceiling of one read in estimated tokens (chars/4); the policy is docs/service/export-size.ts. */
  maxExportTokens: number;
  /** What reads handed out, for imports to merge with (one process: in memory; serve: a folder). */
  bases: BaseStore;
  /** Diagnostics go to stderr (stdout is the MCP channel on stdio). */
  log: (message: string) => void;
  /** Milliseconds clock, for health_check latency. */
  now: () => number;
  /** What this client's imports wrote (one server instance's; import-session.ts). */
  session?: ImportSession;
}

export function createToolDeps(
  backend: Backend,
  overrides: Partial<Omit<ToolDeps, 'backend'>> = {},
): ToolDeps {
  const log = overrides.log ?? ((message: string) => process.stderr.write(`gdoc-mcp: ${message}\n`));
  return {
    backend,
    maxExportTokens: maxExportTokensFrom(process.env),
    now: () => performance.now(),
    ...overrides,
    log,
    // What only speeds up the next call is done after this one's answer.
    bases: answeringFirst(overrides.bases ?? new MemoryBaseStore(), log),
  };
}
