/**
 * What a `gdoc` and the background process say to each other over the socket: one JSON object a
 * line, in both directions.
 *
 * gdoc → background: `run` (the command line, where and with what environment it runs, which of
 * its streams are terminals), then `stdin` if asked for it; or `status` / `stop`.
 * background → gdoc: `out` / `err` (text for stdout / stderr, in order), `stdin?` (the command
 * reads standard input), and last `exit` with the command's exit code; `status` answers `status`.
 */
import type { Socket } from 'node:net';

export interface RunMessage {
  type: 'run';
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  /** The caller's file mode mask: what the command creates has the modes it would have had. */
  umask: number;
  stdinIsTTY: boolean;
  stdout: { isTTY: boolean; columns?: number | undefined };
  stderr: { isTTY: boolean; columns?: number | undefined };
}

export type ToDaemon = RunMessage | { type: 'stdin'; text: string } | { type: 'status' } | { type: 'stop' };

export type FromDaemon =
  | { type: 'out'; text: string }
  | { type: 'err'; text: string }
  | { type: 'stdin?' }
  | { type: 'exit'; code: number }
  | { type: 'status'; pid: number; commands: number; since: string };

export function send(socket: Socket, message: ToDaemon | FromDaemon): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}

/**
 * Calls `onMessage` with each message that arrives on `socket`. Lines are cut from the bytes as
 * they come: JSON.stringify writes no raw line break, so a line feed ends a message. (Node's
 * readline is not used: one more module for every `gdoc` to load, and it ran a regular expression
 * over a 300 KB answer.)
 */
export function onMessages<T>(socket: Socket, onMessage: (message: T) => void): void {
  let pending: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => {
    let from = 0;
    for (let end = chunk.indexOf(LINE_FEED); end >= 0; end = chunk.indexOf(LINE_FEED, from)) {
      const line = pending.length
        ? Buffer.concat([...pending, chunk.subarray(from, end)])
        : chunk.subarray(from, end);
      pending = [];
      from = end + 1;
      if (line.length === 0) continue;
      let message: T;
      try {
        message = JSON.parse(line.toString('utf8')) as T;
      } catch {
        socket.destroy(); // not one of ours
        return;
      }
      onMessage(message);
      if (socket.destroyed) return;
    }
    if (from < chunk.length) pending.push(chunk.subarray(from));
  });
}

const LINE_FEED = 0x0a;
