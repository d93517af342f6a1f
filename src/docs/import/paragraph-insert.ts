/**
 * Lowering of new paragraphs next to existing ones (or filling a new table cell): one insertText
 * for their text, then objects, bullets dropped, paragraph styles, run styles, anchors and bullets
 * created, in an order that keeps every index valid. Touches no index below the insertion point.
 */

import type { ParagraphBlock, ParagraphStyle, TextStyle } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import type { PlanContext } from './context.js';
import { toUnits } from './paragraph-units.js';
import {
  fieldsFor,
  type Inherited,
  insertObject,
  PRESETS,
  runs,
  sameList,
  splitObjects,
  writesSuggestion,
} from './paragraphs.js';
import { paragraphStylePayload, type TextField } from './style-payloads.js';

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
  if (blocks.length === 0) return [];
  const units = blocks.map((b) => toUnits(b, ctx.codes, ctx.env.positioned));
  for (const u of units) {
    ctx.checkNewMarkers(u);
    if (u.styles.some((st) => st?.suggestion)) throw writesSuggestion();
  }
  const { create, drop, tabs, nested } = bulletPlan(ctx.env.lists, inh, blocks);
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
    while (j < blocks.length && deepEqual(payloads[j], pst)) j++;
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
        deepEqual(prev.style, item.style) &&
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
    ctx.markCode(seg, blocks[i]!, body, body + units[i]!.text.length);
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

/** What new paragraphs do about bullets, per paragraph (plain data, decided before any request). */
export interface BulletPlan {
  /** Gets a bullet of its own (createParagraphBullets, grouped by list). */
  create: boolean[];
  /** Drops the bullet it inherits from the paragraph it was split from. */
  drop: boolean[];
  /** Leading tabs giving its level within the bulleted set. */
  tabs: number[];
  /** Needs a nested level no set of its own can give: its whole list is re-bulleted later. */
  nested: ParagraphBlock[];
}

/**
 * Which new paragraphs keep the inherited bullet, which get a new one, and which need their list
 * re-bulleted. `lists` pairs old list keys with new ones.
 */
export function bulletPlan(
  lists: ReadonlyMap<string, string>,
  inh: Inherited,
  blocks: ParagraphBlock[],
): BulletPlan {
  const same = (b: ParagraphBlock): boolean =>
    inh.listIsNew ? deepEqual(inh.list ?? null, b.list ?? null) : sameList(lists, inh.list, b.list);
  const create = blocks.map((b) => b.list !== undefined && !same(b));
  const drop = blocks.map((b) => inh.list !== undefined && !same(b));
  const tabs = blocks.map(() => 0);
  const nested: ParagraphBlock[] = [];
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
  return { create, drop, tabs, nested };
}
