/**
 * Lowering of an edit-paragraph step: one paragraph edited in place (its text hunks, then run
 * styles, paragraph style and bullet), requests in descending index order within the paragraph.
 */

import { ValidationError } from '../../errors.js';
import type { ListMembership, NamedStyleType, ParagraphBlock, TextStyle } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import type { ParagraphSource } from '../export/types.js';
import { cannotMove, furtherIndents, htmlSpans, imageRuns, type PlanContext } from './context.js';
import { toUnits, type Units } from './paragraph-units.js';
import { ALL_FIELDS, fieldsFor, insertUnits, runs, sameList, writesSuggestion } from './paragraphs.js';
import { paragraphStylePayload, type TextField, textFieldsDiffering } from './style-payloads.js';
import { changesSuggestedText } from './suggested-text.js';
import { textHunks } from './text-hunks.js';

function checkRemovable(ctx: PlanContext, u: Units, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const st = u.styles[k];
    if (st?.suggestion) throw changesSuggestedText();
    const ch = u.text[k]!;
    if (st === null && ctx.codes.isObject(ch)) {
      const obj = ctx.codes.objects.get(ch)!;
      if (obj.kind === 'embed') {
        if (ctx.env.newEmbedIds.has(obj.id)) {
          throw cannotMove(obj.id, obj.embedKind);
        }
        ctx.recordDeleted(obj.id);
      } else if (obj.kind === 'footnoteRef' && ctx.env.newFootnoteLabels.has(obj.label)) {
        throw new ValidationError(
          `The footnote reference [^${obj.label}] would move; a footnote cannot be moved by an import.`,
          'Keep footnote references where they were exported.',
        );
      }
    }
  }
}

/**
 * Bullets: removes the bullet of a paragraph at `start` that leaves its list; one that needs a
 * bullet (`nested`) gets it once the container is done (list-rebuild.ts), where the paragraphs
 * around it are known: a nested level comes only from a set holding a level-0 paragraph too, and
 * a new list must be kept from joining the list right before it.
 */
function fixBullets(
  ctx: PlanContext,
  seg: string,
  start: number,
  o: ListMembership | undefined,
  block: ParagraphBlock,
): { removed: boolean; nested: boolean } {
  const n = block.list;
  if (sameList(ctx.env.lists, o, n)) return { removed: false, nested: false };
  if (n) return { removed: false, nested: true };
  ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, start, start + 1) } });
  return { removed: true, nested: false };
}

/**
 * The paragraph style editParagraph leaves `o` made into `n` with: `n`'s, but for a paragraph that
 * gets a new bullet once the container is done (`rebulleted`), which keeps `o`'s indents until that
 * bullet writes its level's.
 */
export function editedStyle(
  o: ParagraphBlock,
  n: ParagraphBlock,
  rebulleted: boolean,
): ParagraphBlock['style'] {
  return rebulleted
    ? { ...n.style, indentLeft: o.style.indentLeft, firstLineIndent: o.style.firstLineIndent }
    : n.style;
}

/**
 * Edits paragraph `o` (at `src`) into `n` in place. Returns the new paragraphs whose list needs
 * re-bulleting for a nested level (`n`, or none). `units` stands in for either side's text where
 * it spans two paragraphs (a split or a join, paragraph-split.ts): a newline unit between them.
 */
export function editParagraph(
  ctx: PlanContext,
  seg: string,
  o: ParagraphBlock,
  src: ParagraphSource,
  n: ParagraphBlock,
  units: { old?: Units; next?: Units } = {},
): ParagraphBlock[] {
  const s = src.startIndex;
  const ou = units.old ?? toUnits(o, ctx.codes, ctx.env.positioned);
  const nu = units.next ?? toUnits(n, ctx.codes, ctx.env.positioned);
  ctx.checkMarkers(seg, ou, nu);
  // Raw HTML that changes is marked afresh: the old ranges go before the text they cover does.
  const remarkHtml = htmlChanges(o, ou, n, nu);
  if (remarkHtml) ctx.unmarkHtml(seg, src);
  const reimage = !deepEqual(imageRuns(ou), imageRuns(nu)) || ou.text !== nu.text;
  if (reimage) ctx.unmarkImages(seg, src);

  const { removed, nested } = fixBullets(ctx, seg, s, o.list, n);
  // A new bullet writes its level's indents into the paragraph (lower-lists.ts puts the model's
  // back then); a list item's indents are relative to its level's.
  const from = nested
    ? { ...o.style, indentLeft: n.style.indentLeft, firstLineIndent: n.style.firstLineIndent }
    : o.style;
  const level = n.list && !nested ? ctx.env.levelIndents(src.listId, n.list.level) : undefined;
  // A further block of an item is indented from that item's text (quote-blocks.ts).
  const further = furtherIndents(ctx, undefined, n);
  const ps = paragraphStylePayload(from, n.style, ctx.paragraphBase(n.style.namedStyle), removed && !n.list, {
    level,
    fromBase: ctx.paragraphBase(o.style.namedStyle),
  });
  if (ps) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, s, s + 1), ...ps } });
  // A new named style changes what "inherited" means for every run: write them all afterwards.
  const restyleAll = o.style.namedStyle !== n.style.namedStyle;

  if (ou.text !== nu.text || !restyleAll) {
    const segs = textHunks(ou, nu);
    for (let k = segs.length - 1; k >= 0; k--) {
      const g = segs[k]!;
      if (g.equal) {
        if (restyleAll) continue;
        restyleKept(ctx, seg, s, ou, nu, g, n.style.namedStyle);
        continue;
      }
      checkRemovable(ctx, ou, g.o, g.o + g.oLen);
      ctx.deleteOld(seg, s + g.o, s + g.o + g.oLen);
      if (g.nLen === 0) continue;
      if (nu.styles.slice(g.n, g.n + g.nLen).some((st) => st?.suggestion)) throw writesSuggestion();
      insertUnits(ctx, seg, s + g.o, nu, g.n, g.n + g.nLen);
      if (restyleAll) continue;
      // New text takes the style of the character before it, or at a paragraph start the one
      // after it (already given its new style: later stretches are done first), or the newline's.
      const inherited =
        g.o > 0
          ? (ou.styles[g.o - 1] ?? ctx.env.runStyles.at(seg, s + g.o - 1))
          : g.o + g.oLen < ou.text.length
            ? (nu.styles[g.n + g.nLen] ?? null)
            : ctx.env.runStyles.at(seg, s + g.o + g.oLen);
      for (const r of runs(nu.styles, g.n, g.n + g.nLen)) {
        const at = s + g.o + (r.start - g.n);
        ctx.textStyle(
          seg,
          at,
          at + (r.end - r.start),
          r.style,
          fieldsFor(inherited, r.style),
          n.style.namedStyle,
        );
      }
    }
  }
  if (restyleAll) {
    for (const r of runs(nu.styles, 0, nu.text.length)) {
      if (ou.text === nu.text) restyleUnder(ctx, seg, s, r, n.style.namedStyle);
      else ctx.textStyle(seg, s + r.start, s + r.end, r.style, ALL_FIELDS, n.style.namedStyle);
    }
  }
  ctx.createAnchors(seg, nu, s, s + nu.text.length);
  if (o.code?.info !== n.code?.info) ctx.remarkCode(seg, src, n, s, s + nu.text.length);
  if (remarkHtml) ctx.markHtml(seg, n, nu, s, src);
  if (reimage) ctx.markImages(seg, nu, s);
  const indentsWritten = ps?.fields.split(',').includes('indentStart') ?? false;
  ctx.remarkQuoteRule(seg, o, src, n, s, s + nu.text.length, indentsWritten, level ?? further);
  return nested ? [n] : [];
}

