/**
 * Code blocks in Docs. Docs has no code-block element (DOCS-API: "There is no request for … a code
 * block"), so MEBDF keeps one as a paragraph whose lines are soft breaks, all in the mono font, and
 * marks it with a named range named `mebdf-code` (or `mebdf-code <info string>`) that ends with the
 * paragraph's closing newline. The name carries the fence's language; the range is invisible in
 * the editor. Text typed inside the paragraph grows the range (named ranges grow around inserts);
 * text typed at its very start moves the range's start, which is why a range counts when it lies
 * within the paragraph and ends where the paragraph ends, not only when it covers it exactly.
 */
import type { DocumentTab } from '../../ground/docs-json.js';
import { type CodeMark, type Inline, MONO_FONT } from '../../mebdf/model.js';

export const CODE_RANGE_NAME = 'mebdf-code';

/** The named range name for a code block with this info string. */
export function codeRangeName(mark: CodeMark): string {
  return mark.info ? `${CODE_RANGE_NAME} ${mark.info}` : CODE_RANGE_NAME;
}

/** The longest info string a named range name (1–256 UTF-16 units) can carry. */
export const MAX_CODE_INFO = 256 - CODE_RANGE_NAME.length - 1;

export function isCodeRangeName(name: string): boolean {
  return name === CODE_RANGE_NAME || name.startsWith(`${CODE_RANGE_NAME} `);
}

export interface CodeRange {
  namedRangeId: string;
  info: string;
  startIndex: number;
}

/** The code ranges of a tab by segment and end index (a paragraph's end). */
export class CodeRanges {
  private readonly byEnd = new Map<string, CodeRange>();

  constructor(tab: DocumentTab) {
    for (const group of Object.values(tab.namedRanges ?? {})) {
      for (const nr of group.namedRanges ?? []) {
        const name = nr.name ?? group.name ?? '';
        if (!isCodeRangeName(name) || nr.ranges?.length !== 1) continue;
        const range = nr.ranges[0]!;
        this.byEnd.set(`${range.segmentId ?? ''}:${range.endIndex ?? 0}`, {
          namedRangeId: nr.namedRangeId ?? '',
          info: name.slice(CODE_RANGE_NAME.length + 1),
          startIndex: range.startIndex ?? 0,
        });
      }
    }
  }

  /** The code range of the paragraph at `[start, end)`, when one ends there and starts inside it. */
  of(segmentId: string, start: number, end: number): CodeRange | undefined {
    const range = this.byEnd.get(`${segmentId}:${end}`);
    return range && range.startIndex >= start && range.startIndex < end ? range : undefined;
  }
}

/** Whether a paragraph's inlines can be a code block: mono text and breaks, nothing else. */
export function holdsCode(inlines: readonly Inline[]): boolean {
  return inlines.every(
    (inline) =>
      inline.type === 'break' ||
      (inline.type === 'text' && inline.style.font === MONO_FONT && Object.keys(inline.style).length === 1),
  );
}
