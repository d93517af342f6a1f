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
 * the requests before it that only act at or after the end of its range (an insertion there, a
 * deletion starting there, a paragraph's style from there on) and of text styles, which no
 * paragraph-level request changes or depends on. Their positions are the same
 * in either order (nothing before the range's end moves), and the paragraph is styled while its
 * own newline still ends it, so the change is a suggestion. What the split copies to the new part
 * differs (the paragraph's style as it was, not the pending change): which order reads as intended
 * is for verification to say, as for the positions of suggest-positions.ts.
 */
import type { Location, Range, Request } from '../../ground/docs-json.js';

/** The paragraph-level style requests this moves. */
const PARAGRAPH_LEVEL = new Set(['updateParagraphStyle', 'createParagraphBullets', 'deleteParagraphBullets']);

/** Requests that style a range and move no text. */
const STYLING = new Set([...PARAGRAPH_LEVEL, 'updateTextStyle']);

/** Insertions at a location that move only what is at or after it. */
const INSERTING = new Set([
  'insertText',
  'insertInlineImage',
  'insertPerson',
  'insertDate',
  'insertRichLink',
  'insertPageBreak',
  'insertTable',
]);

interface Reach {
  /** Tab and segment. */
  key: string;
  /** The first position the request acts on or moves. */
  from: number;
}

function bodyOf(request: Request): [string, Record<string, unknown>] {
  const type = Object.keys(request)[0] ?? '';
  return [type, (request as Record<string, Record<string, unknown>>)[type] ?? {}];
}

function keyOf(where: Location | Range): string {
  return `${where.tabId ?? ''}\u0000${where.segmentId ?? ''}`;
}

/** Where a request starts to act, when it is one whose effect that bounds; else undefined. */
function reachOf(request: Request): Reach | undefined {
  const [type, body] = bodyOf(request);
  const range = body.range as Range | undefined;
  const location = body.location as Location | undefined;
  if ((STYLING.has(type) || type === 'deleteContentRange') && range)
    return { key: keyOf(range), from: range.startIndex ?? 0 };
  if (INSERTING.has(type) && location) return { key: keyOf(location), from: location.index ?? 0 };
  return undefined;
}

/**
 * `requests` with each paragraph-level style request moved before the requests that act only at or
 * after its range's end (same positions in either order), or undefined when none moves.
 */
export function stylesBeforeSplits(requests: readonly Request[]): Request[] | undefined {
  const out: Request[] = [];
  let movedAny = false;
  for (const request of requests) {
    const [type, body] = bodyOf(request);
    const range = body.range as Range | undefined;
    let at = out.length;
    if (PARAGRAPH_LEVEL.has(type) && range) {
      const key = keyOf(range);
      const end = range.endIndex ?? 0;
      while (at > 0) {
        const before = out[at - 1]!;
        // A text style and a paragraph's style or bullet are apart: either order gives both.
        if (bodyOf(before)[0] !== 'updateTextStyle') {
          const reach = reachOf(before);
          if (!reach || reach.key !== key || reach.from < end) break;
        }
        at -= 1;
      }
      // Only past something that moves text: passing style requests alone changes nothing here.
      if (!out.slice(at).some((r) => !STYLING.has(bodyOf(r)[0]))) at = out.length;
    }
    if (at < out.length) movedAny = true;
    out.splice(at, 0, request);
  }
  return movedAny ? out : undefined;
}