/**
 * Run `r` of a paragraph whose text stays and whose named style becomes `named`: written in one
 * request, in every field where what some stretch of it reads as under `named` as it stands (its
 * explicit Docs style kept) differs from the run's style (writing a field the value it has is a
 * no-op, so a paragraph made a heading is one request, not one per old run); nothing where nothing
 * differs (and so nothing over a pending suggestion, whose text no request may restyle).
 */
function restyleUnder(
  ctx: PlanContext,
  seg: string,
  s: number,
  r: { start: number; end: number; style: TextStyle },
  named: NamedStyleType,
): void {
  const { suggestion: _, ...want } = r.style;
  const fields = new Set<TextField>();
  for (let a = r.start; a < r.end; ) {
    const now = ctx.env.runStyles.readsAs(seg, s + a, named);
    let b = a + 1;
    while (b < r.end && deepEqual(ctx.env.runStyles.readsAs(seg, s + b, named), now)) b++;
    for (const f of now ? textFieldsDiffering(now, want) : ALL_FIELDS) fields.add(f);
    a = b;
  }
  ctx.textStyle(seg, s + r.start, s + r.end, r.style, fields, named);
}

/**
 * Whether the raw-HTML marks of a paragraph edited in place change: it becomes or stops being an
 * HTML block, or its inline HTML is not the same stretches of the same text (an HTML block's range
 * follows edits of its lines by itself, as a code block's does).
 */
function htmlChanges(o: ParagraphBlock, ou: Units, n: ParagraphBlock, nu: Units): boolean {
  if (!!o.html !== !!n.html) return true;
  if (o.html) return false;
  const before = htmlSpans(ou);
  const after = htmlSpans(nu);
  if (before.length === 0 && after.length === 0) return false;
  return ou.text !== nu.text || JSON.stringify(before) !== JSON.stringify(after);
}

/** One stretch of kept text and the style it must get. */
interface Restyle {
  from: number;
  to: number;
  style: TextStyle;
  fields: Set<TextField>;
}

/**
 * Style changes on kept text (hunk `g`, paragraph at `s`): one request per stretch of equal new
 * style, with every field that differs somewhere in it (writing a field the value it already has
 * is a no-op), so stripping a paragraph's formatting is one request, not one per old run.
 */
function restyleKept(
  ctx: PlanContext,
  seg: string,
  s: number,
  ou: Units,
  nu: Units,
  g: { o: number; n: number; oLen: number },
  named: NamedStyleType,
): void {
  const stretches: (Restyle | null)[] = [];
  let a = 0;
  while (a < g.oLen) {
    const os = ou.styles[g.o + a];
    const ns = nu.styles[g.n + a];
    let b = a + 1;
    while (b < g.oLen && ou.styles[g.o + b] === os && nu.styles[g.n + b] === ns) b++;
    if (os && ns) {
      const fields = textFieldsDiffering(os, ns);
      if (fields.size > 0 && (os.suggestion || ns.suggestion)) checkRemovable(ctx, ou, g.o + a, g.o + b);
      stretches.push({ from: g.o + a, to: g.o + b, style: ns, fields });
    } else stretches.push(null); // an object: no text style of its own to write
    a = b;
  }
  const merged: Restyle[] = [];
  let open: Restyle | null = null;
  for (const st of stretches) {
    if (st && open && open.to === st.from && st.style.link === undefined && deepEqual(open.style, st.style)) {
      open.to = st.to;
      for (const f of st.fields) open.fields.add(f);
      continue;
    }
    open = st && { ...st, fields: new Set(st.fields) };
    if (open) merged.push(open);
  }
  for (const r of merged)
    if (r.fields.size > 0) ctx.textStyle(seg, s + r.from, s + r.to, r.style, r.fields, named);
}
