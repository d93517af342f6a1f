/**
 * Paragraph-level request generation: editing one paragraph in place (character diff, then run
 * styles, paragraph style and bullets) and inserting new paragraphs next to existing ones.
 *
 * Every function emits requests in descending index order within its paragraph(s), and touches no
 * index below its own start, so callers can walk a container from its end to its start.
 */
import { diffChars } from 'diff';
import { ValidationError } from '../../errors.js';
import type {
  ListKind,
  ListMembership,
  ParagraphBlock,
  ParagraphStyle,
  TextStyle,
} from '../../mebdf/model.js';
import type { ParagraphSource } from '../export/types.js';
import { cannotMove, notFound, type PlanContext } from './context.js';
import { toUnits, type UnitObject, type Units } from './paragraph-units.js';
import { paragraphStylePayload, TEXT_FIELDS, type TextField, textFieldsDiffering } from './style-payloads.js';

/** The bullet preset creating a list of each kind (the same glyph kind on every level). */
export const PRESETS: Record<ListKind, string> = {
  bullet: 'BULLET_DISC_CIRCLE_SQUARE',
  ordered: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
  checkbox: 'BULLET_CHECKBOX',
};

const ALL_FIELDS = new Set<TextField>(TEXT_FIELDS);

/** What a paragraph created by splitting an existing one starts out with. */
export interface Inherited {
  style: ParagraphStyle;
  list?: ListMembership | undefined;
  /** `list` is a membership of the new model (the paragraph inherited from is itself new). */
  listIsNew?: boolean;
  /** The model style new text takes; null when unknown (then every field is written). */
  textStyle: TextStyle | null;
}

/** Whether the old list membership already is the new one (same list, level and kind). */
export function sameList(
  ctx: PlanContext,
  o: ListMembership | undefined,
  n: ListMembership | undefined,
): boolean {
  if (!o || !n) return !o && !n;
  return ctx.lists.get(o.key) === n.key && o.level === n.level && o.kind === n.kind;
}

/** The fields to write so that text inheriting `inherited` ends up `desired`. */
function fieldsFor(inherited: TextStyle | null, desired: TextStyle): Set<TextField> {
  if (inherited === null) return ALL_FIELDS;
  const f = textFieldsDiffering(inherited, desired);
  // Google may or may not carry a link over to adjacent new text: always say it.
  if (desired.link !== undefined) f.add('link');
  return f;
}

/** Runs of equal style among `styles[from, to)` (null = not text: skipped). */
function runs(
  styles: (TextStyle | null)[],
  from: number,
  to: number,
): { start: number; end: number; style: TextStyle }[] {
  const out: { start: number; end: number; style: TextStyle }[] = [];
  let k = from;
  while (k < to) {
    const st = styles[k];
    if (!st) {
      k++;
      continue;
    }
    let e = k + 1;
    while (e < to && styles[e] === st) e++;
    // Styles are shared objects per inline; different inlines with equal style still merge.
    const last = out[out.length - 1];
    if (last && last.end === k && JSON.stringify(last.style) === JSON.stringify(st)) last.end = e;
    else out.push({ start: k, end: e, style: st });
    k = e;
  }
  return out;
}

/** Inserts one object unit at `index`. Only images can be created; the rest would be a move. */
function insertObject(ctx: PlanContext, seg: string, index: number, obj: UnitObject): void {
  if (obj.kind === 'image') {
    if (seg !== '') {
      throw new ValidationError(
        'An image cannot be inserted in a footnote.',
        'Move the image into the body text.',
      );
    }
    if (!/^https:\/\//i.test(obj.url) || obj.url.length > 2048) {
      throw new ValidationError(
        `The image URL ${obj.url.slice(0, 80)} cannot be inserted: it must be an https URL of at most 2 KB.`,
        'Use a public https URL of a PNG, JPEG or GIF image.',
      );
    }
    ctx.push({ insertInlineImage: { uri: obj.url, location: ctx.location(seg, index) } });
    if (obj.alt)
      ctx.warnings.push(
        `The alt text "${obj.alt}" of an inserted image is not set: the Docs API cannot write it.`,
      );
    return;
  }
  if (obj.kind === 'embed') {
    throw ctx.oldEmbedIds.has(obj.id) ? cannotMove(obj.id, obj.embedKind) : notFound(obj.id, obj.embedKind);
  }
  throw new ValidationError(
    `The footnote reference [^${obj.label}] is new or moved; creating a footnote with its text needs two writes, which an import does not do.`,
    'Add the footnote in Docs, or keep footnote references where they were exported.',
  );
}

