/**
 * The semantic layer, write direction: the MEBDF block model -> mdast in the canonical shape,
 * which `tree.ts` serialises. Every decision that makes the text canonical lives here (and in
 * `to-phrasing.ts` for what is inside a paragraph):
 * - the text is written with the reader's block state in mind (`write-state.ts`): a paragraph gets
 *   a block directive line only where its style differs from the state left by the text before
 *   it, and text properties its runs share move into that state instead of a span per run;
 * - the directive of a list's first item stands before the list, so a list whose items share a
 *   style reads as a plain list; an item that changes the style has the directive inside it;
 * - an empty paragraph is `{!}`; a table cell holding only an empty paragraph in the state's
 *   style is just `{!cell}`;
 * - a table is GFM when every cell is one paragraph of one common style, the `{!table}` form
 *   otherwise;
 * - last, a long property list the text repeats gets a style name (`style-naming.ts`).
 */
import type {
  Blockquote,
  Code,
  FootnoteDefinition,
  Html,
  List,
  ListItem,
  TableCell as MdastTableCell,
  PhrasingContent,
  Root,
  RootContent,
  TableRow,
} from 'mdast';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { MebdfDirective } from '../mdast/nodes.js';
import type {
  Block,
  Inline,
  ListKind,
  MebdfDocument,
  ParagraphBlock,
  ParagraphStyle,
  TableBlock,
  TableCell,
  TextStyle,
} from '../model.js';
import { stringifyTree } from '../tree.js';
import { splitsGfmCell } from './gfm-cell.js';
import { type HeadingPlan, planHeadings } from './heading-plan.js';
import { readsBack } from './read-back.js';
import { StyleIds, styleKey } from './style-ids.js';
import { nameRepeatedStyles } from './style-naming.js';
import { type PlanUnit, planText } from './text-plan.js';
import {
  type DelimiterOptions,
  inlinesToPhrasing,
  paragraphPhrasing,
  protectLineEdges,
  type WriteInline,
} from './to-phrasing.js';
import {
  chooseText,
  emptyParagraphProps,
  freshWriterState,
  type HeadingStyle,
  headingStateProps,
  paragraphDelta,
  relativeStyle,
  runStyles,
  STATE_TEXT_PROPS,
  type StateText,
  type Target,
  transition,
  underHeadingState,
  type WriterState,
} from './write-state.js';

/**
 * Which root children a top-level piece of the model became: blocks `[firstBlock, endBlock)` (one
 * paragraph or table, or the items of one list), or the definition of footnote `label`, written
 * as root children `[from, to)`.
 */
export interface TreeChunk {
  firstBlock: number;
  endBlock: number;
  label?: string;
  from: number;
  to: number;
  /** The block state before the piece (what the reader carries into it); absent for a footnote. */
  state?: WriterState;
}

/** Where heading states go, and the paragraphs that give themselves their style around them. */
function plan(blocks: readonly Block[]): { headings: HeadingPlan; local: Set<ParagraphBlock> } {
  // The block state each heading would be written in without heading states tells what they save.
  const before = new Map<ParagraphBlock, ParagraphStyle>();
  const ids = new StyleIds();
  const plain = localParagraphs(blocks, new Set(), ids, before);
  const headings = planHeadings(blocks, before, plain);
  const local = headings.governed.size === 0 ? plain : localParagraphs(blocks, headings.governed, ids);
  return { headings, local };
}

/**
 * `chunks` receives the top-level pieces; `end`, when given, receives the block state the body's
 * text leaves (before the footnote definitions), where text added after the body starts.
 */
export function modelToTree(
  document: MebdfDocument,
  chunks?: TreeChunk[],
  end?: { state?: WriterState },
): Root {
  let { headings, local } = plan(document.blocks);
  const writer = new Writer(
    planText(units(document.blocks, true, local, headings.governed)),
    local,
    headings,
  );
  const children: RootContent[] = writer.blocks(document.blocks, true, chunks);
  if (end) end.state = copyState(writer.state);
  for (const [label, blocks] of Object.entries(document.footnotes)) {
    // A footnote definition starts from a fresh state (grammar §2).
    writer.state = freshWriterState();
    ({ headings, local } = plan(blocks));
    writer.local = local;
    writer.headings = headings;
    writer.plan = planText(units(blocks, false, local, headings.governed));
    const definition: FootnoteDefinition = {
      type: 'footnoteDefinition',
      identifier: normalizeIdentifier(label).toLowerCase(),
      label,
      children: writer.blocks(blocks, false) as FootnoteDefinition['children'],
    };
    chunks?.push({ firstBlock: -1, endBlock: -1, label, from: children.length, to: children.length + 1 });
    children.push(definition);
  }
  const root: Root = { type: 'root', children };
  const names = nameRepeatedStyles(root);
  const defined = Object.keys(names).length;
  if (defined > 0) {
    // The definitions came first: the first piece takes them in (a text still starts with a
    // piece), every other piece is that much further on and starts with the names defined.
    for (const chunk of chunks ?? []) {
      chunk.to += defined;
      if (chunk.from === 0 && chunk.to > defined) continue;
      chunk.from += defined;
      if (chunk.state) chunk.state = { ...chunk.state, names };
    }
    if (end?.state) end.state = { ...end.state, names };
  }
  return root;
}

