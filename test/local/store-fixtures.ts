/**
 * Test helper: copies real documents from test/fixtures/real into a fresh temp folder as
 * NAME.json (writable copies; the fixtures themselves are never written).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REAL_FIXTURES = fileURLToPath(new URL('../fixtures/real/', import.meta.url));

/** Short names for the fixtures the store tests use. */
export const FIXTURE_FILES = {
  lists: 'cedricdelpoux__gatsby-source-google-docs__lists.json',
  poem: 'cedricdelpoux__gatsby-source-google-docs__poem.json',
  multi: 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
  single: 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json',
} as const;

export type FixtureName = keyof typeof FIXTURE_FILES;

export async function fixtureText(name: FixtureName): Promise<string> {
  return readFile(join(REAL_FIXTURES, FIXTURE_FILES[name]), 'utf8');
}

/** A temp folder holding the named fixtures as `<name>.json`. */
export async function makeStore(names: FixtureName[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gdoc-store-'));
  for (const name of names)
    await writeFile(join(dir, `${name}.json`), await fixtureText(name), { mode: 0o644 });
  return dir;
}
