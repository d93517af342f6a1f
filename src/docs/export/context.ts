/**
 * The state one tab export threads through its converters: the tab, its named-style bases, the
 * synthetic id counters, the named-range anchors still to place, the footnotes defined so far and
 * the warnings, each tied to the top-level block being converted.
 */

import type { DocumentTab } from '../../ground/docs-json.js';
import type { NamedStyleType, ParagraphBlock } from '../../mebdf/model.js';
import { CodeRanges } from './code-blocks.js';
import { HtmlRanges } from './html-ranges.js';
import { type SyntheticIdState, SyntheticIds, sameIdState } from './ids.js';
import { ImageRanges } from './image-marks.js';
import { MarkRanges } from './quote-blocks.js';
import { type NamedStyleBase, namedStyleBases } from './style-overrides.js';
import type { LocatedWarning } from './types.js';

export interface AnchorStart {
  index: number;
  id: string;
  /** The named range's name, and why only its start is shown (for the warning). */
  name: string;
  note: string;
}

/** Named-range starts per segment, handed out in index order as paragraphs are converted. */
export class NamedRangeStarts {
  private readonly bySegment = new Map<string, AnchorStart[]>();
  private readonly cursor = new Map<string, number>();

  add(segmentId: string, start: AnchorStart): void {
    const list = this.bySegment.get(segmentId);
    if (list) list.push(start);
    else this.bySegment.set(segmentId, [start]);
  }

  sort(): void {
    for (const list of this.bySegment.values()) list.sort((a, b) => a.index - b.index || cmp(a.id, b.id));
  }

  /** Every start not placed yet, in any segment (named ranges in headers and footers). */
  rest(): Array<AnchorStart & { segmentId: string }> {
    const out: Array<AnchorStart & { segmentId: string }> = [];
    for (const [segmentId, list] of this.bySegment) {
      for (const a of list.slice(this.cursor.get(segmentId) ?? 0)) out.push({ ...a, segmentId });
    }
    return out;
  }

  /** Where each segment's cursor stands, and how many starts are still to place in each. */
  state(): NamedRangeState {
    const remaining = new Map<string, number>();
    for (const [segmentId, list] of this.bySegment)
      remaining.set(segmentId, list.length - (this.cursor.get(segmentId) ?? 0));
    return { cursor: new Map(this.cursor), remaining };
  }

  /**
   * Goes on from `state`, taken over a tab whose named-range starts before this point are the
   * same (the cursors index the same sorted lists up to there).
   */
  restore(state: NamedRangeState): void {
    this.cursor.clear();
    for (const [segmentId, at] of state.cursor) this.cursor.set(segmentId, at);
  }

  /** The not yet placed starts of the segment that lie before `end`. */
  take(segmentId: string, end: number): AnchorStart[] {
    const list = this.bySegment.get(segmentId);
    if (!list) return [];
    const from = this.cursor.get(segmentId) ?? 0;
    let to = from;
    while (to < list.length && list[to]!.index < end) to++;
    this.cursor.set(segmentId, to);
    return list.slice(from, to);
  }
}

