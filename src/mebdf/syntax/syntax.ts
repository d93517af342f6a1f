/**
 * The MEBDF micromark syntax extension: which construct each trigger character starts, per
 * content type. `{` starts every MEBDF construct; the constructs themselves check what follows.
 */
import { codes } from 'micromark-util-symbol';
import type { Extension } from 'micromark-util-types';
import { anchor } from './anchor.js';
import { blockDirective } from './block-directive.js';
import { spanClose, spanOpen } from './inline-span.js';

/** The micromark extension for MEBDF (compose it with the GFM extensions you want). */
export function mebdfSyntax(): Extension {
  return {
    flow: { [codes.leftCurlyBrace]: [blockDirective] },
    text: { [codes.leftCurlyBrace]: [spanOpen, spanClose, anchor] },
  };
}
