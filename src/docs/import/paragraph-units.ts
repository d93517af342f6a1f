/**
 * A paragraph as a string of UTF-16 units, one per Docs index, so that a character diff of two
 * paragraphs maps straight onto Docs ranges.
 *
 * Text is itself; a soft break is `\u000b`; every one-index object (an embed, an image to insert, a
 * footnote reference) is one Private Use Area character standing for that object, so the diff
 * treats it as an atomic token (Docs strips PUA characters from inserted text, so real text never
 * holds one). Zero-width inlines (anchors, positioned objects) are not units: they are `markers`.
 */
import type { EmbedInline, Inline, ParagraphBlock, TextStyle } from '../../mebdf/model.js';
import { isNewChip } from './new-chips.js';

export type UnitObject =
  | { kind: 'embed'; id: string; embedKind: string }
  | { kind: 'image'; url: string; alt: string }
  | { kind: 'footnoteRef'; label: string }
  /** A smart chip to insert (new-chips.ts). */
  | { kind: 'chip'; embed: EmbedInline };

export interface Marker {
  /** Unit offset the zero-width inline sits before. */
  offset: number;
  inline: Inline;
}

export interface Units {
  text: string;
  /** Per unit: the run style for text and breaks, null for objects. */
  styles: (TextStyle | null)[];
  markers: Marker[];
}

/** Gives each distinct object a PUA character; shared by the old and new side so equal objects match. */
export class ObjectCodes {
  private next = 0xe000;
  private readonly byKey = new Map<string, string>();
  readonly objects = new Map<string, UnitObject>();

  code(obj: UnitObject): string {
    // Every image or chip to insert is its own object.
    const key =
      obj.kind === 'embed' ? `e:${obj.id}` : obj.kind === 'footnoteRef' ? `f:${obj.label}` : `i:${this.next}`;
    let ch = this.byKey.get(key);
    if (ch === undefined) {
      if (this.next === 0xe907) this.next++; // Docs' own stand-in for non-text elements
      if (this.next > 0xf8ff) throw new Error('too many objects in one paragraph diff');
      ch = String.fromCharCode(this.next++);
      this.byKey.set(key, ch);
      this.objects.set(ch, obj);
    }
    return ch;
  }

  isObject(ch: string): boolean {
    const c = ch.charCodeAt(0);
    return ch.length === 1 && c >= 0xe000 && c <= 0xf8ff && this.objects.has(ch);
  }
}

/** Whether an inline occupies no index in Docs. */
export function isZeroWidth(inline: Inline, positioned: (id: string) => boolean): boolean {
  return inline.type === 'anchor' || (inline.type === 'embed' && positioned(inline.id));
}

export function toUnits(
  block: ParagraphBlock,
  codes: ObjectCodes,
  positioned: (id: string) => boolean,
): Units {
  let text = '';
  const styles: (TextStyle | null)[] = [];
  const markers: Marker[] = [];
  for (const inline of block.inlines) {
    if (isZeroWidth(inline, positioned)) {
      markers.push({ offset: text.length, inline });
      continue;
    }
    switch (inline.type) {
      case 'text':
        // A line end of raw HTML is a soft break in Docs, under the HTML's range (html-ranges.ts).
        text += inline.style.html ? inline.text.replaceAll('\n', '\u000b') : inline.text;
        for (let i = 0; i < inline.text.length; i++) styles.push(inline.style);
        break;
      case 'break':
        text += '\u000b';
        styles.push(null);
        break;
      case 'embed':
        text += codes.code(
          isNewChip(inline)
            ? { kind: 'chip', embed: inline }
            : { kind: 'embed', id: inline.id, embedKind: inline.kind },
        );
        styles.push(null);
        break;
      case 'image':
        text += codes.code({ kind: 'image', url: inline.url, alt: inline.alt });
        styles.push(null);
        break;
      case 'footnoteRef':
        text += codes.code({ kind: 'footnoteRef', label: inline.label });
        styles.push(null);
        break;
      case 'anchor':
        break;
    }
  }
  return { text, styles, markers };
}
