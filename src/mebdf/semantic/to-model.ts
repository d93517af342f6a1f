/**
 * The semantic layer, read direction: mdast (as parsed by `tree.ts`) -> the MEBDF block model.
 *
 * Walks the tree once, in document order, carrying the block-directive state (named style,
 * paragraph properties, text properties) and collecting every problem as a diagnostic instead of
 * stopping at the first. Each node is visited once and runs are merged as they are appended, so
 * the work is linear in the size of the tree.
 */
import type {
  Code,
  Definition,
  FootnoteDefinition,
  Heading,
  Html,
  List,
  ListItem,
  TableCell as MdastTableCell,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
} from 'mdast';
import type { MebdfDiagnostic } from '../../errors.js';
import { parseAnchorContent } from '../mdast/anchor-content.js';
import type { MebdfDirective, MebdfInvalid } from '../mdast/nodes.js';
import {
  type Block,
  EMBED_KINDS,
  type EmbedKind,
  fetchableImageUrl,
  type ImageMark,
  type Inline,
  type ListKind,
  type ListMembership,
  MAX_IMAGE_TITLE,
  type MebdfDocument,
  type NamedStyleType,
  type ParagraphBlock,
  type ParagraphStyle,
  type TableCell,
  type TextStyle,
} from '../model.js';
import {
  type Directive,
  interpretDirectiveProps,
  interpretSpanProps,
  MONO_FONT,
  type ParagraphDelta,
  type PropProblem,
} from '../props.js';
import {
  definitionListProblem,
  expandStyleNames,
  problemsAt,
  reservedStyleName,
  type StyleDefinition,
  type StyleNames,
  styleDefinition,
} from '../style-names.js';
import { closest } from '../suggest.js';
import { embedLineGroups, joinedSentenceLines } from './paragraph-lines.js';
import { applyTextDelta, sameTextStyle } from './style.js';

export interface BlockState {
  named: NamedStyleType;
  paragraph: ParagraphDelta;
  text: TextStyle;
  /**
   * The heading state of each level (`headings[n - 1]`, set by `{!# …}` … `{!###### …}`): what a
   * Markdown heading of that level takes instead of `paragraph` and `text`. Undefined: none yet,
   * the heading takes the state's.
   */
  headings: ReadonlyArray<HeadingState | undefined>;
  /**
   * The style names defined so far (`{!s1 = …}`, grammar §2): only read where a text starts in a
   * state (an incremental parse); the reader keeps them apart from the state, which directives,
   * cells and footnotes reset, since a name holds from its definition to the end of the text.
   */
  names?: StyleNames;
}

interface HeadingState {
  paragraph: ParagraphDelta;
  text: TextStyle;
}

interface TableBuild {
  rows: TableCell[][];
  cell: TableCell | undefined;
  node: Nodes;
  /** The state at `{!table}`: each column's first cell starts in it, and the text after the table. */
  start: BlockState;
  /** The state each column's last cell so far ended in: the cell below starts in it. */
  columns: BlockState[];
}

/** Where the paragraphs of the flow being walked go, and what they are part of. */
interface FlowContext {
  sink: Block[];
  list?: ListMembership;
  /** False inside list items, block quotes and footnotes, where a table cannot appear. */
  tables: boolean;
  /** The block quotes the flow is in, outermost first, each by its number in the text. */
  quote?: number[];
  /** The level of the list item whose further blocks the flow is (model.ts `item`). */
  item?: number;
}

const MAX_LIST_LEVEL = 8;

/**
 * `source` (the parsed text) lets a diagnostic quote the offending line where no token names it.
 * `start`: the block state the text starts in (a fresh one unless it is the part of a longer text
 * after blocks that left another, mebdf/incremental.ts).
 */
export function treeToModel(
  tree: Root,
  source = '',
  start?: BlockState,
): { document: MebdfDocument; diagnostics: MebdfDiagnostic[] } {
  const reader = new Reader(tree, source);
  if (start) reader.startIn(start);
  return reader.read();
}

/**
 * A list item's first paragraph that is exactly `[ ]`, `[x]` or `[X]` as written (not escaped): GFM
 * only reads a checkbox that has text after it on the same line, so a checkbox item whose paragraph
 * needs a block directive is written `- [ ]` with the directive and paragraph on the next lines.
 */
/** A task item: GFM's `checked`, or a bare `[ ]` line before the item's paragraph. */
function isCheckboxItem(item: ListItem): boolean {
  return typeof item.checked === 'boolean' || (item.children.length > 1 && isBareCheckbox(item.children[0]!));
}

function isBareCheckbox(node: RootContent): boolean {
  if (node.type !== 'paragraph' || node.children.length !== 1) return false;
  const text = node.children[0]!;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return (
    text.type === 'text' &&
    /^\[[ xX]\]$/.test(text.value) &&
    start !== undefined &&
    end !== undefined &&
    end - start === 3
  );
}

/** The style of raw inline HTML: the text's, but never the mono font (a code span cannot hold HTML). */
function htmlStyle(style: TextStyle): TextStyle {
  const out: TextStyle = { ...style, html: true };
  if (out.font === MONO_FONT) delete out.font;
  return out;
}

function freshState(): BlockState {
  return { named: 'NORMAL_TEXT', paragraph: {}, text: {}, headings: [] };
}

function copyState(state: BlockState): BlockState {
  return {
    named: state.named,
    paragraph: { ...state.paragraph },
    text: { ...state.text },
    headings: state.headings,
  };
}

