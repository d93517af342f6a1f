/**
 * `gdoc styles extract DOC` and `gdoc styles apply DOC STYLES.json`: copy a document's look (fonts,
 * sizes, weights, colours, spacing per element type) to another document.
 */
import type { Command } from 'commander';
import type { StyleChangeResult } from '../../docs/service/contract.js';

export function register(program: Command): void {
  const styles = program
    .command('styles')
    .description('Extract the styles a document uses, or apply style definitions to a document.');

  styles
    .command('extract')
    .description('Print the style definitions (per element type) the document effectively uses.')
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option('--local <dir>', 'read NAME from the local store in DIR instead of Google Docs')
    .option('--json', 'print {success, styles:[…], source_document_id} (the input of gdoc styles apply)')
    .addHelpText(
      'after',
      `
Examples:
  gdoc styles extract 1AbC...xyz
  gdoc styles extract template.json --json > styles.json`,
    )
    .action(async (doc: string, opts: { tab?: string; local?: string; json?: boolean }) => {
      const out = await import('../output.js');
      await out.withJsonErrors(opts.json, async () => {
        const [{ openDocument }, { extractStylesService }] = await Promise.all([
          import('../open-doc.js'),
          import('../../docs/service/formatting.js'),
        ]);
        const { backend, documentId, tabId } = await openDocument(doc, { local: opts.local });
        const result = await extractStylesService(backend, {
          document_id: documentId,
          tab_id: opts.tab ?? tabId,
        });
        if (opts.json) return out.printJson(result);
        const rows = [['element', 'font', 'size', 'weight', 'colour', 'line', 'before', 'after']];
        for (const s of result.styles) {
          rows.push(
            [
              s.element_type,
              s.font_family,
              s.font_size,
              s.font_weight,
              s.text_color,
              s.line_spacing,
              s.space_before,
              s.space_after,
            ].map((v) => v ?? '-'),
          );
        }
        out.printText(out.table(rows));
      });
    });

  styles
    .command('apply')
    .description(
      'Make the document use the style definitions in STYLES.json (from gdoc styles extract --json).',
    )
    .argument('<doc>', 'Google Doc id or URL, a local .json file, or a NAME with --local')
    .argument('<styles>', 'a JSON file: the output of gdoc styles extract --json, or just its styles array')
    .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
    .option('--local <dir>', 'use NAME from the local store in DIR instead of Google Docs')
    .option('--dry-run', 'show what would change without writing')
    .option('--json', 'print {success, changes_made, warnings, revision_id, dry_run, …}')
    .addHelpText(
      'after',
      `
Examples:
  gdoc styles extract template.json --json > styles.json
  gdoc styles apply 1AbC...xyz styles.json --dry-run
  gdoc styles apply report.json styles.json`,
    )
    .action(
      async (
        doc: string,
        stylesFile: string,
        opts: { tab?: string; local?: string; dryRun?: boolean; json?: boolean },
      ) => {
        const out = await import('../output.js');
        await out.withJsonErrors(opts.json, async () => {
          const [{ openDocument }, { applyStylesService }] = await Promise.all([
            import('../open-doc.js'),
            import('../../docs/service/formatting.js'),
          ]);
          const definitions = await readStylesFile(stylesFile);
          const { backend, documentId, tabId } = await openDocument(doc, { local: opts.local });
          const result = await applyStylesService(
            backend,
            { document_id: documentId, tab_id: opts.tab ?? tabId },
            definitions,
            { dry_run: opts.dryRun ?? false },
          );
          if (opts.json) return out.printJson(result);
          printChangeResult(result, out);
        });
      },
    );
}

/** The styles array from a file holding either an extract result or the bare array. */
async function readStylesFile(path: string): Promise<unknown> {
  const [{ readFile }, { ValidationError }] = await Promise.all([
    import('node:fs/promises'),
    import('../../errors.js'),
  ]);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ValidationError(
      `Cannot read ${path}: ${(error as Error).message}`,
      'Pass the path of a JSON file written by gdoc styles extract --json.',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(
      `${path} is not valid JSON: ${(error as Error).message}`,
      'Pass the output of gdoc styles extract --json, or a JSON array of style definitions.',
    );
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'styles' in parsed) {
    return (parsed as { styles: unknown }).styles;
  }
  return parsed;
}

/** Human output of apply/normalize: the count, what changed, and the warnings on stderr. */
export function printChangeResult(
  result: StyleChangeResult,
  out: { printText: (t: string) => void; printWarnings: (w: string[]) => void },
): void {
  const verb = result.dry_run ? 'would make' : 'made';
  out.printText(`${verb} ${result.changes_made} formatting change${result.changes_made === 1 ? '' : 's'}`);
  for (const line of result.summary ?? []) out.printText(`  ${line}`);
  out.printWarnings(result.warnings);
}
