/**
 * Runs the real `gdoc` program in-process (same commands, same error reporting as the binary)
 * and captures what it writes to stdout and stderr and the exit code it returns.
 */
import { memoryIo } from '../../src/cli/io.js';
import { runGdoc as runProgram } from '../../src/cli/program.js';

export interface GdocRun {
  stdout: string;
  stderr: string;
  code: number;
}

export async function runGdoc(args: string[], stdin?: string): Promise<GdocRun> {
  const kept = memoryIo(stdin);
  const code = await runProgram(args, kept.io);
  return { stdout: kept.stdout(), stderr: kept.stderr(), code };
}
