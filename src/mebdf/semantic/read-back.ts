/**
 * Whether a paragraph's text, read alone from a fresh state, has exactly the inlines it was
 * written from: the writer's check of `**`, `*`, `~~` with punctuation just inside them
 * (from-model.ts `phrasing`). Reading a text is a whole parse, which costs a few hundred
 * microseconds however short the text (micromark and mdast-util-from-markdown set themselves up
 * on every parse); `readBacks` holds what each text read as, for every render after it in the
 * process.
 */
import type { Inline, TextStyle } from '../model.js';
import { parseTree } from '../tree.js';
import { sameTextStyle } from './style.js';
import { treeToModel } from './to-model.js';
import type { WriteInline } from './to-phrasing.js';

/** Texts kept at most: then it starts again. */
const READ_BACKS_MAX = 4096;
/** Longer texts are read each time, so that what is kept stays small (raw-html.ts keeps as many). */
export const KEPT_TEXT_MAX = 4096;

/**
 * What texts read back as (by text: the inlines of the one paragraph it reads as, or null where it
 * reads otherwise), for the whole process: a text reads the same in any document and any command
 * (the parse depends on nothing else), so a server or the background gdoc exporting a document
 * again, or another with the same sentences, reads none of them twice.
 */
const readBacks = new Map<string, readonly Inline[] | null>();

export function readsBack(text: string, inlines: readonly WriteInline[]): boolean {
  let got = readBacks.get(text);
  if (got === undefined) {
    got = readAlone(text);
    if (text.length <= KEPT_TEXT_MAX) {
      if (readBacks.size >= READ_BACKS_MAX) readBacks.clear();
      readBacks.set(text, got);
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