class Reader {
  private readonly diagnostics: MebdfDiagnostic[] = [];
  private readonly definitions = new Map<string, Definition>();
  private readonly footnoteDefinitions = new Map<string, FootnoteDefinition>();
  /** Footnote identifier -> the label the model uses, in order of first reference. */
  private readonly footnoteLabels = new Map<string, string>();
  private state: BlockState = freshState();
  private table: TableBuild | undefined;
  /** Set while the paragraph of a GFM table cell is read (what a `|` cut short is said so). */
  private inGfmCell = false;
  private listCount = 0;
  private quoteCount = 0;
  /** The block quotes each quoted paragraph is in (see FlowContext.quote), made `quote` at the end. */
  private readonly quotePaths = new Map<ParagraphBlock, number[]>();
  /**
   * Paragraph properties written inside inline spans of the paragraph being read
   * (`{!align:center}text{/!}`): the paragraph takes them, as MEBDF's first definition says.
   */
  private paragraphFromSpans: ParagraphDelta = {};
  /** The style names defined so far, in text order (grammar §2 "Style names"). */
  private names = new Map<string, string>();

  constructor(
    private readonly tree: Root,
    private readonly source: string,
  ) {}

  startIn(state: BlockState): void {
    this.state = copyState(state);
    if (state.names) this.names = new Map(Object.entries(state.names));
  }

  /** `interpretDirectiveProps` of `raw` with the style names in it expanded (after a heading state's `#`s too). */
  private directiveProps(raw: string): ReturnType<typeof interpretDirectiveProps> {
    const hashes = /^\s*#+\s+/.exec(raw)?.[0] ?? '';
    const expanded = expandStyleNames(raw.slice(hashes.length), this.names);
    const { directive, problems } = interpretDirectiveProps(hashes + expanded.raw);
    const at = (offset: number) =>
      offset < hashes.length ? offset : hashes.length + expanded.at(offset - hashes.length);
    return { directive, problems: problemsAt(problems, at) };
  }

  /** `interpretSpanProps` of `raw` with the style names in it expanded. */
  private spanProps(raw: string): ReturnType<typeof interpretSpanProps> {
    const expanded = expandStyleNames(raw, this.names);
    const props = interpretSpanProps(expanded.raw);
    problemsAt(props.problems, expanded.at);
    return props;
  }

  /**
   * `{!name = list}`: names `list` from here to the end of the text. The list is checked as a
   * block directive's; a name that is a property, or a list that is structure, is an error.
   */
  private defineStyle(node: MebdfDirective, definition: StyleDefinition): void {
    const { name, list, listOffset } = definition;
    const source = `{!${node.props}}`;
    const reserved = reservedStyleName(name);
    const wrong = reserved ?? definitionListProblem(list);
    if (wrong !== undefined) {
      // A reserved name is pointed at; a list that cannot be named, with the whole line.
      const at = reserved
        ? { text: name, column: 2 + node.props.indexOf(name) }
        : { text: source, column: 0 };
      const fix = reserved
        ? 'choose a name that is no property, such as `s1`'
        : 'list paragraph and text properties after `=`, e.g. `{!s1 = size:14pt}`';
      this.report(node, at.text, wrong, fix, at.column);
      return;
    }
    // Names used in the list stand for their lists: the new name holds the expansion.
    const expanded = expandStyleNames(list, this.names);
    const { directive, problems } = interpretDirectiveProps(expanded.raw);
    for (const problem of problemsAt(problems, expanded.at)) problem.offset += listOffset;
    this.reportProps(node, problems);
    if (directive.kind !== 'state') return;
    this.names.set(name, expanded.raw);
  }

  read(): { document: MebdfDocument; diagnostics: MebdfDiagnostic[] } {
    this.collectDefinitions(this.tree);
    const blocks: Block[] = [];
    this.flow(this.tree.children, { sink: blocks, tables: true });
    markQuotes(blocks, this.quotePaths);
    if (this.table) {
      this.report(
        this.table.node,
        '{!table}',
        'a `{!table}` is never closed',
        'end the table with `{!end-table}`',
      );
      this.table = undefined;
    }
    const footnotes: Record<string, ParagraphBlock[]> = {};
    // References inside footnotes may add labels while we iterate: Map iteration sees them.
    for (const [identifier, label] of this.footnoteLabels) {
      const definition = this.footnoteDefinitions.get(identifier)!;
      const sink: Block[] = [];
      this.state = freshState();
      this.flow(definition.children, { sink, tables: false });
      markQuotes(sink, this.quotePaths);
      footnotes[label] = sink as ParagraphBlock[];
    }
    for (const [identifier, definition] of this.footnoteDefinitions) {
      if (!this.footnoteLabels.has(identifier)) {
        this.report(
          definition,
          `[^${definition.label ?? identifier}]:`,
          `footnote [^${definition.label ?? identifier}] is defined but never referenced`,
          'reference it in the text with `[^label]` or remove the definition',
        );
      }
    }
    this.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    return { document: { blocks, footnotes }, diagnostics: this.diagnostics };
  }

  /** Link and footnote definitions may sit anywhere (even inside a list or a block quote). */
  private collectDefinitions(node: Nodes): void {
    if (node.type === 'definition' && !this.definitions.has(node.identifier))
      this.definitions.set(node.identifier, node);
    if (node.type === 'footnoteDefinition' && !this.footnoteDefinitions.has(node.identifier)) {
      this.footnoteDefinitions.set(node.identifier, node);
    }
    if ('children' in node) for (const child of node.children) this.collectDefinitions(child);
  }

  // --- diagnostics -------------------------------------------------------------------------

  private report(
    node: Nodes,
    text: string,
    message: string,
    suggestion?: string,
    columnOffset = 0,
    severity?: 'warning',
  ): void {
    const start = node.position?.start ?? { line: 1, column: 1 };
    if (text === '' && start.offset !== undefined) {
      // Quote the start of the offending line (at most 40 characters).
      const rest = this.source.slice(start.offset);
      text = rest.slice(0, Math.min(rest.search(/\r?\n|\r|$/), 40));
    }
    const diagnostic: MebdfDiagnostic = {
      line: start.line,
      column: start.column + columnOffset,
      text,
      message,
    };
    if (suggestion !== undefined) diagnostic.suggestion = suggestion;
    if (severity !== undefined) diagnostic.severity = severity;
    this.diagnostics.push(diagnostic);
  }

