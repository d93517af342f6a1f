/**
 * Style requests that bring a suggestion batch's accepted view to the edit's styles.
 *
 * Sent as suggestions, a plan's text lands where it should (suggest-positions.ts) but not always
 * with the style edit mode gives it: new text typed next to struck text takes its style from the
 * struck text (a word replaced at a paragraph's start reads in the old word's font), where in edit
 * mode that text is gone. When the accepted view says exactly the edit's text and differs only in
 * text or paragraph styles, `styleRepairs` gives the requests that set those styles, in the
 * positions of the document the batch left (its struck text counted). Appended to the batch they
 * are suggestions on old text and direct on new text (which rejecting removes whole); the batch
 * with them is verified like any other (suggest-import.ts), so a repair that would outlive a
 * rejection is refused there, not written.
 */
import type { Document, Paragraph, Request, StructuralElement } from '../../ground/docs-json.js';
import { getTab, segmentOf, suggestionIdsIn } from '../engine/index.js';
import { elementStyle } from '../engine/paragraphs.js';
import { forEachParagraph, markedRanges } from '../engine/suggestion-marks.js';
import { deepEqual } from '../equality.js';

/** Paragraph style fields no request sets (ids, read-only). */
const UNSET_PARAGRAPH_FIELDS = new Set(['headingId', 'tabStops']);

/** What `deleteParagraphBullets` sets to keep a paragraph where its bullet had it. */
const BULLET_INDENTS = ['indentStart', 'indentFirstLine'];

/** The body of tab `tabId` of `doc`. */
function tabBody(doc: Document, tabId: string): StructuralElement[] {
  const tab = getTab(doc, tabId);
  return (tab && segmentOf(tab)?.content) ?? [];
}

/** Every paragraph of `content` in order, table cells included. */
function paragraphsOf(content: StructuralElement[]): Paragraph[] {
  const out: Paragraph[] = [];
  forEachParagraph(content, (p) => out.push(p));
  return out;
}

function textOf(p: Paragraph): string {
  return (p.elements ?? []).map((el) => el.textRun?.content ?? '\u0000').join('');
}

/** The fields where `have` and `want` differ. */
function differing(
  have: Record<string, unknown>,
  want: Record<string, unknown>,
  skip?: Set<string>,
): string[] {
  const keys = new Set([...Object.keys(have), ...Object.keys(want)]);
  return [...keys].filter((k) => !skip?.has(k) && !deepEqual(have[k] ?? null, want[k] ?? null));
}

/** Each element's `[start, end)` and style, cut where the other paragraph's elements are cut. */
function pieces(
  p: Paragraph,
  cuts: number[],
): Array<{ start: number; end: number; style: Record<string, unknown> }> {
  const out: Array<{ start: number; end: number; style: Record<string, unknown> }> = [];
  for (const el of p.elements ?? []) {
    const style = (elementStyle(el) ?? {}) as Record<string, unknown>;
    let from = el.startIndex ?? 0;
    const to = el.endIndex ?? from;
    for (const cut of cuts) {
      if (cut > from && cut < to) {
        out.push({ start: from, end: cut, style });
        from = cut;
      }
    }
    out.push({ start: from, end: to, style });
  }
  return out;
}

/** The `[start, end)` of the text suggested deletions keep in `content`, in order. */
function struck(doc: Document, content: StructuralElement[]): Array<{ start: number; end: number }> {
  return suggestionIdsIn(doc)
    .flatMap((id) => markedRanges(content, 'suggestedDeletionIds', id))
    .map(([start, end]) => ({ start, end }))
    .sort((a, b) => a.start - b.start);
}

/**
 * The requests that give `accepted` (the batch's accepted view) the styles of `want` (the edit's
 * result), in the positions of `after` (the document the batch left); undefined when the two do
 * not say the same text, or differ in more than styles, or in nothing.
 */
export function styleRepairs(input: {
  after: Document;
  accepted: Document;
  want: Document;
  tabId: string;
}): Request[] | undefined {
  const { after, accepted, want, tabId } = input;
  const have = paragraphsOf(tabBody(accepted, tabId));
  const wanted = paragraphsOf(tabBody(want, tabId));
  if (have.length === 0 || have.length !== wanted.length) return undefined;
  const kept = struck(after, tabBody(after, tabId));
  // A position of the accepted view in `after`: past the struck text before it (and at it, for a
  // range's start), so that a range styles what the view shows and not the struck text.
  const inAfter = (p: number, atStart: boolean): number => {
    let out = p;
    for (const k of kept) if (k.start < out || (atStart && k.start === out)) out += k.end - k.start;
    return out;
  };
  const range = (start: number, end: number) => ({
    startIndex: inAfter(start, true),
    endIndex: inAfter(end, false),
    tabId,
  });
  const requests: Request[] = [];
  for (const [i, p] of have.entries()) {
    const q = wanted[i]!;
    const start = p.elements?.[0]?.startIndex ?? 0;
    if (start !== (q.elements?.[0]?.startIndex ?? 0) || textOf(p) !== textOf(q)) return undefined;
    // A list's id is the write's own: items compare by level (the check after the repair compares lists).
    // A bullet the edit has not is removed (a paragraph that kept a deleted item's newline, its
    // text gone); one it lacks would need the edit's list, and is not made here.
    const unbullet = !!p.bullet && !q.bullet;
    if (
      !unbullet &&
      (!!p.bullet !== !!q.bullet || (p.bullet?.nestingLevel ?? 0) !== (q.bullet?.nestingLevel ?? 0))
    )
      return undefined;
    if (unbullet) requests.push({ deleteParagraphBullets: { range: range(start, start + 1) } });
    const pFields = differing(
      (p.paragraphStyle ?? {}) as Record<string, unknown>,
      (q.paragraphStyle ?? {}) as Record<string, unknown>,
      UNSET_PARAGRAPH_FIELDS,
    );
    // Removing a bullet keeps the item's place on the page with an indent: the edit's indent is set.
    if (unbullet) for (const f of BULLET_INDENTS) if (!pFields.includes(f)) pFields.push(f);
    if (pFields.length > 0)
      requests.push({
        updateParagraphStyle: {
          range: range(start, start + 1),
          paragraphStyle: q.paragraphStyle ?? {},
          fields: pFields.join(','),
        },
      });
    const cuts = [...(p.elements ?? []), ...(q.elements ?? [])]
      .map((el) => el.startIndex ?? 0)
      .sort((a, b) => a - b);
    const mine = pieces(p, cuts);
    const theirs = pieces(q, cuts);
    if (mine.length !== theirs.length) return undefined;
    for (const [k, piece] of mine.entries()) {
      const other = theirs[k]!;
      if (piece.start !== other.start || piece.end !== other.end) return undefined;
      const fields = differing(piece.style, other.style);
      if (fields.length > 0)
        requests.push({
          updateTextStyle: {
            range: range(piece.start, piece.end),
            textStyle: other.style,
            fields: fields.join(','),
          },
        });
    }
  }
  return requests.length > 0 ? requests : undefined;
}
