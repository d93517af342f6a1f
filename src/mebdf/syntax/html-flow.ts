/**
 * HTML blocks (CommonMark §4.6, all seven kinds), except a line that opens with a line break:
 * `<br>`, `<br/>` or `<br />` (any case, spaces before the `/` or `>`) at the start of a line is
 * MEBDF's line break even there. CommonMark would read such a line, when nothing follows the tag,
 * as an HTML block of kind 7 that swallows every line after it up to a blank line; here the line
 * stays a paragraph line and the tag a line break (grammar §5). Every other line is left to
 * micromark's own HTML-block construct, which this one runs as it is.
 */
import { htmlFlow } from 'micromark-core-commonmark';
import { markdownSpace } from 'micromark-util-character';
import { codes } from 'micromark-util-symbol';
import type { Code, Construct, Effects, State, TokenizeContext } from 'micromark-util-types';

/** Succeeds on `<br`, optional spaces and an optional `/`, then `>`: the line-break tag. */
const lineBreakTag: Construct = { partial: true, tokenize: tokenizeLineBreakTag };

export const htmlFlowExceptLineBreak: Construct = {
  name: 'mebdfHtmlFlow',
  concrete: true,
  resolveTo: htmlFlow.resolveTo,
  tokenize: tokenizeHtmlFlowExceptLineBreak,
};

function tokenizeHtmlFlowExceptLineBreak(
  this: TokenizeContext,
  effects: Effects,
  ok: State,
  nok: State,
): State {
  // `check` rewinds whatever it consumed: the HTML block starts at the same `<` either way.
  return effects.check(lineBreakTag, nok, htmlFlow.tokenize.call(this, effects, ok, nok));
}

function tokenizeLineBreakTag(effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    if (code !== codes.lessThan) return nok(code);
    effects.enter('data');
    effects.consume(code);
    return b;
  }

  function b(code: Code): State | undefined {
    if (code !== codes.lowercaseB && code !== codes.uppercaseB) return nok(code);
    effects.consume(code);
    return r;
  }

  function r(code: Code): State | undefined {
    if (code !== codes.lowercaseR && code !== codes.uppercaseR) return nok(code);
    effects.consume(code);
    return spaces;
  }

  function spaces(code: Code): State | undefined {
    if (markdownSpace(code)) {
      effects.consume(code);
      return spaces;
    }
    if (code === codes.slash) {
      effects.consume(code);
      return close;
    }
    return close(code);
  }

  function close(code: Code): State | undefined {
    if (code !== codes.greaterThan) return nok(code);
    effects.consume(code);
    effects.exit('data');
    return ok(code);
  }
}
