/**
 * Runs the real `gdoc` program in-process (same commands, same error reporting as the binary)
 * and captures what it writes to stdout and stderr and the exit code it sets.
 */
import { Command } from 'commander';
import { vi } from 'vitest';
import { registerCommands } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run.js';

export interface GdocRun {
  stdout: string;
  stderr: string;
  code: number;
}

export async function runGdoc(args: string[], stdin?: string): Promise<GdocRun> {
  const program = new Command('gdoc').exitOverride();
  program.configureOutput({
    writeOut: (s) => void process.stdout.write(s),
    writeErr: (s) => void process.stderr.write(s),
  });
  await registerCommands(program);
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += chunk.toString();
    return true;
  });
  const restoreStdin = stdin !== undefined ? fakeStdin(stdin) : () => {};
  const before = process.exitCode;
  process.exitCode = 0;
  try {
    await runCli(program, ['node', 'gdoc', ...args]);
  } finally {
    out.mockRestore();
    err.mockRestore();
    restoreStdin();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = before;
  return { stdout, stderr, code };
}

/** Replaces process.stdin by a finite stream holding `text`. */
function fakeStdin(text: string): () => void {
  const original = Object.getOwnPropertyDescriptor(process, 'stdin');
  const stream = (async function* () {
    yield Buffer.from(text, 'utf8');
  })();
  Object.defineProperty(process, 'stdin', {
    configurable: true,
    value: Object.assign(stream, { isTTY: false }),
  });
  return () => {
    if (original) Object.defineProperty(process, 'stdin', original);
  };
}