  /** Problems inside `{!…}`: columns point at the offending property (after the `{!`). */
  /** Two complete sentences on consecutive lines are one paragraph, which is rarely what was meant. */
  private warnJoinedSentences(node: Nodes): void {
    const start = node.position?.start;
    const end = node.position?.end.offset;
    if (start?.offset === undefined || end === undefined) return;
    const lines = this.source.slice(start.offset, end).split(/\r\n|\r|\n/);
    for (const i of joinedSentenceLines(lines.join('\n'))) {
      const line = lines[i]!;
      const indent = line.length - line.trimStart().length;
      this.diagnostics.push({
        line: start.line + i,
        column: 1 + indent,
        text: line.trim().slice(0, 40),
        message:
          'a single newline joins this line to the one above into one paragraph, though each reads as a complete sentence',
        suggestion: 'leave a blank line before it for a new paragraph, or join the two lines on one line',
        severity: 'warning',
      });
    }
  }

  private reportProps(node: Nodes, problems: PropProblem[]): void {
    for (const problem of problems) {
      const suggestion = problem.fix === undefined ? problem.advice : `did you mean \`${problem.fix}\`?`;
      this.report(node, problem.text, problem.message, suggestion, 2 + problem.offset, problem.severity);
    }
  }

  // --- flow ----------------------------------------------------------------------------------

  private flow(nodes: readonly RootContent[], context: FlowContext): void {
    for (const node of nodes) this.flowNode(node, context);
  }

  private flowNode(node: RootContent, context: FlowContext): void {
    switch (node.type) {
      case 'paragraph':
        // Outside lists only: there a line of its own would be a new item, not a new paragraph.
        if (!context.list) this.warnJoinedSentences(node);
        // A line holding only an embed is a paragraph of its own.
        for (const group of context.list ? [node.children] : embedLineGroups(node.children))
          this.emit(this.paragraph(this.state.named, group, context.list), node, context);
        return;
      case 'heading':
        this.emit(this.heading(node, context.list), node, context);
        return;
      case 'mebdfDirective':
        this.directive(node, context);
        return;
      case 'list':
        this.list(node, context, 0, undefined);
        return;
      case 'table':
        this.gfmTable(node, context);
        return;
      case 'code':
        this.emit(this.codeBlock(node, context.list), node, context);
        return;
      case 'definition':
      case 'footnoteDefinition':
        return;
      case 'html':
        this.emit(this.htmlBlock(node, context.list), node, context);
        return;
      case 'blockquote':
        this.blockquote(node, context);
        return;
      case 'thematicBreak':
        this.emit(this.rule(context.list), node, context);
        return;
      default:
        this.report(node, node.type, `\`${node.type}\` is not allowed here`);
    }
  }

  private block(named: NamedStyleType, inlines: Inline[], list: ListMembership | undefined): ParagraphBlock {
    const style: ParagraphStyle = { namedStyle: named, ...this.state.paragraph };
    const block: ParagraphBlock = { type: 'paragraph', style, inlines };
    if (list) block.list = { ...list };
    return block;
  }

  /**
   * A paragraph (or heading, or GFM cell). A `{!…}` that opens it (after its anchor, if any) and
   * that no `{/!}` closes is the paragraph's own block directive (`{!align:center}Total`): it
   * changes the state for this paragraph alone. One literal space after it is a separator, as
   * after a heading's anchor.
   */
  private paragraph(
    named: NamedStyleType,
    children: PhrasingContent[],
    list?: ListMembership,
  ): ParagraphBlock {
    const at = children[0]?.type === 'mebdfAnchor' ? 1 : 0;
    const opener = children[at];
    if (
      opener?.type !== 'mebdfInvalid' ||
      opener.reason !== 'unclosed' ||
      /^\{!\s*\/\s*\}$/.test(opener.value)
    )
      return this.readParagraph(named, children, list);
    const { directive, problems } = this.directiveProps(opener.value.slice(2, -1));
    this.reportProps(opener, problems);
    const before = children.slice(0, at);
    const after = this.withoutSeparator(children.slice(at + 1));
    if (directive.kind !== 'state') {
      this.report(
        opener,
        opener.value,
        `\`${opener.value}\` cannot open a paragraph`,
        'a paragraph takes a style, paragraph and text properties; write structural directives and heading states on a line of their own',
      );
      return this.readParagraph(named, [...before, ...after], list);
    }
    const outer = this.state;
    this.state = copyState(outer);
    this.applyState(directive);
    const block = this.readParagraph(
      named.startsWith('HEADING_') ? named : this.state.named,
      [...before, ...after],
      list,
    );
    this.state = outer;
    return block;
  }

  /**
   * A GFM cell's merge: `colspan:N` and `rowspan:N` first in its own directive
   * (`| {!colspan:2, align:center}Total | |`), taken out of it; what is left of the directive
   * styles the cell's paragraph as any own directive does.
   */
  private cellSpans(children: PhrasingContent[]): {
    children: PhrasingContent[];
    colSpan: number;
    rowSpan: number;
  } {
    const opener = children[0];
    const none = { children, colSpan: 1, rowSpan: 1 };
    if (opener?.type !== 'mebdfInvalid' || opener.reason !== 'unclosed') return none;
    const items = opener.value.slice(2, -1).split(',');
    let colSpan = 1;
    let rowSpan = 1;
    let taken = 0;
    for (const item of items) {
      const match = /^\s*(colspan|rowspan)\s*:\s*([1-9]\d*)\s*$/.exec(item);
      if (!match) break;
      if (match[1] === 'colspan') colSpan = Number(match[2]);
      else rowSpan = Number(match[2]);
      taken++;
    }
    if (taken === 0) return none;
    const rest = items.slice(taken).join(',');
    if (rest.trim() === '') return { children: this.withoutSeparator(children.slice(1)), colSpan, rowSpan };
    // Spaces where the merge was: what is left keeps its offsets in the source, for diagnostics.
    const value = `{!${' '.repeat(items.slice(0, taken).join(',').length + 1)}${rest}}`;
    return { children: [{ ...opener, value }, ...children.slice(1)], colSpan, rowSpan };
  }

