/**
 * The one way a tool is registered. A tool file declares its name, title, when-to-use
 * description, zod input and output shapes (every field `.describe()`d), all four annotation
 * hints, and a `run` that returns the success payload or throws a typed error. This helper:
 *
 * - registers it with the SDK (`registerTool`), so `tools/list` shows the JSON Schemas;
 * - answers success as `structuredContent` plus the same JSON as text (for clients that only
 *   read text);
 * - answers every failure as `{success:false, error:{type, message, suggestion}}` with
 *   `isError: true` — including bad arguments. The SDK would reject those with a plain-text
 *   message before our handler runs, so the server's `tools/call` handler is replaced by one that
 *   validates with the same schema and reports a typed `ValidationError` (see `dispatch`).
 *
 * Error results carry no `structuredContent`: a client validates structured content against the
 * success schema, so the error travels as JSON text.
 */
import type { McpServer, RegisteredTool, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { toErrorPayload } from './errors.js';

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
  run: (args: z.output<z.ZodObject<I>>) => Promise<z.input<z.ZodObject<O>>>;
}

interface Entry {
  registered: RegisteredTool;
  input: z.ZodObject;
  output: z.ZodObject;
  run: (args: unknown) => Promise<unknown>;
}

const registries = new WeakMap<McpServer, Map<string, Entry>>();

export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  server: McpServer,
  spec: ToolSpec<I, O>,
): RegisteredTool {
  const input = z.object(spec.input);
  const output = z.object(spec.output);
  const run = spec.run as (args: unknown) => Promise<unknown>;
  const registered = server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.input,
      outputSchema: spec.output,
      annotations: { title: spec.title, ...spec.annotations },
    },
    // Used only if the SDK's own dispatcher runs (it is replaced below); same behaviour.
    (async (args: unknown) => await invoke({ input, output, run }, args)) as unknown as ToolCallback<I>,
  );
  let registry = registries.get(server);
  if (!registry) {
    registry = new Map();
    registries.set(server, registry);
    installDispatcher(server, registry);
  }
  registry.set(spec.name, { registered, input, output, run });
  return registered;
}

/** Runs a tool on raw arguments and shapes the answer; never throws. */
export async function invoke(
  tool: Pick<Entry, 'input' | 'output' | 'run'>,
  rawArgs: unknown,
): Promise<CallToolResult> {
  try {
    const parsed = tool.input.safeParse(rawArgs ?? {});
    if (!parsed.success) throw badArguments(parsed.error);
    const value = await tool.run(parsed.data);
    const checked = tool.output.safeParse(value);
    if (!checked.success) {
      throw new Error(`result does not match the tool's output schema: ${formatIssues(checked.error)}`);
    }
    return success(checked.data);
  } catch (error) {
    return failure(error);
  }
}

export function success(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

export function failure(error: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(toErrorPayload(error), null, 2) }], isError: true };
}

function badArguments(error: z.ZodError): ValidationError {
  return new ValidationError(
    `Invalid arguments: ${formatIssues(error)}`,
    'Check the arguments against the input schema in tools/list; nothing was read or changed.',
  );
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Replaces the SDK's `tools/call` handler (registered by the first `registerTool`) with one that
 * validates arguments itself, so that bad arguments get the same typed error shape as any other
 * failure. Listing, titles, schemas and annotations stay the SDK's.
 */
function installDispatcher(server: McpServer, registry: Map<string, Entry>): void {
  const method = CallToolRequestSchema.shape.method.value;
  server.server.removeRequestHandler(method);
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const entry = registry.get(request.params.name);
    if (!entry?.registered.enabled) {
      return failure(
        new ValidationError(
          `Unknown tool "${request.params.name}".`,
          `Available tools: ${[...registry.keys()].join(', ')}.`,
        ),
      );
    }
    return await invoke(entry, request.params.arguments);
  });
}
