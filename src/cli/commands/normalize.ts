/** `gdoc normalize DOC`: one body font, size and spacing (and one heading font) across a tab. */
import type { Command } from 'commander';

interface NormalizeOptions {
  tab?: string;
  local?: string;
  bodyFont?: string;
  bodySize?: string;
  headingFont?: string;
  lineSpacing?: string;
  spaceAfter?: string;
  dryRun?: boolean;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('normalize')
    .description(
      'Give a tab consistent formatting: set the named styles and remove stray direct formatting. Text, objects, heading anchors and bold/italic/links/code stay as they are.',
    )
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option('--local <dir>', 'use NAME from the local store in DIR instead of Google Docs')
    .option('--body-font <family>', 'font family of body text, e.g. Arial')
    .option('--body-size <size>', 'font size of body text, e.g. 11pt')
    .option('--heading-font <family>', 'font family of the title, subtitle and headings')
    .option('--line-spacing <spacing>', 'line spacing of body paragraphs: single, 1.15, 1.5, double')
    .option('--space-after <size>', 'space after body paragraphs, e.g. 6pt')
    .option('--dry-run', 'show what would change without writing')
    .option('--json', 'print {success, changes_made, warnings, revision_id, dry_run, …}')
    .addHelpText(
      'after',
      `
Examples:
  gdoc normalize 1AbC...xyz --body-font Arial --body-size 11pt --dry-run
  gdoc normalize report.json --heading-font Georgia --line-spacing 1.15 --space-after 6pt`,
    )
    .action(async (doc: string, opts: NormalizeOptions) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, { normalizeService }, { printChangeResult }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/formatting.js'),
          import('./styles.js'),
        ]);
        const { backend, documentId, tabId } = await openDocument(doc, { local: opts.local });
        const result = await normalizeService(backend, {
          document_id: documentId,
          tab_id: opts.tab ?? tabId,
          body_font: opts.bodyFont,
          body_size: opts.bodySize,
          heading_font: opts.headingFont,
          line_spacing: opts.lineSpacing,
          space_after: opts.spaceAfter,
          dry_run: opts.dryRun ?? false,
        });
        if (opts.json) return out.printJson(result);
        printChangeResult(result, out);
      });
    });
}