  /** Without the one literal space that separates a paragraph's own directive from its text. */
  private withoutSeparator(children: PhrasingContent[]): PhrasingContent[] {
    const [first, ...rest] = children;
    const offset = first?.position?.start.offset;
    if (
      first?.type !== 'text' ||
      offset === undefined ||
      this.source[offset] !== ' ' ||
      !first.value.startsWith(' ')
    )
      return children;
    const value = first.value.slice(1);
    return [...(value === '' ? [] : [{ ...first, value }]), ...rest];
  }

  private readParagraph(
    named: NamedStyleType,
    children: PhrasingContent[],
    list?: ListMembership,
  ): ParagraphBlock {
    const inlines: Inline[] = [];
    this.paragraphFromSpans = {};
    this.phrasing(children, this.state.text, inlines);
    const block = this.block(named, inlines, list);
    Object.assign(block.style, this.paragraphFromSpans);
    this.paragraphFromSpans = {};
    return block;
  }

  /**
   * A code block is one paragraph: its lines joined by soft breaks, all in the mono font and
   * nothing else (the state's text values do not reach into code), with its info string.
   */
  private codeBlock(node: Code, list?: ListMembership): ParagraphBlock {
    const inlines: Inline[] = [];
    node.value.split(/\r?\n/).forEach((line, index) => {
      if (index > 0) inlines.push({ type: 'break' });
      if (line) inlines.push({ type: 'text', text: line, style: { font: MONO_FONT } });
    });
    // A heading cannot be code: under a heading's state a code block is normal text.
    const named = this.state.named.startsWith('HEADING_') ? 'NORMAL_TEXT' : this.state.named;
    const block = this.block(named, inlines, list);
    block.code = { info: infoString(node.lang, node.meta) };
    return block;
  }

  /**
   * An HTML block is one paragraph, like a code block: the lines of its source joined by soft
   * breaks, unstyled (the state's text values do not reach into it), written back unescaped.
   */
  private htmlBlock(node: Html, list?: ListMembership): ParagraphBlock {
    const inlines: Inline[] = [];
    // An unclosed block that runs to the end of a list item ends with that item's line ending: not
    // part of the HTML (it would be written twice).
    const value = node.value.replace(/(?:\r\n|\r|\n)+$/, '');
    value.split(/\r\n|\r|\n/).forEach((line, index) => {
      if (index > 0) inlines.push({ type: 'break' });
      if (line) inlines.push({ type: 'text', text: line, style: {} });
    });
    const named = this.state.named.startsWith('HEADING_') ? 'NORMAL_TEXT' : this.state.named;
    const block = this.block(named, inlines, list);
    block.html = true;
    return block;
  }

  /**
   * A Markdown heading: its level's heading state, where it has one, stands in for the state's
   * properties (grammar §2); its own directive changes what it takes.
   */
  private heading(node: Heading, list?: ListMembership): ParagraphBlock {
    const named = `HEADING_${node.depth}` as NamedStyleType;
    const own = this.state.headings[node.depth - 1];
    if (!own) return this.paragraph(named, this.withoutAnchorSeparator(node), list);
    const outer = this.state;
    this.state = { ...copyState(outer), paragraph: { ...own.paragraph }, text: { ...own.text } };
    const block = this.paragraph(named, this.withoutAnchorSeparator(node), list);
    this.state = outer;
    return block;
  }

  /**
   * `## {^ id} Title`: MEBDF's first definition reads the space typed after a heading's anchor as
   * a separator, not text. Only a literal space is one; `&#x20;` there is a real space.
   */
  private withoutAnchorSeparator(node: Heading): PhrasingContent[] {
    const [first, second] = node.children;
    const offset = second?.position?.start.offset;
    if (first?.type !== 'mebdfAnchor' || second?.type !== 'text' || offset === undefined)
      return node.children;
    if (this.source[offset] !== ' ' || !second.value.startsWith(' ')) return node.children;
    const rest = second.value.slice(1);
    return [first, ...(rest === '' ? [] : [{ ...second, value: rest }]), ...node.children.slice(2)];
  }

  private emit(block: ParagraphBlock, node: Nodes, context: FlowContext): void {
    if (context.quote) this.quotePaths.set(block, context.quote);
    if (context.item !== undefined) block.item = context.item;
    this.target(node, context)?.push(block);
  }

  /**
   * A block quote: its paragraphs, lists, headings and code are blocks of their own, each marked
   * with the quotes it is in (grammar §4). A quote under a list item's first block is a further
   * block of the item; one that is the item's first block would be the bullet's paragraph, which
   * Docs cannot quote, and table cells hold no quote marks: those are refused.
   */
  private blockquote(node: Extract<RootContent, { type: 'blockquote' }>, context: FlowContext): void {
    if (context.list) {
      this.report(
        node,
        '>',
        'a block quote that starts a list item has no Google Docs equivalent: a Docs list item is one paragraph',
        'put the list inside the quote (`> - item`), or give the item a first paragraph and indent the quote under it',
      );
      return;
    }
    if (this.table && context.tables) {
      this.report(node, '>', 'a block quote cannot appear inside a table', 'write `\\>` for a literal `>`');
      return;
    }
    const inner: FlowContext = {
      sink: context.sink,
      tables: false,
      quote: [...(context.quote ?? []), ++this.quoteCount],
    };
    if (context.item !== undefined) inner.item = context.item;
    const before = this.quotePaths.size;
    const reported = this.diagnostics.length;
    this.flow(node.children, inner);
    // Its blocks are there, or what stood in for them was reported already.
    if (this.quotePaths.size > before || this.diagnostics.length > reported) return;
    // Nothing in it that Docs holds (no blocks, or only link definitions): one empty paragraph.
    this.report(
      node,
      '>',
      'an empty block quote holds one empty paragraph in Google Docs',
      undefined,
      0,
      'warning',
    );
    this.emit(this.block(this.state.named, [], undefined), node, inner);
  }

