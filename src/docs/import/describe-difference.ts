/**
 * Where two block models first differ, in a few words: which block (its 1-based position, kind and
 * a short excerpt) and what differs in it — the text around the first changed character, one
 * paragraph or text property, an inline, a table cell. For verification messages, which must
 * name the problem without quoting whole documents. Pure.
 */
import type { Block, Inline, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { deepEqual, firstDifference } from '../equality.js';

const EXCERPT = 30;

function excerpt(text: string, max = EXCERPT): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** `text` around position `at`: a little before it, up to EXCERPT characters in all. */
function excerptAt(text: string, at: number): string {
  const from = Math.max(0, at - 10);
  const part = text.slice(from, from + EXCERPT);
  return JSON.stringify(`${from > 0 ? '…' : ''}${part}${from + EXCERPT < text.length ? '…' : ''}`);
}

function plainText(p: ParagraphBlock): string {
  return p.inlines.map((x) => (x.type === 'text' ? x.text : x.type === 'break' ? ' ' : '')).join('');
}

function paragraphKind(p: ParagraphBlock): string {
  const s = p.style.namedStyle;
  if (s.startsWith('HEADING_')) return `heading ${s.slice(8)}`;
  if (s === 'TITLE' || s === 'SUBTITLE') return s.toLowerCase();
  return p.list ? `${p.list.kind} list item` : 'paragraph';
}

/** A block's kind and a short excerpt: `heading 2 "Budget"`, `table 3×2`, `empty paragraph`. */
export function blockLabel(b: Block): string {
  if (b.type === 'table') return `table ${b.rows.length}×${b.rows[0]?.length ?? 0}`;
  const text = plainText(b);
  return text ? `${paragraphKind(b)} ${excerpt(text)}` : `empty ${paragraphKind(b)}`;
}

function value(v: unknown): string {
  if (v === undefined) return 'unset';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function inlineLabel(x: Inline | undefined): string {
  if (!x) return 'nothing';
  switch (x.type) {
    case 'text':
      return `text ${excerpt(x.text)}`;
    case 'anchor':
      return x.id === null ? 'a proposed anchor {^}' : `anchor ${x.id}`;
    case 'embed':
      return `${x.kind} ${x.id}`;
    case 'image':
      return `image ${excerpt(x.url)}`;
    case 'footnoteRef':
      return `footnote reference [^${x.label}]`;
    case 'break':
      return 'a line break';
  }
}

/** What differs between two unequal paragraphs (intended `i`, result `g`). */
function paragraphDifference(i: ParagraphBlock, g: ParagraphBlock): string {
  const it = plainText(i);
  const gt = plainText(g);
  if (it !== gt) {
    let at = 0;
    while (at < it.length && it[at] === gt[at]) at++;
    return `its text would be ${excerptAt(gt, at)} instead of ${excerptAt(it, at)}`;
  }
  const d = firstDifference(i, g)!;
  const [head, k, field, prop] = d.path;
  if (head === 'style')
    return `its paragraph style would have ${String(k)} ${value(d.b)} instead of ${value(d.a)}`;
  if (head === 'list') {
    if (k === undefined)
      return g.list ? `it would become a ${g.list.kind} list item` : 'it would not be a list item';
    return `its list ${String(k)} would be ${value(d.b)} instead of ${value(d.a)}`;
  }
  if (head === 'inlines' && typeof k === 'number') {
    const ix = i.inlines[k];
    const gx = g.inlines[k];
    if (ix?.type === 'text' && gx?.type === 'text' && field === 'style') {
      return `the formatting of ${excerpt(ix.text)} would have ${String(prop)} ${value(d.b)} instead of ${value(d.a)}`;
    }
    return `inline ${k + 1} would be ${inlineLabel(gx)} instead of ${inlineLabel(ix)}`;
  }
  return `${d.path.join('.')} would be ${value(d.b)} instead of ${value(d.a)}`;
}

/** What differs between two unequal blocks (intended `i`, result `g`). */
function blockDifference(i: Block, g: Block): string {
  if (i.type === 'paragraph' && g.type === 'paragraph') return paragraphDifference(i, g);
  if (i.type !== 'table' || g.type !== 'table') return `it would be a ${blockLabel(g)}`;
  const shape = (t: typeof i): string => `${t.rows.length}×${t.rows[0]?.length ?? 0}`;
  if (shape(i) !== shape(g)) return `it would be ${shape(g)} instead of ${shape(i)}`;
  for (let r = 0; r < i.rows.length; r++) {
    for (let c = 0; c < i.rows[r]!.length; c++) {
      const ic = i.rows[r]![c]!;
      const gc = g.rows[r]![c]!;
      if (deepEqual(ic, gc)) continue;
      const cell = `cell (row ${r + 1}, column ${c + 1})`;
      if (!deepEqual(ic.blocks, gc.blocks))
        return `${cell}: ${blocksDifference(ic.blocks, gc.blocks, 'paragraph')}`;
      return `${cell} would span ${gc.colSpan ?? 1}×${gc.rowSpan ?? 1} instead of ${ic.colSpan ?? 1}×${ic.rowSpan ?? 1}`;
    }
  }
  return 'its cells differ';
}

/** The first differing block of two lists, or null when they are equal. */
function blocksDifference(intended: Block[], got: Block[], noun = 'block'): string | null {
  for (let n = 0; n < Math.max(intended.length, got.length); n++) {
    const i = intended[n];
    const g = got[n];
    if (deepEqual(i, g)) continue;
    if (!g) return `${noun} ${n + 1} (${blockLabel(i!)}) would be missing`;
    if (!i) return `there would be an extra ${noun} ${n + 1} (${blockLabel(g)})`;
    return `${noun} ${n + 1} (${blockLabel(i)}): ${blockDifference(i, g)}`;
  }
  return null;
}

/**
 * The first difference between the intended model and the would-be result, in words (blocks in
 * order, then footnotes in order of first reference), or null when they are equal.
 */
export function describeDifference(intended: MebdfDocument, got: MebdfDocument): string | null {
  const inBlocks = blocksDifference(intended.blocks, got.blocks);
  if (inBlocks !== null) return inBlocks;
  const labels = [...new Set([...Object.keys(intended.footnotes), ...Object.keys(got.footnotes)])];
  for (const label of labels) {
    const i = intended.footnotes[label];
    const g = got.footnotes[label];
    if (deepEqual(i, g)) continue;
    if (!g) return `footnote [^${label}] would be missing`;
    if (!i) return `there would be an extra footnote [^${label}]`;
    return `footnote [^${label}], ${blocksDifference(i, g, 'paragraph')}`;
  }
  return null;
}

/** The first differing line of two texts, for when their models show no difference. */
export function firstLineDifference(intended: string, got: string): string {
  const a = intended.split('\n');
  const b = got.split('\n');
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  if (n >= b.length) return `line ${n + 1} (${excerpt(a[n] ?? '')}) would be missing`;
  return `line ${n + 1} would be ${excerpt(b[n]!)} instead of ${excerpt(a[n] ?? '')}`;
}
