/**
 * Images Docs cannot fetch. insertInlineImage takes only a public https URL of at most 2 KB, so an
 * image at any other URL (`![moon](moon.jpg)`) is kept as the closest thing Docs holds: its alt
 * text (the URL when the alt is empty) linked to the URL, marked by a named range named
 * `mebdf-image alt` or `mebdf-image url`, followed by a space and the image's title when it has one
 * (`mebdf-image alt The moon`). The range covers exactly that text and is invisible in the editor;
 * the export reads such text back as the image (`TextStyle.image`), the import makes the range.
 */
import type { DocumentTab } from '../../ground/docs-json.js';
import type { ImageMark } from '../../mebdf/model.js';
import { SegmentRanges } from './segment-ranges.js';

export const IMAGE_RANGE_NAME = 'mebdf-image';

export function imageRangeName(mark: ImageMark): string {
  return `${IMAGE_RANGE_NAME} ${mark}`;
}

/** The mark a range name stands for, or null when it is not an image range. */
export function imageMarkOf(name: string): ImageMark | null {
  if (!name.startsWith(`${IMAGE_RANGE_NAME} `)) return null;
  const mark = name.slice(IMAGE_RANGE_NAME.length + 1);
  return /^(alt|url)( |$)/.test(mark) ? (mark as ImageMark) : null;
}

export function isImageRangeName(name: string): boolean {
  return imageMarkOf(name) !== null;
}

export interface ImageRange {
  namedRangeId: string;
  mark: ImageMark;
  startIndex: number;
  endIndex: number;
}

/** The image ranges of a tab by segment, in document order. */
export class ImageRanges {
  private readonly ranges: SegmentRanges<ImageRange>;

  constructor(tab: DocumentTab) {
    this.ranges = new SegmentRanges<ImageRange>(tab, (name) => {
      const mark = imageMarkOf(name);
      return mark === null ? null : { mark };
    });
  }

  /** The image range covering exactly `[start, end)` of a segment, if any. */
  at(segmentId: string, start: number, end: number): ImageRange | undefined {
    return this.ranges.startingIn(segmentId, start, start + 1).find((r) => r.endIndex === end);
  }

  /** The image ranges inside `[start, end)` of a segment. */
  within(segmentId: string, start: number, end: number): ImageRange[] {
    return this.ranges.startingIn(segmentId, start, end).filter((r) => r.endIndex <= end);
  }
}