/** Text of the units without their objects, and the objects with their unit offsets. */
function splitObjects(
  ctx: PlanContext,
  u: Units,
  from: number,
  to: number,
): { text: string; objects: { offset: number; obj: UnitObject }[] } {
  let text = '';
  const objects: { offset: number; obj: UnitObject }[] = [];
  for (let k = from; k < to; k++) {
    const ch = u.text[k]!;
    if (u.styles[k] === null && ctx.codes.isObject(ch))
      objects.push({ offset: k - from, obj: ctx.codes.objects.get(ch)! });
    else text += ch;
  }
  return { text, objects };
}

/** Inserts units `[from, to)` of `u` at `index` (text first, then objects in ascending order). */
function insertUnits(ctx: PlanContext, seg: string, index: number, u: Units, from: number, to: number): void {
  const { text, objects } = splitObjects(ctx, u, from, to);
  ctx.insertText(seg, index, text);
  for (const { offset, obj } of objects) insertObject(ctx, seg, index + offset, obj);
}

function writesSuggestion(): ValidationError {
  return new ValidationError(
    'The new content adds text marked as a suggestion; the Docs API cannot write suggestions.',
    'Type new text outside {!suggest:…} spans; leave suggested text exactly as exported.',
  );
}

function checkRemovable(ctx: PlanContext, u: Units, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const st = u.styles[k];
    if (st?.suggestion) {
      throw new ValidationError(
        'The edit would delete or change suggested text; the Docs API cannot write suggestions.',
        'Leave suggested text exactly as exported, or accept/reject the suggestion in Docs first.',
      );
    }
    const ch = u.text[k]!;
    if (st === null && ctx.codes.isObject(ch)) {
      const obj = ctx.codes.objects.get(ch)!;
      if (obj.kind === 'embed') {
        if (ctx.newEmbedIds.has(obj.id)) {
          throw cannotMove(obj.id, obj.embedKind);
        }
        ctx.recordDeleted(obj.id);
      } else if (obj.kind === 'footnoteRef' && ctx.newFootnoteLabels.has(obj.label)) {
        throw new ValidationError(
          `The footnote reference [^${obj.label}] would move; a footnote cannot be moved by an import.`,
          'Keep footnote references where they were exported.',
        );
      }
    }
  }
}

/**
 * Bullets: remove/create so that a paragraph at `start` has list `n` (from `o`). Says whether a
 * bullet was removed, and whether the paragraph needs a nested level (which only re-bulleting its
 * whole list gives).
 */
function fixBullets(
  ctx: PlanContext,
  seg: string,
  start: number,
  o: ListMembership | undefined,
  block: ParagraphBlock,
): { removed: boolean; nested: boolean } {
  const n = block.list;
  if (sameList(ctx, o, n)) return { removed: false, nested: false };
  // A nested level can only come from createParagraphBullets over a range that also holds the
  // list's outer items: the planner re-bullets the whole list once the container is done.
  if (n && n.level > 0) return { removed: false, nested: true };
  let removed = false;
  if (o) {
    ctx.push({ deleteParagraphBullets: { range: ctx.range(seg, start, start + 1) } });
    removed = true;
  }
  if (n) {
    ctx.push({
      createParagraphBullets: { range: ctx.range(seg, start, start + 1), bulletPreset: PRESETS[n.kind] },
    });
  }
  return { removed, nested: false };
}

/**
 * Character diff as `diffChars` parts, with the common prefix and suffix taken off first (a
 * typical edit touches a few words of a long paragraph) and never splitting a surrogate pair.
 */
