/**
 * Inline content a GFM table cell cannot hold, so that the table takes the `{!table}` form
 * (grammar §7, Tables).
 */
import { type Inline, MONO_FONT } from '../model.js';

/**
 * A `|` right after an odd number of backslashes. In a GFM cell every `|` must be escaped, also in
 * a code span, and the reader (mdast-util-gfm-table) reads `\\` there as two backslashes and `\|`
 * as `|`: a backslash run before a pipe in a code span always reads back even.
 */
const ODD_BACKSLASHES_BEFORE_PIPE = /(?:^|[^\\])(?:\\\\)*\\\|/;

/**
 * Raw HTML with a line end (it would end the row) or a `|` (it would end the cell; raw HTML is
 * written as it is, so it cannot be escaped), code (the mono font is always a code span) whose
 * text has a `|` right after an odd number of backslashes (no spelling reads back as it), an
 * object whose caption has a `|` (the table splits its row at every unescaped `|` before the
 * placeholder is read, and a caption's quoted text has no escape for it), and a footnote
 * reference whose label has one (`[^a\|b]` in a cell reads back as another label).
 */
export function splitsGfmCell(inline: Inline): boolean {
  if (inline.type === 'embed') return inline.caption?.includes('|') === true;
  if (inline.type === 'footnoteRef') return inline.label.includes('|');
  if (inline.type !== 'text') return false;
  if (inline.style.html === true) return /[\n|]/.test(inline.text);
  return inline.style.font === MONO_FONT && ODD_BACKSLASHES_BEFORE_PIPE.test(inline.text);
}
