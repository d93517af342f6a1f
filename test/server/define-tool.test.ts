/**
 * The tools-layer pattern through a real MCP Client over an in-memory transport: schemas and
 * annotations listed, success as structuredContent + JSON text, every failure of a known tool (bad
 * arguments included) as a typed `{success:false, error}` with isError.
 */
import { Client, InMemoryTransport, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnchorNotFoundError, FidelityGuardError } from '../../src/errors.js';
import { defineTool } from '../../src/tools/define-tool.js';

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function connect(server: McpServer): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  clients.push(client);
  return client;
}

function echoServer(
  run: (args: { word: string; times?: number | undefined }) => Promise<unknown>,
): McpServer {
  const server = new McpServer({ name: 't', version: '1' });
  defineTool(server, {
    name: 'echo',
    title: 'Echo',
    description: 'Repeats a word.',
    input: {
      word: z.string().min(1).describe('The word.'),
      times: z.number().int().min(1).optional().describe('How often.'),
    },
    output: { success: z.literal(true).describe('ok'), text: z.string().describe('The result.') },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: run as never,
  });
  return server;
}

function parseText(result: unknown): unknown {
  const content = (result as { content: Array<{ type: string; text: string }> }).content;
  return JSON.parse(content[0]!.text);
}

describe('defineTool', () => {
  it('lists title, schemas with descriptions and all four hints', async () => {
    const client = await connect(echoServer(async ({ word }) => ({ success: true, text: word })));
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    const tool = tools[0]!;
    expect(tool.title).toBe('Echo');
    expect(tool.inputSchema.required).toEqual(['word']);
    expect((tool.inputSchema.properties as Record<string, { description?: string }>).times?.description).toBe(
      'How often.',
    );
    expect(tool.outputSchema?.properties).toHaveProperty('text');
    expect(tool.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
  });

  it('returns structuredContent and the same JSON as text', async () => {
    const client = await connect(
      echoServer(async ({ word, times }) => ({ success: true, text: word.repeat(times ?? 1) })),
    );
    const result = await client.callTool({ name: 'echo', arguments: { word: 'ab', times: 3 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ success: true, text: 'ababab' });
    expect(parseText(result)).toEqual(result.structuredContent);
  });

  it('answers bad arguments with a typed ValidationError, without running the tool', async () => {
    let ran = false;
    const client = await connect(
      echoServer(async () => {
        ran = true;
        return { success: true, text: '' };
      }),
    );
    const result = await client.callTool({ name: 'echo', arguments: { times: 0 } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const payload = parseText(result) as { success: boolean; error: { type: string; message: string } };
    expect(payload.success).toBe(false);
    expect(payload.error.type).toBe('ValidationError');
    expect(payload.error.message).toContain('word');
    expect(payload.error.message).toContain('times');
    expect(ran).toBe(false);
  });

  it('keeps the type, suggestion and extra data of a thrown GdocError', async () => {
    const client = await connect(
      echoServer(async () => {
        throw new FidelityGuardError('would delete kix.1', ['kix.1'], 'pass allow_deletions');
      }),
    );
    const result = await client.callTool({ name: 'echo', arguments: { word: 'x' } });
    expect(result.isError).toBe(true);
    expect(parseText(result)).toEqual({
      success: false,
      error: {
        type: 'FidelityGuardError',
        message: 'would delete kix.1',
        suggestion: 'pass allow_deletions',
        objects: ['kix.1'],
      },
    });
  });

  it('maps a thrown non-GdocError to InternalError and a rejected promise alike', async () => {
    const client = await connect(
      echoServer(async ({ word }) => {
        if (word === 'a') throw new AnchorNotFoundError('no h.x', 'call get_hierarchy');
        return Promise.reject(new TypeError('boom'));
      }),
    );
    const a = parseText(await client.callTool({ name: 'echo', arguments: { word: 'a' } })) as {
      error: { type: string; suggestion: string };
    };
    expect(a.error).toMatchObject({ type: 'AnchorNotFoundError', suggestion: 'call get_hierarchy' });
    const b = parseText(await client.callTool({ name: 'echo', arguments: { word: 'b' } })) as {
      error: { type: string; message: string };
    };
    expect(b.error.type).toBe('InternalError');
    expect(b.error.message).toContain('boom');
  });

  it('refuses a result that breaks the output schema instead of sending it', async () => {
    const client = await connect(echoServer(async () => ({ success: true, text: 42 })));
    const result = await client.callTool({ name: 'echo', arguments: { word: 'x' } });
    expect(result.isError).toBe(true);
    expect((parseText(result) as { error: { type: string } }).error.type).toBe('InternalError');
  });

  it('leaves an unknown tool to the SDK: a protocol error naming it, no tool result', async () => {
    const client = await connect(echoServer(async () => ({ success: true, text: '' })));
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({
      code: ProtocolErrorCode.InvalidParams,
      message: expect.stringContaining('nope'),
    });
  });
});
