/**
 * The edits of the edit battery: the everyday changes a model makes to one exported section (or
 * preamble) of a real document, as transforms of its block model. Each edit says how many blocks
 * it replaces and adds (what may differ in the document's JSON) and how many requests it may need.
 * Pure; edit-battery.ts runs them.
 */
import { parseMebdf } from '../../src/mebdf/index.js';
import type {
  Block,
  Inline,
  MebdfDocument,
  NamedStyleType,
  ParagraphBlock,
  TableBlock,
} from '../../src/mebdf/model.js';

export const EDIT_KINDS = [
  'change-word',
  'add-paragraph',
  'delete-paragraph',
  'add-list-item',
  'indent-item',
  'paragraph-to-bullet',
  'numbered-under-bullet',
  'add-subsection',
  'add-row',
  'add-table',
  'swap-paragraphs',
  'strip-formatting',
  'trailing-whitespace',
  'special-characters',
  'move-heading',
  'item-to-paragraph',
  'join-list',
  'list-kind',
  'split-list',
  'bold-word',
  'add-link',
  'heading-level',
  'edit-cell',
  'move-object',
  'split-paragraph',
  'split-sentence',
  'merge-paragraphs',
  'delete-item',
  'swap-items',
  'delete-row',
  'delete-table',
  'rename-heading',
  'paragraph-to-heading',
  'remove-link',
  'center-paragraph',
  'outdent-item',
  'delete-subsection',
  'swap-subsections',
  'heading-to-paragraph',
  'move-paragraph-last',
  'rewrite-paragraph',
  'object-across-heading',
  'expand-to-list',
  'add-item-middle',
  'insert-subsection',
  'move-table',
  'add-footnote',
  'add-image',
  'object-to-bullet',
  'color-word',
  'font-word',
  'add-code-block',
  'add-quote',
  'add-rule',
  'add-checklist',
  'edit-footnote',
  'add-column',
  'link-heading',
  'delete-column',
  'merge-cells',
  'add-nested-list',
  'strike-word',
  'highlight-word',
  'code-word',
  'add-person-chip',
  'add-date-chip',
  'line-break',
  'space-after',
  'indent-paragraph',
  'add-numbered-list',
  'delete-list',
] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

export interface BatteryEdit {
  kind: EditKind;
  /** Where, in words: "after block 3", "table at the start". */
  where: string;
  next: MebdfDocument;
  /** Blocks of the old section replaced, blocks of the new one written: what may differ in the JSON. */
  touched: { old: number; new: number };
  /** The most requests the edit needs. */
  maxRequests: number;
  /** What the section must then say, when Google stores something else than `next` says. */
  expected?: MebdfDocument;
  /** Another section the edit may leave, as good (which of two headings Docs gives a new id). */
  orExpected?: MebdfDocument;
}

const HEADINGS = new Set<NamedStyleType>([
  'TITLE',
  'SUBTITLE',
  'HEADING_1',
  'HEADING_2',
  'HEADING_3',
  'HEADING_4',
  'HEADING_5',
  'HEADING_6',
]);

/**
 * The request that gives a paragraph's closing newline its style back, when new content must be
 * inserted at that newline (Docs types the new newline in the style of the text before it).
 */
const MARK = 1;

export function isHeading(b: Block | undefined): boolean {
  return b?.type === 'paragraph' && HEADINGS.has(b.style.namedStyle);
}

/** A plain paragraph (no heading, no item) holding an object by id: an image, a rule, a chip. */
function isObjectParagraph(b: Block | undefined): boolean {
  return (
    b?.type === 'paragraph' &&
    !isHeading(b) &&
    b.list === undefined &&
    b.inlines.some((x) => x.type === 'embed' && x.id !== '' && !NO_ITEM.has(x.kind))
  );
}

/** Objects no list item holds: they stand between paragraphs, or are their own paragraph's all. */
const NO_ITEM = new Set(['sectionbreak', 'toc', 'hr', 'pagebreak', 'columnbreak']);

/** A paragraph of plain text runs (no objects, anchors, footnotes or suggestions). */
function isTextParagraph(b: Block | undefined): b is ParagraphBlock {
  return (
    b?.type === 'paragraph' &&
    !isHeading(b) &&
    b.inlines.length > 0 &&
    b.inlines.every((x) => x.type === 'text' && x.style.suggestion === undefined)
  );
}

/** A table, a table of contents or a section break: what the newline before cannot be deleted from. */
function blocksEndingNothing(b: Block | undefined): boolean {
  return (
    b?.type === 'table' ||
    (b?.type === 'paragraph' &&
      b.inlines.length === 1 &&
      b.inlines[0]!.type === 'embed' &&
      (b.inlines[0]!.kind === 'sectionbreak' || b.inlines[0]!.kind === 'toc'))
  );
}

function isEmptyParagraph(b: Block | undefined): boolean {
  return b?.type === 'paragraph' && b.inlines.length === 0;
}

function para(text: string, extra: Partial<ParagraphBlock> = {}): ParagraphBlock {
  return {
    type: 'paragraph',
    style: { namedStyle: 'NORMAL_TEXT' },
    inlines: [{ type: 'text', text, style: {} }],
    ...extra,
  };
}

function table(rows: number, cols: number, tag: string): TableBlock {
  return {
    type: 'table',
    rows: Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => ({ blocks: [para(`${tag} ${r + 1}.${c + 1}`)] })),
    ),
  };
}

function levelOf(style: NamedStyleType): number {
  const m = /^HEADING_(\d)$/.exec(style);
  return m ? Number(m[1]) : style === 'TITLE' ? 0 : 1;
}

function withBlocks(model: MebdfDocument, blocks: Block[]): MebdfDocument {
  return { blocks, footnotes: structuredClone(model.footnotes) };
}

function inserted(model: MebdfDocument, at: number, ...add: Block[]): Block[] {
  const blocks = structuredClone(model.blocks) as Block[];
  blocks.splice(at, 0, ...add);
  return blocks;
}

/** The first and last of a list of positions (one when they are the same). */
function ends<T>(xs: T[]): T[] {
  if (xs.length <= 1) return xs;
  return [xs[0]!, xs[xs.length - 1]!];
}

/** Text runs side by side of one style as one. */
export function mergeRuns(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const i of inlines) {
    const last = out[out.length - 1];
    if (
      i.type === 'text' &&
      last?.type === 'text' &&
      JSON.stringify(last.style) === JSON.stringify(i.style)
    ) {
      out[out.length - 1] = { ...last, text: last.text + i.text };
    } else out.push(i);
  }
  return out;
}