  /**
   * A thematic break is an empty paragraph drawn with a bottom border (grammar §4); like code, it
   * takes the state's style, a heading's state giving normal text.
   */
  private rule(list?: ListMembership): ParagraphBlock {
    const named = this.state.named.startsWith('HEADING_') ? 'NORMAL_TEXT' : this.state.named;
    const block = this.block(named, [], list);
    block.rule = true;
    return block;
  }

  /** Where a paragraph of this flow goes: the open `{!cell}` of a directive table, or the sink. */
  private target(node: Nodes, context: FlowContext): Block[] | undefined {
    if (!this.table || !context.tables) return context.sink;
    if (!this.table.cell) {
      this.report(
        node,
        '',
        'content inside `{!table}` must follow a `{!cell}`',
        'start the row with `{!row}` and the cell with `{!cell}`',
      );
      return undefined;
    }
    return this.table.cell.blocks;
  }

  private directive(node: MebdfDirective, context: FlowContext): void {
    const definition = styleDefinition(node.props);
    if (definition) {
      this.defineStyle(node, definition);
      return;
    }
    const { directive, problems } = this.directiveProps(node.props);
    this.reportProps(node, problems);
    const source = `{!${node.props}}`;
    switch (directive.kind) {
      case 'state':
        if (this.table && context.tables && !this.table.cell) {
          // Each cell starts in the state of the cell above it: a directive here would reach none.
          this.report(
            node,
            source,
            'a block directive inside a table must stand inside a `{!cell}`',
            'write it after the `{!cell}` whose paragraphs it styles, or before `{!table}` for the whole table',
          );
          return;
        }
        this.applyState(directive);
        return;
      case 'heading': {
        if (this.table && context.tables && !this.table.cell) {
          this.report(
            node,
            source,
            'a block directive inside a table must stand inside a `{!cell}`',
            'write it after the `{!cell}` whose headings it styles, or before `{!table}` for the whole table',
          );
          return;
        }
        // It lists every property of the level's headings: it replaces what was there.
        const headings = [...this.state.headings];
        headings[directive.level - 1] = {
          paragraph: { ...directive.paragraph },
          text: applyTextDelta({}, directive.text),
        };
        this.state.headings = headings;
        return;
      }
      case 'empty': {
        // `{!empty, …}`: the listed style is this paragraph's alone; the state stays as it was.
        const block = this.block(directive.named ?? this.state.named, [], context.list);
        if (directive.named !== undefined) block.style = { namedStyle: directive.named };
        Object.assign(block.style, directive.paragraph);
        for (const field of directive.unsetParagraph) delete block.style[field];
        this.emit(block, node, context);
        return;
      }
      case 'table':
        if (!context.tables) {
          this.report(node, source, 'a table cannot appear inside a list item, a block quote or a footnote');
        } else if (this.table) {
          this.report(node, source, 'tables cannot be nested', 'close the table with `{!end-table}` first');
        } else {
          this.table = { rows: [], cell: undefined, node, start: copyState(this.state), columns: [] };
        }
        return;
      case 'row':
        if (!this.table || !context.tables) {
          this.report(node, source, '`{!row}` outside a table', 'start the table with `{!table}`');
          return;
        }
        this.closeCell();
        this.table.rows.push([]);
        this.table.cell = undefined;
        return;
      case 'cell':
        this.openCell(node, source, context, directive.colSpan, directive.rowSpan);
        return;
      case 'cells':
        // `{!cells:N}` is N `{!cell}` lines: each cell holds what the cell above it left.
        for (let n = 0; n < directive.count; n++) if (!this.openCell(node, source, context)) return;
        return;
      case 'end-table':
        if (!this.table || !context.tables) {
          this.report(node, source, '`{!end-table}` without a `{!table}`');
          return;
        }
        this.finishTable(node, context);
        return;
    }
  }

  /** `{!cell, …}`: closes the open cell and opens the next of the row; false outside a row. */
  private openCell(
    node: MebdfDirective,
    source: string,
    context: FlowContext,
    colSpan?: number,
    rowSpan?: number,
  ): boolean {
    const row = this.table?.rows[this.table.rows.length - 1];
    if (!this.table || !context.tables || !row) {
      this.report(node, source, '`{!cell}` outside a table row', 'write `{!table}` and `{!row}` before it');
      return false;
    }
    this.closeCell();
    const cell: TableCell = { blocks: [] };
    if (colSpan !== undefined && colSpan > 1) cell.colSpan = colSpan;
    if (rowSpan !== undefined && rowSpan > 1) cell.rowSpan = rowSpan;
    // A cell starts in the state the cell above it ended in (grammar §2).
    this.state = copyState(this.table.columns[row.length] ?? this.table.start);
    row.push(cell);
    this.table.cell = cell;
    return true;
  }

  /** A block directive's change of the state: a named style resets it, then the properties. */
  private applyState(directive: Directive & { kind: 'state' }): void {
    // A named style resets the state's style, not the heading states.
    if (directive.named !== undefined)
      this.state = { named: directive.named, paragraph: {}, text: {}, headings: this.state.headings };
    this.state.paragraph = { ...this.state.paragraph, ...directive.paragraph };
    for (const field of directive.unsetParagraph) delete this.state.paragraph[field];
    this.state.text = applyTextDelta(this.state.text, directive.text);
  }

