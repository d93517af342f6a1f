/**
 * Runs the real `gdoc` program in-process (same commands, same error reporting as the binary)
 * and captures what it writes to stdout and stderr and the exit code it returns.
 */
import type { CliIo } from '../../src/cli/io.js';
import { runGdoc as runProgram } from '../../src/cli/program.js';

export interface GdocRun {
  stdout: string;
  stderr: string;
  code: number;
}

export async function runGdoc(args: string[], stdin?: string): Promise<GdocRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      isTTY: false,
      write: (text) => {
        stdout += text;
      },
    },
    stderr: {
      isTTY: false,
      write: (text) => {
        stderr += text;
      },
    },
    // No stdin given: a terminal, as when a person runs the command without piping anything.
    stdinIsTTY: stdin === undefined,
    readStdin: async () => stdin ?? '',
    exitCode: undefined,
  };
  const code = await runProgram(args, io);
  return { stdout, stderr, code };
}
