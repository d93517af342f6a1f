/** `gdoc export DOC`: a tab or one section as MEBDF on stdout (or a file), or as JSON. */
import { type Command, Option } from 'commander';
import { cliIo } from '../io.js';

interface ExportOptions {
  tab?: string;
  section?: string;
  local?: string;
  json?: boolean;
  output?: string;
  comments?: boolean;
  anchors?: string;
}

export function register(program: Command): void {
  program
    .command('export')
    .description('Export a tab, or one section of it, as MEBDF Markdown.')
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option(
      '--section <anchor>',
      'only the section under this heading anchor (see gdoc outline); "" = preamble',
    )
    .option('--local <dir>', 'read NAME from the local store in DIR instead of Google Docs')
    .option('-o, --output <file>', 'write the MEBDF to FILE instead of stdout')
    .option('--comments', 'show the text under open comments as {!comment:ID}…{/!} (read-only markers)')
    .addOption(
      new Option(
        '--anchors <which>',
        'heading anchors {^ h.…} shown: "linked" (only headings a link points to) or "all"',
      )
        .choices(['linked', 'all'])
        .default('linked'),
    )
    .option(
      '--json',
      'print {success, content, tab_id, anchor_id, revision_id, base, warnings, estimated_tokens}',
    )
    .addHelpText(
      'after',
      `
Examples:
  gdoc export 1AbC...xyz > doc.md                     the whole (single) tab
  gdoc export report.json --section h.ryalwp7mpmhm    one section of a local document
  gdoc export 1AbC...xyz --tab t.0 --json             with revision_id, base and estimated_tokens
  gdoc export https://docs.google.com/document/d/1AbC...xyz/edit -o doc.md

Warnings (lossy choices) go to stderr. -o FILE also writes .FILE.gdoc-base beside it (the base
of the read), so "gdoc import DOC FILE" later merges edits made in the document meanwhile, or
refuses when they touch the paragraphs you edited. Every read is also remembered in the store
(DIR/.gdoc-bases, or the config folder for Google), which covers "gdoc export … > FILE".`,
    )
    .action(async (doc: string, opts: ExportOptions) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, service, { withProgress }, bases] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/export.js'),
          import('../progress.js'),
          import('../bases.js'),
        ]);
        const { backend, documentId, tabId, anchorId } = await openDocument(doc, { local: opts.local });
        const section = opts.section ?? anchorId;
        const tab = opts.tab ?? tabId;
        // The read is remembered, so a later `gdoc import` of what it printed merges, not reverts.
        const read = {
          bases: bases.openBases(doc, opts.local),
          comments: opts.comments === true,
          anchors: opts.anchors === 'all' ? ('all' as const) : ('linked' as const),
        };
        const result = await withProgress('Exporting', () =>
          section !== undefined
            ? service.exportSectionService(
                backend,
                { document_id: documentId, tab_id: tab, anchor_id: section },
                read,
              )
            : service.exportTabService(backend, { document_id: documentId, tab_id: tab }, read),
        );
        if (opts.output !== undefined) {
          const { writeFile } = await import('node:fs/promises');
          await writeFile(opts.output, result.content, 'utf8');
          // The base is the text without comment markers, as an import reads it.
          const { withoutCommentMarkers } = await import('../../docs/service/comment-import.js');
          await bases.writeSidecar(opts.output, {
            base: result.base,
            text: withoutCommentMarkers(result.content),
          });
        }
        if (opts.json) return out.printJson(result);
        out.printWarnings(result.warnings);
        if (opts.output !== undefined) {
          cliIo().stderr.write(
            `gdoc: wrote ${opts.output} (~${result.estimated_tokens} tokens, revision ${result.revision_id})\n`,
          );
        } else {
          cliIo().stdout.write(result.content);
        }
      });
    });
}
