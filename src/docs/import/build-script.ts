/**
 * Builds the edit script (edit-script.ts) of an import: aligns the blocks of every container
 * (align.ts with the block comparator), describes paired tables (table-edit.ts) and their changed
 * cells as containers of their own, and learns which old list becomes which new one. Pure; makes
 * no request and computes no index.
 */

import type { Block, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import type { FootnoteSource } from '../export/types.js';
import { type AlignOp, align } from './align.js';
import { blockComparator } from './comparators.js';
import type { AnySource, ContainerScript, EditScript, ListPairs, Step, Survivor } from './edit-script.js';
import { listPairs, retypeListJoiners } from './list-pairing.js';
import { joinsInto, splitsInto } from './paragraph-split.js';
import { goesOnAs } from './paragraphs.js';
import { tableEdit, tablesCompatible } from './table-edit.js';

interface ContainerInput {
  seg: string;
  inCell: boolean;
  old: Block[];
  sources: AnySource[];
  next: Block[];
  tailEnd: number | null;
  /** The old blocks in canonical form (the export read back), when they can stand in for `old`. */
  canon?: Block[] | undefined;
  joinable: (listId: string) => boolean;
}

/** The old block before op `k` (kept, paired or deleted), or null at the start. */
function oldBefore(ops: AlignOp[], k: number): number | null {
  for (let j = k - 1; j >= 0; j--) {
    const op = ops[j]!;
    if (op.op !== 'ins') return op.o;
  }
  return null;
}

function oldAfter(ops: AlignOp[], k: number): number | null {
  for (let j = k + 1; j < ops.length; j++) {
    const op = ops[j]!;
    if (op.op !== 'ins') return op.o;
  }
  return null;
}

/** The first paragraph after op `k` that stays (kept or paired), or null when that is no paragraph. */
function survivorAfter(ops: AlignOp[], sources: AnySource[], k: number): Survivor | null {
  for (let j = k + 1; j < ops.length; j++) {
    const op = ops[j]!;
    if (op.op === 'ins' || op.op === 'del') continue;
    if (sources[op.o]!.kind !== 'paragraph') return null;
    return { o: op.o, n: op.n, edited: op.op === 'pair' };
  }
  return null;
}

/** Whether the run of inserts from op `k` on (walking by `dir`) holds a table. */
function tableInserted(ops: AlignOp[], next: Block[], k: number, dir: 1 | -1): boolean {
  for (let j = k; j >= 0 && j < ops.length; j += dir) {
    const op = ops[j]!;
    if (op.op !== 'ins') return false;
    if (next[op.n]!.type === 'table') return true;
  }
  return false;
}

/** The steps of a container in document order, with runs of deletes and of inserts grouped. */
function steps(input: ContainerInput, cmp: Block[], ops: AlignOp[]): Step[] {
  const { old, sources, next } = input;
  const out: Step[] = [];
  let k = 0;
  while (k < ops.length) {
    const op = ops[k]!;
    if (op.op === 'keep') {
      k++;
      continue;
    }
    if (op.op === 'pair') {
      const ob = old[op.o]!;
      const nb = next[op.n]!;
      const src = sources[op.o]!;
      const after = ops[k + 1];
      if (after && ob.type === 'paragraph' && nb.type === 'paragraph' && src.kind === 'paragraph') {
        const two = twoForOne(input, op.o, op.n, after);
        if (two) {
          out.push(two);
          k += 2;
          continue;
        }
      }
      if (ob.type === 'paragraph' && nb.type === 'paragraph' && src.kind === 'paragraph')
        out.push({ kind: 'edit-paragraph', o: op.o, n: op.n });
      else if (ob.type === 'table' && nb.type === 'table' && src.kind === 'table') {
        const table = tableEdit(ob, nb);
        const cb = cmp[op.o];
        const canon = cb?.type === 'table' ? cb : undefined;
        const cells = table.cells.map(({ o: [r, c], n: [nr, nc] }) => {
          const cs = src.rows[r]!.cells[c]!;
          return container({
            seg: '',
            inCell: true,
            old: ob.rows[r]![c]!.blocks,
            sources: cs.blocks,
            next: nb.rows[nr]![nc]!.blocks,
            tailEnd: cs.endIndex,
            canon: canon?.rows[r]?.[c]?.blocks,
            joinable: input.joinable,
          });
        });
        out.push({ kind: 'edit-table', o: op.o, n: op.n, table, cells });
      }
      k++;
      continue;
    }
    let j = k;
    while (j + 1 < ops.length && ops[j + 1]!.op === op.op) j++;
    // The run's last block may be the first half of a split, or of a join, with the pair after it.
    const last = ops[j]!;
    const pair = ops[j + 1];
    const two = pair?.op === 'pair' ? twoForOne(input, pair.o, pair.n, last, true) : null;
    if (two && j === k) {
      out.push(two);
      k = j + 2;
      continue;
    }
    if (two) j--;
    const run = ops.slice(k, j + 1);
    const around = { prev: oldBefore(ops, k), next: oldAfter(ops, j) };
    if (op.op === 'del') {
      const olds = run.map((x) => (x as { o: number }).o);
      const recreatesTable =
        olds.some((i) => old[i]!.type === 'table') &&
        (tableInserted(ops, next, k - 1, -1) || tableInserted(ops, next, j + 1, 1));
      out.push({ kind: 'delete', olds, ...around, recreatesTable });
    } else {
      const news = run.map((x) => (x as { n: number }).n);
      // Before a split, what the new blocks go before is its first half.
      const survivor =
        two?.kind === 'split-paragraph'
          ? { o: two.o, n: two.n, edited: true }
          : survivorAfter(ops, sources, j);
      out.push({ kind: 'insert', news, ...around, survivor });
    }
    k = j + 1;
    if (two) {
      out.push(two);
      k = j + 3;
    }
  }
  return out;
}

/**
 * A split (old paragraph `o` paired with new `n`, the other half inserted next to it) or a join
 * (old `o` paired with new `n`, the other old paragraph deleted next to it): `op` is the insert
 * or delete after the pair, or before it when `before`.
 */
function twoForOne(input: ContainerInput, o: number, n: number, op: AlignOp, before = false): Step | null {
  const { old, sources, next } = input;
  const para = (b: Block | undefined): b is ParagraphBlock => b?.type === 'paragraph';
  const ob = old[o];
  const nb = next[n];
  if (!para(ob) || !para(nb) || sources[o]?.kind !== 'paragraph') return null;
  if (op.op === 'ins' && op.n === n + (before ? -1 : 1)) {
    const [a, b] = before ? [next[n - 1], nb] : [nb, next[n + 1]];
    if (para(a) && para(b) && splitsInto(ob, a, b))
      return { kind: 'split-paragraph', o, n: before ? n - 1 : n };
  }
  if (op.op === 'del' && op.o === o + (before ? -1 : 1)) {
    const first = before ? o - 1 : o;
    const [a, b] = [old[first], old[first + 1]];
    if (para(a) && para(b) && sources[first]?.kind === 'paragraph' && joinsInto(a, b, nb))
      return { kind: 'join-paragraphs', o: first, n };
  }
  return null;
}

function container(input: ContainerInput): ContainerScript {
  const { old, sources, next, canon } = input;
  // Blocks are compared in their canonical form (the export read back), so a block the edit did
  // not touch matches even where reading back loses a detail; edits start from the real block.
  const cmp = canon && canon.length === old.length ? canon : old;
  const ops = align(
    cmp,
    next,
    blockComparator(cmp, next, (o, n) => {
      const src = sources[o]!;
      const ob = old[o]!;
      const nb = next[n]!;
      if (src.kind === 'table') return ob.type === 'table' && nb.type === 'table' && tablesCompatible(ob, nb);
      return src.kind === 'paragraph';
    }),
  );
  retypeListJoiners(ops, old, sources, next, input.joinable);
  const script: ContainerScript = {
    seg: input.seg,
    inCell: input.inCell,
    tailEnd: input.tailEnd,
    old,
    sources,
    next,
    ops,
    steps: steps(input, cmp, ops),
  };
  restep.set(script, (changed) => steps(input, cmp, changed));
  return script;
}

/** How each container's steps are made from other ops (demoteKeeps). */
const restep = new WeakMap<ContainerScript, (ops: AlignOp[]) => Step[]>();

/**
 * `script` with its kept list items that the edit moves to another list paired instead. List keys
 * are ordinals over the tab, so an item can keep its key while its list changes (a list before it
 * made plain paragraphs shifts the keys down by one, a split after that shifts them up by one),
 * and the block compares equal: kept, the item stayed in the list it was split from. Paired, its
 * edit re-bullets it (paragraph-edit.ts). `lists` is listPairs' answer, which counts a keep as a
 * pairing, so it holds either way.
 */
function demoteKeeps(script: ContainerScript, lists: ListPairs): ContainerScript {
  const moved = (op: AlignOp): op is Extract<AlignOp, { op: 'keep' }> => {
    if (op.op !== 'keep') return false;
    const ob = script.old[op.o]!;
    const nb = script.next[op.n]!;
    return (
      ob.type === 'paragraph' &&
      nb.type === 'paragraph' &&
      !!ob.list &&
      !!nb.list &&
      !goesOnAs(lists, ob.list.key, nb.list.key)
    );
  };
  let out = script;
  if (script.ops.some(moved)) {
    const ops = script.ops.map((op) => (moved(op) ? { op: 'pair' as const, o: op.o, n: op.n } : op));
    out = { ...script, ops, steps: restep.get(script)!(ops) };
  }
  if (!out.steps.some((st) => st.kind === 'edit-table')) return out;
  const stepped = out.steps.map((st) =>
    st.kind === 'edit-table' ? { ...st, cells: st.cells.map((c) => demoteKeeps(c, lists)) } : st,
  );
  return { ...out, steps: stepped };
}

export interface ScriptInput {
  old: { model: MebdfDocument; sources: AnySource[]; footnoteSources: Record<string, FootnoteSource> };
  next: MebdfDocument;
  bodyEnd: number;
  canonical?: MebdfDocument | undefined;
  /** Whether a bullet preset joins Docs list `listId` (lower-lists.ts joinsByAnyPreset); all do when not said. */
  joinable?: ((listId: string) => boolean) | undefined;
  /**
   * Whether Docs list `listId` has a paragraph of the body at or after `index`, not counting those
   * starting at `leaving`; none has when not said.
   */
  goesOnAfter?: ((listId: string, index: number, leaving: ReadonlySet<number>) => boolean) | undefined;
}

/** The edit script of `next` over `old`: every container aligned, tables and cells described. */
export function buildScript(input: ScriptInput): EditScript {
  const { old, next } = input;
  const joinable = input.joinable ?? (() => true);
  const footnotes: ContainerScript[] = [];
  for (const [label, blocks] of Object.entries(old.model.footnotes)) {
    const fs = old.footnoteSources[label];
    const nb = next.footnotes[label];
    if (!fs || !nb || deepEqual(blocks, nb)) continue;
    const last = fs.blocks[fs.blocks.length - 1];
    footnotes.push(
      container({
        seg: fs.footnoteId,
        inCell: false,
        old: blocks,
        sources: fs.blocks,
        next: nb,
        tailEnd: last ? last.endIndex : null,
        canon: input.canonical?.footnotes[label],
        joinable,
      }),
    );
  }
  const body = container({
    seg: '',
    inCell: false,
    old: old.model.blocks,
    sources: old.sources,
    next: next.blocks,
    tailEnd: input.bodyEnd,
    canon: input.canonical?.blocks,
    joinable,
  });
  const lists = listPairs([...footnotes, body], input.goesOnAfter ?? (() => false));
  return {
    footnotes: footnotes.map((f) => demoteKeeps(f, lists)),
    body: demoteKeeps(body, lists),
    lists,
  };
}
