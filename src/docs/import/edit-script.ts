/**
 * The edit script: what the import changes, as immutable plain data, before any request or
 * index exists. The builder (build-script.ts) makes it from the alignment of old and new blocks;
 * the lowering (lower.ts) turns it into batchUpdate requests.
 */
import type { Block } from '../../mebdf/model.js';
import type { BlockSource, CellBlockSource } from '../export/types.js';
import type { AlignOp } from './align.js';
import type { TableEdit } from './table-edit.js';

export type AnySource = BlockSource | CellBlockSource;

/**
 * The first paragraph after an inserted run that stays (kept, or paired: `edited`): new blocks
 * placed before it inherit from it.
 */
export interface Survivor {
  readonly o: number;
  readonly n: number;
  readonly edited: boolean;
}

/** One change to a container, on old indices (`o`) and new indices (`n`) of its blocks. */
export type Step =
  | { readonly kind: 'edit-paragraph'; readonly o: number; readonly n: number }
  /** Old paragraph `o` split into new paragraphs `n` and `n + 1` (paragraph-split.ts). */
  | { readonly kind: 'split-paragraph'; readonly o: number; readonly n: number }
  /** Old paragraphs `o` and `o + 1` joined into new paragraph `n` (paragraph-split.ts). */
  | { readonly kind: 'join-paragraphs'; readonly o: number; readonly n: number }
  | {
      readonly kind: 'edit-table';
      readonly o: number;
      readonly n: number;
      readonly table: TableEdit;
      /** The content of each changed cell, in the order of `table.cells`. */
      readonly cells: readonly ContainerScript[];
    }
  | {
      /** A run of old blocks deleted; `prev`/`next`: the old blocks around it that stay or go. */
      readonly kind: 'delete';
      readonly olds: readonly number[];
      /** A table of the run gives way to a new table next to it: Docs has no request to edit one into the other. */
      readonly recreatesTable: boolean;
      readonly prev: number | null;
      readonly next: number | null;
    }
  | {
      /** A run of new blocks inserted between old blocks `prev` and `next`. */
      readonly kind: 'insert';
      readonly news: readonly number[];
      readonly prev: number | null;
      readonly next: number | null;
      readonly survivor: Survivor | null;
    };

/** The edit of one container: a body or footnote segment, or the content of a table cell. */
export interface ContainerScript {
  /** The segment id ('' for the body). */
  readonly seg: string;
  /** Paragraphs of a table cell are compared against the cell's base style (as the exporter does). */
  readonly inCell: boolean;
  /** The container's end index when its last old paragraph holds its final, undeletable newline. */
  readonly tailEnd: number | null;
  readonly old: readonly Block[];
  readonly sources: readonly AnySource[];
  readonly next: readonly Block[];
  /** The alignment the steps come from (kept blocks get no step). */
  readonly ops: readonly AlignOp[];
  /** The changes, in document order. */
  readonly steps: readonly Step[];
}

/** Old list key -> the new list keys it goes on as. */
export type ListPairs = ReadonlyMap<string, ReadonlySet<string>>;

export interface EditScript {
  /** Footnotes whose content changes, each its own segment. */
  readonly footnotes: readonly ContainerScript[];
  readonly body: ContainerScript;
  /** Old list key -> the new list keys it goes on as, from kept and paired list paragraphs (build-script.ts listPairs). */
  readonly lists: ListPairs;
}