export interface NamedRangeState {
  readonly cursor: ReadonlyMap<string, number>;
  readonly remaining: ReadonlyMap<string, number>;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class ExportContext {
  readonly bases: Record<NamedStyleType, NamedStyleBase>;
  readonly ids = new SyntheticIds();
  readonly namedRanges = new NamedRangeStarts();
  /** The named ranges that mark code blocks (code-blocks.ts); they are not anchors. */
  readonly codeRanges: CodeRanges;
  /** The named ranges that mark block quotes and thematic breaks (quote-blocks.ts); not anchors either. */
  readonly markRanges: MarkRanges;
  /** The paragraph just converted, when it is quoted: where it ends and its quote. */
  quoteBefore: { segmentId: string; end: number; quote: string } | undefined;
  /**
   * The paragraph just converted, when it is a list item or a further block of one (model.ts
   * `item`): where it ends, its list and the deepest level an item is open at.
   */
  itemBefore: { segmentId: string; end: number; listId: string; open: number } | undefined;
  /** The named ranges that mark raw HTML (html-ranges.ts); they are not anchors either. */
  readonly htmlRanges: HtmlRanges;
  /** The named ranges that mark images Docs could not fetch (image-marks.ts); not anchors either. */
  readonly imageRanges: ImageRanges;
  /** HTML blocks that read back only when nothing follows them in their container (html-ranges.ts). */
  readonly openHtml = new WeakSet<ParagraphBlock>();
  readonly warnings: LocatedWarning[] = [];
  /** The top-level block being converted (warnings attach to it). */
  block = -1;
  /** Footnote ids referenced but not converted yet, with their labels, in order of reference. */
  readonly pendingFootnotes: Array<{ label: string; footnoteId: string; block: number }> = [];
  private readonly definedFootnotes = new Set<string>();

  /** `bases`: the tab's named-style bases when the caller has them already (they follow from its named styles alone). */
  constructor(
    readonly tab: DocumentTab,
    readonly tabId: string,
    bases: Record<NamedStyleType, NamedStyleBase> = namedStyleBases(tab),
  ) {
    this.bases = bases;
    this.codeRanges = new CodeRanges(tab);
    this.markRanges = new MarkRanges(tab);
    this.htmlRanges = new HtmlRanges(tab);
    this.imageRanges = new ImageRanges(tab);
  }

  warn(message: string, group?: { text: string; where: string }): void {
    this.warnings.push(group ? { block: this.block, message, group } : { block: this.block, message });
  }

  /** What the conversion of the next top-level block depends on (footnotes only by count). */
  state(): ContextState {
    return {
      ids: this.ids.state(),
      namedRanges: this.namedRanges.state(),
      footnotes: this.definedFootnotes.size,
      quoteBefore: this.quoteBefore,
      itemBefore: this.itemBefore,
    };
  }

  /** Goes on from `state`, taken at the same point of the same tab before an edit after it. */
  restore(state: ContextState): void {
    this.ids.restore(state.ids);
    this.namedRanges.restore(state.namedRanges);
    this.quoteBefore = state.quoteBefore;
    this.itemBefore = state.itemBefore;
  }

  /**
   * Goes on from what converting the body before a section would have left (section-start.ts):
   * these ids handed out, each segment's named-range starts before its last paragraph's end placed,
   * and these footnote labels defined (their footnotes converted before, so not converted again).
   */
  skipTo(ids: SyntheticIdState, ends: ReadonlyMap<string, number>, footnotes: Iterable<string>): void {
    this.ids.restore(ids);
    for (const [segmentId, end] of ends) this.namedRanges.take(segmentId, end);
    for (const label of footnotes) this.definedFootnotes.add(label);
  }

  defineFootnote(label: string, footnoteId: string): void {
    if (this.definedFootnotes.has(label)) return;
    this.definedFootnotes.add(label);
    this.pendingFootnotes.push({ label, footnoteId, block: this.block });
  }
}

/** The exporter's state between two top-level blocks (ExportContext.state). */
export interface ContextState {
  ids: SyntheticIdState;
  namedRanges: NamedRangeState;
  /** Footnotes defined so far. */
  footnotes: number;
  /** The quoted paragraph just converted (a paragraph right after it may continue its quote). */
  quoteBefore: ExportContext['quoteBefore'];
  /** The list item or further block of one just converted (a marked paragraph after it continues the item). */
  itemBefore: ExportContext['itemBefore'];
}

/**
 * Whether the blocks after two states convert alike: the same ids come next, the same named-range
 * starts are still to place, and as many footnotes are defined.
 */
export function sameState(a: ContextState, b: ContextState): boolean {
  if (!sameIdState(a.ids, b.ids) || a.footnotes !== b.footnotes) return false;
  if (a.quoteBefore?.quote !== b.quoteBefore?.quote) return false;
  if (a.itemBefore?.listId !== b.itemBefore?.listId || a.itemBefore?.open !== b.itemBefore?.open)
    return false;
  const ra = a.namedRanges.remaining;
  const rb = b.namedRanges.remaining;
  const segments = new Set([...ra.keys(), ...rb.keys()]);
  for (const s of segments) if ((ra.get(s) ?? 0) !== (rb.get(s) ?? 0)) return false;
  return true;
}
