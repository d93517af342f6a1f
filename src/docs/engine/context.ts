/**
 * The state one batch works on: the cloned document, the id source, the segments touched by the
 * current request (re-indexed after it) and the paragraphs whose runs may now merge. Handlers
 * throw `RequestError` with Google's message; the batch adds the `Invalid requests[N].<type>:`
 * prefix.
 */
import type { Document, Paragraph, StructuralElement, Tab } from '../../ground/docs-json.js';
import type { CommentOptions } from './comments.js';
import { getTab, type Segment, segmentOf } from './document.js';
import type { IdSource } from './ids.js';
import { reindexContent } from './indices.js';
import { normalizeParagraph } from './paragraphs.js';

/** A request failed validation; `message` is Google's text after the `requests[N].<type>:` prefix. */
export class RequestError extends Error {}

/** An error without the request-type prefix (`Invalid requests[N]: …`) or a raw payload error. */
export class EnvelopeError extends Error {}

export class EngineContext {
  readonly dirty = new Set<Paragraph>();
  private readonly touched = new Set<Segment>();
  /** A content array whose first `count` elements no request reaches: their indices never change. */
  private fixed: { content: StructuralElement[]; count: number } | undefined;
  /** A content array whose last `count` elements are re-indexed later, once (untouched-tail.ts). */
  private later: { content: StructuralElement[]; count: number } | undefined;

  constructor(
    readonly doc: Document,
    readonly ids: IdSource,
    readonly comments: CommentOptions = {},
  ) {}

  /** The tab a request addresses: absent = first tab; unknown id = Google's 400. */
  tab(tabId: unknown): Tab {
    if (tabId !== undefined && tabId !== null && typeof tabId !== 'string') {
      throw new RequestError('Invalid tab ID.');
    }
    const tab = getTab(this.doc, tabId);
    if (!tab?.documentTab) throw new RequestError(`The tab with ID "${tabId}" was not found.`);
    return tab;
  }

  /** The segment of a tab; unknown id = Google's 400. */
  segment(tab: Tab, segmentId: unknown): Segment {
    if (segmentId !== undefined && segmentId !== null && typeof segmentId !== 'string') {
      throw new RequestError('Invalid segment ID.');
    }
    const seg = segmentOf(tab, segmentId);
    if (!seg) throw new RequestError(`The segment with ID "${segmentId}" was not found.`);
    return seg;
  }

  /**
   * The caller's proof (EngineOptions.untouchedBefore) that the first `count` elements of
   * `content` stay as they are: re-indexing starts after them.
   */
  untouched(content: StructuralElement[], count: number): void {
    this.fixed = { content, count };
  }

  /**
   * The caller's proof that no request reaches the last `count` elements of `content` until
   * `reindexAll`: their indices are left stale meanwhile, and re-derived once then.
   */
  reindexLater(content: StructuralElement[], count: number): void {
    this.later = { content, count };
  }

  /** Every segment's indices are re-derived to its end again, from now on. */
  reindexAll(): void {
    this.later = undefined;
  }

  /** Re-derives a segment's indices, from the first element that can have moved. */
  private reindexSegment(seg: Segment): void {
    const { content } = seg;
    const fixed = this.fixed;
    const later = this.later;
    const from = fixed && content === fixed.content ? Math.min(fixed.count, content.length) : 0;
    const to = later && content === later.content ? content.length - later.count : content.length;
    if (from === 0) reindexContent(content, seg.start, 0, to);
    else reindexContent(content, content[from - 1]!.endIndex ?? 0, from, to);
  }

  /** Mark a segment for re-indexing after the current request. */
  touch(seg: Segment): void {
    this.touched.add(seg);
  }

  /** Merge runs in changed paragraphs and re-derive indices of changed segments. */
  settle(): void {
    for (const p of this.dirty) normalizeParagraph(p);
    this.dirty.clear();
    for (const seg of this.touched) this.reindexSegment(seg);
    this.touched.clear();
  }

  /**
   * Says that nothing changed in `seg` since it was re-indexed (`reindex`), as a handler whose last
   * step that was says: the settle after the request then does not walk it again (a walk costs
   * the whole segment after the edit, twice per request for nothing otherwise).
   */
  current(seg: Segment): void {
    if (this.dirty.size === 0) this.touched.delete(seg);
  }

  /** Re-derive one segment's indices now (used between steps of one request). */
  reindex(seg: Segment): void {
    for (const p of this.dirty) normalizeParagraph(p);
    this.dirty.clear();
    this.reindexSegment(seg);
  }
}