function charDiff(a: string, b: string): { value: string; added?: boolean; removed?: boolean }[] {
  const lim = Math.min(a.length, b.length);
  let p = 0;
  while (p < lim && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  if (p > 0 && p < lim && isLowSurrogate(a.charCodeAt(p))) p--;
  let q = 0;
  while (q < lim - p && a.charCodeAt(a.length - 1 - q) === b.charCodeAt(b.length - 1 - q)) q++;
  if (q > 0 && q < lim - p && isLowSurrogate(a.charCodeAt(a.length - q))) q--;
  const out: { value: string; added?: boolean; removed?: boolean }[] = [];
  if (p > 0) out.push({ value: a.slice(0, p) });
  out.push(...diffChars(a.slice(p, a.length - q), b.slice(p, b.length - q)));
  if (q > 0) out.push({ value: a.slice(a.length - q) });
  return out;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * Edits paragraph `o` (at `src`) into `n` in place. Returns the new paragraphs whose list needs
 * re-bulleting for a nested level (`n`, or none).
 */
export function editParagraph(
  ctx: PlanContext,
  seg: string,
  o: ParagraphBlock,
  src: ParagraphSource,
  n: ParagraphBlock,
): ParagraphBlock[] {
  const s = src.startIndex;
  const ou = toUnits(o, ctx.codes, ctx.positioned);
  const nu = toUnits(n, ctx.codes, ctx.positioned);
  ctx.checkMarkers(seg, ou, nu);

  const { removed, nested } = fixBullets(ctx, seg, s, o.list, n);
  const ps = paragraphStylePayload(
    o.style,
    n.style,
    ctx.paragraphBase(n.style.namedStyle),
    removed && !n.list,
  );
  if (ps) ctx.push({ updateParagraphStyle: { range: ctx.range(seg, s, s + 1), ...ps } });
  // A new named style changes what "inherited" means for every run: write them all afterwards.
  const restyleAll = o.style.namedStyle !== n.style.namedStyle;

  if (ou.text !== nu.text || !restyleAll) {
    const parts = charDiff(ou.text, nu.text);
    interface Seg {
      o: number;
      oLen: number;
      n: number;
      nLen: number;
      equal: boolean;
    }
    const segs: Seg[] = [];
    let oi = 0;
    let ni = 0;
    for (const p of parts) {
      const len = p.value.length;
      const last = segs[segs.length - 1];
      if (!p.added && !p.removed) {
        segs.push({ o: oi, oLen: len, n: ni, nLen: len, equal: true });
        oi += len;
        ni += len;
      } else {
        const hunk = last && !last.equal ? last : { o: oi, oLen: 0, n: ni, nLen: 0, equal: false };
        if (hunk !== last) segs.push(hunk);
        if (p.added) {
          hunk.nLen += len;
          ni += len;
        } else {
          hunk.oLen += len;
          oi += len;
        }
      }
    }
    // A character diff inside a changed word gives scattered hunks ("item" -> "thing": -i =t -em
    // +hing); one replacement of the word is fewer requests. Merge hunks around equal runs of
    // at most 2 units that hold no object.
    for (let k = 1; k + 1 < segs.length; k++) {
      const a = segs[k - 1]!;
      const e = segs[k]!;
      const b = segs[k + 1]!;
      if (!e.equal || a.equal || b.equal || e.oLen > 2 || ou.styles.slice(e.o, e.o + e.oLen).includes(null))
        continue;
      a.oLen += e.oLen + b.oLen;
      a.nLen += e.nLen + b.nLen;
      segs.splice(k, 2);
      k--;
    }
    for (let k = segs.length - 1; k >= 0; k--) {
      const g = segs[k]!;
      if (g.equal) {
        if (restyleAll) continue;
        // Style changes on kept text: one request per run of equal (old, new) style.
        let a = 0;
        while (a < g.oLen) {
          const os = ou.styles[g.o + a];
          const ns = nu.styles[g.n + a];
          let b = a + 1;
          while (b < g.oLen && ou.styles[g.o + b] === os && nu.styles[g.n + b] === ns) b++;
          if (os && ns) {
            const f = textFieldsDiffering(os, ns);
            if (f.size > 0) {
              if (os.suggestion || ns.suggestion) checkRemovable(ctx, ou, g.o + a, g.o + b);
              ctx.textStyle(seg, s + g.o + a, s + g.o + b, ns, f, n.style.namedStyle);
            }
          }
          a = b;
        }
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
          ? (ou.styles[g.o - 1] ?? ctx.runStyles.at(seg, s + g.o - 1))
          : g.o + g.oLen < ou.text.length
            ? (nu.styles[g.n + g.nLen] ?? null)
            : ctx.runStyles.at(seg, s + g.o + g.oLen);
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
      ctx.textStyle(seg, s + r.start, s + r.end, r.style, ALL_FIELDS, n.style.namedStyle);
    }
  }
  ctx.createAnchors(seg, nu, s, s + nu.text.length);
  return nested ? [n] : [];
}

/**
 * Inserts new paragraphs at `x`:
 * - `after`: `x` is the closing `\n` of an existing paragraph; the new ones follow it;
 * - `before`: `x` is the start of an existing paragraph; the new ones precede it;
 * - `fill`: `x` is the start of an empty paragraph (a new table cell); the last new paragraph is it.
 * Returns the new paragraphs whose list needs re-bulleting for a nested level.
 */
export function insertParagraphs(
  ctx: PlanContext,
  seg: string,
  x: number,
  mode: 'after' | 'before' | 'fill',
  blocks: ParagraphBlock[],
  inh: Inherited,
): ParagraphBlock[] {
  const nested: ParagraphBlock[] = [];
  if (blocks.length === 0) return nested;
  const units = blocks.map((b) => toUnits(b, ctx.codes, ctx.positioned));
  for (const u of units) {
    ctx.checkNewMarkers(u);
    if (u.styles.some((st) => st?.suggestion)) throw writesSuggestion();
  }
  // Bullets: which paragraphs keep the inherited bullet, which get a new one (grouped by preset).
  const same = (b: ParagraphBlock): boolean =>
    inh.listIsNew
      ? JSON.stringify(inh.list ?? null) === JSON.stringify(b.list ?? null)
      : sameList(ctx, inh.list, b.list);
  const create = blocks.map((b) => b.list !== undefined && !same(b));
  const drop = blocks.map((b) => inh.list !== undefined && !same(b));
  const tabs = blocks.map(() => 0);
  for (let i = 0; i < blocks.length; ) {
    if (!create[i]) {
      i++;
      continue;
    }
    let j = i + 1;
    const kind = blocks[i]!.list!.kind;
    while (
      j < blocks.length &&
      create[j] &&
      blocks[j]!.list!.kind === kind &&
      blocks[j]!.list!.key === blocks[i]!.list!.key
    )
      j++;
    const min = Math.min(...blocks.slice(i, j).map((b) => b.list!.level));
    if (min > 0) {
      // Nesting is relative to the bulleted set: leave these to the whole-list re-bulleting.
      for (let k = i; k < j; k++) {
        nested.push(blocks[k]!);
        create[k] = false;
        drop[k] = false;
      }
    } else {
      for (let k = i; k < j; k++) tabs[k] = blocks[k]!.list!.level;
    }
    i = j;
  }
  const textOnly = units.map((u, i) => '\t'.repeat(tabs[i]!) + splitObjects(ctx, u, 0, u.text.length).text);
  const joined = textOnly.join('\n');
  const text = mode === 'after' ? `\n${joined}` : mode === 'before' ? `${joined}\n` : joined;
  ctx.insertText(seg, x, text);

  // Start of each new paragraph before objects are inserted (objects of paragraph i come later).
  const first = mode === 'after' ? x + 1 : x;
  const starts: number[] = [];
  let at = first;
  for (const t of textOnly) {
    starts.push(at);
    at += t.length + 1;
  }
  // Objects first, last paragraph first, so the starts of the paragraphs before stay valid.
  for (let i = blocks.length - 1; i >= 0; i--) {
    const u = units[i]!;
    const body = starts[i]! + tabs[i]!;
    for (const { offset, obj } of splitObjects(ctx, u, 0, u.text.length).objects)
      insertObject(ctx, seg, body + offset, obj);
  }
  // From here on the text is all there (leading tabs included): final starts.
  const finalStarts: number[] = [];
  at = first;
  units.forEach((u, i) => {
    finalStarts.push(at);
    at += tabs[i]! + u.text.length + 1;
  });
  const paraEnd = (i: number): number => finalStarts[i]! + tabs[i]! + units[i]!.text.length + 1;
  /** A range over paragraphs i..j-1 that overlaps no other paragraph and is never empty. */
  const span = (i: number, j: number) =>
    ctx.range(seg, finalStarts[i]!, Math.max(paraEnd(j - 1) - 1, finalStarts[i]! + 1));
  // Bullets dropped and paragraph styles: one request per run of paragraphs that need the same.
  for (let i = 0; i < blocks.length; ) {
    if (!drop[i]) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < blocks.length && drop[j]) j++;
    ctx.push({ deleteParagraphBullets: { range: span(i, j) } });
    i = j;
  }
  const payloads = blocks.map((b, i) =>
    paragraphStylePayload(inh.style, b.style, ctx.paragraphBase(b.style.namedStyle), drop[i]! && !b.list),
  );
  for (let i = 0; i < blocks.length; ) {
    const pst = payloads[i];
    let j = i + 1;
    while (j < blocks.length && JSON.stringify(payloads[j]) === JSON.stringify(pst)) j++;
    if (pst) ctx.push({ updateParagraphStyle: { range: span(i, j), ...pst } });
    i = j;
  }
  // Run styles: equal runs of consecutive paragraphs merge across the newline between them
  // (styling a newline is harmless; links never apply to newlines, so linked runs do not merge).
  interface Styled {
    start: number;
    end: number;
    style: TextStyle;
    fields: Set<TextField>;
    named: ParagraphStyle['namedStyle'];
    wholeEnd: boolean;
  }
  const styled: Styled[] = [];
  blocks.forEach((b, i) => {
    const u = units[i]!;
    const body = finalStarts[i]! + tabs[i]!;
    const inherited = inh.style.namedStyle === b.style.namedStyle ? inh.textStyle : null;
    const rs = runs(u.styles, 0, u.text.length);
    rs.forEach((r, k) => {
      const item: Styled = {
        start: body + r.start,
        end: body + r.end,
        style: r.style,
        fields: fieldsFor(inherited, r.style),
        named: b.style.namedStyle,
        wholeEnd: k === rs.length - 1 && r.end === u.text.length,
      };
      const prev = styled[styled.length - 1];
      const sameFields = (a: Set<TextField>, c: Set<TextField>): boolean =>
        a.size === c.size && [...a].every((f) => c.has(f));
      if (
        prev &&
        r.start === 0 &&
        tabs[i] === 0 &&
        prev.wholeEnd &&
        prev.end + 1 === item.start &&
        prev.named === item.named &&
        item.style.link === undefined &&
        JSON.stringify(prev.style) === JSON.stringify(item.style) &&
        sameFields(prev.fields, item.fields)
      ) {
        prev.end = item.end;
        prev.wholeEnd = item.wholeEnd;
      } else styled.push(item);
    });
  });
  for (let k = styled.length - 1; k >= 0; k--) {
    const t = styled[k]!;
    ctx.textStyle(seg, t.start, t.end, t.style, t.fields, t.named);
  }
  for (let i = blocks.length - 1; i >= 0; i--) {
    const body = finalStarts[i]! + tabs[i]!;
    ctx.createAnchors(seg, units[i]!, body, body + units[i]!.text.length);
  }
  // Bullets last, from the end: createParagraphBullets eats the leading tabs and shifts what follows.
  for (let j = blocks.length; j > 0; ) {
    if (!create[j - 1]) {
      j--;
      continue;
    }
    let i = j - 1;
    const kind = blocks[j - 1]!.list!.kind;
    const key = blocks[j - 1]!.list!.key;
    while (i > 0 && create[i - 1] && blocks[i - 1]!.list!.kind === kind && blocks[i - 1]!.list!.key === key)
      i--;
    const start = finalStarts[i]!;
    const end = paraEnd(j - 1);
    ctx.push({
      createParagraphBullets: {
        range: ctx.range(seg, start, end - 1 > start ? end - 1 : end),
        bulletPreset: PRESETS[kind],
      },
    });
    j = i;
  }
  return nested;
}
