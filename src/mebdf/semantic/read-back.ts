/**
 * Whether a paragraph's text, read alone from a fresh state, has exactly the inlines it was
 * written from: the writer's check of `**`, `*`, `~~` with punctuation just inside them
 * (from-model.ts `phrasing`). Reading a text is a whole parse, which costs a few hundred
 * microseconds however short the text (micromark and mdast-util-from-markdown set themselves up
 * on every parse); `sharedReadBacks` holds what each text read as, for every render after it in
 * the process.
 */
import type { Inline, TextStyle } from '../model.js';
import { parseTree } from '../tree.js';
import { sameTextStyle } from './style.js';
import { treeToModel } from './to-model.js';
import type { WriteInline } from './to-phrasing.js';

/** By text: the inlines of the one paragraph the text reads as, or null where it reads otherwise. */
export type ReadBacks = Map<string, readonly Inline[] | null>;

/** Texts kept at most: then it starts again. Longer texts are read each time (memory stays bounded). */
const READ_BACKS_MAX = 4096;
export const KEPT_TEXT_MAX = 4096;

/**
 * What texts read back as, for the whole process: a text reads the same in any document and any
 * command (the parse depends on nothing else), so a server or the background gdoc exporting a
 * document again, or another with the same sentences, reads none of them twice.
 */
export const sharedReadBacks: ReadBacks = new Map();

export function readsBack(
  text: string,
  inlines: readonly WriteInline[],
  known: ReadBacks = sharedReadBacks,
): boolean {
  let got = known.get(text);
  if (got === undefined) {
    got = readAlone(text);
    if (text.length <= KEPT_TEXT_MAX) {
      if (known.size >= READ_BACKS_MAX) known.clear();
      known.set(text, got);
    }
  }
  return got !== null && sameInlines(got, inlines);
}

/** The inlines of the one paragraph `text` is, read from a fresh state; null: anything else, or problems. */
function readAlone(text: string): readonly Inline[] | null {
  const { document, diagnostics } = treeToModel(parseTree(text), text);
  const block = document.blocks[0];
  if (diagnostics.length > 0 || document.blocks.length !== 1 || block?.type !== 'paragraph') return null;
  return block.inlines;
}

function sameInlines(got: readonly Inline[], inlines: readonly WriteInline[]): boolean {
  return (
    got.length === inlines.length &&
    got.every((inline, index) => {
      const want = inlines[index]!;
      if (inline.type !== 'text' || want.type !== 'text')
        return JSON.stringify(inline) === JSON.stringify(want);
      const style = Object.fromEntries(Object.entries(want.style).filter(([, value]) => value !== null));
      return inline.text === want.text && sameTextStyle(inline.style, style as TextStyle);
    })
  );
}