function directive(props: string): MebdfDirective {
  return { type: 'mebdfDirective', props };
}

const isHeading = (style: ParagraphStyle): boolean => style.namedStyle.startsWith('HEADING_');
const headingLevelOf = (block: ParagraphBlock): number => Number(block.style.namedStyle.slice(-1));
const isOrdered = (kind: ListKind): boolean => kind === 'ordered';

type Field = keyof ParagraphStyle;

/** Whether two styles have the same properties besides their named style (their `paragraphDelta`s). */
function sameDelta(a: ParagraphStyle, b: ParagraphStyle): boolean {
  for (const key in a) if (key !== 'namedStyle' && a[key as Field] !== b[key as Field]) return false;
  for (const key in b) if (key !== 'namedStyle' && a[key as Field] !== b[key as Field]) return false;
  return true;
}

const isEmpty = (block: ParagraphBlock): boolean =>
  block.inlines.length === 0 && !isHeading(block.style) && !block.code && !block.rule && !block.html;

/** Whether `block` is in the quote at `level` that the paragraph before it is in (model.ts `quote`). */
const continuesQuote = (block: Block, level: number): boolean =>
  block.type === 'paragraph' &&
  block.quote !== undefined &&
  block.quote.length > level &&
  !block.quote.slice(0, level + 1).includes('+');

/**
 * The cells of a table column by column, top to bottom: the order in which the state flows
 * through them (a cell starts in the state the cell above it ended in).
 */
function* columnMajor(table: TableBlock): Generator<TableCell> {
  const width = table.rows[0]?.length ?? 0;
  for (let column = 0; column < width; column++) for (const row of table.rows) yield row[column]!;
}

/** Every paragraph in the order the state flows through them (table cells column by column). */
function* paragraphs(blocks: readonly Block[]): Generator<ParagraphBlock> {
  for (const block of blocks) {
    if (block.type === 'paragraph') yield block;
    else for (const cell of columnMajor(block)) yield* cell.blocks;
  }
}

/**
 * The style of the most cells' first paragraphs (the first such cell's, on a tie), headings left
 * out; undefined when no style is shared by `least` cells.
 */
