/**
 * The semantic layer, write direction: the MEBDF block model -> mdast in the canonical shape,
 * which `tree.ts` serialises. Every decision that makes the text canonical lives here:
 * - a paragraph style other than plain `Normal text` is a block directive line before the
 *   paragraph and a `{!Normal text}` reset after it (so the state is always reset between blocks);
 * - text properties are inline spans; bold, italic and strikethrough use `**`, `*`, `~~` when the
 *   delimiters are certain to parse back (word characters on the inside), the span form otherwise;
 * - the mono font is a code span; an empty paragraph is `{!empty}`;
 * - a table is GFM when every cell is one plain paragraph, the `{!table}` form otherwise.
 */
import type {
  FootnoteDefinition,
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
  TableBlock,
  TextStyle,
} from '../model.js';
import { formatParagraphProps, formatTextProps, MONO_FONT, namedStyleName } from '../props.js';

export function modelToTree(document: MebdfDocument): Root {
  const children: RootContent[] = blocksToFlow(document.blocks, true);
  for (const [label, blocks] of Object.entries(document.footnotes)) {
    const definition: FootnoteDefinition = {
      type: 'footnoteDefinition',
      identifier: normalizeIdentifier(label).toLowerCase(),
      label,
      children: blocksToFlow(blocks, false) as FootnoteDefinition['children'],
    };
    children.push(definition);
  }
  return { type: 'root', children };
}

function directive(props: string): MebdfDirective {
  return { type: 'mebdfDirective', props };
}

function blocksToFlow(blocks: readonly Block[], tables: boolean): RootContent[] {
  const out: RootContent[] = [];
  let index = 0;
  while (index < blocks.length) {
    const block = blocks[index]!;
    if (block.type === 'table') {
      out.push(...(tables ? tableToFlow(block) : []));
      index++;
    } else if (block.list) {
      const key = block.list.key;
      const items: ParagraphBlock[] = [];
      while (index < blocks.length) {
        const next = blocks[index]!;
        if (next.type !== 'paragraph' || next.list?.key !== key) break;
        items.push(next);
        index++;
      }
      let start = 0;
      while (start < items.length) {
        const { list, next } = buildList(items, start, 0);
        out.push(list);
        start = next;
      }
    } else {
      out.push(...paragraphToFlow(block));
      index++;
    }
  }
  return out;
}

/** A paragraph as flow nodes: `[directive?, heading | paragraph | {!empty}, reset?]`. */
function paragraphToFlow(block: ParagraphBlock): RootContent[] {
  const { namedStyle } = block.style;
  const props = formatParagraphProps(block.style);
  if (namedStyle === 'TITLE' || namedStyle === 'SUBTITLE') props.unshift(namedStyleName(namedStyle));
  let content: RootContent;
  if (namedStyle.startsWith('HEADING_')) {
    const depth = Number(namedStyle.slice(-1)) as 1 | 2 | 3 | 4 | 5 | 6;
    content = { type: 'heading', depth, children: paragraphPhrasing(block.inlines, true) };
  } else if (block.inlines.length === 0) {
    content = directive('empty');
  } else {
    content = { type: 'paragraph', children: paragraphPhrasing(block.inlines) };
  }
  if (props.length === 0) return [content];
  return [directive(props.join(', ')), content, directive('Normal text')];
}

const isOrdered = (kind: ListKind): boolean => kind === 'ordered';

/**
 * Builds the list at `level` from `items[start]` on. An item deeper than the level below it gets
 * an item with no paragraph of its own to hang from (`- - text`), which reads back as no paragraph.
 */
