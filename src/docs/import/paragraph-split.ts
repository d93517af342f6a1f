/**
 * A paragraph split in two, and two paragraphs joined into one, edited in place: a split is a
 * newline typed over the whitespace between the halves (the second half keeps its text, its runs
 * and what Docs keeps on them: comments, named ranges); a join deletes the first paragraph's
 * newline (Docs keeps the first paragraph's style for the merged one) and types what goes between.
 * Without this the alignment pairs the old paragraph with one half and types the other anew.
 *
 * Only plain paragraphs qualify (no heading, code, quote, raw HTML, rule, object or new anchor;
 * list items of one list and level; a named range's anchor moves with its text), and only when
 * most of each half is where it was: the paragraph edit (paragraph-edit.ts) then does it over the
 * two paragraphs' units joined by a newline unit (a pure split or join is one or two requests).
 */
import type { Block, Inline, ParagraphBlock, TextStyle } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import type { ParagraphSource } from '../export/types.js';
import type { PlanContext } from './context.js';
import type { ContainerScript, Step } from './edit-script.js';
import { editParagraph } from './paragraph-edit.js';
import { toUnits, type Units } from './paragraph-units.js';

const HEADING = /^(HEADING_\d|TITLE|SUBTITLE)$/;

/**
 * A paragraph of text and soft breaks only, in none of the structures that own its newline (a
 * list item qualifies: the new newline copies its bullet, the merge keeps the first one's).
 */
function plain(b: ParagraphBlock): boolean {
  return (
    !HEADING.test(b.style.namedStyle) &&
    b.code === undefined &&
    !b.html &&
    b.quote === undefined &&
    !b.rule &&
    b.item === undefined &&
    b.inlines.every(
      (i) =>
        i.type === 'break' ||
        (i.type === 'anchor' && i.id !== null) ||
        (i.type === 'text' && !i.style.suggestion && !i.style.html),
    )
  );
}

/** The paragraph's characters (a soft break is `\u000b`). */
function characters(inlines: readonly Inline[]): string {
  let text = '';
  for (const i of inlines) {
    if (i.type === 'break') text += '\u000b';
    else if (i.type === 'text') text += i.text;
  }
  return text;
}

/**
 * Whether `whole` is mostly `first` then `second`: at least half of each (both not empty) is the
 * start, or the end, of `whole`, without overlap. What differs between (a space, a comma made a
 * full stop and the next letter a capital, a style) is the paragraph edit's to write.
 */
function concatenates(whole: ParagraphBlock, first: ParagraphBlock, second: ParagraphBlock): boolean {
  const w = characters(whole.inlines);
  const a = characters(first.inlines);
  const b = characters(second.inlines);
  if (a.length === 0 || b.length === 0) return false;
  let head = 0;
  while (head < a.length && head < w.length && a[head] === w[head]) head++;
  let tail = 0;
  while (tail < b.length && tail < w.length - head && b[b.length - 1 - tail] === w[w.length - 1 - tail])
    tail++;
  return head * 2 >= a.length && tail * 2 >= b.length;
}

/** Old paragraph `o` becomes new paragraphs `a` then `b`, of one paragraph style and list. */
export function splitsInto(o: ParagraphBlock, a: ParagraphBlock, b: ParagraphBlock): boolean {
  return (
    plain(o) &&
    plain(a) &&
    plain(b) &&
    deepEqual(a.style, b.style) &&
    deepEqual(o.list, a.list) &&
    deepEqual(a.list, b.list) &&
    concatenates(o, a, b)
  );
}

/** Old paragraphs `a` then `b`, of one named style and list, become new paragraph `n`. */
export function joinsInto(a: ParagraphBlock, b: ParagraphBlock, n: ParagraphBlock): boolean {
  return (
    plain(a) &&
    plain(b) &&
    plain(n) &&
    a.style.namedStyle === b.style.namedStyle &&
    deepEqual(a.list, n.list) &&
    deepEqual(b.list, n.list) &&
    concatenates(n, a, b)
  );
}

/** Two paragraphs' units as one, a newline unit between in the style of the text before it. */
function joined(first: Units, second: Units): Units {
  const before: TextStyle = first.styles.findLast((s) => s !== null) ?? {};
  const shift = first.text.length + 1;
  return {
    text: `${first.text}\n${second.text}`,
    styles: [...first.styles, before, ...second.styles],
    markers: [...first.markers, ...second.markers.map((m) => ({ ...m, offset: m.offset + shift }))],
  };
}

/**
 * Lowers a split (old paragraph `o` into new `n` and `n + 1`) or a join (old `o` and `o + 1` into
 * new `n`): the paragraph edit of `o`, its text or the new one spanning both paragraphs. A split's
 * newline is typed first-half-style over the whitespace, after the paragraph style is set, so
 * both halves copy it; a join deletes `o`'s newline, and `o`'s paragraph style is the merged one's.
 * Returns the new items that need bulleting once the container is done (as editParagraph does):
 * both halves of a split when the first one does (they share its bullet).
 */
export function lowerTwoForOne(
  ctx: PlanContext,
  script: ContainerScript,
  step: Extract<Step, { kind: 'split-paragraph' | 'join-paragraphs' }>,
): ParagraphBlock[] {
  const { seg, old, sources, next } = script;
  const units = (p: Block | undefined) => toUnits(p as ParagraphBlock, ctx.codes, ctx.env.positioned);
  const o = old[step.o] as ParagraphBlock;
  const src = sources[step.o] as ParagraphSource;
  if (step.kind === 'join-paragraphs') {
    return editParagraph(ctx, seg, o, src, next[step.n] as ParagraphBlock, {
      old: joined(units(o), units(old[step.o + 1])),
    });
  }
  const [a, b] = [next[step.n] as ParagraphBlock, next[step.n + 1] as ParagraphBlock];
  const nested = editParagraph(ctx, seg, o, src, a, { next: joined(units(a), units(b)) });
  return nested.length > 0 ? [...nested, b] : [];
}
