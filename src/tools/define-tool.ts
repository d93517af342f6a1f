/**
 * The one way a tool is registered. A tool file declares its name, title, when-to-use
 * description, zod input and output shapes (every field `.describe()`d), all four annotation
 * hints, and a `run` that returns the success payload or throws a typed error. This helper:
 *
 * - registers it with the SDK's `registerTool`, so `tools/list` shows the JSON Schemas and the
 *   SDK's own `tools/call` dispatcher runs it;
 * - answers success as `structuredContent` plus the same JSON as text (for clients that only
 *   read text);
 * - answers every failure as `{success:false, error:{type, message, suggestion}}` with
 *   `isError: true` — including bad arguments. The SDK validates arguments through the input
 *   schema's Standard Schema `validate` and would answer a failure with a plain-text message, so
 *   the schema handed to it (see `reportingIssues`) publishes the real JSON Schema but hands the
 *   zod issues to the handler instead of failing, and the handler reports a typed
 *   `ValidationError`.
 *
 * Error results carry no `structuredContent`: a client validates structured content against the
 * success schema, so the error travels as JSON text.
 */
import type {
  CallToolResult,
  Icon,
  InputRequiredResult,
  McpServer,
  RegisteredTool,
  ResourceLink,
  ServerContext,
  StandardSchemaV1,
  StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { type Answer, ask, canAsk, InputNeeded } from './confirm.js';
import { toErrorPayload } from './errors.js';
import { TOOL_ICONS } from './icons.js';

/** All four hints, always: clients decide on confirmation prompts from them. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** Always true here: tools talk to Google Docs (or a store standing in for it). */
  openWorldHint: true;
}

export interface ToolSpec<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolHints;
  /** Shown by clients next to the tool; defaults to the read or the write icon by `readOnlyHint`. */
  icons?: Icon[];
  run: (args: z.output<z.ZodObject<I>>, call: ToolCall) => Promise<z.input<z.ZodObject<O>>>;
  /** `resource_link`s to what the call wrote, added to a successful result's content. */
  links?: (args: z.output<z.ZodObject<I>>, value: z.output<z.ZodObject<O>>) => ResourceLink[];
}

/** What a running tool may ask of the client. */
export interface ToolCall {
  /** Whether the client can show the user a confirmation form. */
  canAsk: () => boolean;
  /** Asks the user to confirm a destructive change (src/tools/confirm.ts). */
  confirm: (message: string) => Promise<Answer>;
}

/** What the handler receives: the parsed arguments, or why they did not parse. */
export type CheckedArguments<T> =
  | { ok: true; value: T }
  | { ok: false; issues: ReadonlyArray<StandardSchemaV1.Issue> };

export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  server: McpServer,
  spec: ToolSpec<I, O>,
): RegisteredTool {
  const output = z.object(spec.output);
  const run = spec.run as (args: unknown, call: ToolCall) => Promise<unknown>;
  const links = spec.links as ((args: unknown, value: Record<string, unknown>) => ResourceLink[]) | undefined;
  return server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: reportingIssues(z.object(spec.input)),
      outputSchema: output,
      annotations: { title: spec.title, ...spec.annotations },
      icons: spec.icons ?? (spec.annotations.readOnlyHint ? TOOL_ICONS.read : TOOL_ICONS.write),
    },
    async (checked, ctx) =>
      await invoke({ output, run, ...(links ? { links } : {}) }, checked, {
        canAsk: () => canAsk(server, ctx as ServerContext),
        confirm: (message) => ask(server, ctx as ServerContext, message),
      }),
  );
}

/**
 * A Standard Schema with the same JSON Schema as `schema` whose validation never fails: it
 * yields `{ok: true, value}` or `{ok: false, issues}`, so that bad arguments reach the tool's
 * handler and get the typed error shape instead of the SDK's plain-text one.
 */
export function reportingIssues<S extends z.ZodType>(
  schema: S,
): StandardSchemaWithJSON<z.input<S>, CheckedArguments<z.output<S>>> {
  const standard = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'gdoc-mcp',
      jsonSchema: standard.jsonSchema,
      validate: async (value) => {
        const result = await standard.validate(value ?? {});
        return {
          value: result.issues ? { ok: false, issues: result.issues } : { ok: true, value: result.value },
        };
      },
    },
  };
}

/** Runs a tool on checked arguments and shapes the answer; never throws. */
export async function invoke(
  tool: {
    output: z.ZodObject;
    run: (args: unknown, call: ToolCall) => Promise<unknown>;
    links?: (args: unknown, value: Record<string, unknown>) => ResourceLink[];
  },
  checked: CheckedArguments<unknown>,
  call: ToolCall = { canAsk: () => false, confirm: async () => 'unsupported' },
): Promise<CallToolResult | InputRequiredResult> {
  try {
    if (!checked.ok) throw badArguments(checked.issues);
    const value = await tool.run(checked.value, call);
    const result = tool.output.safeParse(value);
    if (!result.success) {
      throw new Error(`result does not match the tool's output schema: ${formatIssues(result.error.issues)}`);
    }
    return success(result.data, checked.ok && tool.links ? tool.links(checked.value, result.data) : []);
  } catch (error) {
    if (error instanceof InputNeeded) return error.result;
    return failure(error);
  }
}

export function success(value: Record<string, unknown>, links: ResourceLink[] = []): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value, null, 2) }, ...links],
    structuredContent: value,
  };
}

export function failure(error: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(toErrorPayload(error), null, 2) }], isError: true };
}

function badArguments(issues: ReadonlyArray<StandardSchemaV1.Issue>): ValidationError {
  return new ValidationError(
    `Invalid arguments: ${formatIssues(issues)}`,
    'Check the arguments against the input schema in tools/list; nothing was read or changed.',
  );
}

function formatIssues(issues: ReadonlyArray<StandardSchemaV1.Issue>): string {
  return issues
    .map((issue) => {
      const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p));
      return `${path.length > 0 ? path.join('.') : '(arguments)'}: ${issue.message}`;
    })
    .join('; ');
}
