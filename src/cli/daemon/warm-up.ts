/**
 * What the background process runs before it listens, so that the first command handed to it finds
 * its code loaded and compiled, not only the later ones: the edit loop on a copy of the bundled
 * sample (outline, then rounds of a whole tab and a section exported, a word changed, imported),
 * then the same on a generated document of some fifty pages. Code the small sample runs is
 * compiled for small inputs: the first exports of a large document after another writer's edit
 * took two to three times as long as the later ones until the process had run a large one.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryIo } from '../io.js';
import { runGdoc } from '../program.js';

/**
 * Rounds of the loop: code runs compiled only once it has run a few times, and each round's
 * export reads what the last round's imports wrote.
 */
const ROUNDS = 4;

/** The large document's size, and its rounds: two to three seconds of work on two cores. */
const LARGE_PAGES = 50;
const LARGE_ROUNDS = 3;

export async function warmUp(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gdoc-warm-'));
  try {
    const { SAMPLE_FILE } = await import('../demo-run.js');
    await copyFile(SAMPLE_FILE, join(dir, 'sample.json'));
    await editLoop(dir, 'sample', ROUNDS);
    await quietly(['export', 'sample', '--local', dir, '--json']);
    const { generateDocument } = await import('../../docs/generate-document.js');
    const { serializeDocument } = await import('../../docs/engine/json.js');
    await writeFile(join(dir, 'large.json'), serializeDocument(generateDocument({ pages: LARGE_PAGES })));
    await editLoop(dir, 'large', LARGE_ROUNDS);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Rounds of a user's loop on the document `name` of the store `dir`: the whole tab and its first
 * section exported, a word changed, imported; then the file replaced under the store as another
 * writer leaves it and exported again (read and written out anew through the renderings of the
 * export before); a lint of the text.
 */
async function editLoop(dir: string, name: string, rounds: number): Promise<void> {
  const local = ['--local', dir];
  const anchor = /\{\^ (h\.\w+)\}/.exec(await quietly(['outline', name, ...local]))?.[1];
  const tabFile = join(dir, `${name}.md`);
  const sectionFile = join(dir, `${name}-section.md`);
  for (let round = 0; round < rounds; round++) {
    await writeFile(tabFile, oneWordChanged(await quietly(['export', name, ...local])));
    await quietly(['import', name, tabFile, ...local]);
    if (anchor === undefined) continue;
    const section = ['--section', anchor];
    await writeFile(sectionFile, oneWordChanged(await quietly(['export', name, ...local, ...section])));
    await quietly(['import', name, sectionFile, ...local, ...section]);
  }
  const file = join(dir, `${name}.json`);
  for (let round = 0; round < rounds; round++) {
    await writeFile(file, editedElsewhere(await readFile(file, 'utf8'), round));
    await quietly(['export', name, ...local]);
  }
  await quietly(['lint', tabFile]);
}

/** The text with its first word of four letters or more made longer: a one-word edit. */
function oneWordChanged(text: string): string {
  return text.replace(/\b(\p{L}{4,})\b/u, '$1s');
}

/**
 * The document file's JSON with one word of its text changed as another writer would, and its
 * length kept (the indices stay right): its first word of five letters or more, `round` letters
 * into it made capital.
 */
function editedElsewhere(json: string, round: number): string {
  return json.replace(/("content": "[^"]*?\b)(\p{Ll}{5,})/u, (_, before: string, word: string) => {
    const at = round % word.length;
    return `${before}${word.slice(0, at)}${word[at]!.toUpperCase()}${word.slice(at + 1)}`;
  });
}

/** Runs a command with its output kept, not printed; its stdout (a failure throws). */
async function quietly(args: string[]): Promise<string> {
  const kept = memoryIo();
  const code = await runGdoc(args, kept.io);
  // A step that fails warms the failure's path, not the command's: the warm-up stops and says so.
  if (code !== 0) throw new Error(`gdoc ${args.join(' ')} exited ${code}: ${kept.stderr().trim()}`);
  return kept.stdout();
}