function commonStyle(table: TableBlock, least: number): ParagraphStyle | undefined {
  const counts = new Map<string, { style: ParagraphStyle; count: number }>();
  for (const cell of columnMajor(table)) {
    const first = cell.blocks[0];
    if (!first || isHeading(first.style)) continue;
    const key = styleKey(first.style);
    const entry = counts.get(key) ?? { style: first.style, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  let best: { style: ParagraphStyle; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best && best.count >= least ? best.style : undefined;
}

/**
 * The style a directive table starts in, where each column's first cell starts: of the styles
 * cells start with, the one that needs the fewest directive characters down the columns (each
 * cell starts in the state the cell above it left), the most common one on a tie; only when two
 * cells share a style (else the state before the table serves).
 */
function tableStyle(table: TableBlock): ParagraphStyle | undefined {
  const known = tableStyles.get(table);
  if (known !== undefined) return known ?? undefined;
  const common = commonStyle(table, 2);
  let best = common;
  if (common) {
    let bestCost = columnsCost(table, common);
    const seen = new Set([styleKey(common)]);
    for (const cell of columnMajor(table)) {
      const first = cell.blocks[0];
      if (!first || isHeading(first.style) || seen.has(styleKey(first.style))) continue;
      seen.add(styleKey(first.style));
      const cost = columnsCost(table, first.style);
      if (cost < bestCost) {
        best = first.style;
        bestCost = cost;
      }
    }
  }
  tableStyles.set(table, best ?? null);
  return best;
}

const tableStyles = new WeakMap<TableBlock, ParagraphStyle | null>();

/**
 * The directive characters of a directive table that starts in `start`: down each column, every
 * paragraph whose style is not the one before it pays for a directive line.
 */
function columnsCost(table: TableBlock, start: ParagraphStyle): number {
  let sum = 0;
  const width = table.rows[0]?.length ?? 0;
  for (let column = 0; column < width; column++) {
    let at = start;
    for (const row of table.rows) {
      for (const block of row[column]!.blocks) {
        const cost = changeCost(at, block.style);
        if (cost > 0) sum += cost + 4;
        at = isHeading(block.style) ? { ...block.style, namedStyle: at.namedStyle } : block.style;
      }
    }
  }
  return sum;
}

/** The text styles of every paragraph of a table. */
function tableRuns(table: TableBlock): Array<Array<TextStyle | null>> {
  return [...columnMajor(table)].flatMap((cell) => cell.blocks.map((block) => runStyles(block.inlines)));
}

function copyState(state: WriterState): WriterState {
  return {
    named: state.named,
    paragraph: { ...state.paragraph },
    text: { ...state.text },
    headings: state.headings,
  };
}

/** Whether a paragraph of `style` is written in `state` without a directive. */
function fits(style: ParagraphStyle, state: ParagraphStyle): boolean {
  // Compared in place: this runs for every way at every paragraph, and copies were most of its cost.
  return (isHeading(style) || style.namedStyle === state.namedStyle) && sameDelta(style, state);
}

/** The characters of the directive that takes a state in `from` to a paragraph of `to`. */
function changeCost(from: ParagraphStyle, to: ParagraphStyle): number {
  const state: WriterState = {
    named: from.namedStyle,
    paragraph: paragraphDelta(from),
    text: {},
    headings: [],
  };
  const props = transition(state, {
    named: isHeading(to) ? null : to.namedStyle,
    paragraph: paragraphDelta(to),
    text: {},
  });
  return props === null ? 0 : props.length;
}

/** How much longer than the shortest a way may be and still be followed (characters). */
const SLACK = 400;

/** One way of writing the paragraphs up to one: its length, the state it leaves, how it got there. */
interface Way {
  cost: number;
  state: ParagraphStyle;
  prev: Way | null;
  /** The paragraph was written with its own directive (the state stayed). */
  local: boolean;
}

/**
 * Whether a table moves the state to its style `style` with a directive before it, or leaves the
 * state as it was (`before`) and has its cells say their style: the GFM table's cells each in its
 * own directive, the `{!table}` form's the first cell of each column. Moving costs the directive
 * and, counted as the same again, the one back to `before` after the table; staying costs what the
 * cells say more than they would under `style`. Only a one-cell table stays (a callout, a code
 * box): with more cells, what the text values in the state save is beyond this count.
 */
function movesState(table: TableBlock, style: ParagraphStyle, before: ParagraphStyle, gfm: boolean): boolean {
  if (fits(style, before)) return true;
  // With more cells, what the text values the state holds cost is beyond this count: move.
  if (table.rows.length > 1 || (table.rows[0]?.length ?? 0) > 1) return true;
  const cells = gfm ? table.rows.flat() : (table.rows[0] ?? []);
  const line = (from: ParagraphStyle, to: ParagraphStyle): number => {
    const cost = changeCost(from, to);
    return cost > 0 ? cost + 4 : 0;
  };
  let stay = 0;
  for (const cell of cells) {
    const first = cell.blocks[0];
    if (first) stay += line(before, first.style) - line(style, first.style);
  }
  return stay > line(before, style) + line(style, before);
}

/**
 * The paragraphs that give themselves their style, chosen for the whole flow at once so that the
 * directives are shortest (grammar §7): a shortest path over the states the text can be in, where
 * each paragraph of another style than the state either moves the state to its style (a directive
 * line) or opens with its changes and leaves the state as it was (`{!align:center}Total`,
 * `{!empty, align:center}`, after a list item's marker). Code, rules, HTML and an item's further
 * blocks cannot open with a directive, paragraphs next to one of their style share a directive
 * line, and the cells of a GFM table move the state to the table's.
 * Headings under a heading state (`governed`) are not in the block state's flow. `headingStates`,
 * when given, gets the paragraph state each heading comes after.
 */
function localParagraphs(
  blocks: readonly Block[],
  governed: ReadonlySet<ParagraphBlock>,
  ids: StyleIds,
  headingStates?: Map<ParagraphBlock, ParagraphStyle>,
): Set<ParagraphBlock> {
  const all = [...paragraphs(blocks)].filter((block) => !governed.has(block));
  const gfmCells = new Map<ParagraphBlock, { style: ParagraphStyle; table: TableBlock }>();
  for (const block of blocks) {
    const style = block.type === 'table' ? gfmStyle(block) : undefined;
    if (style)
      for (const cell of columnMajor(block as TableBlock))
        gfmCells.set(cell.blocks[0]!, { style, table: block as TableBlock });
  }
  // By style number: from -> to -> characters.
  const costs = new Map<number, Map<number, number>>();
  const cost = (from: ParagraphStyle, to: ParagraphStyle): number => {
    const fromId = ids.id(from);
    let row = costs.get(fromId);
    if (!row) {
      row = new Map();
      costs.set(fromId, row);
    }
    const toId = ids.id(to);
    let value = row.get(toId);
    if (value === undefined) {
      value = changeCost(from, to);
      row.set(toId, value);
    }
    return value;
  };
  // A heading under a state is that state with the heading's properties: one object per pair, so
  // that the ways through it look their style number up by identity.
  const headingUnder = new Map<ParagraphStyle, Map<string, ParagraphStyle>>();
  const moved = (state: ParagraphStyle, style: ParagraphStyle): ParagraphStyle => {
    if (!isHeading(style)) return style;
    let byNamed = headingUnder.get(style);
    if (!byNamed) {
      byNamed = new Map();
      headingUnder.set(style, byNamed);
    }
    let under = byNamed.get(state.namedStyle);
    if (!under) {
      under = { ...style, namedStyle: state.namedStyle };
      byNamed.set(state.namedStyle, under);
    }
    return under;
  };
  let ways = new Map<number, Way>();
  const start: ParagraphStyle = { namedStyle: 'NORMAL_TEXT' };
  ways.set(ids.id(start), { cost: 0, state: start, prev: null, local: false });
  // The ways to the next paragraph, the shortest one per state. These functions are made once,
  // not at each paragraph: making (and, run through tsx, naming) a function per paragraph cost
  // a fair share of the loop.
  let next = new Map<number, Way>();
  const offer = (way: Way): void => {
    const key = ids.id(way.state);
    const known = next.get(key);
    if (!known || way.cost < known.cost) next.set(key, way);
  };
  // Consecutive paragraphs of one style share one directive line (grammar §7).
  const alike = (block: ParagraphBlock, other: ParagraphBlock | undefined): boolean =>
    other !== undefined && ids.id(other.style) === ids.id(block.style);
  all.forEach((block, index) => {
    next = new Map<number, Way>();
    const cell = gfmCells.get(block);
    // A GFM table moves the state to its style or leaves it, decided at its first cell (movesState).
    const first = cell !== undefined && columnMajor(cell.table).next().value?.blocks[0] === block;
    const canOwn =
      !block.code &&
      !block.rule &&
      !block.html &&
      block.item === undefined &&
      !cell &&
      !alike(block, all[index - 1]) &&
      !alike(block, all[index + 1]);
    for (const way of ways.values()) {
      const { state } = way;
      if (cell) {
        const moves = first && movesState(cell.table, cell.style, state, true);
        const under = moves ? moved(state, cell.style) : state;
        // The directive line to the table's style, and the cell's own directive from the state.
        const line = moves && !fits(cell.style, state) ? cost(state, cell.style) + 4 : 0;
        const own = fits(block.style, under) ? 0 : cost(under, block.style) + 3;
        offer({ cost: way.cost + line + own, state: under, prev: way, local: false });
        continue;
      }
      const target = block.style;
      if (fits(target, state)) {
        offer({ cost: way.cost, state: moved(state, target), prev: way, local: false });
        continue;
      }
      const change = cost(state, target);
      if (canOwn)
        offer({ cost: way.cost + change + (isEmpty(block) ? 2 : 3), state, prev: way, local: true });
      offer({ cost: way.cost + change + 4, state: moved(state, target), prev: way, local: false });
    }
    // A way far longer than the shortest one no longer pays off: dropping it keeps the search
    // linear in a text whose paragraphs have hundreds of styles.
    let least = Number.POSITIVE_INFINITY;
    for (const way of next.values()) least = Math.min(least, way.cost);
    for (const [key, way] of next) if (way.cost > least + SLACK) next.delete(key);
    ways = next;
  });
  let best: Way | undefined;
  for (const way of ways.values()) if (!best || way.cost < best.cost) best = way;
  const out = new Set<ParagraphBlock>();
  const path: Way[] = [];
  for (let way: Way | null | undefined = best; way?.prev; way = way.prev) path.push(way);
  path.reverse();
  path.forEach((way, index) => {
    const block = all[index]!;
    if (way.local) out.add(block);
    if (headingStates && isHeading(block.style)) headingStates.set(block, way.prev!.state);
  });
  return out;
}

/** A lone empty paragraph of a cell, written as its directive at most (see `Writer.cell`). */
function emptyCellParagraph(cell: TableCell): ParagraphBlock | undefined {
  const only = cell.blocks.length === 1 ? cell.blocks[0]! : undefined;
  return only && !only.list && isEmpty(only) ? only : undefined;
}

/**
 * The style a GFM table starts in when it can be GFM (every cell one paragraph, without list or
 * line break; a heading cell says `{!Heading N}` in its own directive, a merged cell says its merge in its own directive): the style of
 * the most cells (the first such cell's on a tie); a cell of another style says so at its start.
 * Undefined: the `{!table}` form.
 */
function gfmStyle(table: TableBlock): ParagraphStyle | undefined {
  const plain = table.rows.every((row) =>
    row.every(
      (cell) =>
        cell.blocks.length === 1 &&
        !cell.blocks[0]!.list &&
        !cell.blocks[0]!.code &&
        !cell.blocks[0]!.html &&
        !cell.blocks[0]!.inlines.some((inline) => inline.type === 'break' || splitsGfmCell(inline)),
    ),
  );
  return plain ? commonStyle(table, 1) : undefined;
}

/** The places where the writer sets the state, in the order it visits them. */
function units(
  blocks: readonly Block[],
  tables: boolean,
  local: Set<ParagraphBlock>,
  governed: ReadonlySet<ParagraphBlock>,
  out: PlanUnit[] = [],
): PlanUnit[] {
  for (const block of blocks) {
    if (block.type === 'paragraph') {
      if (!local.has(block) && !governed.has(block))
        out.push(unitOf(block, block.style, [runStyles(block.inlines)]));
      continue;
    }
    if (!tables) continue;
    const style = gfmStyle(block);
    if (style) {
      out.push(
        unitOf(
          block,
          style,
          block.rows.flat().map((cell) => runStyles(cell.blocks[0]!.inlines)),
        ),
      );
      continue;
    }
    const start = tableStyle(block);
    if (start) out.push(unitOf(block, start, tableRuns(block)));
    for (const cell of columnMajor(block)) units(cell.blocks, false, local, governed, out);
  }
  return out;
}

function unitOf(key: object, style: ParagraphStyle, runs: Array<Array<TextStyle | null>>): PlanUnit {
  return { key, named: isHeading(style) ? null : style.namedStyle, paragraph: paragraphDelta(style), runs };
}

/** Phrasing written as a paragraph (or a heading) of its own. */
function paragraphText(children: PhrasingContent[], heading: boolean): string {
  return stringifyTree({
    type: 'root',
    children: [heading ? { type: 'heading', depth: 1, children } : { type: 'paragraph', children }],
  });
}

const references = (text: string): number => text.split('&#').length - 1;

/** A code block paragraph as a fence: its lines are the texts between its breaks. */
function codeNode(block: ParagraphBlock): Code {
  let value = '';
  for (const inline of block.inlines)
    value += inline.type === 'break' ? '\n' : inline.type === 'text' ? inline.text : '';
  const info = block.code?.info ?? '';
  const space = info.indexOf(' ');
  return {
    type: 'code',
    lang: info ? (space < 0 ? info : info.slice(0, space)) : null,
    meta: space < 0 ? null : info.slice(space + 1),
    value,
  };
}

/** An HTML block paragraph as its source: the lines are the texts between its breaks. */
function htmlNode(block: ParagraphBlock): Html {
  let value = '';
  for (const inline of block.inlines)
    value += inline.type === 'break' ? '\n' : inline.type === 'text' ? inline.text : '';
  return { type: 'html', value };
}

/** A paragraph's inlines, relative to the state, as phrasing with `options`' delimiters. */
function phrasingOf(
  relative: readonly WriteInline[],
  kind: 'paragraph' | 'heading' | 'cell',
  options: DelimiterOptions,
): PhrasingContent[] {
  return kind === 'cell'
    ? protectLineEdges(inlinesToPhrasing(relative, 0, options))
    : paragraphPhrasing(relative, kind === 'heading', options);
}

/** Walks the blocks in document order, carrying the state the reader will carry. */
class Writer {
  state: WriterState = freshWriterState();
  /** How many block quotes the blocks being written are inside. */
  private depth = 0;

  constructor(
    public plan: Map<object, StateText>,
    public local: Set<ParagraphBlock>,
    public headings: HeadingPlan,
  ) {}

  /** `chunks`: where each top-level piece went (see TreeChunk), for the blocks of the root. */
  blocks(blocks: readonly Block[], tables: boolean, chunks?: TreeChunk[]): RootContent[] {
    const out: RootContent[] = [];
    let index = 0;
    while (index < blocks.length) {
      const from = out.length;
      const state = chunks ? copyState(this.state) : undefined;
      const next = this.block(blocks, tables, out, index);
      chunks?.push({ firstBlock: index, endBlock: next, from, to: out.length, state: state! });
      index = next;
    }
    return out;
  }

  /** Appends the block at `index` (with the rest of its list) to `out`; the index after it. */
  private block(blocks: readonly Block[], tables: boolean, out: RootContent[], at: number): number {
    let index = at;
    const block = blocks[index]!;
    if (block.type === 'table') {
      if (tables) out.push(...this.table(block));
      return index + 1;
    }
    if ((block.quote?.length ?? 0) > this.depth) {
      // The quote this block opens (or continues), with every block after it that continues it.
      let end = index + 1;
      while (end < blocks.length && continuesQuote(blocks[end]!, this.depth)) end++;
      this.depth++;
      const children = this.blocks(blocks.slice(index, end), false) as Blockquote['children'];
      this.depth--;
      out.push({ type: 'blockquote', children });
      return end;
    }
    if (!block.list) {
      out.push(...this.paragraph(block));
      return index + 1;
    }
    const key = block.list.key;
    const items: ParagraphBlock[] = [];
    // The deepest level an item is open at: a further block (model.ts `item`) continues one of those.
    let open = -1;
    while (index < blocks.length) {
      const next = blocks[index]!;
      if (next.type !== 'paragraph') break;
      if (next.list) {
        if (next.list.key !== key || next.quote !== block.quote) break;
        open = next.list.level;
      } else if (
        next.item === undefined ||
        next.item > open ||
        !(next.quote ?? '').startsWith(block.quote ?? '')
      ) {
        break;
      } else open = next.item;
      items.push(next);
      index++;
    }
    let start = 0;
    while (start < items.length) {
      // The first item's directive stands before the list.
      const lead = this.enter(items[start]!);
      if (lead) out.push(lead);
      const { list, next } = this.list(items, start, 0);
      out.push(list);
      start = next;
    }
    return index;
  }

  /** The directive that brings the state to what `block` needs, or null when it has it already. */
  private enter(block: ParagraphBlock): MebdfDirective | null {
    const set = this.headings.sets.get(block);
    if (set) {
      // The heading state of its level, set right before the heading (grammar §7).
      const level = headingLevelOf(block);
      const props = headingStateProps(level, set);
      const now = this.state.headings[level - 1];
      if (now && headingStateProps(level, now) === props) return null;
      const headings = [...this.state.headings];
      headings[level - 1] = set;
      this.state.headings = headings;
      return directive(props);
    }
    if (this.underHeadingState(block)) return null;
    if (this.local.has(block)) return null;
    const target: Target = {
      named: isHeading(block.style) ? null : block.style.namedStyle,
      paragraph: paragraphDelta(block.style),
      // The state's text values do not reach into code or an HTML block (grammar §4): they leave them be.
      text:
        block.code || block.html || block.rule
          ? this.state.text
          : (this.plan.get(block) ?? chooseText(this.state.text, [runStyles(block.inlines)])),
    };
    const props = transition(this.state, target);
    return props === null ? null : directive(props);
  }

  /** The heading state a Markdown heading is written under, if its level has one. */
  private underHeadingState(block: ParagraphBlock): HeadingStyle | undefined {
    return isHeading(block.style) ? this.state.headings[headingLevelOf(block) - 1] : undefined;
  }

  /** The inlines of a paragraph relative to the state. */
  private relative(inlines: readonly Inline[]): WriteInline[] {
    const text = this.state.text;
    // A state without text properties leaves every style as it is: no copies.
    if (STATE_TEXT_PROPS.every((prop) => text[prop] === undefined)) return inlines as WriteInline[];
    return inlines.map((inline) =>
      inline.type === 'text' ? { ...inline, style: relativeStyle(inline.style, this.state.text) } : inline,
    );
  }

  /** A paragraph as flow nodes: `[directive?, heading | paragraph | {!}]`. */
  private paragraph(block: ParagraphBlock): RootContent[] {
    const lead = this.enter(block);
    let content: RootContent;
    if (isHeading(block.style)) {
      const depth = Number(block.style.namedStyle.slice(-1)) as 1 | 2 | 3 | 4 | 5 | 6;
      content = { type: 'heading', depth, children: this.ownStyle(block, 'heading') };
    } else if (block.code) {
      content = codeNode(block);
    } else if (block.rule) {
      // In a list item `---` (or `***` after a `*`) would make the whole line a rule of its own.
      content = block.list ? { type: 'mebdfRaw', value: '___' } : { type: 'thematicBreak' };
    } else if (block.html) {
      content = htmlNode(block);
    } else if (block.inlines.length === 0) {
      content = this.empty(block);
    } else {
      content = { type: 'paragraph', children: this.ownStyle(block, 'paragraph') };
    }
    return lead ? [lead, content] : [content];
  }

  /**
   * A paragraph's phrasing, opened by its own directive where it is local or a GFM cell and its
   * style is not the state's (after a heading's anchor: `## {^ h.x}{!space-after:4pt}Title`). That
   * directive may also carry text values the runs share, which then need no span.
   */
  private ownStyle(block: ParagraphBlock, kind: 'paragraph' | 'heading' | 'cell'): PhrasingContent[] {
    const heading = kind === 'heading' ? this.underHeadingState(block) : undefined;
    const outer = this.state;
    // A heading under its level's heading state starts from that, not from the block state.
    this.state = heading ? underHeadingState(outer, heading) : copyState(outer);
    const own = transition(this.state, {
      // A heading in a GFM cell is no Markdown heading: its own directive names its style.
      named: isHeading(block.style) && kind !== 'cell' ? null : block.style.namedStyle,
      paragraph: paragraphDelta(block.style),
      text: chooseText(this.state.text, [runStyles(block.inlines)]),
    });
    const children = this.phrasing(block.inlines, kind);
    this.state = outer;
    if (own === null) return children;
    const at = kind === 'heading' && children[0]?.type === 'mebdfAnchor' ? 1 : 0;
    return [...children.slice(0, at), { type: 'mebdfRaw', value: `{!${own}}` }, ...children.slice(at)];
  }

  /**
   * A paragraph's phrasing under the state. `**`, `*`, `~~` are tried with punctuation just inside
   * them too (`**Lead:**`), kept where the paragraph reads back as the same inlines as plainly as
   * with spans, and written as spans where it does not.
   */
  private phrasing(inlines: readonly Inline[], kind: 'paragraph' | 'heading' | 'cell'): PhrasingContent[] {
    const relative = this.relative(inlines);
    const options: DelimiterOptions = { relaxed: true, relaxedUsed: 0 };
    const relaxed = phrasingOf(relative, kind, options);
    if (options.relaxedUsed === 0) return relaxed;
    const strict = phrasingOf(relative, kind, { relaxed: false, relaxedUsed: 0 });
    // The serialiser may make delimiters read back by writing a neighbour as a character
    // reference (`&#x61;**.b**`): that is no gain over the span. Text without references has
    // no more than any other, so the strict text is written only to count them where there are.
    const heading = kind === 'heading';
    const text = paragraphText(relaxed, heading);
    const used = references(text);
    const fits =
      (used === 0 || used <= references(paragraphText(strict, heading))) && readsBack(text, relative);
    return fits ? relaxed : strict;
  }

  /** `{!}` (`{!empty}` spelt short), or `{!empty, …}` with the paragraph's own style where it is not the state's. */
  private empty(block: ParagraphBlock): MebdfDirective {
    const own = emptyParagraphProps(this.state, block.style);
    return directive(own.length === 0 ? '' : ['empty', ...own].join(', '));
  }

  /**
   * The list at `level` from `items[start]` on. An item deeper than the level below it gets an
   * item with no paragraph of its own to hang from (`- - text`), which reads back as no paragraph.
   */
  private list(items: readonly ParagraphBlock[], start: number, level: number): { list: List; next: number } {
    const list: List = { type: 'list', ordered: false, spread: false, children: [] };
    let kind: ListKind | undefined;
    let index = start;
    while (index < items.length) {
      const membership = items[index]!.list;
      // A further block of an item above this list ends it (a further block here is the item's).
      if (!membership || membership.level < level) break;
      let item: ListItem;
      if (membership.level === level) {
        if (kind !== undefined && isOrdered(kind) !== isOrdered(membership.kind)) break;
        kind ??= membership.kind;
        item = {
          type: 'listItem',
          spread: false,
          children: this.paragraph(items[index]!) as ListItem['children'],
        };
        if (membership.kind === 'checkbox') {
          // GFM reads a checkbox only before text on the same line. When the item starts with a
          // directive, `[ ]` stands alone on the item's first line (written verbatim) and the reader recognises it there.
          if (item.children[0]?.type === 'paragraph') item.checked = false;
          else item.children.unshift({ type: 'mebdfRaw', value: '[ ]' });
        }
        index++;
      } else {
        item = { type: 'listItem', spread: false, children: [] };
      }
      for (;;) {
        const further = this.further(items, index, level);
        if (further.next > index) {
          item.children.push(...further.children);
          index = further.next;
          // Markdown tells an item's further blocks from the next item by blank lines: a loose list.
          list.spread = true;
          item.spread = true;
          continue;
        }
        if (index < items.length && (items[index]!.list?.level ?? -1) > level) {
          const nested = this.list(items, index, level + 1);
          item.children.push(nested.list);
          index = nested.next;
          continue;
        }
        break;
      }
      list.children.push(item);
      if (index === start) break;
    }
    list.ordered = kind !== undefined && isOrdered(kind);
    if (list.ordered) list.start = 1;
    return { list, next: index };
  }

  /** The further blocks of the item at `level` (model.ts `item`) from `items[start]` on, as flow. */
  private further(
    items: readonly ParagraphBlock[],
    start: number,
    level: number,
  ): { children: ListItem['children']; next: number } {
    let next = start;
    while (next < items.length && items[next]!.item === level) next++;
    if (next === start) return { children: [], next };
    return { children: this.blocks(items.slice(start, next), false) as ListItem['children'], next };
  }

  /** The paragraph style the state gives a paragraph. */
  private styleOfState(): ParagraphStyle {
    return { namedStyle: this.state.named, ...this.state.paragraph };
  }

  private table(table: TableBlock): RootContent[] {
    const style = gfmStyle(table);
    return style ? this.gfmTable(table, style) : this.directiveTable(table);
  }

  /** Every cell is one paragraph of `style`: the state takes that style before the table. */
  private gfmTable(table: TableBlock, style: ParagraphStyle): RootContent[] {
    const out: RootContent[] = [];
    const props = !movesState(table, style, this.styleOfState(), true)
      ? null
      : transition(this.state, {
          named: style.namedStyle,
          paragraph: paragraphDelta(style),
          text:
            this.plan.get(table) ??
            chooseText(
              this.state.text,
              table.rows.flat().map((cell) => runStyles(cell.blocks[0]!.inlines)),
            ),
        });
    if (props !== null) out.push(directive(props));
    const rows: TableRow[] = table.rows.map((row) => ({
      type: 'tableRow',
      children: row.map((cell): MdastTableCell => {
        const block = cell.blocks[0]!;
        // A cell of another style than the table's opens with its own directive (grammar §2),
        // a merged cell with its merge first in it.
        const children = this.ownStyle(block, 'cell');
        const merge = [
          ...(cell.colSpan ? [`colspan:${cell.colSpan}`] : []),
          ...(cell.rowSpan ? [`rowspan:${cell.rowSpan}`] : []),
        ].join(', ');
        if (merge === '') return { type: 'tableCell', children };
        const first = children[0];
        if (first?.type === 'mebdfRaw' && first.value.startsWith('{!'))
          children[0] = { type: 'mebdfRaw', value: `{!${merge}, ${first.value.slice(2)}` };
        else children.unshift({ type: 'mebdfRaw', value: `{!${merge}}` });
        return { type: 'tableCell', children };
      }),
    }));
    out.push({ type: 'table', align: table.rows[0]!.map(() => null), children: rows });
    return out;
  }

  /**
   * The `{!table}` form. The state first moves to the style most cells start with; each cell then
   * starts in the state the cell above it ended in (the first row: the table's), so a column of
   * one style says it once, and after the table the state is the table's again.
   */
  private directiveTable(table: TableBlock): RootContent[] {
    const out: RootContent[] = [];
    const style = tableStyle(table);
    if (style && movesState(table, style, this.styleOfState(), false)) {
      const props = transition(this.state, {
        named: style.namedStyle,
        paragraph: paragraphDelta(style),
        text: this.plan.get(table) ?? chooseText(this.state.text, tableRuns(table)),
      });
      if (props !== null) out.push(directive(props));
    }
    out.push(directive('table'));
    const start = copyState(this.state);
    const columns: WriterState[] = [];
    for (const row of table.rows) {
      out.push(directive('row'));
      // Cells with nothing written in them, not yet written: one `{!cells:N}` for two or more.
      let bare = 0;
      const flush = (): void => {
        if (bare > 0) out.push(directive(bare === 1 ? 'cell' : `cells:${bare}`));
        bare = 0;
      };
      row.forEach((cell, column) => {
        const props = ['cell'];
        if (cell.colSpan) props.push(`colspan:${cell.colSpan}`);
        if (cell.rowSpan) props.push(`rowspan:${cell.rowSpan}`);
        this.state = copyState(columns[column] ?? start);
        const content = this.cell(cell);
        columns[column] = copyState(this.state);
        if (props.length === 1 && content.length === 0) {
          bare++;
          return;
        }
        flush();
        out.push(directive(props.join(', ')), ...content);
      });
      flush();
    }
    out.push(directive('end-table'));
    this.state = start;
    return out;
  }

  /**
   * A cell's content. A cell with nothing written in it holds one empty paragraph in the state
   * where it ends, so a lone empty paragraph in the state's style is not written at all.
   */
  private cell(cell: TableCell): RootContent[] {
    const only = emptyCellParagraph(cell);
    if (only) {
      const lead = this.enter(only);
      if (lead) return [lead];
      return emptyParagraphProps(this.state, only.style).length === 0 ? [] : [this.empty(only)];
    }
    return this.blocks(cell.blocks, false);
  }
}
