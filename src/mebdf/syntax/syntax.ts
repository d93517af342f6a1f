/**
 * The MEBDF micromark syntax extension: which construct each trigger character starts, per
 * content type. `{` starts every MEBDF construct; the constructs themselves check what follows.
 * `<` starts HTML blocks as CommonMark has them, except a `<br>` line (html-flow.ts), which
 * replaces micromark's own HTML-block construct.
 */
import { codes } from 'micromark-util-symbol';
import type { Extension } from 'micromark-util-types';
import { anchor } from './anchor.js';
import { blockDirective } from './block-directive.js';
import { htmlFlowExceptLineBreak } from './html-flow.js';
import { spanClose, spanOpen } from './inline-span.js';

/** The micromark extension for MEBDF (compose it with the GFM extensions you want). */
export function mebdfSyntax(): Extension {
  return {
    flow: { [codes.leftCurlyBrace]: [blockDirective], [codes.lessThan]: [htmlFlowExceptLineBreak] },
    text: { [codes.leftCurlyBrace]: [spanOpen, spanClose, anchor] },
    disable: { null: ['htmlFlow'] },
  };
}
