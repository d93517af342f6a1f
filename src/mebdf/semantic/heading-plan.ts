/**
 * Where the writer sets heading states (`{!## …}`, grammar §2 and §7): per heading level, a
 * shortest path over that level's Markdown headings in the order the state flows through them.
 * At each heading the level either has no heading state yet (the heading is written in the block
 * state, as a text without heading states has it) or holds one of the styles its headings have;
 * the costs are in characters: the heading's own directive (`## {!size:14pt}Title`) from what it is
 * written under, and a `{!## …}` line where the heading state is set or changes. So a style that
 * two or more headings of a level would otherwise each repeat is stated once, and the headings then
 * leave the block state alone (body text keeps its state across them).
 *
 * A heading state is set only where it flows on: never inside a table cell (after `{!end-table}`
 * the state is the one at `{!table}`); a heading in a cell is written under the heading state the
 * table starts in. The plan decides only what is written: the writer writes each heading relative
 * to the state it actually left.
 */
import type { Block, ParagraphBlock, ParagraphStyle, TableBlock } from '../model.js';
import {
  chooseText,
  type HeadingStyle,
  headingStateProps,
  paragraphDelta,
  runStyles,
  type StateText,
  transition,
} from './write-state.js';

export interface HeadingPlan {
  /** The headings right before which their level's heading state is set, and to what. */
  sets: Map<ParagraphBlock, HeadingStyle>;
  /** The headings written under their level's heading state (from its first setting on). */
  governed: Set<ParagraphBlock>;
}

/** One Markdown heading as the plan sees it. */
interface Seen {
  block: ParagraphBlock;
  /** Whether a heading state line may stand right before it (not in a table cell). */
  settable: boolean;
  /** Its own directive's characters when written in the block state (no heading state). */
  inBody: number;
}

/** More styles than this for one level: the rarest are not considered as its heading state. */
const MAX_CANDIDATES = 24;

const headingLevel = (block: ParagraphBlock): number =>
  block.style.namedStyle.startsWith('HEADING_') ? Number(block.style.namedStyle.slice(-1)) : 0;

/** The style a heading has, as a heading state would give it. */
function ownStyle(block: ParagraphBlock): HeadingStyle {
  return { paragraph: paragraphDelta(block.style), text: chooseText({}, [runStyles(block.inlines)]) };
}

/** The characters of a heading's own directive (`{!…}`) when it is written under `base`. */
function ownCost(
  base: { paragraph: HeadingStyle['paragraph']; text: StateText },
  block: ParagraphBlock,
): number {
  const props = transition(
    { named: 'NORMAL_TEXT', paragraph: { ...base.paragraph }, text: { ...base.text }, headings: [] },
    {
      named: null,
      paragraph: paragraphDelta(block.style),
      text: chooseText(base.text, [runStyles(block.inlines)]),
    },
  );
  return props === null ? 0 : props.length + 3;
}

/** The cells of a table in the order the state flows through them (column by column). */
function* cellParagraphs(table: TableBlock): Generator<ParagraphBlock> {
  const width = table.rows[0]?.length ?? 0;
  for (let column = 0; column < width; column++) for (const row of table.rows) yield* row[column]!.blocks;
}

/**
 * `before`: the paragraph state each heading comes after when the text has no heading states;
 * `local`: the paragraphs that then give themselves their style (they leave the state alone).
 */
export function planHeadings(
  blocks: readonly Block[],
  before: ReadonlyMap<ParagraphBlock, ParagraphStyle>,
  local: ReadonlySet<ParagraphBlock>,
): HeadingPlan {
  const levels: Seen[][] = [[], [], [], [], [], []];
  // The text values of the block state, as far as the paragraphs before tell (an estimate: the
  // writer chooses them later, for the whole text).
  let text: StateText = {};
  // Headings since the last paragraph in the block state: where the state moves on to the next
  // one's style anyway, a heading of that style costs nothing (the move stands before it).
  let pending: Seen[] = [];
  const visit = (block: ParagraphBlock, settable: boolean): void => {
    const level = headingLevel(block);
    if (level === 0) {
      if (local.has(block)) return;
      if (!(block.code || block.html || block.rule)) text = chooseText(text, [runStyles(block.inlines)]);
      const next = { paragraph: paragraphDelta(block.style), text };
      for (const seen of pending) seen.inBody = Math.min(seen.inBody, ownCost(next, seen.block));
      pending = [];
      return;
    }
    const paragraph = paragraphDelta(before.get(block) ?? { namedStyle: 'NORMAL_TEXT' });
    const seen: Seen = { block, settable, inBody: ownCost({ paragraph, text }, block) };
    levels[level - 1]!.push(seen);
    pending.push(seen);
  };
  for (const block of blocks) {
    if (block.type === 'paragraph') visit(block, true);
    else for (const paragraph of cellParagraphs(block)) visit(paragraph, false);
  }
  const plan: HeadingPlan = { sets: new Map(), governed: new Set() };
  levels.forEach((seen, index) => {
    planLevel(index + 1, seen, plan);
  });
  return plan;
}

/** The shortest choice of heading states for the headings of one level (Viterbi). */
function planLevel(level: number, seen: readonly Seen[], plan: HeadingPlan): void {
  if (seen.length === 0) return;
  const counts = new Map<string, { style: HeadingStyle; count: number }>();
  for (const { block } of seen) {
    const style = ownStyle(block);
    const key = headingStateProps(level, style);
    const entry = counts.get(key) ?? { style, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  const styles = [...counts.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, MAX_CANDIDATES)
    .map(([key, { style }]) => ({ style, line: key.length + 5 }));
  // State 0: no heading state yet; state c > 0: styles[c - 1].
  const k = styles.length + 1;
  let cost: number[] = Array.from({ length: k }, (_, c) => (c === 0 ? 0 : Number.POSITIVE_INFINITY));
  const from: Int32Array[] = [];
  for (const heading of seen) {
    let best = 0;
    for (let c = 1; c < k; c++) if (cost[c]! < cost[best]!) best = c;
    const next: number[] = new Array(k);
    const back = new Int32Array(k);
    next[0] = cost[0]! + heading.inBody;
    back[0] = 0;
    for (let c = 1; c < k; c++) {
      const { style, line } = styles[c - 1]!;
      const own = ownCost(style, heading.block);
      const stay = cost[c]!;
      const moved = heading.settable ? cost[best]! + line : Number.POSITIVE_INFINITY;
      if (stay <= moved) {
        next[c] = stay + own;
        back[c] = c;
      } else {
        next[c] = moved + own;
        back[c] = best;
      }
    }
    cost = next;
    from.push(back);
  }
  // On a tie, no heading state: the text stays as it was written before heading states.
  let c = 0;
  for (let v = 1; v < k; v++) if (cost[v]! < cost[c]!) c = v;
  const path: number[] = new Array(seen.length);
  for (let i = seen.length - 1; i >= 0; i--) {
    path[i] = c;
    c = from[i]![c]!;
  }
  path.forEach((state, i) => {
    if (state === 0) return;
    const heading = seen[i]!.block;
    plan.governed.add(heading);
    if (state !== (i === 0 ? 0 : path[i - 1])) plan.sets.set(heading, styles[state - 1]!.style);
  });
}
