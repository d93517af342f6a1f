/**
 * What the background process runs before it listens: the edit loop on a copy of the bundled
 * sample (outline, then rounds of a whole tab and a section exported, a word changed, imported),
 * so that the first command handed to it finds its code loaded and compiled, not only the later
 * ones.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryIo } from '../io.js';
import { runGdoc } from '../program.js';

/**
 * Rounds of the loop: code runs compiled only once it has run a few times, and each round's
 * export reads what the last round's imports wrote.
 */
const ROUNDS = 4;

export async function warmUp(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gdoc-warm-'));
  try {
    const { SAMPLE_FILE } = await import('../demo-run.js');
    await copyFile(SAMPLE_FILE, join(dir, 'sample.json'));
    const local = ['--local', dir];
    const anchor = /\{\^ (h\.\w+)\}/.exec(await quietly(['outline', 'sample', ...local]))?.[1];
    const tabFile = join(dir, 'tab.md');
    const sectionFile = join(dir, 'section.md');
    for (let round = 0; round < ROUNDS; round++) {
      await writeFile(tabFile, oneWordChanged(await quietly(['export', 'sample', ...local])));
      await quietly(['import', 'sample', tabFile, ...local]);
      if (anchor === undefined) continue;
      const section = ['--section', anchor];
      await writeFile(sectionFile, oneWordChanged(await quietly(['export', 'sample', ...local, ...section])));
      await quietly(['import', 'sample', sectionFile, ...local, ...section]);
    }
    await quietly(['export', 'sample', ...local, '--json']);
    await quietly(['lint', tabFile]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text with its first word of four letters or more made longer: a one-word edit. */
function oneWordChanged(text: string): string {
  return text.replace(/\b(\p{L}{4,})\b/u, '$1s');
}

/** Runs a command with its output kept, not printed; its stdout. */
async function quietly(args: string[]): Promise<string> {
  const kept = memoryIo();
  await runGdoc(args, kept.io);
  return kept.stdout();
}
