/**
 * An edit plan with its paragraph styles moved before the insertions after them, for suggest mode.
 *
 * Content added after a paragraph that nothing editable follows (the body's last, or one before a
 * table) can only be typed at that paragraph's newline: the newline typed there ends the old text's
 * paragraph, and the old newline ends the new one. Sent as suggestions, that paragraph's break is
 * then itself a pending suggestion, and Docs applies a style or bullet change of such a paragraph
 * at once, not as a suggestion (docs/SUGGESTIONS-API.md §2): rejecting would not restore it. The
 * planner styles old paragraphs after typing the new ones (its positions count so), so a section
 * that gains a last paragraph and has its old last paragraph bulleted or indented was refused.
 *
 * `stylesBeforeSplits` moves each paragraph-level style request (paragraph style, bullets) ahead of
 * the requests before it that act only at or after the end of its range (an insertion there, a
 * deletion starting there, a paragraph's style from there on), of text styles, which no
 * paragraph-level request changes or depends on, and of text typed within a line or deleted wholly
 * before its range (its positions then move back by what that typed or deleted). It stops at
 * anything else: a request on its own range, text typed into it, a newline typed before it, a
 * request whose reach is not known. So the paragraph is styled while its own newline still ends
 * it, and the change is a suggestion. What the split copies to the new part differs (the
 * paragraph's style as it was, not the pending change): which order reads as intended is for
 * verification to say, as for suggest-positions.ts.
 */
import type { Location, Range, Request } from '../../ground/docs-json.js';
import { INSERTED, keyOf } from './suggest-positions.js';

/** The paragraph-level style requests this moves. */
const PARAGRAPH_LEVEL = new Set(['updateParagraphStyle', 'createParagraphBullets', 'deleteParagraphBullets']);

function bodyOf(request: Request): [string, Record<string, unknown>] {
  const type = Object.keys(request)[0] ?? '';
  return [type, (request as Record<string, Record<string, unknown>>)[type] ?? {}];
}

/**
 * What to add to positions from `start` on, as they are after `request`, to have them as they
 * were before it, when `request` acts wholly before `start` or wholly at or after `end` of the
 * range `[start, end)` in segment `key` (0 when it moves nothing there); undefined when it does not.
 */
function shiftPast(
  request: Request,
  key: string,
  start: number,
  end: number,
  guess = false,
): number | undefined {
  const [type, body] = bodyOf(request);
  // A text style and a paragraph's style or bullet are apart: either order gives both.
  if (type === 'updateTextStyle') return 0;
  const range = body.range as Range | undefined;
  const location = body.location as Location | undefined;
  const where = range ?? location;
  if (!where || keyOf(where) !== key) return undefined;
  if (range && (PARAGRAPH_LEVEL.has(type) || type === 'deleteContentRange')) {
    const from = range.startIndex ?? 0;
    const to = range.endIndex ?? 0;
    if (from >= end) return 0;
    // Another paragraph's style before the range: no position moves.
    if (PARAGRAPH_LEVEL.has(type)) return to < start ? 0 : undefined;
    // Text deleted before the range (it starts after where the deletion closed up). One that
    // starts right at the range's start was either before it (an empty paragraph deleted there:
    // the range's paragraph moved back onto its place) or the range's own first characters;
    // `guess` takes it for the first.
    return from < start || (guess && from === start) ? to - from : undefined;
  }
  const inserted = INSERTED[type];
  if (location && inserted) {
    const at = location.index ?? 0;
    if (at >= end) return 0;
    const length = inserted(body);
    // Text typed wholly before the range, within a line: a newline typed before the range splits
    // a paragraph, and the part after it (the range's, when it starts there) is the old paragraph's
    // newline with a copy of its style, which before the split was that whole paragraph.
    const inLine =
      type === 'insertText'
        ? !String(body.text ?? '').includes('\n')
        : type !== 'insertTable' && type !== 'insertPageBreak';
    return inLine && Number.isFinite(length) && at + length <= start ? -length : undefined;
  }
  return undefined;
}

/** How `stylesBeforeSplits` may move a style request further than positions alone allow. */
export interface MoveOptions {
  /**
   * Also past a deletion that starts right where the range starts, which positions alone cannot
   * place (the text before the range's paragraph, an empty paragraph deleted before it, or the
   * paragraph's own first characters): taken to be before it.
   */
  guess?: boolean;
  /**
   * Where the style request meets a newline typed before its range (new paragraphs or a table
   * before the styled one), carry that insertion and what follows it along, ahead of the requests
   * before it that act only at or after the range's end: `[after…] [new paragraphs before]
   * [style]` becomes `[new paragraphs before] [style] [after…, moved by what was typed]`. A
   * section that gains a paragraph before its last one and content after it, and restyles that
   * last one, then styles it while its own newline still ends it. The planner types the later
   * content first; in edit mode either order gives the same document (each split copies the
   * paragraph's style).
   */
  carry?: boolean;
}

