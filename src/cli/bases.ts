/**
 * Where the CLI keeps what its reads handed out (a FileBaseStore), so a later `gdoc import` knows
 * what the file it gets was exported from: beside the documents for a local store (`DIR/.gdoc-bases`,
 * shared with `gdoc serve --local DIR`), beside the file for one `.json` document, and under the
 * config folder for Google. And the sidecar `export -o FILE` writes beside FILE
 * (`.FILE.gdoc-base`: the base token and the text it stands for), so `import FILE` finds its base
 * without flags even when the store has dropped it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { configDir } from '../auth/config-dir.js';
import { type BaseStore, FileBaseStore } from '../docs/service/base-store.js';
import { decodeBaseToken } from '../docs/service/base-token.js';
import { blocksLacking, splitBlocks, withLineFeeds } from '../docs/service/text-blocks.js';
import { ValidationError } from '../errors.js';
import { cliIo } from './io.js';

/** The store for DOC as `openDocument` reads it (same rules: --local, a .json path, else Google). */
export function openBases(ref: string, local: string | undefined): BaseStore {
  const trimmed = ref.trim();
  const dir =
    local !== undefined
      ? join(local, '.gdoc-bases')
      : /\.json$/i.test(trimmed)
        ? join(dirname(trimmed), '.gdoc-bases')
        : join(configDir(process.env), 'bases');
  return new WarningStore(new FileBaseStore(dir));
}

/**
 * A folder that cannot be written (read-only checkout, full disk) must not stop a read: the
 * failure is said once on stderr, and an import of that read then has no base to merge with.
 */
class WarningStore implements BaseStore {
  private warned = false;
  /** The command's own (io.ts `later`): what only speeds up the next command waits for the answer. */
  readonly later = cliIo().later;
  constructor(private readonly store: FileBaseStore) {}
  async get(key: string): Promise<string | undefined> {
    return await this.store.get(key).catch(() => undefined);
  }
  async put(key: string, value: string): Promise<void> {
    try {
      await this.store.put(key, value);
    } catch (error) {
      if (this.warned) return;
      this.warned = true;
      cliIo().stderr.write(
        `gdoc: warning: cannot keep this read in ${this.store.dir} (${(error as Error).message}); importing it later without --base cannot merge edits made meanwhile.\n`,
      );
    }
  }
}

/** The sidecar of an exported file: `.s.md.gdoc-base` beside `s.md`. */
export function sidecarPath(file: string): string {
  return join(dirname(file), `.${basename(file)}.gdoc-base`);
}

export interface Sidecar {
  /** The base token of the read (or of the last import) the file holds. */
  base: string;
  /** The whole text the token stands for (what the merge compares with). */
  text: string;
}

export async function writeSidecar(file: string, sidecar: Sidecar): Promise<void> {
  await writeFile(sidecarPath(file), `${JSON.stringify(sidecar)}\n`, 'utf8');
}

/** The sidecar of FILE, or undefined when there is none (or it is not one of ours). */
export async function readSidecar(file: string): Promise<Sidecar | undefined> {
  let raw: string;
  try {
    raw = await readFile(sidecarPath(file), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const data = JSON.parse(raw) as Partial<Sidecar>;
    if (typeof data.base === 'string' && typeof data.text === 'string')
      return { base: data.base, text: data.text };
  } catch {
    // not ours: ignored, as if absent
  }
  return undefined;
}

/**
 * A file exported from a section, imported without `--section`, would replace the whole tab with
 * that one section (everything else deleted); a file exported from the whole tab, imported with
 * `--section`, would put the whole tab's text into that section. Both are a flag forgotten or
 * added by mistake, and the sidecar says so: refused before anything is read or written. (A
 * section's file imported into another section is a copy, and is taken as meant.) To write the
 * text there on purpose, import it from stdin, which has no sidecar. A sidecar whose text FILE no
 * longer mostly holds is not FILE's any more (exported over since: `gdoc export > FILE` writes
 * none) and says nothing.
 */
export function refuseOtherScope(
  sidecar: Sidecar,
  file: string,
  documentId: string,
  section: string | undefined,
  content: string,
): void {
  const base = decodeBaseToken(sidecar.base);
  if (base.documentId !== undefined && base.documentId !== documentId) return;
  // FILE exported over since (`gdoc export > FILE` writes no sidecar): the sidecar is not FILE's.
  if (!mostlyShared(content, sidecar.text)) return;
  const from = base.anchorId;
  if (from !== null && section === undefined) {
    throw new ValidationError(
      `${file} was exported from section ${from || '(preamble)'} (its sidecar ${sidecarPath(file)} says so); imported without --section it would replace the whole tab with that section, deleting the rest; nothing was written.`,
      `Pass --section ${from === '' ? '""' : from} to write it back there; to replace the whole tab with this text on purpose, import it from stdin: gdoc import DOC - < ${file}`,
    );
  }
  if (from === null && section !== undefined) {
    throw new ValidationError(
      `${file} was exported from the whole tab ${base.tabId} (its sidecar ${sidecarPath(file)} says so); imported with --section it would put the whole tab's text into section ${section || '(preamble)'}; nothing was written.`,
      `Drop --section to write it back as the tab; to put this text into the section on purpose, import it from stdin: gdoc import DOC - --section ${section === '' ? '""' : section} < ${file}`,
    );
  }
}

/**
 * Whether a sidecar is about this import's target: FILE exported from one section and imported
 * into another (or into another document) is a new write, and its sidecar is ignored.
 */
export function sidecarFits(
  sidecar: Sidecar,
  documentId: string,
  target: { tab?: string | undefined; section?: string | undefined },
): boolean {
  const base = decodeBaseToken(sidecar.base);
  return (
    (base.documentId === undefined || base.documentId === documentId) &&
    base.anchorId === (target.section ?? null) &&
    (target.tab === undefined || base.tabId === target.tab)
  );
}

/**
 * Whether two texts share at least half of the blocks of the longer one: an edit of the text the
 * sidecar stands for does; a section's text and its whole tab's do not (a tab of one section
 * aside, where the two are the same text and either scope writes it alike).
 */
function mostlyShared(content: string, text: string): boolean {
  // An editor's line ends are not a difference (the import itself reads them so).
  const mine = splitBlocks(withLineFeeds(content));
  const theirs = splitBlocks(text);
  const shared = mine.length - blocksLacking(mine, theirs).length;
  const longer = Math.max(mine.length, theirs.length);
  return longer > 0 && 2 * shared >= longer;
}
