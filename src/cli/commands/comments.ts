/** `gdoc comments list|add|reply|resolve DOC …`: a document's comment threads (src/docs/service/comments.ts). */
import type { Command } from 'commander';
import { ValidationError } from '../../errors.js';

interface CommentOptions {
  tab?: string;
  section?: string;
  occurrence?: string;
  open?: boolean;
  reopen?: boolean;
  message?: string;
  local?: string;
  json?: boolean;
}

const DOC = 'Google Doc id or URL, a local .json file, or a NAME with --local';

type Service = typeof import('../../docs/service/comments.js');
type Output = typeof import('../output.js');
interface Opened {
  backend: import('../../ground/backend.js').Backend;
  documentId: string;
  tabId: string | undefined;
  anchorId: string | undefined;
}

export function register(program: Command): void {
  const group = program
    .command('comments')
    .description('List, add, reply to and resolve the comments of a document.')
    .addHelpText(
      'after',
      `
Examples:
  gdoc comments list 1AbC...xyz
  gdoc comments add report.json "Source?" --quote "grew 40%" --section h.ryalwp7mpmhm
  gdoc comments reply report.json AAABcd... "Added the source."
  gdoc comments resolve report.json AAABcd...

To see comments in the text: gdoc export DOC --comments.`,
    );
  const common = (c: Command) =>
    c
      .option('--local <dir>', 'the local store in DIR instead of Google Docs')
      .option('--json', 'print the result as JSON');

  common(
    group
      .command('list')
      .description('List the comment threads: id, state, quoted text, section and replies.')
      .argument('<doc>', DOC)
      .option('--tab <id>', 'only comments in this tab')
      .option('--open', 'only open threads'),
  ).action(async (doc: string, opts: CommentOptions) => {
    await run(doc, opts, async (service, at, out) => {
      const result = await service.listCommentsService(at.backend, {
        document_id: at.documentId,
        tab_id: opts.tab ?? at.tabId,
        include_resolved: opts.open !== true,
      });
      if (opts.json) return out.printJson(result);
      if (result.comments.length === 0) return out.printText('No comments.');
      for (const c of result.comments) {
        const where = c.anchor
          ? `${c.anchor.tab_id} › ${c.anchor.section_anchor_id || c.anchor.segment_id || '(preamble)'}`
          : '(text deleted)';
        out.printText(`${c.comment_id}  ${c.status}  ${where}  "${c.quote || c.original_quote}"`);
        out.printText(`  ${c.author}: ${c.content}`);
        for (const r of c.replies) {
          out.printText(`    ${r.author}: ${r.action ? `[${r.action}] ` : ''}${r.content}`);
        }
      }
    });
  });

  common(
    group
      .command('add')
      .description('Comment on a quoted passage (or, without --quote, on the heading of --section).')
      .argument('<doc>', DOC)
      .argument('<text>', 'the comment')
      .option('--quote <text>', 'the passage, exactly as it reads in the document')
      .option('--section <anchor>', 'look for the quote in this section (see gdoc outline)')
      .option('--occurrence <n>', 'which occurrence of the quote (from 1)')
      .option('--tab <id>', 'the tab (required when the document has several)'),
  ).action(async (doc: string, text: string, opts: CommentOptions & { quote?: string }) => {
    await run(doc, opts, async (service, at, out) => {
      const occurrence = opts.occurrence === undefined ? undefined : Number(opts.occurrence);
      if (occurrence !== undefined && !(Number.isInteger(occurrence) && occurrence >= 1)) {
        throw new ValidationError(`--occurrence must be a whole number from 1, got "${opts.occurrence}".`);
      }
      const result = await service.addCommentService(at.backend, {
        document_id: at.documentId,
        tab_id: opts.tab ?? at.tabId,
        anchor_id: opts.section ?? at.anchorId,
        quote: opts.quote,
        occurrence,
        content: text,
      });
      if (opts.json) return out.printJson(result);
      out.printText(`Added comment ${result.comment_id} on "${result.quote}".`);
    });
  });

  common(
    group
      .command('reply')
      .description('Reply in a comment thread.')
      .argument('<doc>', DOC)
      .argument('<comment-id>', 'the comment (see gdoc comments list)')
      .argument('<text>', 'the reply'),
  ).action(async (doc: string, commentId: string, text: string, opts: CommentOptions) => {
    await run(doc, opts, async (service, at, out) => {
      const result = await service.replyToCommentService(at.backend, {
        document_id: at.documentId,
        comment_id: commentId,
        content: text,
      });
      if (opts.json) return out.printJson(result);
      out.printText(`Replied to ${result.comment_id} (post ${result.post_id}).`);
    });
  });

  common(
    group
      .command('resolve')
      .description('Resolve a comment thread (or reopen it with --reopen).')
      .argument('<doc>', DOC)
      .argument('<comment-id>', 'the comment (see gdoc comments list)')
      .option('-m, --message <text>', 'a last reply posted with the resolution')
      .option('--reopen', 'reopen a resolved thread instead'),
  ).action(async (doc: string, commentId: string, opts: CommentOptions) => {
    await run(doc, opts, async (service, at, out) => {
      const result = await service.resolveCommentService(at.backend, {
        document_id: at.documentId,
        comment_id: commentId,
        content: opts.message,
        reopen: opts.reopen === true,
      });
      if (opts.json) return out.printJson(result);
      out.printText(`${result.status === 'resolved' ? 'Resolved' : 'Reopened'} ${result.comment_id}.`);
    });
  });
}

async function run(
  doc: string,
  opts: CommentOptions,
  action: (service: Service, at: Opened, out: Output) => Promise<void>,
): Promise<void> {
  const out = await import('../output.js');
  await out.withJsonErrors(opts.json, async () => {
    const [{ openDocument }, service] = await Promise.all([
      import('../open-doc.js'),
      import('../../docs/service/comments.js'),
    ]);
    const { backend, documentId, tabId, anchorId } = await openDocument(doc, { local: opts.local });
    await action(service, { backend, documentId, tabId, anchorId }, out);
  });
}
