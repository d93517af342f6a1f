/**
 * What editing a paragraph in place (paragraph-edit.ts) and inserting new ones
 * (paragraph-insert.ts) share: the style new paragraphs inherit, bullet presets and list
 * identity, the text fields to write, runs of equal style, and inserting index units with their
 * objects.
 *
 * Every function emits requests in descending index order within its paragraph(s), and touches no
 * index below its own start, so callers can walk a container from its end to its start.
 */

import { ValidationError } from '../../errors.js';
import type { ListKind, ListMembership, ParagraphStyle, TextStyle } from '../../mebdf/model.js';
import { deepEqual } from '../equality.js';
import { cannotMove, notFound, type PlanContext } from './context.js';
import type { ListPairs } from './edit-script.js';
import { chipRequest } from './new-chips.js';
import type { UnitObject, Units } from './paragraph-units.js';
import { TEXT_FIELDS, type TextField, textFieldsDiffering } from './style-payloads.js';
import { writesSuggestedText } from './suggested-text.js';

/** The bullet preset creating a list of each kind (the same glyph kind on every level). */
export const PRESETS: Record<ListKind, string> = {
  bullet: 'BULLET_DISC_CIRCLE_SQUARE',
  ordered: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
  checkbox: 'BULLET_CHECKBOX',
};

export const ALL_FIELDS = new Set<TextField>(TEXT_FIELDS);

/** What a paragraph created by splitting an existing one starts out with. */
export interface Inherited {
  style: ParagraphStyle;
  list?: ListMembership | undefined;
  /** `list` is a membership of the new model (the paragraph inherited from is itself new). */
  listIsNew?: boolean;
  /**
   * The paragraph inherited from gets its bullet only once the container is done
   * (paragraph-edit.ts): new paragraphs of its list are bulleted with it then, not split from it.
   */
  bulletLater?: boolean;
  /**
   * With `bulletLater`: the Docs list the paragraph inherited from is in until then, when it is an
   * item. New paragraphs are typed and bulleted while it is: a plain bullet joins that list.
   */
  bulletUntilLater?: string | undefined;
  /**
   * The list of the paragraph right before the new ones, when it gets its bullet only once the
   * container is done and they are typed before the paragraph after them: its new items go with it.
   */
  laterKey?: string;
  /**
   * The paragraph right after the new ones, when it is an item that keeps its bullet: its list (a
   * key of the new model), the Docs list it stays in, and whether the block right before the new
   * ones is an item of that list too. New nested items of that list typed right before it, with no
   * item of it before them, go into that Docs list with it (paragraph-insert.ts).
   */
  itemAfter?: { key: string; listId: string; itemBefore: boolean };
  /** The Docs list of the paragraph inherited from, when known. */
  listId?: string | undefined;
  /** The model style new text takes; null when unknown (then every field is written). */
  textStyle: TextStyle | null;
  /** The quote, rule and item mark of the paragraph inherited from, whose look a split copies (quote-blocks.ts). */
  marks?: { quote?: string | undefined; rule?: true | undefined; item?: number | undefined };
}

/** Whether old list `o` goes on as new list `n` (edit-script.ts ListPairs). */
export function goesOnAs(lists: ListPairs, o: string, n: string): boolean {
  return lists.get(o)?.has(n) === true;
}

/** Whether the old list membership already is the new one (same list, level and kind). */
export function sameList(
  lists: ListPairs,
  o: ListMembership | undefined,
  n: ListMembership | undefined,
): boolean {
  if (!o || !n) return !o && !n;
  return goesOnAs(lists, o.key, n.key) && o.level === n.level && o.kind === n.kind;
}

/** The fields to write so that text inheriting `inherited` ends up `desired`. */
export function fieldsFor(inherited: TextStyle | null, desired: TextStyle): Set<TextField> {
  if (inherited === null) return ALL_FIELDS;
  const f = textFieldsDiffering(inherited, desired);
  // Google may or may not carry a link over to adjacent new text: always say it.
  if (desired.link !== undefined) f.add('link');
  return f;
}

/** Runs of equal style among `styles[from, to)` (null = not text: skipped). */
export function runs(
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
    if (last && last.end === k && deepEqual(last.style, st)) last.end = e;
    else out.push({ start: k, end: e, style: st });
    k = e;
  }
  return out;
}

/** Inserts one object unit at `index`: images, chips and new footnotes are created; the rest would be a move. */
export function insertObject(ctx: PlanContext, seg: string, index: number, obj: UnitObject): void {
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
  if (obj.kind === 'chip') {
    ctx.push(chipRequest(obj.embed, ctx.location(seg, index)));
    return;
  }
  if (obj.kind === 'footnoteRef' && ctx.env.createdFootnotes?.has(obj.label)) {
    ctx.createFootnote(index, obj.label);
    return;
  }
  if (obj.kind === 'embed') {
    throw ctx.env.oldEmbedIds.has(obj.id)
      ? cannotMove(obj.id, obj.embedKind)
      : notFound(obj.id, obj.embedKind);
  }
  throw new ValidationError(
    `The footnote reference [^${obj.label}] would move to another paragraph; the Docs API cannot move a footnote.`,
    `Keep [^${obj.label}] where it was exported, or remove it (and its definition) and write the footnote anew under a new label.`,
  );
}

/** Text of the units without their objects, and the objects with their unit offsets. */
export function splitObjects(
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
export function insertUnits(
  ctx: PlanContext,
  seg: string,
  index: number,
  u: Units,
  from: number,
  to: number,
): void {
  const { text, objects } = splitObjects(ctx, u, from, to);
  ctx.insertText(seg, index, text);
  for (const { offset, obj } of objects) insertObject(ctx, seg, index + offset, obj);
}

export const writesSuggestion = writesSuggestedText;