  /**
   * A cell with nothing written in it holds one empty paragraph (Docs cells always have one), in
   * the state where the cell ends: `{!cell}` `{!align:center}` `{!cell}` is a centred empty cell.
   * The state where it ends is where the cell below it starts.
   */
  private closeCell(): void {
    const table = this.table;
    const cell = table?.cell;
    if (!table || !cell) return;
    if (cell.blocks.length === 0) cell.blocks.push(this.block(this.state.named, [], undefined));
    const row = table.rows[table.rows.length - 1]!;
    table.columns[row.indexOf(cell)] = copyState(this.state);
  }

  private finishTable(node: MebdfDirective, context: FlowContext): void {
    this.closeCell();
    const table = this.table!;
    this.table = undefined;
    // Directives inside the table stay there: after it, the state is the one at `{!table}`.
    this.state = copyState(table.start);
    const width = table.rows[0]?.length ?? 0;
    if (width === 0) {
      this.report(table.node, '{!table}', 'a table needs at least one row with at least one cell');
      return;
    }
    if (table.rows.some((row) => row.length !== width)) {
      this.report(
        node,
        '{!end-table}',
        `every row of a table must have the same number of cells (the first has ${width})`,
        'cells covered by a merge are written too, as empty `{!cell}`s',
      );
      return;
    }
    for (const row of table.rows) {
      for (const cell of row)
        if (cell.blocks.length === 0) cell.blocks.push(this.block(this.state.named, [], undefined));
    }
    context.sink.push({ type: 'table', rows: table.rows });
  }

  private list(node: List, outer: FlowContext, level: number, key: string | undefined): void {
    const sink = this.target(node, outer);
    if (!sink) return;
    if (outer.item !== undefined) {
      // Under a list item only its own nested list can stand: this one is inside a quote there.
      this.report(
        node,
        '',
        'a list inside a block quote inside a list item has no Google Docs equivalent',
        'put the list directly under the item, or the quote around the whole list',
      );
      return;
    }
    const context: FlowContext = { sink, tables: false };
    if (outer.quote) context.quote = outer.quote;
    let listKey = key ?? String(++this.listCount);
    if (level > MAX_LIST_LEVEL) {
      this.report(node, '', `lists nest at most ${MAX_LIST_LEVEL + 1} levels deep`);
      return;
    }
    let checklist: boolean | undefined;
    for (const item of node.children) {
      // One level of a Docs list is a checklist or not (its glyph): where Markdown goes on from a
      // checklist item to a plain one (both `-`), Docs can only start a new list, as it does for
      // a numbered item after a bulleted one. (Nested items stay in their item's list: a new
      // list there would start with a nested item, which Docs reads as nested in the item before.)
      const checkbox = isCheckboxItem(item);
      // An item holding only a nested list has no paragraph at this level (`- - x`).
      if (item.children[0]?.type === 'list') {
        this.listItem(item, node, context, level, listKey);
        continue;
      }
      if (key === undefined && checklist !== undefined && checkbox !== checklist) {
        this.report(
          item,
          '',
          `${checkbox ? 'a checklist item' : 'an item without a checkbox'} after ${checkbox ? 'items without one' : 'checklist items'} starts a new list: one level of a Google Docs list is a checklist or not`,
          'put a blank line and another marker (`*` after `-`) before it to say so, or make the items alike',
          0,
          'warning',
        );
        listKey = String(++this.listCount);
      }
      checklist = checkbox;
      this.listItem(item, node, context, level, listKey);
    }
  }

  private listItem(item: ListItem, list: List, context: FlowContext, level: number, key: string): void {
    let children = item.children;
    const checkbox = isCheckboxItem(item);
    // `- [ ]` alone on its line, the item's paragraph after a directive on the next lines.
    if (typeof item.checked !== 'boolean' && checkbox) children = children.slice(1);
    const kind: ListKind = checkbox ? 'checkbox' : list.ordered ? 'ordered' : 'bullet';
    const membership: ListMembership = { key, level, kind };
    this.warnListLosses(item, list);
    let inner: FlowContext = { sink: context.sink, list: membership, tables: false };
    if (context.quote) inner.quote = context.quote;
    if (children.length === 0) {
      this.emit(this.block(this.state.named, [], membership), item, context);
      return;
    }
    for (const child of children) {
      if (child.type === 'list') {
        this.list(child, context, level + 1, key);
        continue;
      }
      const before = context.sink.length;
      this.flowNode(child, inner);
      // The item's first block is its bulleted paragraph; the blocks after it are further blocks
      // of the item (model.ts `item`), an indented paragraph each in Docs (grammar §4).
      if (inner.list && context.sink.length > before) {
        inner = { sink: context.sink, tables: false, item: level };
        if (context.quote) inner.quote = context.quote;
      }
    }
  }

  /** What a Docs list item cannot hold of a Markdown one (grammar §4, "Facts the grammar cannot change"). */
  private warnListLosses(item: ListItem, list: List): void {
    if (item.checked === true) {
      this.report(
        item,
        '',
        'Google Docs exposes no checked state: `[x]` is written back as `[ ]`',
        undefined,
        0,
        'warning',
      );
    }
    if (list.ordered && list.children[0] === item && (list.start ?? 1) !== 1) {
      this.report(
        item,
        '',
        `Google Docs numbers a new list from 1: the start number ${list.start} is not kept`,
        undefined,
        0,
        'warning',
      );
    }
  }

