/**
 * `gdoc header export|import|delete DOC` and the same for `gdoc footer`: a tab's default header
 * or footer as MEBDF (src/docs/service/segments.ts).
 */
import type { Command } from 'commander';
import type { SegmentKind } from '../../docs/service/segments.js';

interface SegmentOptions {
  tab?: string;
  local?: string;
  json?: boolean;
  dryRun?: boolean;
  allowDeletions?: boolean;
}

const DOC = 'Google Doc id or URL (its ?tab= is used), a local .json file, or a NAME with --local';

export function register(program: Command): void {
  for (const kind of ['header', 'footer'] as const) registerKind(program, kind);
}

function registerKind(program: Command, kind: SegmentKind): void {
  const group = program
    .command(kind)
    .description(`Read, write or delete the default ${kind} of a tab as MEBDF.`)
    .addHelpText(
      'after',
      `
Examples:
  gdoc ${kind} export doc.json
  gdoc ${kind} import 1AbC...xyz ${kind}.md --tab t.0     creates the ${kind} when the tab has none
  gdoc ${kind} delete doc.json --allow-deletions`,
    );
  const common = (c: Command) =>
    c
      .argument('<doc>', DOC)
      .option('--tab <id>', 'the tab (required when the document has several; see gdoc info)')
      .option('--local <dir>', 'the local store in DIR instead of Google Docs')
      .option('--json', 'print the result as JSON');

  common(group.command('export').description(`Print the ${kind} as MEBDF.`)).action(
    async (doc: string, opts: SegmentOptions) => {
      await run(doc, opts, async (service, target, out) => {
        const result = await service.exportSegmentService(target.backend, { ...target.where, kind });
        if (opts.json) return out.printJson(result);
        out.printText(result.content);
      });
    },
  );

  common(
    group
      .command('import')
      .description(
        `Write the ${kind} from MEBDF, changing only what differs (creating it first when missing).`,
      )
      .argument('[file]', 'the MEBDF; "-" or omitted reads stdin')
      .option('--dry-run', 'plan and verify only; write nothing')
      .option('--allow-deletions', 'allow deleting objects whose {^= id} placeholders are missing'),
  ).action(async (doc: string, file: string | undefined, opts: SegmentOptions) => {
    await run(doc, opts, async (service, target, out) => {
      const { readContent } = await import('./import.js');
      const content = await readContent(file);
      const result = await service.importSegmentService(target.backend, { ...target.where, kind }, content, {
        dry_run: opts.dryRun,
        allow_deletions: opts.allowDeletions,
      });
      if (opts.json) return out.printJson(result);
      out.printWarnings(result.warnings);
      const n = result.requests.length;
      out.printText(
        `${result.dry_run ? 'Dry run: would take' : result.created ? `Created the ${kind} and wrote it in` : 'Wrote it in'} ${n} request${n === 1 ? '' : 's'}${result.dry_run ? '; nothing written' : `; revision ${result.revision_id}`}.`,
      );
    });
  });

  common(
    group
      .command('delete')
      .description(`Delete the ${kind} with its content.`)
      .option('--allow-deletions', 'go ahead without asking (required when not on a terminal)'),
  ).action(async (doc: string, opts: SegmentOptions) => {
    await run(doc, opts, async (service, target, out) => {
      const { confirmInCli } = await import('../confirm.js');
      await confirmInCli(`delete the ${kind} of ${target.where.tab_id ?? 'the tab'}`, opts.allowDeletions);
      const result = await service.deleteSegmentService(target.backend, { ...target.where, kind });
      if (opts.json) return out.printJson(result);
      out.printText(`Deleted the ${kind} ${result.segment_id} of tab ${result.tab_id}.`);
    });
  });
}

type Service = typeof import('../../docs/service/segments.js');
type Output = typeof import('../output.js');
interface Opened {
  backend: import('../../ground/backend.js').Backend;
  where: { document_id: string; tab_id?: string };
}

async function run(
  doc: string,
  opts: SegmentOptions,
  action: (service: Service, target: Opened, out: Output) => Promise<void>,
): Promise<void> {
  const out = await import('../output.js');
  await out.withJsonErrors(opts.json, async () => {
    const [{ openDocument }, service] = await Promise.all([
      import('../open-doc.js'),
      import('../../docs/service/segments.js'),
    ]);
    const { backend, documentId, tabId } = await openDocument(doc, { local: opts.local });
    const tab = opts.tab ?? tabId;
    await action(
      service,
      { backend, where: { document_id: documentId, ...(tab ? { tab_id: tab } : {}) } },
      out,
    );
  });
}
