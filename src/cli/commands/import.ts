/**
 * `gdoc import DOC [FILE|-]`: write MEBDF back into a tab or one section with one minimal,
 * guarded batchUpdate. Exit 0 on success; on any failure non-zero, the error type in the
 * message, and the document unchanged.
 */
import type { Command } from 'commander';
import { ValidationError } from '../../errors.js';
import { cliIo } from '../io.js';

interface ImportOptions {
  tab?: string;
  section?: string;
  local?: string;
  dryRun?: boolean;
  allowDeletions?: boolean;
  base?: string;
  suggest?: boolean;
  mode?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('import')
    .description('Write MEBDF into a tab, or into one section with --section, changing only what differs.')
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .argument('[file]', 'the MEBDF to write; "-" or omitted reads stdin')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option(
      '--section <anchor>',
      'replace only this section (see gdoc outline); "" = preamble; default: the whole tab',
    )
    .option('--local <dir>', 'write NAME in the local store in DIR instead of Google Docs')
    .option('--dry-run', 'plan and verify only: show the diff and the requests, write nothing')
    .option('--allow-deletions', 'allow deleting objects whose {^= id} placeholders are missing')
    .option('--suggest', 'write the change as tracked suggestions (same as --mode suggest)')
    .option('--mode <mode>', '"edit" (default: change the document) or "suggest" (tracked suggestions)')
    .option(
      '--base <token>',
      'the "base" from the export you edited (default: FILE\'s sidecar, else the last read of the target): edits made since are merged, or refused when they touch the same paragraphs',
    )
    .option(
      '--json',
      'print {success, anchor_id|tab_id, preserved_objects, warnings, revision_id, requests, new_headings, dry_run, diff}',
    )
    .addHelpText(
      'after',
      `
Examples:
  gdoc export doc.json --section h.ryalwp7mpmhm > s.md && $EDITOR s.md
  gdoc import doc.json s.md --section h.ryalwp7mpmhm --dry-run    see the diff first
  gdoc import doc.json s.md --section h.ryalwp7mpmhm              write it
  gdoc import doc.json s.md --section h.ryalwp7mpmhm --suggest    propose it as suggestions
  gdoc export 1AbC...xyz --json > tab.json          keep .content to edit and .base to guard
  gdoc import 1AbC...xyz tab.md --base "$(jq -r .base tab.json)"
  cat s.md | gdoc import 1AbC...xyz - --section h.abc --json`,
    )
    .action(async (doc: string, file: string | undefined, opts: ImportOptions) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const content = await readContent(file);
        const mode = importMode(opts);
        const [{ openDocument }, service, { withProgress }, bases, { textKey }, { decodeBaseToken }] =
          await Promise.all([
            import('../open-doc.js'),
            import('../../docs/service/import.js'),
            import('../progress.js'),
            import('../bases.js'),
            import('../../docs/service/base-store.js'),
            import('../../docs/service/base-token.js'),
          ]);
        const { backend, documentId, tabId, anchorId } = await openDocument(doc, { local: opts.local });
        const section = opts.section ?? anchorId;
        const store = bases.openBases(doc, opts.local);
        const fromFile = file !== undefined && file !== '-';
        // The file's own base (its sidecar) before the target's last read: it says what FILE came from.
        const found = fromFile && opts.base === undefined ? await bases.readSidecar(file) : undefined;
        if (found) bases.refuseOtherScope(found, file!, documentId, section, content);
        const fits = found && bases.sidecarFits(found, documentId, { tab: opts.tab ?? tabId, section });
        const sidecar = fits ? found : undefined;
        if (sidecar) await store.put(textKey(decodeBaseToken(sidecar.base).fingerprint), sidecar.text);
        const options = {
          dry_run: opts.dryRun,
          allow_deletions: opts.allowDeletions,
          base: opts.base,
          // Not as `base`: a file exported over since its sidecar was written (`export > FILE`
          // after an import) holds a later read, which the import then takes instead.
          file_base: sidecar?.base,
          mode,
        };
        const result = await withProgress(opts.dryRun ? 'Planning' : 'Importing', () =>
          section !== undefined
            ? service.importSectionService(
                backend,
                { document_id: documentId, tab_id: opts.tab ?? tabId, anchor_id: section },
                content,
                options,
                store,
              )
            : service.importTabService(
                backend,
                { document_id: documentId, tab_id: opts.tab ?? tabId },
                content,
                options,
                store,
              ),
        );
        if (fromFile && result.base !== undefined && (sidecar || opts.base === undefined)) {
          // FILE now stands for what was written: its next import merges from here.
          const text = await store.get(textKey(decodeBaseToken(result.base).fingerprint));
          if (text !== undefined) await bases.writeSidecar(file, { base: result.base, text });
        }
        if (opts.json) return out.printJson(result);
        out.printWarnings(result.warnings);
        const target = section !== undefined ? `section ${section || '(preamble)'}` : `tab ${result.tab_id}`;
        const n = result.requests.length;
        const requests = `${n} request${n === 1 ? '' : 's'}`;
        if (result.dry_run) {
          if (result.diff) out.printText(result.diff);
          out.printText(
            `Dry run: ${target} would take ${requests}${kinds(result.requests)}; nothing written.`,
          );
        } else if (n === 0) {
          out.printText(`No change: ${target} already says this (revision ${result.revision_id}).`);
        } else if (result.suggestion_ids) {
          const k = result.suggestion_ids.length;
          out.printText(
            `Suggested ${target}: ${k} suggestion${k === 1 ? '' : 's'} from ${requests} in one batchUpdate; revision ${result.revision_id}. The accepted text is unchanged (gdoc suggestions, gdoc accept, gdoc reject).`,
          );
          for (const id of result.suggestion_ids) out.printText(`  ${id}`);
        } else {
          out.printText(
            // (Not "in one batchUpdate": new footnotes' text, and links of headings typed anew, take a second.)
            `Imported ${target}: ${requests}; revision ${result.revision_id}.`,
          );
        }
        for (const h of result.new_headings)
          out.printText(
            `  new heading ${'#'.repeat(h.level)} ${h.text}  → ${h.anchor_id || 'new anchor (its id is made by the write)'}`,
          );
        if (result.preserved_objects.length > 0) {
          out.printText(`  objects kept: ${result.preserved_objects.join(', ')}`);
        }
      });
    });
}

