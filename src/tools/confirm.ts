/**
 * Asking the user before a destructive change. Where the client can show a form (it declared the
 * elicitation capability), the question goes to the user — as a server request on a 2025-11-25
 * connection, as an input-required result the client answers by calling again on 2026-07-28 —
 * and the change happens only when they accept. Where it cannot, the call must carry
 * `allow_deletions: true`, the model's explicit acknowledgement.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type McpServer,
  PROTOCOL_VERSION_META_KEY,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { ValidationError } from '../errors.js';

/** The key of the confirmation among a 2026-07-28 call's input requests and responses. */
const KEY = 'confirm_destructive_change';

/** What a confirmation came to. */
export type Answer = 'accepted' | 'declined' | 'unsupported';

/** Thrown by `ask` on 2026-07-28: the tool call answers with this input-required result. */
export class InputNeeded extends Error {
  constructor(readonly result: InputRequiredResult) {
    super('input required');
  }
}

/** Whether the client can show the user a form: it declared form-mode elicitation. */
export function canAsk(server: McpServer, ctx: ServerContext): boolean {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
  const capabilities = isModern(ctx)
    ? (envelope[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: unknown } | undefined)
    : server.server.getClientCapabilities();
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  // An empty `elicitation: {}` means form mode (the revisions' back-compatible default).
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
}

function isModern(ctx: ServerContext): boolean {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
  return typeof envelope[PROTOCOL_VERSION_META_KEY] === 'string';
}

/** Asks the user to confirm `message` (check `canAsk` first); see the file comment. */
export async function ask(server: McpServer, ctx: ServerContext, message: string): Promise<Answer> {
  if (!canAsk(server, ctx)) return 'unsupported';
  const modern = isModern(ctx);
  const requestedSchema = {
    type: 'object' as const,
    properties: {
      confirm: { type: 'boolean' as const, title: 'Go ahead', description: 'Make this change.' },
    },
    required: ['confirm'],
  };
  if (modern) {
    const view = inputResponse(ctx.mcpReq.inputResponses, KEY);
    if (view.kind === 'elicit')
      return view.action === 'accept' && view.content?.confirm === true ? 'accepted' : 'declined';
    throw new InputNeeded(
      inputRequired({ inputRequests: { [KEY]: inputRequired.elicit({ message, requestedSchema }) } }),
    );
  }
  const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message, requestedSchema });
  return answer.action === 'accept' && answer.content?.confirm === true ? 'accepted' : 'declined';
}

/**
 * Goes on only with the user's yes, or — where they cannot be asked — with `allow_deletions`.
 * `describe` says the change in a few words ("delete section h.abc and its 2 subsections"); it
 * is called (it may plan, to refuse an impossible change before asking) only when the user can
 * be asked.
 */
export async function confirmDestructive(
  call: { canAsk: () => boolean; confirm: (message: string) => Promise<Answer> },
  describe: () => Promise<string>,
  allowDeletions: boolean | undefined,
): Promise<void> {
  if (!call.canAsk()) {
    if (allowDeletions === true) return;
    throw new ValidationError(
      'This change removes content, and the user cannot be asked to confirm here. Nothing was changed.',
      'Confirm with the user, then call again with allow_deletions: true (dry_run: true shows what would go).',
    );
  }
  const what = await describe();
  const answer = await call.confirm(
    `${what[0]?.toUpperCase()}${what.slice(1)}? This cannot be undone from here.`,
  );
  if (answer === 'accepted') return;
  throw new ValidationError(
    `The user did not confirm: ${what}. Nothing was changed.`,
    'Ask the user what they want instead.',
  );
}
