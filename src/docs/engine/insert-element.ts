/** Inserting one non-text paragraph element (footnote reference, image, chip, page break) at a request's location. */
import type { ParagraphElement, Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { insertTextAt } from './insert-text.js';
import { insertionParagraph, resolvePoint } from './locations.js';
import { insertionStyle } from './paragraphs.js';

/** Insert one non-text element (and optionally text after it) at a request's location. */
export function insertElement(
  ctx: EngineContext,
  req: Record<string, unknown>,
  make: (style: Record<string, unknown>) => ParagraphElement,
  text = '',
  allowed: { footnote?: boolean; header?: boolean; table?: boolean } = {},
): { tab: Tab; index: number } {
  const { tab, seg, index } = resolvePoint(ctx, req);
  const hit = insertionParagraph(seg, index);
  if (seg.kind === 'footnote' && !allowed.footnote)
    throw new RequestError('This element cannot be inserted into a footnote.');
  if ((seg.kind === 'header' || seg.kind === 'footer') && !allowed.header) {
    throw new RequestError('This element cannot be inserted into a header or footer.');
  }
  if (hit.cell && allowed.table === false)
    throw new RequestError('This element cannot be inserted into a table.');
  const style = insertionStyle(hit, index) as Record<string, unknown>;
  insertTextAt(ctx, tab, seg, index, text, undefined, make(style));
  return { tab, index };
}