/** Where a request acts, when it is a range or a location in segment `key`. */
function firstPosition(request: Request, key: string): number | undefined {
  const [, body] = bodyOf(request);
  const where = (body.range ?? body.location) as Range | Location | undefined;
  if (!where || keyOf(where) !== key) return undefined;
  return 'index' in where ? (where.index ?? 0) : ((where as Range).startIndex ?? 0);
}

/** `request` with its positions `delta` later (a range, or an insertion's location). */
function movedBy(request: Request, delta: number): Request {
  const [type, body] = bodyOf(request);
  const range = body.range as Range | undefined;
  const location = body.location as Location | undefined;
  return {
    [type]: {
      ...body,
      ...(range
        ? {
            range: {
              ...range,
              startIndex: (range.startIndex ?? 0) + delta,
              endIndex: (range.endIndex ?? 0) + delta,
            },
          }
        : {}),
      ...(location ? { location: { ...location, index: (location.index ?? 0) + delta } } : {}),
    },
  } as Request;
}

/**
 * `requests` with each paragraph-level style request moved before the requests that act only
 * outside its range (positions moved to match), or undefined when none moves (`options`: further,
 * for candidates only verification can accept).
 */
export function stylesBeforeSplits(
  requests: readonly Request[],
  { guess = false, carry = false }: MoveOptions = {},
): Request[] | undefined {
  let out: Request[] = [];
  let movedAny = false;
  for (const request of requests) {
    const [type, body] = bodyOf(request);
    const range = body.range as Range | undefined;
    let at = out.length;
    let start = range?.startIndex ?? 0;
    let end = range?.endIndex ?? 0;
    let passedText = false;
    /** Where the carried requests start in `out`. */
    let carried: number | undefined;
    /** Whether every request passed acts wholly before the range (so it may be carried). */
    let allBefore = true;
    /** Where the style goes without carrying (when nothing before the carried requests moves). */
    let uncarried: { at: number; start: number; end: number; passedText: boolean } | undefined;
    if (PARAGRAPH_LEVEL.has(type) && range) {
      const key = keyOf(range);
      /** Past the carried requests: only what acts wholly at or after the range's end goes on. */
      let pastCarried = false;
      for (let i = out.length - 1; i >= 0; i--) {
        const earlier = out[i]!;
        const from = firstPosition(earlier, key);
        if (pastCarried) {
          if (from === undefined || from < end || shiftPast(earlier, key, start, end) !== 0) break;
          at = i;
          continue;
        }
        let shift = shiftPast(earlier, key, start, end, guess);
        if (carried !== undefined) {
          // The carried requests run on while they act wholly before the range.
          const before =
            shift !== undefined && from !== undefined && from < start
              ? shift
              : mapDefined(typedBefore(earlier, key, start), (n) => -n);
          if (before === undefined) {
            if (from === undefined || from < end || shift !== 0) break;
            pastCarried = true;
            at = i;
            continue;
          }
          shift = before;
          carried = i;
        } else if (shift === undefined) {
          const typed = carry && allBefore ? typedBefore(earlier, key, start) : undefined;
          if (typed === undefined) break;
          uncarried = { at, start, end, passedText };
          shift = -typed;
          carried = i;
        } else if ((from ?? start) >= start) allBefore = false;
        start += shift;
        end += shift;
        at = i;
        if (!PARAGRAPH_LEVEL.has(bodyOf(earlier)[0]) && bodyOf(earlier)[0] !== 'updateTextStyle')
          passedText = true;
      }
    }
    if (carried !== undefined && at === carried) {
      // Nothing before the carried requests to pass: as far as it goes without carrying them.
      ({ at, start, end, passedText } = uncarried!);
      carried = undefined;
    }
    // Only past something that moves text: passing style requests alone changes nothing here.
    if (!passedText) {
      out.push(request);
      continue;
    }
    movedAny = true;
    if (carried !== undefined) {
      // The carried requests and the style keep their positions; what they now come before moves
      // by what the carried requests typed (what they moved the range's start by).
      const shift = (range!.startIndex ?? 0) - start;
      out = [
        ...out.slice(0, at),
        ...out.slice(carried),
        request,
        ...out.slice(at, carried).map((r) => movedBy(r, shift)),
      ];
      continue;
    }
    out.splice(at, 0, {
      [type]: { ...body, range: { ...range, startIndex: start, endIndex: end } },
    } as Request);
  }
  return movedAny ? out : undefined;
}

function mapDefined<T, U>(value: T | undefined, f: (value: T) => U): U | undefined {
  return value === undefined ? undefined : f(value);
}

/**
 * How many index units `request` types when it is an insertion wholly before `start` (new
 * paragraphs, a table, a page break before the range's paragraph), else undefined.
 */
function typedBefore(request: Request, key: string, start: number): number | undefined {
  const [type, body] = bodyOf(request);
  const location = body.location as Location | undefined;
  const inserted = INSERTED[type];
  if (!inserted || !location || keyOf(location) !== key) return undefined;
  const length = inserted(body);
  return Number.isFinite(length) && (location.index ?? 0) + length <= start ? length : undefined;
}