function buildList(
  items: readonly ParagraphBlock[],
  start: number,
  level: number,
): { list: List; next: number } {
  const list: List = { type: 'list', ordered: false, spread: false, children: [] };
  let kind: ListKind | undefined;
  let index = start;
  while (index < items.length) {
    const membership = items[index]!.list!;
    if (membership.level < level) break;
    let item: ListItem;
    if (membership.level === level) {
      if (kind !== undefined && isOrdered(kind) !== isOrdered(membership.kind)) break;
      kind ??= membership.kind;
      item = {
        type: 'listItem',
        spread: false,
        children: paragraphToFlow(items[index]!) as ListItem['children'],
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
    if (index < items.length && items[index]!.list!.level > level) {
      const nested = buildList(items, index, level + 1);
      item.children.push(nested.list);
      index = nested.next;
    }
    list.children.push(item);
    if (index === start) break;
  }
  list.ordered = kind !== undefined && isOrdered(kind);
  if (list.ordered) list.start = 1;
  return { list, next: index };
}

function isPlainCell(blocks: readonly ParagraphBlock[]): boolean {
  if (blocks.length !== 1) return false;
  const block = blocks[0]!;
  return (
    block.style.namedStyle === 'NORMAL_TEXT' &&
    formatParagraphProps(block.style).length === 0 &&
    !block.list &&
    !block.inlines.some((inline) => inline.type === 'break')
  );
}

function tableToFlow(table: TableBlock): RootContent[] {
  const plain = table.rows.every((row) =>
    row.every((cell) => !cell.colSpan && !cell.rowSpan && isPlainCell(cell.blocks)),
  );
  if (plain && table.rows.length > 0) {
    const rows: TableRow[] = table.rows.map((row) => ({
      type: 'tableRow',
      children: row.map(
        (cell): MdastTableCell => ({
          type: 'tableCell',
          children: protectLineEdges(inlinesToPhrasing(cell.blocks[0]!.inlines)),
        }),
      ),
    }));
    return [{ type: 'table', align: table.rows[0]!.map(() => null), children: rows }];
  }
  const out: RootContent[] = [directive('table')];
  for (const row of table.rows) {
    out.push(directive('row'));
    for (const cell of row) {
      const props = ['cell'];
      if (cell.colSpan) props.push(`colspan:${cell.colSpan}`);
      if (cell.rowSpan) props.push(`rowspan:${cell.rowSpan}`);
      out.push(directive(props.join(', ')));
      out.push(...blocksToFlow(cell.blocks, false));
    }
  }
  out.push(directive('end-table'));
  return out;
}

// --- phrasing ------------------------------------------------------------------------------

/** Characters that break `*`/`~` flanking when they sit just inside a delimiter. */
const UNSAFE_EDGE = /[\p{P}\p{S}\p{Z}\s]/u;

function firstCodePoint(text: string): string {
  return String.fromCodePoint(text.codePointAt(0)!);
}

function lastCodePoint(text: string): string {
  const code = text.charCodeAt(text.length - 1);
  return code >= 0xdc00 && code <= 0xdfff && text.length > 1 ? text.slice(-2) : text.slice(-1);
}

/** True when `**`, `*` or `~~` around these inlines is sure to read back as the same run. */
function delimitersSafe(inlines: readonly Inline[]): boolean {
  const first = inlines[0];
  const last = inlines[inlines.length - 1];
  if (first?.type !== 'text' || last?.type !== 'text') return false;
  if (first.style.font === MONO_FONT || last.style.font === MONO_FONT) return false;
  return !UNSAFE_EDGE.test(firstCodePoint(first.text)) && !UNSAFE_EDGE.test(lastCodePoint(last.text));
}

interface Layer {
  key(style: TextStyle): string | null;
  wrap(key: string, inlines: readonly Inline[], children: PhrasingContent[]): PhrasingContent;
}

function attention(flag: 'bold' | 'italic' | 'strikethrough', type: 'strong' | 'emphasis' | 'delete'): Layer {
  return {
    key: (style) => (style[flag] === true ? flag : null),
    wrap: (_key, inlines, children) =>
      delimitersSafe(inlines) ? { type, children } : { type: 'mebdfSpan', props: flag, children },
  };
}

/** Outermost first: links, then spans, then `**`, `*`, `~~`. */
/**
 * One layer per property that only a span can spell, outermost first, so that runs sharing a
 * property share one span and spans nest like the formatting does (`{!underline}a {!sup}b{/!}{/!}`).
 * A span whose only child is another span is merged into it afterwards (`{!underline, sup}b{/!}`).
 */
const SPAN_LAYERS: readonly Layer[] = (
  [
    'suggestion',
    'underline',
    'smallcaps',
    'font',
    'weight',
    'size',
    'color',
    'highlight',
    'sup',
    'sub',
    'bold',
    'italic',
    'strikethrough',
  ] as const
).map((name) => ({
  key: (style: TextStyle) => {
    const value = style[name];
    if (value === undefined) return null;
    if ((name === 'bold' || name === 'italic' || name === 'strikethrough') && value === true) return null;
    if (name === 'font' && value === MONO_FONT) return null;
    return formatTextProps({ [name]: value } as TextStyle)[0] ?? null;
  },
  wrap: (props: string, _inlines: readonly Inline[], children: PhrasingContent[]): PhrasingContent => {
    const only = children.length === 1 ? children[0] : undefined;
    if (only?.type === 'mebdfSpan') return { ...only, props: `${props}, ${only.props}` };
    return { type: 'mebdfSpan', props, children };
  },
}));

/** Outermost first: links, then spans, then `**`, `*`, `~~`. */
const LAYERS: readonly Layer[] = [
  {
    key: (style) => style.link ?? null,
    wrap: (url, _inlines, children) => ({ type: 'link', url, children }),
  },
  ...SPAN_LAYERS,
  attention('bold', 'strong'),
  attention('italic', 'emphasis'),
  attention('strikethrough', 'delete'),
];

/**
 * A paragraph's inlines. A line break that ends the paragraph is `<br>` (Markdown drops a
 * backslash break at the end of a paragraph), and so is every line break in a heading (an ATX
 * heading is one line).
 */
function paragraphPhrasing(inlines: readonly Inline[], heading = false): PhrasingContent[] {
  const children = protectLineEdges(inlinesToPhrasing(inlines));
  if (heading)
    return protectSpaceAfterAnchor(children).map((child) =>
      child.type === 'break' ? { type: 'mebdfRaw', value: '<br>' } : child,
    );
  if (children[children.length - 1]?.type === 'break')
    children[children.length - 1] = { type: 'mebdfRaw', value: '<br>' };
  return children;
}

/**
 * A heading's anchor is followed by one separating space that is not text (`## {^ id} Title`, as
 * MEBDF's first definition reads it), so a real space there is written as a character reference.
 */
function protectSpaceAfterAnchor(children: PhrasingContent[]): PhrasingContent[] {
  const [first, second] = children;
  if (first?.type !== 'mebdfAnchor' || second?.type !== 'text' || second.value[0] !== ' ') return children;
  const rest: PhrasingContent[] =
    second.value.length > 1 ? [{ type: 'text', value: second.value.slice(1) }] : [];
  return [first, reference(' '), ...rest, ...children.slice(2)];
}

const isSpace = (character: string | undefined): boolean => character === ' ' || character === '\t';
const reference = (character: string): PhrasingContent => ({
  type: 'mebdfRaw',
  value: `&#x${character.charCodeAt(0).toString(16)};`,
});

/**
 * Markdown strips spaces and tabs at the start and end of every line of a paragraph, heading or
 * table cell. Where text has them there, the outermost one is written as a character reference
 * (`&#x20;`, written verbatim through an `mebdfRaw` node), which keeps the rest in place.
 */
function protectLineEdges(children: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  children.forEach((child, index) => {
    if (child.type !== 'text') {
      out.push(child);
      return;
    }
    let value = child.value;
    const previous = children[index - 1];
    const next = children[index + 1];
    const startsLine = previous === undefined || previous.type === 'break';
    const endsLine = next === undefined || next.type === 'break';
    let lead: PhrasingContent | undefined;
    let trail: PhrasingContent | undefined;
    if (startsLine && isSpace(value[0])) {
      lead = reference(value[0]!);
      value = value.slice(1);
    }
    if (endsLine && isSpace(value[value.length - 1])) {
      trail = reference(value[value.length - 1]!);
      value = value.slice(0, -1);
    }
    if (lead) out.push(lead);
    if (value !== '') out.push({ type: 'text', value });
    if (trail) out.push(trail);
  });
  return out;
}

export function inlinesToPhrasing(inlines: readonly Inline[], layer = 0): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const current = LAYERS[layer];
  if (!current) {
    for (const inline of inlines) out.push(leaf(inline));
    return out;
  }
  let index = 0;
  while (index < inlines.length) {
    const inline = inlines[index]!;
    const key = inline.type === 'text' ? current.key(inline.style) : null;
    let end = index + 1;
    while (end < inlines.length) {
      const next = inlines[end]!;
      if ((next.type === 'text' ? current.key(next.style) : null) !== key) break;
      end++;
    }
    const group = inlines.slice(index, end);
    const children = inlinesToPhrasing(group, layer + 1);
    if (key === null) out.push(...children);
    else out.push(current.wrap(key, group, children));
    index = end;
  }
  return out;
}

function leaf(inline: Inline): PhrasingContent {
  switch (inline.type) {
    case 'text':
      return inline.style.font === MONO_FONT
        ? { type: 'inlineCode', value: inline.text }
        : { type: 'text', value: inline.text };
    case 'break':
      return { type: 'break' };
    case 'anchor':
      return { type: 'mebdfAnchor', id: inline.id };
    case 'embed':
      return inline.caption === undefined
        ? { type: 'mebdfEmbed', id: inline.id, kind: inline.kind }
        : { type: 'mebdfEmbed', id: inline.id, kind: inline.kind, caption: inline.caption };
    case 'image':
      return { type: 'image', url: inline.url, alt: inline.alt };
    case 'footnoteRef':
      return {
        type: 'footnoteReference',
        identifier: normalizeIdentifier(inline.label).toLowerCase(),
        label: inline.label,
      };
  }
}
