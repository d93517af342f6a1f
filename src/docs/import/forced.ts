/**
 * Paragraphs Google forces around tables. The Docs API inserts a table after a newline it adds
 * ("A newline character will be inserted before the inserted table", `InsertTableRequest`), does
 * the same before a section break (`InsertSectionBreakRequest`), so a table never directly
 * precedes one, and refuses to delete the newline before a table, and a tab's body always ends
 * with a paragraph. So a table cannot start the body, follow another table or a section break (no
 * paragraph either), or end the body: the closest content Docs can hold has an empty paragraph
 * there. The import resolves the intended content to that before planning, and the result says
 * so; no edit is refused for it. The plain empty paragraphs before a table that starts the body
 * and after one that ends it are not said: the export does not write them either
 * (export/forced-paragraphs.ts), so the text reads back as written.
 */
import type { StructuralElement } from '../../ground/docs-json.js';
import type { Block, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { isPlainEmpty } from '../export/forced-paragraphs.js';
import type { BlockSource } from '../export/types.js';

export interface Forced {
  /** `next` itself when nothing is added. */
  model: MebdfDocument;
  warnings: string[];
}

/** Where the target sits in the tab's body. */
export interface BodyEdges {
  /** The target's content starts the body (the preamble, or the whole tab). */
  startsBody: boolean;
  /** The target's content ends the body (the last section, or the whole tab). */
  endsBody: boolean;
  /**
   * The target's paragraphs whose paragraph break is a suggested insertion: a new table right
   * after one goes in at the next paragraph's start (the newline insertTable types would otherwise
   * end it and take the suggestion's place), so an empty paragraph of its own stands between.
   */
  suggestedBreaks?: readonly ParagraphBlock[];
}

/** The blocks of a target whose paragraph break (closing newline) is a suggested insertion. */
export function suggestedBreakParagraphs(
  blocks: readonly Block[],
  sources: readonly BlockSource[],
  body: readonly StructuralElement[],
): ParagraphBlock[] {
  const starts = new Set<number>();
  // Only the body elements where the target's blocks start can be theirs: those from its first
  // block's start to its last one's end (found by a binary search, not a walk of the whole body).
  if (sources.length === 0) return [];
  const from = sources[0]!.startIndex;
  const to = sources[sources.length - 1]!.endIndex;
  let low = 0;
  let high = body.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((body[mid]!.startIndex ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < body.length && (body[i]!.startIndex ?? 0) < to; i++) {
    const se = body[i]!;
    const last = se.paragraph?.elements?.at(-1)?.textRun;
    if (last?.content?.endsWith('\n') && (last.suggestedInsertionIds?.length ?? 0) > 0)
      starts.add(se.startIndex ?? 0);
  }
  if (starts.size === 0) return [];
  return blocks.filter(
    (b, i): b is ParagraphBlock =>
      b.type === 'paragraph' && sources[i]?.kind === 'paragraph' && starts.has(sources[i]!.startIndex),
  );
}

const empty = (): ParagraphBlock => ({
  type: 'paragraph',
  style: { namedStyle: 'NORMAL_TEXT' },
  inlines: [],
});

/**
 * A block that cannot end a body: a table, a section break or a table of contents (a paragraph
 * always follows each).
 */
export function endsNothing(b: Block | undefined): boolean {
  return b?.type === 'table' || nonParagraph(b) !== null;
}

export function isSectionBreak(b: Block | undefined): boolean {
  return nonParagraph(b) === 'section break';
}

/**
 * What a block the model writes as a paragraph of one placeholder is in Docs when it is no
 * paragraph there (a section break, a table of contents), else null.
 */
export function nonParagraph(b: Block | undefined): 'section break' | 'table of contents' | null {
  if (b?.type !== 'paragraph' || b.inlines.length !== 1) return null;
  const only = b.inlines[0]!;
  if (only.type !== 'embed') return null;
  return only.kind === 'sectionbreak' ? 'section break' : only.kind === 'toc' ? 'table of contents' : null;
}

/**
 * The paragraph Docs keeps at the end of the body: the one already there (its text gone, its style
 * kept: it is the same paragraph), else an empty normal one.
 */
function lastParagraph(old: readonly Block[] | undefined): ParagraphBlock {
  const last = old?.[old.length - 1];
  if (last?.type !== 'paragraph' || !endsNothing(old?.[old.length - 2])) return empty();
  if (last.inlines.length === 0) return structuredClone(last);
  return { type: 'paragraph', style: structuredClone(last.style), inlines: [] };
}

/**
 * `next` with the empty paragraphs Docs keeps next to its tables and at the end of the body;
 * `old`: the target's blocks as read (the paragraph that ends the body stays the one it was).
 */
export function withForcedParagraphs(next: MebdfDocument, edges: BodyEdges, old?: readonly Block[]): Forced {
  const blocks: Block[] = [];
  const warnings = new Set<string>();
  next.blocks.forEach((b, i) => {
    // Not said: the export leaves this paragraph out.
    if (b.type === 'table' && i === 0 && edges.startsBody) blocks.push(empty());
    if (b.type === 'table' && next.blocks[i - 1]?.type === 'table') {
      blocks.push(empty());
      warnings.add(
        'An empty paragraph stays between two tables: the Docs API always puts one before a table.',
      );
    }
    const before = next.blocks[i - 1];
    // A section break or a table of contents is no paragraph: the newline insertTable types makes
    // one between them.
    const after = nonParagraph(before);
    if (b.type === 'table' && after) {
      blocks.push(empty());
      warnings.add(
        `An empty paragraph stays between the ${after} and the table after it: the Docs API always puts one before a table.`,
      );
    }
    // A section break ends the paragraph before it: it cannot start the body (whose own first
    // break is not shown) nor follow another break, or a table of contents, right after it.
    if (isSectionBreak(b) && ((i === 0 && edges.startsBody) || after)) {
      blocks.push(empty());
      warnings.add(
        'An empty paragraph stays before the section break: the Docs API always keeps a paragraph right before one.',
      );
    }
    if (
      b.type === 'table' &&
      before?.type === 'paragraph' &&
      edges.suggestedBreaks?.some((p) => deepEqual(p, before)) &&
      !tableFollowed(old, before, b)
    ) {
      blocks.push(empty());
      warnings.add(
        'An empty paragraph stays before the new table: the paragraph before it ends in a suggested paragraph break, which a table right after it would take over.',
      );
    }
    blocks.push(b);
    const then = nonParagraph(next.blocks[i + 1]);
    if (b.type === 'table' && then) {
      blocks.push(empty());
      warnings.add(
        `An empty paragraph stays between the table and the ${then} after it: the Docs API always keeps a newline before a ${then}.`,
      );
    }
  });
  const tail = blocks[blocks.length - 1];
  const forcedLast = edges.endsBody && endsNothing(tail) ? lastParagraph(old) : undefined;
  if (forcedLast) blocks.push(forcedLast);
  // After a table, a plain empty paragraph is not said: the export leaves it out.
  if (forcedLast && !(tail?.type === 'table' && isPlainEmpty(forcedLast))) {
    warnings.add(
      tail?.type === 'table'
        ? 'An empty paragraph stays after the table that ends the tab: a tab always ends with a paragraph.'
        : 'An empty paragraph stays after the section break that ends the tab: a tab always ends with a paragraph.',
    );
  }
  if (blocks.length === next.blocks.length) return { model: next, warnings: [] };
  return { model: { ...next, blocks }, warnings: [...warnings] };
}

/** Whether the target as read already has `table` right after `paragraph` (nothing new there). */
function tableFollowed(old: readonly Block[] | undefined, paragraph: Block, table: Block): boolean {
  return (old ?? []).some((b, i) => deepEqual(b, paragraph) && deepEqual(old![i + 1], table));
}
