/** `gdoc tab add|rename|nest|move|delete DOC …`: the tabs of a document. */
import type { Command } from 'commander';
import type { TabAction } from '../../docs/service/tabs.js';
import { ValidationError } from '../../errors.js';

interface TabOptions {
  local?: string;
  json?: boolean;
  title?: string;
  parent?: string;
  index?: string;
  content?: string;
  allowDeletions?: boolean;
}

const DOC = 'Google Doc id or URL, a local .json file, or a NAME with --local';

export function register(program: Command): void {
  const tab = program
    .command('tab')
    .description('Add, rename, nest, move or delete the tabs of a document.')
    .addHelpText(
      'after',
      `
Examples:
  gdoc tab add 1AbC...xyz --title Notes --content notes.md
  gdoc tab rename doc.json t.abc "Meeting notes"
  gdoc tab nest doc.json t.abc --parent t.0
  gdoc tab move doc.json t.abc --index 0
  gdoc tab delete doc.json t.abc --allow-deletions`,
    );
  const common = (c: Command) =>
    c
      .option('--local <dir>', 'the local store in DIR instead of Google Docs')
      .option('--json', 'print {success, tab_id, tabs, deleted_tab_ids, revision_id, warnings}');

  common(
    tab
      .command('add')
      .description('Add a tab (at the end, or at --index; under --parent to nest it).')
      .argument('<doc>', DOC)
      .option('--title <title>', 'its title')
      .option('--parent <tab>', 'nest it under this tab')
      .option('--index <n>', 'position among its siblings, 0-based')
      .option('--content <file>', 'MEBDF to write into it'),
  ).action(async (doc: string, opts: TabOptions) => {
    await run(doc, opts, async () => {
      const content =
        opts.content !== undefined
          ? await (await import('./import.js')).readContent(opts.content)
          : undefined;
      return {
        action: 'add',
        ...(opts.title ? { title: opts.title } : {}),
        ...(opts.parent ? { parent_tab_id: opts.parent } : {}),
        ...index(opts),
        ...(content !== undefined ? { content } : {}),
      };
    });
  });
  common(
    tab
      .command('rename')
      .description('Rename a tab.')
      .argument('<doc>', DOC)
      .argument('<tab>', 'the tab id')
      .argument('<title>', 'the new title'),
  ).action(async (doc: string, tabId: string, title: string, opts: TabOptions) => {
    await run(doc, opts, async () => ({ action: 'rename', tab_id: tabId, title }));
  });
  common(
    tab
      .command('nest')
      .description('Put a tab under another (--parent ""  brings it back to the top level).')
      .argument('<doc>', DOC)
      .argument('<tab>', 'the tab id')
      .requiredOption('--parent <tab>', 'the new parent tab, or "" for the top level')
      .option('--index <n>', 'position among its new siblings, 0-based'),
  ).action(async (doc: string, tabId: string, opts: TabOptions) => {
    await run(doc, opts, async () => ({
      action: 'nest',
      tab_id: tabId,
      parent_tab_id: opts.parent ?? '',
      ...index(opts),
    }));
  });
  common(
    tab
      .command('move')
      .description('Move a tab among its siblings.')
      .argument('<doc>', DOC)
      .argument('<tab>', 'the tab id')
      .requiredOption('--index <n>', 'the new position, 0-based'),
  ).action(async (doc: string, tabId: string, opts: TabOptions) => {
    await run(doc, opts, async () => ({ action: 'move', tab_id: tabId, index: index(opts).index ?? 0 }));
  });
  common(
    tab
      .command('delete')
      .description('Delete a tab and the tabs nested in it.')
      .argument('<doc>', DOC)
      .argument('<tab>', 'the tab id')
      .option('--allow-deletions', 'go ahead without asking (required when not on a terminal)'),
  ).action(async (doc: string, tabId: string, opts: TabOptions) => {
    await run(doc, opts, async () => {
      const { confirmInCli } = await import('../confirm.js');
      await confirmInCli(`delete tab ${tabId} and any tabs nested in it`, opts.allowDeletions);
      return { action: 'delete', tab_id: tabId };
    });
  });
}

function index(opts: TabOptions): { index?: number } {
  if (opts.index === undefined) return {};
  const n = Number(opts.index);
  if (!Number.isInteger(n) || n < 0)
    throw new ValidationError(`--index must be a whole number ≥ 0, got "${opts.index}".`);
  return { index: n };
}

async function run(doc: string, opts: TabOptions, action: () => Promise<TabAction>): Promise<void> {
  const out = await import('../output.js');
  await out.withJsonErrors(opts.json, async () => {
    const [{ openDocument }, { manageTabsService }] = await Promise.all([
      import('../open-doc.js'),
      import('../../docs/service/tabs.js'),
    ]);
    const { backend, documentId } = await openDocument(doc, { local: opts.local });
    const result = await manageTabsService(backend, documentId, await action());
    if (opts.json) return out.printJson(result);
    out.printWarnings(result.warnings);
    if (result.deleted_tab_ids.length > 0) out.printText(`Deleted: ${result.deleted_tab_ids.join(', ')}`);
    out.printText(
      out.table(
        result.tabs.map((t) => [
          `${'  '.repeat(t.nesting_level)}${t.tab_id}`,
          t.title,
          t.tab_id === result.tab_id ? '←' : '',
        ]),
      ),
    );
  });
}