  private gfmTable(node: Extract<RootContent, { type: 'table' }>, context: FlowContext): void {
    if (!context.tables || this.table) {
      this.report(
        node,
        '|',
        'a table cannot appear inside a list item, a block quote, a footnote or another table',
      );
      return;
    }
    // GFM: a row with fewer cells than the header gets empty ones, extra cells are ignored.
    const width = node.children[0]?.children.length ?? 0;
    const align = node.align ?? [];
    const rows: TableCell[][] = node.children.map((row) =>
      Array.from({ length: width }, (_, index): TableCell => {
        const cell: MdastTableCell | undefined = row.children[index];
        const { children, colSpan, rowSpan } = this.cellSpans(cell ? cell.children : []);
        this.inGfmCell = true;
        let block: ParagraphBlock;
        try {
          block = this.paragraph(this.state.named, children);
        } finally {
          this.inGfmCell = false;
        }
        // Docs aligns paragraphs, not columns: a column's alignment is that of its cells' paragraphs.
        const column = align[index];
        if (column === 'center' || column === 'right') block.style.align ??= column;
        const out: TableCell = { blocks: [block] };
        if (colSpan > 1) out.colSpan = colSpan;
        if (rowSpan > 1) out.rowSpan = rowSpan;
        return out;
      }),
    );
    if (align.some((a) => a === 'center' || a === 'right')) {
      this.report(
        node,
        '|',
        "a GFM column alignment (`:-:`, `-:`) becomes the alignment of each cell's paragraph: Google Docs aligns paragraphs, not columns",
        undefined,
        0,
        'warning',
      );
    }
    context.sink.push({ type: 'table', rows });
  }

  // --- phrasing ------------------------------------------------------------------------------

  /** The style of a link's text; what Docs cannot hold of the link is said, not dropped silently. */
  private linked(node: Nodes, target: { url: string; title?: string | null }, style: TextStyle): TextStyle {
    if (target.title) this.warnTitle(node, 'link');
    if (node.type !== 'image' && 'children' in node && node.children.length === 0) {
      this.report(
        node,
        '',
        'a link with no text is dropped: Google Docs links are text',
        undefined,
        0,
        'warning',
      );
    }
    if (target.url === '') {
      this.report(node, '', 'a link with no target is plain text in Google Docs', undefined, 0, 'warning');
      return style;
    }
    return { ...style, link: target.url };
  }

  /**
   * An image. Docs fetches an image from a public https URL of at most 2 KB (insertInlineImage);
   * one at any other URL cannot be inserted, so its closest form is kept: its alt text (the URL
   * when there is none) linked to the URL and marked as the image, with its title (grammar §4,
   * "Images Docs cannot fetch"). A link around an image is dropped: the image is its own link.
   */
  private pushImage(
    node: Nodes,
    target: { url: string; title?: string | null },
    alt: string | null | undefined,
    style: TextStyle,
    out: Inline[],
  ): void {
    const text = (alt ?? '').replace(/\r\n|\r|\n/g, ' ');
    if (style.link) {
      this.report(node, '', 'a link on an image is dropped: MEBDF links only text', undefined, 0, 'warning');
    }
    if (!linkableImageUrl(target.url)) {
      // Not even a link to it can stand in: another scheme (file:, data:, javascript:) or a URL
      // longer than Docs takes.
      this.report(
        node,
        '',
        `the image URL \`${target.url.slice(0, 80)}\` cannot be inserted: Google Docs fetches images from a public https URL of at most 2 KB`,
        'use a public https URL of a PNG, JPEG or GIF image',
      );
      return;
    }
    if (!fetchableImageUrl(target.url)) {
      this.report(
        node,
        '',
        `the image URL \`${target.url.slice(0, 80)}\` is not one Google Docs can fetch (a public https URL of at most 2 KB): the image is kept as its ${text ? 'alt text' : 'URL'} linked to the URL`,
        'use a public https URL of a PNG, JPEG or GIF image to insert the image itself',
        0,
        'warning',
      );
      if (target.url === '') return;
      let title = target.title ?? '';
      if (title.length > MAX_IMAGE_TITLE) {
        this.report(
          node,
          '',
          `the image title is cut to ${MAX_IMAGE_TITLE} characters`,
          undefined,
          0,
          'warning',
        );
        title = title.slice(0, MAX_IMAGE_TITLE);
      }
      const kind = text ? 'alt' : 'url';
      const image: ImageMark = title ? `${kind} ${title.replace(/\s+/g, ' ')}` : kind;
      const { link: _link, ...rest } = style;
      out.push({ type: 'text', text: text || target.url, style: { ...rest, link: target.url, image } });
      return;
    }
    if (target.title) this.warnTitle(node, 'image');
    out.push({ type: 'image', url: target.url, alt: text });
  }

  private warnTitle(node: Nodes, what: 'link' | 'image'): void {
    this.report(
      node,
      '',
      `the ${what} title is dropped: Google Docs ${what}s have no title`,
      undefined,
      0,
      'warning',
    );
  }

  private pushText(out: Inline[], text: string, style: TextStyle): void {
    if (text === '') return;
    const last = out[out.length - 1];
    if (last?.type === 'text' && sameTextStyle(last.style, style)) last.text += text;
    else out.push({ type: 'text', text, style: { ...style } });
  }

  private phrasing(nodes: readonly PhrasingContent[], style: TextStyle, out: Inline[]): void {
    for (const node of nodes) this.phrasingNode(node, style, out);
  }

