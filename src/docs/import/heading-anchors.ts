/**
 * Heading anchors the text leaves out, put back. The export shows a heading's `{^ h.x}` only where
 * a link needs it (export/shown-anchors.ts); the heading still has its id in Docs, and a heading
 * the import keeps or edits in place keeps it. So a heading written without an anchor that matches
 * a heading of the target is that heading: it gets the target's anchor back before planning, and
 * the planner pairs it with itself exactly as if the anchor had been written. A heading that
 * matches none is new (Docs gives it an id). A written anchor is used as written.
 *
 * Matching, per container (the blocks, a table cell, a footnote): headings written with an
 * existing anchor are fixed points; between two of them, headings of the same style and text are
 * matched in order (an LCS), then, in each stretch left between matches, the remaining ones in
 * order when both sides have as many (each pair of the same style or of mostly the same text),
 * else each with the next one of its style whose text is mostly the same. Pure.
 */
import { diffArrays } from 'diff';
import type { Block, Inline, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { canonicalKey } from '../equality.js';
import { headingAnchorOf } from '../export/shown-anchors.js';
import { commonRuns } from './align.js';
import { dissimilarity } from './comparators.js';
import { textOf } from './guards.js';

/** A heading written without any anchor (a `{^}` is a new one, asked for). */
function bare(b: Block): b is ParagraphBlock {
  return b.type === 'paragraph' && b.style.namedStyle !== 'NORMAL_TEXT' && b.inlines[0]?.type !== 'anchor';
}

const keyOf = (b: ParagraphBlock): string => `${b.style.namedStyle}\u0000${textOf(b)}`;

/** Stretches of texts this dissimilar or less are the same heading edited. */
const EDITED = 0.5;

/** `next` with the anchors of the target's headings it matches put back; `next` itself when none. */
export function withHeadingAnchors(
  next: MebdfDocument,
  old: MebdfDocument,
  /** Ids never put back (headings the import types anew, plan.ts `relinked`). */
  withheld: ReadonlySet<string> = new Set(),
): MebdfDocument {
  const used = new Set<string>(withheld);
  for (const b of allParagraphs(next)) {
    const id = headingAnchorOf(b);
    if (id) used.add(id);
  }
  let changed = false;
  const container = <B extends Block>(oldBlocks: readonly Block[], newBlocks: B[]): B[] => {
    const restored = restoreIn(oldBlocks, newBlocks, used);
    let out = restored ?? newBlocks;
    if (restored) changed = true;
    // Tables: the n-th table of each side, cell by cell, when they have the same shape.
    const oldTables = oldBlocks.filter((b) => b.type === 'table');
    const newTables = out.filter((b) => b.type === 'table');
    if (oldTables.length === 0 || oldTables.length !== newTables.length) return out;
    let t = 0;
    out = out.map((b) => {
      if (b.type !== 'table') return b;
      const ot = oldTables[t++]!;
      if (ot.type !== 'table' || !sameShape(ot.rows, b.rows)) return b;
      const rows = b.rows.map((row, r) =>
        row.map((cell, c) => {
          const blocks = container(ot.rows[r]![c]!.blocks, cell.blocks);
          return blocks === cell.blocks ? cell : { ...cell, blocks };
        }),
      );
      return { ...b, rows } as B;
    });
    return out;
  };
  const blocks = container(old.blocks, next.blocks);
  const footnotes: MebdfDocument['footnotes'] = {};
  for (const [label, fb] of Object.entries(next.footnotes)) {
    const was = old.footnotes[label];
    footnotes[label] = was ? container(was, fb) : fb;
  }
  return changed ? { blocks, footnotes } : next;
}

function sameShape(a: readonly (readonly unknown[])[], b: readonly (readonly unknown[])[]): boolean {
  return a.length === b.length && a.every((row, i) => row.length === b[i]!.length);
}

function* allParagraphs(doc: MebdfDocument): Generator<ParagraphBlock> {
  const walk = function* (blocks: readonly Block[]): Generator<ParagraphBlock> {
    for (const b of blocks) {
      if (b.type === 'paragraph') yield b;
      else for (const row of b.rows) for (const cell of row) yield* walk(cell.blocks);
    }
  };
  yield* walk(doc.blocks);
  for (const fb of Object.values(doc.footnotes)) yield* walk(fb);
}

interface Head {
  at: number;
  block: ParagraphBlock;
}

/** The container's blocks with matched headings' anchors put back, or null when none is. */
function restoreIn<B extends Block>(
  oldBlocks: readonly Block[],
  newBlocks: B[],
  used: Set<string>,
): B[] | null {
  const olds: Array<Head & { id: string }> = [];
  oldBlocks.forEach((b, at) => {
    if (b.type !== 'paragraph') return;
    const id = headingAnchorOf(b);
    if (id) olds.push({ at, block: b, id });
  });
  if (olds.length === 0) return null;
  // The new side: bare headings, and fixed points (headings written with an anchor the target has).
  const position = new Map(olds.map((o, i) => [o.id, i]));
  const news: Array<Head & { fixed?: number }> = [];
  newBlocks.forEach((b, at) => {
    if (b.type !== 'paragraph') return;
    const id = headingAnchorOf(b);
    if (id !== null) {
      const i = position.get(id);
      if (i !== undefined) news.push({ at, block: b, fixed: i });
    } else if (bare(b)) news.push({ at, block: b });
  });
  const pairs: Array<[number, number]> = []; // [olds index, news index]
  let lastOld = -1;
  let from = 0;
  const stretch = (to: number, oldEnd: number): void => {
    if (to === from) return;
    const oIdx: number[] = [];
    for (let i = lastOld + 1; i < oldEnd; i++) if (!used.has(olds[i]!.id)) oIdx.push(i);
    const o = oIdx.map((i) => olds[i]!);
    const n = news.slice(from, to).map((h, k) => ({ h, k: from + k }));
    const near = (i: number, j: number): boolean => {
      const a = o[i]!.at;
      const b = n[j]!.h.at;
      return beside(oldBlocks[a + 1]) === beside(newBlocks[b + 1]);
    };
    const matched = matchStretch(
      o.map((h) => h.block),
      n.map((x) => x.h.block),
      near,
    );
    for (const [i, j] of matched) pairs.push([oIdx[i]!, n[j]!.k]);
  };
  news.forEach((h, k) => {
    if (h.fixed === undefined || h.fixed <= lastOld) return;
    stretch(k, h.fixed);
    lastOld = h.fixed;
    from = k + 1;
  });
  stretch(news.length, olds.length);
  if (pairs.length === 0) return null;
  // Objects stay where they are (the Docs API cannot make them again): a heading that crosses one
  // is typed anew, so it is a new heading, not the old one moved (the object would have to move).
  const before = objectsBefore(oldBlocks, newBlocks);
  const out = [...newBlocks];
  for (const [o, n] of pairs) {
    const id = olds[o]!.id;
    const head = news[n]!;
    if (before && before.old[olds[o]!.at] !== before.new[head.at]) continue;
    used.add(id);
    const anchor: Inline = { type: 'anchor', id };
    out[head.at] = { ...head.block, inlines: [anchor, ...head.block.inlines] } as B;
  }
  return out;
}

/**
 * Per block of each side, how many of the objects both sides hold in the same order (an LCS over
 * object ids) come before it; null when the container holds none.
 */
function objectsBefore(
  oldBlocks: readonly Block[],
  newBlocks: readonly Block[],
): { old: number[]; new: number[] } | null {
  const ids = (blocks: readonly Block[]) => {
    const out: { id: string; at: number }[] = [];
    blocks.forEach((b, at) => {
      if (b.type !== 'paragraph') return;
      for (const x of b.inlines) if (x.type === 'embed' && x.id !== '') out.push({ id: x.id, at });
    });
    return out;
  };
  const o = ids(oldBlocks);
  if (o.length === 0) return null;
  const n = ids(newBlocks);
  const keptOld = new Set<number>();
  const keptNew = new Set<number>();
  const runs = commonRuns(
    o.map((x) => x.id),
    n.map((x) => x.id),
  );
  for (const [i, j, count] of runs)
    for (let k = 0; k < count; k++) {
      keptOld.add(o[i + k]!.at);
      keptNew.add(n[j + k]!.at);
    }
  const ranks = (blocks: readonly Block[], kept: Set<number>) => {
    const out: number[] = [];
    let seen = 0;
    for (let at = 0; at < blocks.length; at++) {
      out.push(seen);
      if (kept.has(at)) seen++;
    }
    return out;
  };
  return { old: ranks(oldBlocks, keptOld), new: ranks(newBlocks, keptNew) };
}

/** What a block beside a heading is, to tell a heading renamed in place (anchors aside). */
function beside(b: Block | undefined): string {
  if (!b) return '';
  if (b.type === 'table') return canonicalKey(b);
  return `${b.style.namedStyle}\u0000${textOf(b)}`;
}

/**
 * Whether two headings are one edited: the same style and mostly the same text; in the same place
 * (`placed`), mostly the same text, or the same style over the same first block (`near`: a
 * heading renamed outright over text that stays, not a section replaced by another).
 */
function alike(a: ParagraphBlock, b: ParagraphBlock, placed: boolean, near = false): boolean {
  const style = a.style.namedStyle === b.style.namedStyle;
  const text = dissimilarity(textOf(a), textOf(b)) <= EDITED;
  return placed ? text || (style && near) : style && text;
}

/**
 * Pairs [old, new] of headings between two fixed points, in order. `near(i, j)`: whether old
 * heading `i` and new heading `j` have the same block after them (the section under it stays).
 */
function matchStretch(
  o: ParagraphBlock[],
  n: ParagraphBlock[],
  near: (i: number, j: number) => boolean,
): Array<[number, number]> {
  if (o.length === 0 || n.length === 0) return [];
  const out: Array<[number, number]> = [];
  /** The headings of `[i0, i1)` and `[j0, j1)` that no equal one matched. */
  const rest = (i0: number, i1: number, j0: number, j1: number): void => {
    if (i1 - i0 === j1 - j0) {
      for (let k = 0; k < i1 - i0; k++)
        if (alike(o[i0 + k]!, n[j0 + k]!, true, near(i0 + k, j0 + k))) out.push([i0 + k, j0 + k]);
      return;
    }
    let from = i0;
    for (let nj = j0; nj < j1 && from < i1; nj++) {
      const b = n[nj]!;
      for (let k = from; k < i1; k++) {
        const a = o[k]!;
        if (alike(a, b, false)) {
          out.push([k, nj]);
          from = k + 1;
          break;
        }
      }
    }
  };
  let i = 0;
  let j = 0;
  let si = 0;
  let sj = 0;
  for (const part of diffArrays(o.map(keyOf), n.map(keyOf))) {
    const count = part.count ?? part.value.length;
    if (part.removed) i += count;
    else if (part.added) j += count;
    else {
      rest(si, i, sj, j);
      for (let k = 0; k < count; k++) out.push([i + k, j + k]);
      i += count;
      j += count;
      si = i;
      sj = j;
    }
  }
  rest(si, o.length, sj, n.length);
  return out;
}
