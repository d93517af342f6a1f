/**
 * The socket protocol between a `gdoc` and the background process: one JSON message a line, cut
 * from the bytes as they arrive, however the bytes are split.
 */
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { onMessages } from '../../src/cli/daemon/protocol.js';

/** The messages `chunks` make, written one after another. */
async function messagesOf(chunks: Buffer[]): Promise<{ messages: unknown[]; destroyed: boolean }> {
  const stream = new PassThrough();
  const messages: unknown[] = [];
  onMessages(stream as unknown as Socket, (message) => messages.push(message));
  for (const chunk of chunks) stream.write(chunk);
  await new Promise((resolve) => setImmediate(resolve));
  return { messages, destroyed: stream.destroyed };
}

describe('the background process protocol', () => {
  it('reads messages cut anywhere, a character of several bytes included', async () => {
    const text = 'Größe — 測試\n'.repeat(3);
    const bytes = Buffer.from(
      `${JSON.stringify({ type: 'out', text })}\n\n${JSON.stringify({ type: 'exit', code: 3 })}\n`,
    );
    const whole = { type: 'out', text };
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const { messages } = await messagesOf([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(messages).toEqual([whole, { type: 'exit', code: 3 }]);
    }
    const byteByByte = await messagesOf([...bytes].map((b) => Buffer.from([b])));
    expect(byteByByte.messages).toEqual([whole, { type: 'exit', code: 3 }]);
  });

  it('waits for the line feed that ends a message', async () => {
    const { messages } = await messagesOf([Buffer.from('{"type":"status"')]);
    expect(messages).toEqual([]);
  });

  it('closes a connection that is not speaking it', async () => {
    const { messages, destroyed } = await messagesOf([Buffer.from('GET / HTTP/1.1\r\n{"type":"stop"}\n')]);
    expect(messages).toEqual([]);
    expect(destroyed).toBe(true);
  });
});
