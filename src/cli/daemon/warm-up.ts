/**
 * What the background process runs before it listens: the edit loop on a copy of the bundled
 * sample (export, outline, a section edit imported, a whole tab imported), so that the first
 * command handed to it finds its code loaded and compiled, not only the later ones.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../io.js';
import { runGdoc } from '../program.js';

export async function warmUp(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gdoc-warm-'));
  try {
    const { SAMPLE_FILE } = await import('../demo-run.js');
    await copyFile(SAMPLE_FILE, join(dir, 'sample.json'));
    const local = ['--local', dir];
    const tab = await quietly(['export', 'sample', ...local]);
    await quietly(['outline', 'sample', ...local]);
    const file = join(dir, 'tab.md');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, tab.replace(/\b(\p{L}{4,})\b/u, '$1s'));
    await quietly(['import', 'sample', file, ...local]);
    await quietly(['export', 'sample', ...local, '--json']);
    await quietly(['lint', file]);
    // A second round: the paths an import takes when the store already holds a read.
    await writeFile(file, (await readFile(file, 'utf8')).replace(/\b(\p{L}{4,})\b/u, '$1s'));
    await quietly(['import', 'sample', file, ...local]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs a command with its output kept, not printed; its stdout. */
async function quietly(args: string[]): Promise<string> {
  let out = '';
  const io: CliIo = {
    stdout: {
      isTTY: false,
      write: (text) => {
        out += text;
      },
    },
    stderr: { isTTY: false, write: () => undefined },
    stdinIsTTY: true,
    readStdin: async () => '',
    exitCode: undefined,
  };
  await runGdoc(args, io);
  return out;
}
