/**
 * Text as Docs stores it. The Docs API drops C0 control characters other than tab, newline and
 * vertical tab, and the Basic Multilingual Plane's private-use characters (U+E000–U+F8FF), from
 * inserted text ("will be stripped out of the inserted text", `InsertTextRequest`), and a vertical
 * tab in the text is a soft line break. `gdoc lint` accepts all of them, so the import resolves the
 * intended content to what Docs will keep before planning: the characters are left out (and the
 * result says so), and a vertical tab becomes a `break`. Characters the old content already holds
 * are left alone: they were not inserted through the API, and an unchanged paragraph stays as is.
 */
import type { Block, Inline, MebdfDocument, ParagraphBlock, TextStyle } from '../../mebdf/model.js';

const DROPPED = /[\u0000-\u0008\u000c-\u001f\ue000-\uf8ff]/g;

export interface DocsText {
  /** `doc` itself when nothing changes. */
  model: MebdfDocument;
  warnings: string[];
}

/** `text` without the characters Docs drops (those an import leaves out when the target has none). */
export function withoutDropped(text: string): string {
  return text.replace(DROPPED, '');
}

/** `next` with the characters Docs drops left out and vertical tabs as breaks. */
export function asDocsStoresText(next: MebdfDocument, old: MebdfDocument): DocsText {
  const kept = new Set<string>();
  forEachText(old, (text) => {
    for (const ch of text.match(DROPPED) ?? []) kept.add(ch);
  });
  const dropped = new Set<string>();
  let changed = false;
  const inlines = (xs: Inline[]): Inline[] => {
    if (!xs.some((x) => x.type === 'text' && (x.text.includes('\u000b') || hasDropped(x.text, kept))))
      return xs;
    changed = true;
    const out: Inline[] = [];
    for (const x of xs) {
      if (x.type !== 'text') {
        out.push(x);
        continue;
      }
      const text = x.text.replace(DROPPED, (ch) => {
        if (kept.has(ch)) return ch;
        dropped.add(ch);
        return '';
      });
      text.split('\u000b').forEach((piece, i) => {
        if (i > 0) out.push({ type: 'break' });
        if (piece) out.push({ ...x, text: piece });
      });
    }
    return merged(out);
  };
  const paragraph = (p: ParagraphBlock): ParagraphBlock => {
    const next = inlines(p.inlines);
    return next === p.inlines ? p : { ...p, inlines: next };
  };
  const block = (b: Block): Block =>
    b.type === 'table'
      ? { ...b, rows: b.rows.map((r) => r.map((c) => ({ ...c, blocks: c.blocks.map(paragraph) }))) }
      : paragraph(b);
  const model: MebdfDocument = {
    blocks: next.blocks.map(block),
    footnotes: Object.fromEntries(Object.entries(next.footnotes).map(([k, v]) => [k, v.map(paragraph)])),
  };
  if (!changed) return { model: next, warnings: [] };
  const names = [...dropped].map(
    (ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
  const warnings = names.length
    ? [
        `Left out ${names.join(', ')}: the Docs API drops control and private-use characters from inserted text.`,
      ]
    : [];
  return { model, warnings };
}

/** Adjacent text runs of one style as one run (the model's invariant), once a run between them is gone. */
function merged(xs: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const x of xs) {
    const last = out[out.length - 1];
    if (x.type === 'text' && last?.type === 'text' && sameStyle(last.style, x.style)) {
      out[out.length - 1] = { ...last, text: last.text + x.text };
    } else out.push(x);
  }
  return out;
}

function sameStyle(a: TextStyle, b: TextStyle): boolean {
  const ka = Object.keys(a) as (keyof TextStyle)[];
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

function hasDropped(text: string, kept: Set<string>): boolean {
  return (text.match(DROPPED) ?? []).some((ch) => !kept.has(ch));
}

function forEachText(doc: MebdfDocument, f: (text: string) => void): void {
  const visit = (blocks: Block[]): void => {
    for (const b of blocks) {
      if (b.type === 'table') for (const r of b.rows) for (const c of r) visit(c.blocks);
      else for (const x of b.inlines) if (x.type === 'text') f(x.text);
    }
  };
  visit(doc.blocks);
  for (const blocks of Object.values(doc.footnotes)) visit(blocks);
}
