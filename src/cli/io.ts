/**
 * Where a `gdoc` command reads and writes: its terminal streams and its exit code. In a process of
 * its own that is the process's stdin, stdout and stderr; a command the background process runs
 * (daemon/server.ts) writes to the socket of the `gdoc` that asked for it instead. Commands reach
 * theirs through `cliIo()`, which follows the command through its awaits (AsyncLocalStorage), so
 * two commands never write into each other's output.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readProcessStdin } from './stdin.js';

export interface CliStream {
  readonly isTTY: boolean;
  /** Columns of the terminal, when it is one (help text wraps to it). */
  readonly columns?: number | undefined;
  write(text: string): void;
}

export interface CliIo {
  readonly stdout: CliStream;
  readonly stderr: CliStream;
  readonly stdinIsTTY: boolean;
  /** All of standard input, as UTF-8 text (read when a command asks for it, not before). */
  readStdin(): Promise<string>;
  /** Set by a command that ends with a failure it has already reported (lint, fmt --check). */
  exitCode: number | undefined;
  /**
   * Work to do once the caller has the command's answer, as the command would have done it (its
   * folder, environment and file modes), before the next command: the background gdoc's
   * (daemon/server.ts). Absent in a process of the command's own, where there is no "after".
   */
  readonly later?: (work: () => Promise<void>) => void;
}

const current = new AsyncLocalStorage<CliIo>();

/** This process's own streams. */
export function processIo(): CliIo {
  return {
    stdout: processStream(process.stdout),
    stderr: processStream(process.stderr),
    stdinIsTTY: process.stdin.isTTY === true,
    readStdin: readProcessStdin,
    exitCode: undefined,
  };
}

function processStream(stream: NodeJS.WriteStream): CliStream {
  return {
    isTTY: stream.isTTY === true,
    columns: stream.columns,
    write: (text) => void stream.write(text),
  };
}

/** Streams that keep what is written (`stdin`: the input; none: a terminal, as when nothing is piped). */
export function memoryIo(stdin?: string): { io: CliIo; stdout(): string; stderr(): string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: {
      isTTY: false,
      write: (text) => {
        out += text;
      },
    },
    stderr: {
      isTTY: false,
      write: (text) => {
        err += text;
      },
    },
    stdinIsTTY: stdin === undefined,
    readStdin: async () => stdin ?? '',
    exitCode: undefined,
  };
  return { io, stdout: () => out, stderr: () => err };
}

let fallback: CliIo | undefined;

/** The streams of the command running now (this process's own outside any command). */
export function cliIo(): CliIo {
  const io = current.getStore();
  if (io) return io;
  fallback ??= processIo();
  return fallback;
}

/** Runs `task` with `io` as its streams, and everything it awaits. */
export function withCliIo<T>(io: CliIo, task: () => Promise<T>): Promise<T> {
  return current.run(io, task);
}
