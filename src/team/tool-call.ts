/**
 * What an MCP request asks a tool to do, read from its JSON-RPC body before it is served, so the
 * audit log can say which tool and which section a write came from. Pure.
 */

export interface ToolCall {
  tool: string;
  section?: string | undefined;
  tabId?: string | undefined;
}

/** The `tools/call` in a JSON-RPC message (or the first in a batch); undefined for anything else. */
export function toolCallOf(message: unknown): ToolCall | undefined {
  const first = Array.isArray(message) ? message.find(isToolCall) : message;
  if (!isToolCall(first)) return undefined;
  const params = first.params as { name: string; arguments?: Record<string, unknown> };
  const args = params.arguments ?? {};
  return {
    tool: params.name,
    ...(typeof args.anchor_id === 'string' ? { section: args.anchor_id } : {}),
    ...(typeof args.tab_id === 'string' ? { tabId: args.tab_id } : {}),
  };
}

function isToolCall(value: unknown): value is { params: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { method?: unknown; params?: { name?: unknown } };
  return message.method === 'tools/call' && typeof message.params?.name === 'string';
}