/** `--suggest` or `--mode edit|suggest`; a conflict or an unknown mode is a usage error. */
function importMode(opts: ImportOptions): 'edit' | 'suggest' {
  if (opts.mode !== undefined && opts.mode !== 'edit' && opts.mode !== 'suggest') {
    throw new ValidationError(`--mode must be "edit" or "suggest", got "${opts.mode}".`);
  }
  if (opts.suggest && opts.mode === 'edit') {
    throw new ValidationError('--suggest and --mode edit contradict each other; pass one.');
  }
  return opts.suggest ? 'suggest' : ((opts.mode as 'edit' | 'suggest' | undefined) ?? 'edit');
}

/** ` (2 insertText, 1 updateTextStyle)`: what the planned requests are, in one glance. */
function kinds(requests: unknown[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const kind = Object.keys(request as object)[0] ?? '?';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  if (counts.size === 0) return '';
  return ` (${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ')})`;
}

export async function readContent(file: string | undefined): Promise<string> {
  if (file !== undefined && file !== '-') {
    const { readFile } = await import('node:fs/promises');
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new ValidationError(
        `Cannot read ${file}: ${(error as Error).message}`,
        'Pass an existing MEBDF file, or - for stdin.',
      );
    }
  }
  if (cliIo().stdinIsTTY) {
    throw new ValidationError(
      'No content: pass a FILE, or pipe MEBDF into stdin.',
      'gdoc import DOC section.md --section ANCHOR',
    );
  }
  const text = await cliIo().readStdin();
  // An empty pipe (a failed export upstream, a script without input) must not empty the tab.
  if (!text.trim()) {
    throw new ValidationError(
      'Nothing came on stdin; refusing to write empty content.',
      'Pipe the MEBDF in, or pass it as a FILE (an empty file is taken as meant).',
    );
  }
  return text;
}
