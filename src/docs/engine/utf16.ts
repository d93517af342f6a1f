/**
 * UTF-16 helpers. Docs indices count UTF-16 code units, which is what JavaScript string lengths
 * and `slice` use, so never count code points here.
 */

/** Length of a string in UTF-16 code units (the Docs index unit). */
export function utf16Length(text: string): number {
  return text.length;
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** True when offset `i` falls between the two halves of a surrogate pair in `text`. */
export function splitsSurrogatePair(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  return isHighSurrogate(text.charCodeAt(i - 1)) && isLowSurrogate(text.charCodeAt(i));
}

/**
 * Google silently drops C0 control characters other than \t, \n and \v, and Private Use Area
 * characters (U+E000–U+F8FF), from inserted text.
 */
export function stripInsertedText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000c-\u001f\ue000-\uf8ff]/g, '');
}