/** Every battery edit of one section model; `preamble` when the model has no heading of its own. */
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export function batteryEdits(model: MebdfDocument, preamble: boolean): BatteryEdit[] {
  const blocks = model.blocks as Block[];
  const out: BatteryEdit[] = [];
  const first = preamble ? 0 : 1;
  const body = blocks.map((_, i) => i).filter((i) => i >= first);
  const text = body.filter((i) => isTextParagraph(blocks[i]));
  const plain = text.filter((i) => (blocks[i] as ParagraphBlock).list === undefined);
  const items = body.filter(
    (i) => blocks[i]?.type === 'paragraph' && (blocks[i] as ParagraphBlock).list !== undefined,
  );
  const tables = body.filter((i) => blocks[i]?.type === 'table');
  const add = (
    kind: EditKind,
    where: string,
    next: Block[],
    touched: BatteryEdit['touched'],
    maxRequests: number,
  ) => out.push({ kind, where, next: withBlocks(model, next), touched, maxRequests });

  for (const i of ends(text)) {
    const p = structuredClone(blocks) as Block[];
    const run = (p[i] as ParagraphBlock).inlines.find((x) => x.type === 'text' && /\S/.test(x.text));
    if (run?.type !== 'text') continue;
    run.text = run.text.replace(/\S+/, 'Changed');
    add('change-word', `block ${i}`, p, { old: 1, new: 1 }, 3);
  }

  // New paragraphs: at the start of the body, at the end, around tables, before sub-headings.
  const spots = new Set<number>([first, blocks.length]);
  for (const t of tables) spots.add(t).add(t + 1);
  for (const i of body) if (isHeading(blocks[i]) && blocks[i - 1]?.type === 'table') spots.add(i);
  for (const at of spots) {
    const prev = blocks[at - 1];
    const next = blocks[at];
    // Inside a list the new paragraph would split it: the list edits below cover that.
    if (prev?.type === 'paragraph' && prev.list && next?.type === 'paragraph' && next.list) continue;
    // The text, its paragraph style and text style; and where the new paragraph must follow one
    // whose closing newline is styled apart from its text (a heading before a heading), that
    // newline's style again: Docs re-creates the newline text is inserted at. After a list item
    // (a numbered heading too) with no paragraph after it to go before (a table, the next
    // heading), the new paragraph is split from the item and takes its bullet: it is dropped.
    const dropBullet = prev?.type === 'paragraph' && prev.list ? 1 : 0;
    add(
      'add-paragraph',
      `at block ${at}`,
      inserted(model, at, para('A new paragraph.')),
      { old: 0, new: 1 },
      3 + MARK + dropBullet,
    );
  }

  // Paragraphs of text only: deleting an object or a footnote reference is another matter.
  const deletable = body.filter(
    (i) =>
      blocks[i]?.type === 'paragraph' &&
      !isHeading(blocks[i]) &&
      (blocks[i] as ParagraphBlock).inlines.every((x) => x.type === 'text' || x.type === 'break'),
  );
  const delSpots = new Set<number>(ends(deletable.filter((i) => isTextParagraph(blocks[i]))));
  for (const t of tables) if (deletable.includes(t + 1)) delSpots.add(t + 1);
  if (deletable.length) delSpots.add(deletable[deletable.length - 1]!);
  for (const i of delSpots) {
    const p = structuredClone(blocks) as Block[];
    p.splice(i, 1);
    // The newline before a table, contents or break cannot be deleted: the paragraph before takes
    // it (merged, its newline's style given back). When that one is empty, a deletion from its
    // newline starts at its start and would drop it instead: a character is typed into it first
    // and deleted after.
    const forcedMerge = blocksEndingNothing(blocks[i + 1]) && isEmptyParagraph(blocks[i - 1]);
    add('delete-paragraph', `block ${i}`, p, { old: 1, new: 0 }, forcedMerge ? 4 : 2);
  }

  // Lists: a new last item, a new first item, an item indented, a numbered item under a bullet.
  const lastItems = items.filter((i) => {
    const next = blocks[i + 1];
    return !(next?.type === 'paragraph' && next.list?.key === (blocks[i] as ParagraphBlock).list?.key);
  });
  for (const i of ends(lastItems)) {
    const list = (blocks[i] as ParagraphBlock).list!;
    add(
      'add-list-item',
      `after block ${i}`,
      inserted(model, i + 1, para('A new item.', { list: { ...list } })),
      { old: 0, new: 1 },
      4,
    );
  }
  // A new first item, after a block that is no item of the list.
  const firstItems = items.filter((i) => {
    const prev = blocks[i - 1];
    return !(prev?.type === 'paragraph' && prev.list?.key === (blocks[i] as ParagraphBlock).list?.key);
  });
  for (const i of ends(firstItems)) {
    const list = (blocks[i] as ParagraphBlock).list!;
    add(
      'add-list-item',
      `before block ${i}`,
      inserted(model, i, para('A new item.', { list: { ...list } })),
      { old: 0, new: 1 },
      4,
    );
  }
  const indentable = items.filter((i) => {
    const prev = blocks[i - 1];
    const p = blocks[i] as ParagraphBlock;
    return (
      prev?.type === 'paragraph' &&
      prev.list?.key === p.list!.key &&
      prev.list.level >= p.list!.level &&
      p.list!.level < 8
    );
  });
  for (const i of ends(indentable)) {
    const p = structuredClone(blocks) as Block[];
    const item = p[i] as ParagraphBlock;
    item.list = { ...item.list!, level: item.list!.level + 1 };
    add('indent-item', `block ${i}`, p, { old: 1, new: 1 }, 4);
  }
  for (const i of ends(items.filter((i) => (blocks[i] as ParagraphBlock).list!.kind === 'bullet'))) {
    const list = (blocks[i] as ParagraphBlock).list!;
    if (list.level >= 8) continue;
    const item = para('A numbered sub-item.', { list: { ...list, level: list.level + 1, kind: 'ordered' } });
    // The text with a temporary paragraph before it that stands for level 0, its paragraph style
    // and text style (Docs copies the item's it is split from, which the new one may not have:
    // 1arcBS), the bullets, the temporary paragraph deleted, and the item's newline style again.
    add(
      'numbered-under-bullet',
      `after block ${i}`,
      inserted(model, i + 1, item),
      { old: 0, new: 1 },
      5 + MARK,
    );
  }
  for (const i of ends(plain)) {
    const p = structuredClone(blocks) as Block[];
    (p[i] as ParagraphBlock).list = { key: 'battery', level: 0, kind: 'bullet' };
    add('paragraph-to-bullet', `block ${i}`, p, { old: 1, new: 1 }, 3);
    // A list item's indents are said relative to its level's: the bullet's level 0 (36pt, its
    // first line 18pt) is what an indent equal to it reads back as.
    const q = (p[i] as ParagraphBlock).style;
    if (q.indentLeft === 36 || q.firstLineIndent === -18) {
      const expected = structuredClone(p);
      const e = (expected[i] as ParagraphBlock).style;
      if (e.indentLeft === 36) delete e.indentLeft;
      if (e.firstLineIndent === -18) delete e.firstLineIndent;
      out[out.length - 1]!.expected = withBlocks(model, expected);
    }
  }

  // An item made a paragraph: the first, the last (the list goes on past a middle one unchanged).
  for (const i of ends(items.filter((i) => isTextParagraph(blocks[i])))) {
    const p = structuredClone(blocks) as Block[];
    const item = p[i] as ParagraphBlock;
    delete item.list;
    // The bullet, then the indents its level gave it (Docs keeps them as the paragraph's own).
    add('item-to-paragraph', `block ${i}`, p, { old: 1, new: 1 }, 3);
    // An item's indent of 0 differs from its level's; a paragraph's is its named style's: unsaid.
    if (item.style.indentLeft === 0 || item.style.firstLineIndent === 0) {
      const expected = structuredClone(p);
      const e = (expected[i] as ParagraphBlock).style;
      if (e.indentLeft === 0) delete e.indentLeft;
      if (e.firstLineIndent === 0) delete e.firstLineIndent;
      out[out.length - 1]!.expected = withBlocks(model, expected);
    }
  }
  // The text paragraph right before a list's first item, or right after its last, made an item of
  // that list at level 0. After: one bullet joining it. Before: the Docs API joins a paragraph only
  // to the list before it, so the list is bulleted anew with it (every item of it touched).
  const level0 = new Map<string, ParagraphBlock['list']>();
  for (const i of items) {
    const list = (blocks[i] as ParagraphBlock).list!;
    if (list.level === 0 && !level0.has(list.key)) level0.set(list.key, list);
  }
  for (const i of ends(firstItems)) {
    const list = level0.get((blocks[i] as ParagraphBlock).list!.key);
    const prev = i - 1;
    // After an item of another list, the two would touch: the text would have to set them apart.
    const touches = (blocks[prev - 1] as ParagraphBlock | undefined)?.list !== undefined;
    if (
      !list ||
      prev < first ||
      !isTextParagraph(blocks[prev]) ||
      (blocks[prev] as ParagraphBlock).list ||
      touches
    )
      continue;
    let end = i;
    while ((blocks[end + 1] as ParagraphBlock | undefined)?.list?.key === list.key) end++;
    const p = structuredClone(blocks) as Block[];
    (p[prev] as ParagraphBlock).list = { ...list };
    const run = end - prev + 1;
    add('join-list', `block ${prev} before`, p, { old: run, new: run }, 8 + 3 * run);
  }
  for (const i of ends(lastItems)) {
    const list = level0.get((blocks[i] as ParagraphBlock).list!.key);
    const next = i + 1;
    const touches = (blocks[next + 1] as ParagraphBlock | undefined)?.list !== undefined;
    if (!list || !isTextParagraph(blocks[next]) || (blocks[next] as ParagraphBlock).list || touches) continue;
    const p = structuredClone(blocks) as Block[];
    (p[next] as ParagraphBlock).list = { ...list };
    // A bullet joining the list, with its level's indents put back; or, when no preset joins that
    // list, the paragraph typed anew after its last item: deleted, typed, its paragraph and runs' styles.
    add('join-list', `block ${next} after`, p, { old: 1, new: 1 }, 6);
  }

  // A whole list made another kind at its outer level (bullets made numbers, numbers bullets), and
  // a paragraph typed after its first item. Runs of one list key, the first items of each.
  const runs: [number, number][] = [];
  for (let i = 0; i < blocks.length; i++) {
    const key = (blocks[i] as ParagraphBlock).list?.key;
    if (i < first || key === undefined) continue;
    let j = i;
    while ((blocks[j + 1] as ParagraphBlock | undefined)?.list?.key === key) j++;
    runs.push([i, j]);
    i = j;
  }
  for (const [i, j] of ends(runs)) {
    const top = (blocks[i] as ParagraphBlock).list!;
    const to: ParagraphBlock['list'] & object = {
      ...top,
      kind: top.kind === 'ordered' ? 'bullet' : 'ordered',
    };
    const p = structuredClone(blocks) as Block[];
    for (let k = i; k <= j; k++) {
      const b = p[k] as ParagraphBlock;
      if (b.list!.level === top.level && b.list!.kind === top.kind) b.list = { ...b.list!, kind: to.kind };
    }
    // Bulleted anew as one list of a preset's: an item's indent equal to its new level's reads back unsaid.
    const expected = structuredClone(p) as Block[];
    for (let k = i; k <= j; k++) {
      const e = expected[k] as ParagraphBlock;
      if (e.style.indentLeft === 36 + 36 * e.list!.level) delete e.style.indentLeft;
      if (e.style.firstLineIndent === -18) delete e.style.firstLineIndent;
    }
    const run = j - i + 1;
    add('list-kind', `run ${i}-${j}`, p, { old: run, new: run }, 10 + 8 * run);
    out[out.length - 1]!.expected = withBlocks(model, expected);
    if (j > i) {
      // The items after the paragraph are a list of their own: bulleted anew where they number
      // from 1 and Docs would go on counting (numbered, at the level of the item before).
      add(
        'split-list',
        `after ${i}`,
        inserted(model, i + 1, para('A paragraph between.')),
        { old: run, new: run + 1 },
        10 + 8 * run,
      );
    }
  }

  // A subsection at the end (in the preamble: a first section).
  const level = preamble ? 1 : Math.min(6, levelOf((blocks[0] as ParagraphBlock).style.namedStyle) + 1);
  const heading: ParagraphBlock = {
    type: 'paragraph',
    style: { namedStyle: `HEADING_${level}` as NamedStyleType },
    inlines: [{ type: 'text', text: 'A new subsection', style: {} }],
  };
  add(
    'add-subsection',
    'at the end',
    inserted(model, blocks.length, heading, para('Its first paragraph.')),
    { old: 0, new: 2 },
    6 + MARK,
  );

  for (const t of tables) {
    const tb = structuredClone(blocks[t]) as TableBlock;
    const cols = tb.rows[0]?.length ?? 0;
    if (cols === 0 || tb.rows.some((r) => r.some((c) => (c.rowSpan ?? 1) > 1 || (c.colSpan ?? 1) > 1)))
      continue;
    tb.rows.push(Array.from({ length: cols }, (_, c) => ({ blocks: [para(`new ${c + 1}`)] })));
    const p = structuredClone(blocks) as Block[];
    p[t] = tb;
    // The row, and per cell its text, paragraph style and text style (Docs copies the neighbour's).
    add('add-row', `table ${t}`, p, { old: 1, new: 1 }, 1 + 3 * cols);
  }
  const tableSpots = new Set<number>([first, blocks.length]);
  for (const t of tables) tableSpots.add(t + 1);
  for (const at of tableSpots) {
    const prev = blocks[at - 1];
    const next = blocks[at];
    if (prev?.type === 'paragraph' && prev.list && next?.type === 'paragraph' && next.list) continue;
    // The table, and the empty paragraph Docs puts before (or after) a table where there is none;
    // requests: the table, its paragraphs, and per cell its text, paragraph and text style.
    add(
      'add-table',
      `at block ${at}`,
      inserted(model, at, table(2, 2, 'cell')),
      { old: 0, new: 2 },
      15 + MARK,
    );
  }

  const pairs = plain.filter((i) => plain.includes(i + 1));
  for (const i of ends(pairs)) {
    const p = structuredClone(blocks) as Block[];
    [p[i], p[i + 1]] = [p[i + 1]!, p[i]!];
    add('swap-paragraphs', `blocks ${i}, ${i + 1}`, p, { old: 2, new: 2 }, 6);
  }
  const styled = text.filter((i) =>
    (blocks[i] as ParagraphBlock).inlines.some((x) => x.type === 'text' && Object.keys(x.style).length > 0),
  );
  for (const i of ends(styled)) {
    const p = structuredClone(blocks) as Block[];
    const q = p[i] as ParagraphBlock;
    q.inlines = mergeRuns(q.inlines.map((x) => (x.type === 'text' ? { ...x, style: {} } : x)));
    add('strip-formatting', `block ${i}`, p, { old: 1, new: 1 }, 3);
  }
  for (const i of ends(text)) {
    const p = structuredClone(blocks) as Block[];
    const q = p[i] as ParagraphBlock;
    const last = q.inlines[q.inlines.length - 1]!;
    if (last.type !== 'text') continue;
    last.text += '  ';
    add('trailing-whitespace', `block ${i}`, p, { old: 1, new: 1 }, 2);
  }
  for (const [n, ch] of ['\uF8FF', '\x08', '\x0b'].entries()) {
    const i = text[n % Math.max(1, text.length)];
    if (i === undefined) break;
    const p = structuredClone(blocks) as Block[];
    const run = (p[i] as ParagraphBlock).inlines[0]!;
    if (run.type !== 'text') continue;
    run.text = `${run.text.slice(0, 1)}${ch}${run.text.slice(1)}`;
    add(
      'special-characters',
      `U+${ch.codePointAt(0)!.toString(16).padStart(4, '0').toUpperCase()} in block ${i}`,
      p,
      { old: 1, new: 1 },
      2,
    );
    // Google drops control and private-use characters from inserted text; a vertical tab is a line break.
    const expected = structuredClone(blocks) as Block[];
    if (ch === '\x0b') {
      const q = expected[i] as ParagraphBlock;
      const r = q.inlines[0] as Extract<Inline, { type: 'text' }>;
      const rest = r.text.length > 1 ? [{ ...r, text: r.text.slice(1) }] : [];
      q.inlines.splice(0, 1, { ...r, text: r.text.slice(0, 1) }, { type: 'break' }, ...rest);
    }
    out[out.length - 1]!.expected = withBlocks(model, expected);
  }
  const top = preamble ? undefined : blocks[0];
  const lead = top?.type === 'paragraph' ? top.inlines[0] : undefined;
  const headingAnchor = lead?.type === 'anchor' && lead.id ? lead.id : undefined;
  // A word made bold, and a word made a link: the first word of a paragraph's first run that has
  // one, split off that run with the style added (one updateTextStyle).
  for (const [kind, add1] of [
    ['bold-word', { bold: true }],
    ['add-link', { link: 'https://example.com/battery' }],
    ['color-word', { color: '#c00000' }],
    ['font-word', { font: 'Georgia' }],
    ['strike-word', { strikethrough: true }],
    ['highlight-word', { highlight: '#ffff00' }],
    ['code-word', { font: 'Courier New' }],
    // A cross-reference to the section's own heading.
    ...(headingAnchor ? ([['link-heading', { link: `#^${headingAnchor}` }]] as const) : []),
  ] as const) {
    for (const i of ends(text)) {
      const p = structuredClone(blocks) as Block[];
      const q = p[i] as ParagraphBlock;
      const k = q.inlines.findIndex((x) => x.type === 'text' && /\S/.test(x.text) && !x.style.link);
      const run = q.inlines[k];
      if (run?.type !== 'text' || (kind === 'bold-word' && run.style.bold)) continue;
      if ((kind === 'color-word' && run.style.color) || (kind === 'font-word' && run.style.font)) continue;
      if (
        (kind === 'strike-word' && run.style.strikethrough) ||
        (kind === 'highlight-word' && run.style.highlight)
      )
        continue;
      if (kind === 'code-word' && run.style.font) continue;
      const m = /^(\s*)(\S+)/.exec(run.text)!;
      const parts: Inline[] = [
        ...(m[1] ? [{ ...run, text: m[1] }] : []),
        { ...run, text: m[2]!, style: { ...run.style, ...add1 } },
        ...(run.text.length > m[0].length ? [{ ...run, text: run.text.slice(m[0].length) }] : []),
      ];
      q.inlines.splice(k, 1, ...parts);
      q.inlines = mergeRuns(q.inlines);
      add(kind, `block ${i}`, p, { old: 1, new: 1 }, 2);
      // A link's underline is Google's link chrome, which the export never shows as formatting.
      if (kind === 'add-link' && run.style.underline) {
        const expected = structuredClone(p);
        for (const x of (expected[i] as ParagraphBlock).inlines)
          if (x.type === 'text' && x.style.link === add1.link) delete x.style.underline;
        out[out.length - 1]!.expected = withBlocks(model, expected);
      }
    }
  }
  // A sub-heading one level deeper (### made ####): its named style, and its newline's text style.
  for (const i of ends(
    body.filter(
      (i) =>
        i > first &&
        isHeading(blocks[i]) &&
        /^HEADING_[1-5]$/.test((blocks[i] as ParagraphBlock).style.namedStyle),
    ),
  )) {
    const p = structuredClone(blocks) as Block[];
    const h = p[i] as ParagraphBlock;
    h.style = { ...h.style, namedStyle: `HEADING_${levelOf(h.style.namedStyle) + 1}` as NamedStyleType };
    add('heading-level', `block ${i}`, p, { old: 1, new: 1 }, 3);
  }
  // A word of a table's first cell that has text changed (the table is the element that differs).
  for (const t of ends(tables)) {
    const tb = structuredClone(blocks[t]) as TableBlock;
    const cell = tb.rows.flat().find((c) => c.blocks.some((b) => isTextParagraph(b)));
    const q = cell?.blocks.find((b) => isTextParagraph(b)) as ParagraphBlock | undefined;
    const run = q?.inlines.find((x) => x.type === 'text' && /\S/.test(x.text));
    if (run?.type !== 'text') continue;
    run.text = run.text.replace(/\S+/, 'Changed');
    const p = structuredClone(blocks) as Block[];
    p[t] = tb;
    // The word replaced may be two stretches of text (a minimal diff keeps the letters it shares).
    add('edit-cell', `table ${t}`, p, { old: 1, new: 1 }, 4);
  }
  // A paragraph holding an object (an image, a rule, a chip) swapped with the text paragraph
  // after it: the Docs API cannot make the object again, so the other paragraph moves (deleted
  // and typed anew on the object's other side: its text, paragraph and text style).
  const objects = body.filter((i) => {
    const b = blocks[i];
    return (
      b?.type === 'paragraph' &&
      !isHeading(b) &&
      b.list === undefined &&
      b.inlines.some((x) => x.type === 'embed' && x.id !== '') &&
      plain.includes(i + 1)
    );
  });
  for (const i of ends(objects)) {
    const p = structuredClone(blocks) as Block[];
    [p[i], p[i + 1]] = [p[i + 1]!, p[i]!];
    add('move-object', `blocks ${i}, ${i + 1}`, p, { old: 2, new: 2 }, 6);
  }
  // A paragraph split in two at a space near its middle (the space dropped): both halves keep its
  // paragraph style and list. A newline typed over the space.
  for (const i of ends(text)) {
    const q = blocks[i] as ParagraphBlock;
    const whole = q.inlines.map((x) => (x.type === 'text' ? x.text : '')).join('');
    const space = whole.indexOf(' ', Math.floor(whole.length / 2));
    if (space <= 0 || space >= whole.length - 1) continue;
    const head: Inline[] = [];
    const tail: Inline[] = [];
    let at = 0;
    for (const x of q.inlines as Extract<Inline, { type: 'text' }>[]) {
      const end = at + x.text.length;
      if (end <= space) head.push(x);
      else if (at > space) tail.push(x);
      else {
        if (space > at) head.push({ ...x, text: x.text.slice(0, space - at) });
        if (end > space + 1) tail.push({ ...x, text: x.text.slice(space + 1 - at) });
      }
      at = end;
    }
    const p = structuredClone(blocks) as Block[];
    p.splice(i, 1, { ...structuredClone(q), inlines: head }, { ...structuredClone(q), inlines: tail });
    add('split-paragraph', `block ${i}`, p, { old: 1, new: 2 }, 3);
    // As a model splits a sentence in two: a full stop after the first half, a capital to start
    // the second. Those two edits besides: a stop typed, a letter replaced.
    const last = head[head.length - 1] as Extract<Inline, { type: 'text' }>;
    const next = tail[0] as Extract<Inline, { type: 'text' }>;
    if (!/\p{Ll}$/u.test(last.text) || !/^\p{Ll}/u.test(next.text)) continue;
    const s = structuredClone(p) as Block[];
    const [a, b] = [s[i], s[i + 1]] as [ParagraphBlock, ParagraphBlock];
    (a.inlines[a.inlines.length - 1] as typeof last).text += '.';
    const first = b.inlines[0] as typeof next;
    first.text = first.text[0]!.toUpperCase() + first.text.slice(1);
    add('split-sentence', `block ${i}`, s, { old: 1, new: 2 }, 5);
  }
  // Two paragraphs (or items of one list and level) of one paragraph style joined by a space, the
  // second's runs as they were.
  const joinable = text.filter((i) => {
    const [a, b] = [blocks[i], blocks[i + 1]] as [ParagraphBlock, ParagraphBlock];
    return (
      text.includes(i + 1) &&
      JSON.stringify(a.style) === JSON.stringify(b.style) &&
      JSON.stringify(a.list) === JSON.stringify(b.list)
    );
  });
  for (const i of ends(joinable)) {
    const p = structuredClone(blocks) as Block[];
    const a = p[i] as ParagraphBlock;
    const b = p[i + 1] as ParagraphBlock;
    const last = a.inlines[a.inlines.length - 1] as Extract<Inline, { type: 'text' }>;
    last.text += ' ';
    a.inlines = mergeRuns([...a.inlines, ...b.inlines]);
    p.splice(i + 1, 1);
    // The newline deleted and a space typed in its place.
    add('merge-paragraphs', `blocks ${i}, ${i + 1}`, p, { old: 2, new: 1 }, 3);
  }
  // A list's runs of three items or more of one level: the middle one deleted, the two after
  // the first swapped.
  const middles = items.filter((i) => {
    const [a, b, c] = [blocks[i - 1], blocks[i], blocks[i + 1]] as (ParagraphBlock | undefined)[];
    return (
      i - 1 >= first &&
      a?.type === 'paragraph' &&
      c?.type === 'paragraph' &&
      a.list?.key === b!.list!.key &&
      c.list?.key === b!.list!.key &&
      a.list?.level === b!.list!.level &&
      c.list?.level === b!.list!.level
    );
  });
  // Items of text only: deleting an object needs allow_deletions (guards.ts).
  for (const i of ends(middles.filter((i) => deletable.includes(i)))) {
    const p = structuredClone(blocks) as Block[];
    p.splice(i, 1);
    add('delete-item', `block ${i}`, p, { old: 1, new: 0 }, 2);
  }
  for (const i of ends(middles.filter((i) => isTextParagraph(blocks[i]) && isTextParagraph(blocks[i + 1])))) {
    const p = structuredClone(blocks) as Block[];
    [p[i], p[i + 1]] = [p[i + 1]!, p[i]!];
    // One item deleted and typed again on the other's side: its text, styles and bullet.
    add('swap-items', `blocks ${i}, ${i + 1}`, p, { old: 2, new: 2 }, 8);
  }
  // A table's last row deleted (tables of two rows or more, no merged cells), and a whole table.
  for (const t of ends(tables)) {
    const tb = structuredClone(blocks[t]) as TableBlock;
    // (Not a row with a footnote reference: its definition would be left unreferenced.)
    const refsIn = (r: TableBlock['rows'][number]) =>
      r.some((c) => c.blocks.some((b) => b.inlines.some((x) => x.type === 'footnoteRef')));
    if (
      tb.rows.length < 2 ||
      tb.rows.some((r) => r.some((c) => (c.rowSpan ?? 1) > 1 || (c.colSpan ?? 1) > 1)) ||
      refsIn(tb.rows[tb.rows.length - 1]!)
    )
      continue;
    tb.rows.pop();
    const p = structuredClone(blocks) as Block[];
    p[t] = tb;
    add('delete-row', `table ${t}`, p, { old: 1, new: 1 }, 1);
  }
  // A whole table (one without footnote references: their numbers, which are the export's labels,
  // would shift; and without objects: deleting one needs allow_deletions, guards.ts).
  const refs = (t: number) =>
    (blocks[t] as TableBlock).rows.some((r) =>
      r.some((c) =>
        c.blocks.some((b) => b.inlines.some((x) => x.type === 'footnoteRef' || x.type === 'embed')),
      ),
    );
  for (const t of ends(tables.filter((t) => !refs(t)))) {
    const p = structuredClone(blocks) as Block[];
    p.splice(t, 1);
    add('delete-table', `table ${t}`, p, { old: 1, new: 0 }, 2);
  }
  // A heading's text changed (the section's own, and a sub-heading's): its id stays.
  // Headings whose text is no pending suggestion (that text cannot be edited until resolved).
  const suggested = (i: number) =>
    (blocks[i] as ParagraphBlock).inlines.some((x) => x.type === 'text' && x.style.suggestion !== undefined);
  const headings = body.filter((i) => i > first && isHeading(blocks[i]));
  for (const i of ends(headings)
    .concat(preamble ? [] : [0])
    .filter((i) => !suggested(i))) {
    const p = structuredClone(blocks) as Block[];
    const run = (p[i] as ParagraphBlock).inlines.find((x) => x.type === 'text' && /\S/.test(x.text));
    if (run?.type !== 'text') continue;
    run.text = run.text.replace(/\S+/, 'Renamed');
    // The word replaced may be two stretches of text (a minimal diff keeps the letters it shares).
    add('rename-heading', `block ${i}`, p, { old: 1, new: 1 }, 4);
  }
  // A paragraph of text made a sub-heading one level below the section's (Docs gives it an id),
  // and a link taken off a word.
  for (const i of ends(plain)) {
    const p = structuredClone(blocks) as Block[];
    const q = p[i] as ParagraphBlock;
    q.style = { namedStyle: `HEADING_${level}` as NamedStyleType };
    q.inlines = mergeRuns(q.inlines.map((x) => (x.type === 'text' ? { ...x, style: {} } : x)));
    // Its paragraph style, and its runs' (a heading's text takes the heading style's look).
    add('paragraph-to-heading', `block ${i}`, p, { old: 1, new: 1 }, 4);
  }
  for (const i of ends(
    body.filter((i) => (blocks[i] as ParagraphBlock).inlines?.some((x) => x.type === 'text' && x.style.link)),
  )) {
    const p = structuredClone(blocks) as Block[];
    const q = p[i] as ParagraphBlock;
    const k = q.inlines.findIndex((x) => x.type === 'text' && x.style.link);
    const run = q.inlines[k] as Extract<Inline, { type: 'text' }>;
    const { link: _, ...rest } = run.style;
    q.inlines[k] = { ...run, style: rest };
    q.inlines = mergeRuns(q.inlines);
    add('remove-link', `block ${i}`, p, { old: 1, new: 1 }, 2);
  }
  // A paragraph centred, and a nested item moved out a level.
  for (const i of ends(plain.filter((i) => (blocks[i] as ParagraphBlock).style.align !== 'center'))) {
    const p = structuredClone(blocks) as Block[];
    (p[i] as ParagraphBlock).style.align = 'center';
    add('center-paragraph', `block ${i}`, p, { old: 1, new: 1 }, 1);
  }
  // (To a level whose kind the list's items show: it takes that level's glyph.)
  const kindAt = (key: string, level: number) =>
    items.map((k) => (blocks[k] as ParagraphBlock).list!).find((l) => l.key === key && l.level === level)
      ?.kind;
  for (const i of ends(items.filter((i) => (blocks[i] as ParagraphBlock).list!.level > 0))) {
    const p = structuredClone(blocks) as Block[];
    const item = p[i] as ParagraphBlock;
    const kind = kindAt(item.list!.key, item.list!.level - 1);
    if (!kind) continue;
    const crosses = kind !== item.list!.kind;
    item.list = { ...item.list!, level: item.list!.level - 1, kind };
    // Its bullet re-made at the new level (the list's own glyphs), and its level's indents. Out of
    // nested items of another kind (bullets under numbers: in Docs a list of their own, which no
    // request moves an item out of but bulleting anew), the list is bulleted anew with it.
    let [from, to] = [i, i];
    while ((blocks[from - 1] as ParagraphBlock | undefined)?.list?.key === item.list.key) from--;
    while ((blocks[to + 1] as ParagraphBlock | undefined)?.list?.key === item.list.key) to++;
    const run = to - from + 1;
    add(
      'outdent-item',
      `block ${i}`,
      p,
      crosses ? { old: run, new: run } : { old: 1, new: 1 },
      crosses ? 10 + 8 * run : 4,
    );
  }
  /** Where the sub-section under the heading at `i` ends: the next heading of its level or above. */
  const sectionEnd = (i: number) => {
    const lv = levelOf((blocks[i] as ParagraphBlock).style.namedStyle);
    let end = i + 1;
    while (
      end < blocks.length &&
      !(isHeading(blocks[end]) && levelOf((blocks[end] as ParagraphBlock).style.namedStyle) <= lv)
    )
      end++;
    return end;
  };
  // A sub-section deleted: a sub-heading and what follows it up to the next heading of its level
  // or above (or the section's end), when what it holds is text (objects need allow_deletions).
  for (const i of ends(headings.filter((i) => !suggested(i)))) {
    const end = sectionEnd(i);
    const held = blocks.slice(i + 1, end);
    const textOnly = (b: ParagraphBlock) => b.inlines.every((x) => x.type === 'text' || x.type === 'break');
    const plainTable = (b: TableBlock) => b.rows.every((r) => r.every((c) => c.blocks.every(textOnly)));
    if (!held.every((b) => (b.type === 'table' ? plainTable(b) : textOnly(b)))) continue;
    const p = structuredClone(blocks) as Block[];
    p.splice(i, end - i);
    add('delete-subsection', `blocks ${i}-${end - 1}`, p, { old: end - i, new: 0 }, 3);
  }
  // A sub-heading moved above the paragraph before it (its anchor moves with it).
  for (const i of ends(
    body.filter((i) => i > first && isHeading(blocks[i]) && isTextParagraph(blocks[i - 1])),
  )) {
    const p = structuredClone(blocks) as Block[];
    [p[i - 1], p[i]] = [p[i]!, p[i - 1]!];
    // The paragraph is deleted and typed again after the heading: its text, paragraph style, one
    // text style for all of it, and one more per run styled apart from the rest.
    const styledRuns = (blocks[i - 1] as ParagraphBlock).inlines.filter(
      (x) => x.type === 'text' && Object.keys(x.style).length > 0,
    ).length;
    add('move-heading', `block ${i}`, p, { old: 2, new: 2 }, Math.max(6, 5 + styledRuns));
  }
  // Two sub-sections of one level side by side, of text and plain tables, swapped (a model
  // reordering a document): one of them is deleted and typed again on the other's side.
  // (Anchors too: a heading's id, a bookmark.)
  const textOnly = (b: ParagraphBlock) =>
    b.inlines.every((x) => x.type === 'text' || x.type === 'break' || x.type === 'anchor');
  const retypable = (b: Block) =>
    b.type === 'table' ? b.rows.every((r) => r.every((c) => c.blocks.every(textOnly))) : textOnly(b);
  const swappable = headings.filter((i) => {
    const j = sectionEnd(i);
    const h = blocks[j] as ParagraphBlock | undefined;
    return (
      !suggested(i) &&
      j < blocks.length &&
      isHeading(h) &&
      h!.style.namedStyle === (blocks[i] as ParagraphBlock).style.namedStyle &&
      [i, j].every((x) =>
        (blocks[x] as ParagraphBlock).inlines.some((y) => y.type === 'text' && /\S/.test(y.text)),
      ) &&
      !suggested(j) &&
      blocks.slice(i, sectionEnd(j)).every(retypable)
    );
  });
  for (const i of ends(swappable)) {
    const j = sectionEnd(i);
    const k = sectionEnd(j);
    // As the export shows them: a heading's anchor only where a link needs it (none here).
    const bare = (bs: Block[]) =>
      structuredClone(bs).map((b) =>
        isHeading(b)
          ? { ...b, inlines: (b as ParagraphBlock).inlines.filter((x) => x.type !== 'anchor') }
          : b,
      );
    const p = structuredClone(blocks) as Block[];
    p.splice(i, k - i, ...bare(blocks.slice(j, k)), ...bare(blocks.slice(i, j)));
    const moved = k - i;
    // Per paragraph typed again its text, paragraph and text styles; per table its cells' too.
    const cost = (b: Block) => (b.type === 'table' ? 2 + 3 * b.rows.flat().length : 4);
    const bound = 6 + Math.max(...[blocks.slice(i, j), blocks.slice(j, k)].map((bs) => sum(bs.map(cost))));
    add('swap-subsections', `blocks ${i}-${j - 1}, ${j}-${k - 1}`, p, { old: moved, new: moved }, bound);
    // One sub-section stays and keeps its heading's id; the other's heading is typed anew.
    const [first, second] = [structuredClone(p), structuredClone(p)];
    first.splice(i + (k - j), j - i, ...structuredClone(blocks.slice(i, j)));
    second.splice(i, k - j, ...structuredClone(blocks.slice(j, k)));
    out[out.length - 1]!.expected = withBlocks(model, first);
    out[out.length - 1]!.orExpected = withBlocks(model, second);
  }
  // A sub-heading made a paragraph of text (its named style; Docs drops its heading id).
  for (const i of ends(headings.filter((i) => !suggested(i) && textOnly(blocks[i] as ParagraphBlock)))) {
    const p = structuredClone(blocks) as Block[];
    const h = p[i] as ParagraphBlock;
    h.style = { ...h.style, namedStyle: 'NORMAL_TEXT' };
    // Its id goes (Docs keeps ids on headings only): the export shows it only where a link needs it.
    h.inlines = h.inlines.filter((x) => x.type !== 'anchor' || !x.id?.startsWith('h.'));
    add('heading-to-paragraph', `block ${i}`, p, { old: 1, new: 1 }, 3);
  }
  // The first paragraph of text moved to the end of the section.
  for (const i of plain.slice(0, 1).filter((i) => i < blocks.length - 1)) {
    const p = structuredClone(blocks) as Block[];
    const [moved] = p.splice(i, 1);
    p.push(moved!);
    const runs = (blocks[i] as ParagraphBlock).inlines.length;
    add('move-paragraph-last', `block ${i}`, p, { old: blocks.length - i, new: blocks.length - i }, 6 + runs);
  }
  // A paragraph of several runs written anew as one sentence in its first run's style.
  for (const i of ends(text.filter((i) => (blocks[i] as ParagraphBlock).inlines.length > 1))) {
    const p = structuredClone(blocks) as Block[];
    const q = p[i] as ParagraphBlock;
    const run = q.inlines[0] as Extract<Inline, { type: 'text' }>;
    q.inlines = [{ ...run, text: 'This paragraph was written anew by the model.' }];
    // One replacement (deleted, typed, styled); two where a stretch of some words is kept (each
    // replacement's three, and the kept words restyled).
    add('rewrite-paragraph', `block ${i}`, p, { old: 1, new: 1 }, 8);
  }
  // A sub-heading moved above the paragraph holding an object before it (the object cannot be
  // made again: the heading is the one typed again, on the object's other side).
  for (const i of ends(
    headings.filter((i) => {
      const b = blocks[i - 1];
      return (
        !suggested(i) &&
        textOnly(blocks[i] as ParagraphBlock) &&
        b?.type === 'paragraph' &&
        !isHeading(b) &&
        b.list === undefined &&
        b.inlines.some((x) => x.type === 'embed' && x.id !== '')
      );
    }),
  )) {
    const p = structuredClone(blocks) as Block[];
    // As the export shows it, unlinked (a linked heading's id, named, would make the object move).
    const h = p[i] as ParagraphBlock;
    h.inlines = h.inlines.filter((x) => x.type !== 'anchor' || !x.id?.startsWith('h.'));
    [p[i - 1], p[i]] = [p[i]!, p[i - 1]!];
    add('object-across-heading', `block ${i}`, p, { old: 2, new: 2 }, 6);
  }
  // A paragraph followed by three new bullet items (a model expanding a point into a list).
  for (const i of ends(
    plain.filter((i) => !((blocks[i + 1] as ParagraphBlock | undefined)?.list !== undefined)),
  )) {
    const items = ['First point.', 'Second point.', 'Third point.'].map((t) =>
      para(t, { list: { key: 'expanded', level: 0, kind: 'bullet' } }),
    );
    // Per item its text and styles, and one bullet request for the three.
    add('expand-to-list', `after block ${i}`, inserted(model, i + 1, ...items), { old: 0, new: 3 }, 12);
  }
  // A new item between two items of one list and level.
  for (const i of ends(middles)) {
    const list = (blocks[i] as ParagraphBlock).list!;
    add(
      'add-item-middle',
      `before block ${i}`,
      inserted(model, i, para('A new item.', { list: { ...list } })),
      { old: 0, new: 1 },
      4,
    );
  }
  // A new sub-section typed before an existing sub-heading.
  for (const i of ends(headings.filter((i) => !suggested(i)))) {
    const h: ParagraphBlock = {
      type: 'paragraph',
      style: { namedStyle: (blocks[i] as ParagraphBlock).style.namedStyle },
      inlines: [{ type: 'text', text: 'An inserted subsection', style: {} }],
    };
    add(
      'insert-subsection',
      `before block ${i}`,
      inserted(model, i, h, para('Its text.')),
      { old: 0, new: 2 },
      8,
    );
  }
  // A table of text moved below the paragraph after it (the paragraph is typed again above it).
  for (const t of ends(tables.filter((t) => plain.includes(t + 1) && t > first))) {
    const p = structuredClone(blocks) as Block[];
    [p[t], p[t + 1]] = [p[t + 1]!, p[t]!];
    add(
      'move-table',
      `table ${t}`,
      p,
      { old: 3, new: 3 },
      6 + (blocks[t + 1] as ParagraphBlock).inlines.length,
    );
  }
  // A footnote added at the end of a paragraph of text.
  for (const i of ends(plain)) {
    const p = structuredClone(blocks) as Block[];
    const q = p[i] as ParagraphBlock;
    // (A label of its own: a chain may add a second.)
    let label = 'battery';
    for (let k = 2; label in model.footnotes; k++) label = `battery${k}`;
    q.inlines = [...q.inlines, { type: 'footnoteRef', label }];
    const edit = withBlocks(model, p);
    edit.footnotes = { ...model.footnotes, [label]: [para('A new footnote.')] };
    // The reference (createFootnote); the note's text goes in a second write.
    out.push({
      kind: 'add-footnote',
      where: `block ${i}`,
      next: edit,
      touched: { old: 1, new: 1 },
      maxRequests: 2,
    });
  }
  // An image added by URL in a paragraph of its own, after the first paragraph of text.
  for (const i of plain.slice(0, 1)) {
    const image: ParagraphBlock = {
      type: 'paragraph',
      style: { namedStyle: 'NORMAL_TEXT' },
      inlines: [{ type: 'image', url: 'https://example.com/chart.png', alt: 'A chart' }],
    };
    // The paragraph and its styles, the image, and what marks it as one the text gave a URL.
    add('add-image', `after block ${i}`, inserted(model, i + 1, image), { old: 0, new: 1 }, 8);
  }
  // A paragraph holding an image or a chip made a bullet item (not next to an item: two lists).
  const items0 = (i: number) => (blocks[i] as ParagraphBlock | undefined)?.list !== undefined;
  for (const i of ends(
    body.filter((i) => isObjectParagraph(blocks[i]) && !items0(i - 1) && !items0(i + 1)),
  )) {
    const p = structuredClone(blocks) as Block[];
    (p[i] as ParagraphBlock).list = { key: 'battery', level: 0, kind: 'bullet' };
    add('object-to-bullet', `block ${i}`, p, { old: 1, new: 1 }, 3);
  }
  // Blocks a model writes in Markdown that Docs has no element for (a code block, a quote, a
  // rule: marked paragraphs, grammar §4) and a checklist item, after the last paragraph of text.
  for (const i of plain.slice(-1)) {
    for (const [kind, source, most] of [
      ['add-code-block', '```js\nconst total = items.length;\nreturn total;\n```', 10],
      ['add-quote', '> A quoted line, as said.', 10],
      ['add-rule', '---', 10],
      ['add-checklist', '- [ ] A task to do.', 5],
    ] as const) {
      // Not next to a list item: a checklist there would join or split that list.
      if (kind === 'add-checklist' && (items0(i + 1) || items0(i))) continue;
      const added = structuredClone(parseMebdf(source).blocks) as Block[];
      if (kind === 'add-checklist') for (const b of added) (b as ParagraphBlock).list!.key = 'battery';
      add(kind, `after block ${i}`, inserted(model, i + 1, ...added), { old: 0, new: 1 }, most);
    }
  }
  // A word of a footnote this section references changed (the first footnote, its first word).
  const label = Object.keys(model.footnotes)[0];
  const note = label === undefined ? undefined : model.footnotes[label]!;
  const noteText = note?.findIndex((b) => b.inlines.some((x) => x.type === 'text' && /\S/.test(x.text)));
  if (label !== undefined && note && noteText !== undefined && noteText >= 0) {
    const edit = withBlocks(model, structuredClone(blocks) as Block[]);
    const run = edit.footnotes[label]![noteText]!.inlines.find((x) => x.type === 'text' && /\S/.test(x.text));
    if (run?.type === 'text') {
      run.text = run.text.replace(/\S+/, 'Changed');
      out.push({
        kind: 'edit-footnote',
        where: `footnote ${label}`,
        next: edit,
        touched: { old: 0, new: 0 },
        maxRequests: 3,
      });
    }
  }
  // A column added at the right of a table whose cells are one paragraph each and none merged.
  for (const t of ends(tables)) {
    const tb = blocks[t] as TableBlock;
    if (tb.rows.some((row) => row.some((c) => c.colSpan || c.rowSpan || c.blocks.length !== 1))) continue;
    const p = structuredClone(blocks) as Block[];
    const q = p[t] as TableBlock;
    for (const [r, row] of q.rows.entries()) row.push({ blocks: [para(r === 0 ? 'New' : `n${r}`)] });
    // The column, then per new cell its text and the paragraph and text style the cell it copies gave it.
    add('add-column', `table ${t}`, p, { old: 1, new: 1 }, 1 + 3 * q.rows.length);
  }
  // The last column of a table of more than one column, none merged, deleted.
  for (const t of ends(tables)) {
    const tb = blocks[t] as TableBlock;
    if (tb.rows[0]!.length < 2 || tb.rows.some((row) => row.some((c) => c.colSpan || c.rowSpan))) continue;
    const p = structuredClone(blocks) as Block[];
    for (const row of (p[t] as TableBlock).rows) row.pop();
    add('delete-column', `table ${t}`, p, { old: 1, new: 1 }, 1);
  }
  // The first two cells of a table's last row merged, when both are one paragraph of text.
  for (const t of ends(tables)) {
    const tb = blocks[t] as TableBlock;
    const row = tb.rows[tb.rows.length - 1]!;
    if (tb.rows.length < 2 || row.length < 2 || tb.rows.some((r) => r.some((c) => c.colSpan || c.rowSpan)))
      continue;
    const p = structuredClone(blocks) as Block[];
    const last = (p[t] as TableBlock).rows[tb.rows.length - 1]!;
    last[0]!.colSpan = 2;
    // The cell the merge covers is empty: its text goes into the merged cell, as Docs merges.
    const covered = last[1]!.blocks;
    const { list: _, ...emptied } = covered[0]!;
    last[1]!.blocks = [{ ...emptied, inlines: [] }];
    last[0]!.blocks = [...last[0]!.blocks, ...covered.filter((b) => b.inlines.length > 0)];
    // The merge; the covered text moved: deleted, typed in, its paragraph style and its runs' styles.
    // A list item moved is bulleted again, with a paragraph standing for its level before it.
    const runs = covered.reduce((n, b) => n + b.inlines.length + (b.list ? 4 : 0), 0);
    add('merge-cells', `table ${t}`, p, { old: 1, new: 1 }, 4 + runs);
  }
  // A nested list of three levels typed after the first paragraph of text.
  for (const i of plain.slice(0, 1)) {
    if (items0(i + 1)) continue;
    const added = parseMebdf('- One\n  - One and a half\n    1. Deeper\n- Two').blocks as Block[];
    for (const b of added) (b as ParagraphBlock).list!.key = `battery-${(b as ParagraphBlock).list!.key}`;
    add('add-nested-list', `after block ${i}`, inserted(model, i + 1, ...added), { old: 0, new: 4 }, 14);
  }
  // A chip typed at the end of a paragraph of text: a person, a date.
  for (const i of ends(plain)) {
    for (const [kind, source] of [
      ['add-person-chip', ' {^= person "ada@example.com"}'],
      ['add-date-chip', ' {^= date "2026-11-24"}'],
    ] as const) {
      const p = structuredClone(blocks) as Block[];
      const q = p[i] as ParagraphBlock;
      const chip = (parseMebdf(`x${source}`).blocks[0] as ParagraphBlock).inlines.filter(
        (x) => x.type === 'embed',
      );
      const last = q.inlines[q.inlines.length - 1];
      // The space before the chip in the style of the text it follows.
      const space: Inline = {
        type: 'text',
        text: ' ',
        style: last?.type === 'text' ? { ...last.style } : {},
      };
      q.inlines = mergeRuns([...q.inlines, space, ...chip]);
      // The space, its style, the chip.
      add(kind, `block ${i}`, p, { old: 1, new: 1 }, 4);
    }
  }
  // A line break (Shift+Enter) after the first sentence of a paragraph of text.
  for (const i of ends(plain)) {
    const p = structuredClone(blocks) as Block[];
    const q = p[i] as ParagraphBlock;
    const k = q.inlines.findIndex((x) => x.type === 'text' && /[.!?] \S/.test(x.text));
    const run = q.inlines[k];
    if (run?.type !== 'text') continue;
    const m = /[.!?]( )\S/.exec(run.text)!;
    const at = m.index + 1;
    q.inlines.splice(
      k,
      1,
      { ...run, text: run.text.slice(0, at) },
      { type: 'break' },
      { ...run, text: run.text.slice(at + 1) },
    );
    add('line-break', `block ${i}`, p, { old: 1, new: 1 }, 2);
  }
  // Space after a paragraph of text, and a paragraph of text indented.
  for (const i of ends(plain)) {
    for (const [kind, style] of [
      ['space-after', { spaceAfter: 18 }],
      ['indent-paragraph', { indentLeft: 54 }],
    ] as const) {
      const p = structuredClone(blocks) as Block[];
      const q = p[i] as ParagraphBlock;
      if (kind === 'space-after' && q.style.spaceAfter === 18) continue;
      if (kind === 'indent-paragraph' && q.style.indentLeft === 54) continue;
      q.style = { ...q.style, ...style };
      add(kind, `block ${i}`, p, { old: 1, new: 1 }, 1);
    }
  }
  // A numbered list of three items typed after the last paragraph of text.
  for (const i of plain.slice(-1)) {
    if (items0(i + 1)) continue;
    const added = parseMebdf('1. First step\n2. Second step\n3. Third step').blocks as Block[];
    for (const b of added) (b as ParagraphBlock).list!.key = 'battery-numbered';
    add('add-numbered-list', `after block ${i}`, inserted(model, i + 1, ...added), { old: 0, new: 3 }, 6);
  }
  // A whole list of text deleted (its first run of items), when a paragraph of text is on either
  // side (a list holding an object would be refused without allow_deletions).
  for (const [i, j] of runs.slice(0, 1)) {
    if (!plain.includes(i - 1) || !plain.includes(j + 1)) continue;
    if (!blocks.slice(i, j + 1).every((b) => isTextParagraph(b))) continue;
    const p = structuredClone(blocks) as Block[];
    p.splice(i, j - i + 1);
    add('delete-list', `blocks ${i}-${j}`, p, { old: j - i + 1, new: 0 }, 2);
  }
  return out;
}
