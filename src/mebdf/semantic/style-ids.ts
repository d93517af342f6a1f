/**
 * Paragraph styles numbered by what they say, for one writing of a model (from-model.ts): equal
 * styles, whatever the order of their fields, get one number. The writer's shortest path over
 * block states (`localParagraphs`) looks styles up for every way at every paragraph; a number
 * remembered per style object spares building the style's key text each time.
 *
 * A style object is numbered once, by identity: make one `StyleIds` per writing (the model is only
 * read while it is written), never one that outlives a model that may change.
 */
import type { ParagraphStyle } from '../model.js';
import { paragraphDelta } from './write-state.js';

const isHeading = (style: ParagraphStyle): boolean => style.namedStyle.startsWith('HEADING_');

/** Equal for equal styles whatever the order of their fields; a heading's named style is left out. */
export const styleKey = (style: ParagraphStyle): string =>
  JSON.stringify([
    isHeading(style) ? null : style.namedStyle,
    Object.entries(paragraphDelta(style)).sort(([a], [b]) => (a < b ? -1 : 1)),
  ]);

export class StyleIds {
  private readonly byStyle = new Map<ParagraphStyle, number>();
  private readonly byKey = new Map<string, number>();

  /** The number of `style`: the same for every style with the same `styleKey`, numbered from 0. */
  id(style: ParagraphStyle): number {
    let id = this.byStyle.get(style);
    if (id !== undefined) return id;
    const key = styleKey(style);
    id = this.byKey.get(key);
    if (id === undefined) {
      id = this.byKey.size;
      this.byKey.set(key, id);
    }
    this.byStyle.set(style, id);
    return id;
  }
}