  private phrasingNode(node: PhrasingContent, style: TextStyle, out: Inline[]): void {
    switch (node.type) {
      case 'text':
        // A soft line break (a newline inside a paragraph) is a space: Docs paragraphs have no newlines.
        this.pushText(out, node.value.replace(/\r\n|\r|\n/g, ' '), style);
        return;
      case 'strong':
        this.phrasing(node.children, { ...style, bold: true }, out);
        return;
      case 'emphasis':
        this.phrasing(node.children, { ...style, italic: true }, out);
        return;
      case 'delete':
        this.phrasing(node.children, { ...style, strikethrough: true }, out);
        return;
      case 'inlineCode':
        // CommonMark: a line ending inside a code span is a space.
        this.pushText(out, node.value.replace(/\r\n|\r|\n/g, ' '), { ...style, font: MONO_FONT });
        return;
      case 'link':
        this.phrasing(node.children, this.linked(node, node, style), out);
        return;
      case 'linkReference': {
        const definition = this.definitions.get(node.identifier);
        this.phrasing(node.children, definition ? this.linked(node, definition, style) : style, out);
        return;
      }
      case 'image':
        this.pushImage(node, node, node.alt, style, out);
        return;
      case 'imageReference': {
        const definition = this.definitions.get(node.identifier);
        if (definition) this.pushImage(node, definition, node.alt, style, out);
        return;
      }
      case 'break':
        out.push({ type: 'break' });
        return;
      case 'footnoteReference': {
        let label = this.footnoteLabels.get(node.identifier);
        if (label === undefined) {
          label = node.label ?? node.identifier;
          this.footnoteLabels.set(node.identifier, label);
        }
        out.push({ type: 'footnoteRef', label });
        return;
      }
      case 'mebdfSpan': {
        const { delta, paragraph, problems } = this.spanProps(node.props);
        this.reportProps(node, problems);
        Object.assign(this.paragraphFromSpans, paragraph);
        this.phrasing(node.children, applyTextDelta(style, delta), out);
        return;
      }
      case 'mebdfAnchor':
        out.push({ type: 'anchor', id: node.id });
        return;
      case 'mebdfEmbed': {
        if (!(EMBED_KINDS as readonly string[]).includes(node.kind)) {
          const suggestion = closest(node.kind, EMBED_KINDS);
          this.report(
            node,
            node.kind,
            `unknown embed kind \`${node.kind}\``,
            suggestion ? `did you mean \`${suggestion}\`?` : `use one of ${EMBED_KINDS.join(', ')}`,
          );
          return;
        }
        const embed: Inline = { type: 'embed', id: node.id, kind: node.kind as EmbedKind };
        if (node.caption !== undefined) embed.caption = node.caption;
        out.push(embed);
        return;
      }
      case 'mebdfInvalid':
        this.invalid(node);
        return;
      case 'html':
        // `<br>` is a line break; any other inline HTML is kept as its source (grammar §4).
        if (/^<br\s*\/?>$/i.test(node.value)) out.push({ type: 'break' });
        else this.pushText(out, node.value.replace(/\r\n?/g, '\n'), htmlStyle(style));
        return;
      default: {
        const type = (node as Nodes).type;
        this.report(node as Nodes, type, `\`${type}\` is not allowed here`);
      }
    }
  }

  private invalid(node: MebdfInvalid): void {
    const value = node.value;
    switch (node.reason) {
      case 'unclosed':
        if (/^\{!\s*\/\s*\}$/.test(value)) {
          this.report(node, value, '`{!/}` is not a closer', 'close a span with `{/!}`');
          return;
        }
        this.report(
          node,
          value,
          `\`${value}\` opens a span that is never closed`,
          'close it with `{/!}` in the same paragraph (a span cannot cross emphasis, a link or a paragraph end), or write `\\{!` for literal text',
        );
        return;
      case 'stray':
        this.report(node, value, '`{/!}` closes no span', 'remove it, or write `\\{/!}` for literal text');
        return;
      case 'unterminated':
        // In a GFM row every `|` ends a cell before anything in it is read, a quoted caption too.
        if (this.inGfmCell) {
          this.report(
            node,
            value,
            `\`${value.slice(0, 2)}\` has no closing \`}\` before its table cell ends: in a GFM table every \`|\` ends a cell, also inside a caption`,
            'leave the `|` out of the caption, or write the table in the `{!table}` form, where a cell is plain MEBDF',
          );
          return;
        }
        this.report(
          node,
          value,
          `\`${value.slice(0, 2)}\` has no closing \`}\` on the same line`,
          'add the `}`, or write `\\{` for a literal brace',
        );
        return;
      case 'malformed': {
        const content = parseAnchorContent(value.slice(2, -1));
        const message = content.type === 'malformed' ? content.message : 'malformed anchor';
        this.report(
          node,
          value,
          message,
          'write `{^ id}`, `{^}` or `{^= id kind "caption"}`, or `\\{^` for literal text',
        );
        return;
      }
    }
  }
}

/**
 * Each quoted paragraph's `quote` from the quotes it is in (numbered in the text): per level, `>`
 * where it continues the paragraph before it (or that one has no quote at that level), `+` where a
 * new quote starts next to one at that level (model.ts).
 */
function markQuotes(blocks: readonly Block[], paths: ReadonlyMap<ParagraphBlock, number[]>): void {
  let before: readonly number[] = [];
  for (const block of blocks) {
    const path = (block.type === 'paragraph' && paths.get(block)) || [];
    if (path.length > 0) {
      let quote = '';
      let fresh = false;
      path.forEach((key, level) => {
        quote += !fresh && level < before.length && before[level] !== key ? '+' : '>';
        if (before[level] !== key) fresh = true;
      });
      (block as ParagraphBlock).quote = quote;
    }
    before = path;
  }
}

/**
 * Whether an image Docs cannot fetch can still be kept as its text linked to the URL: a relative
 * URL or an http(s) one, of at most 2 KB (what Docs fetches an image from at most).
 */
function linkableImageUrl(url: string): boolean {
  return url.length <= 2048 && (/^https?:\/\//i.test(url) || !/^[a-z][a-z0-9+.-]*:/i.test(url));
}

/**
 * A fence's info string as the model keeps it: the language (no white space in it) and the rest,
 * one space between, no white space around. Only a character reference (`~~~a&#x20;`) can put
 * white space at the ends or inside the language, and a fence could not write that back.
 */
function infoString(lang: string | null | undefined, meta: string | null | undefined): string {
  const raw = [lang, meta].filter(Boolean).join(' ').trim();
  const cut = raw.search(/\s/);
  if (cut < 0) return raw;
  return `${raw.slice(0, cut)} ${raw.slice(cut).trim()}`;
}
