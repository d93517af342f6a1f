/**
 * Anchors and embeds: `{^ id}`, `{^}` and `{^= id kind "caption"}`.
 *
 * The tokenizer recognises the brackets (`{^` … `}` on one line, a `}` inside a quoted caption
 * does not close) and keeps the inside raw; the from-markdown extension splits it into id, kind
 * and caption, and the semantic layer validates them, so that a malformed anchor is reported with
 * a message rather than silently read as text.
 */
import { markdownLineEnding } from 'micromark-util-character';
import { codes } from 'micromark-util-symbol';
import type { Code, Construct, Effects, State, Token, TokenizeContext } from 'micromark-util-types';
import './tokens.js';

export const anchor: Construct = { name: 'mebdfAnchor', tokenize: tokenizeAnchor };

function tokenizeAnchor(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let token: Token;
  let inQuote = false;
  return start;

  // > | {^ h.abc}
  //     ^
  function start(code: Code): State | undefined {
    if (code !== codes.leftCurlyBrace) return nok(code);
    token = effects.enter('mebdfAnchor');
    effects.enter('mebdfMarker');
    effects.consume(code);
    return caret;
  }

  // > | {^ h.abc}
  //      ^
  function caret(code: Code): State | undefined {
    if (code !== codes.caret) return nok(code);
    effects.consume(code);
    effects.exit('mebdfMarker');
    return contentStart;
  }

  // > | {^ h.abc}
  //       ^
  function contentStart(code: Code): State | undefined {
    if (code === codes.rightCurlyBrace) return close(code);
    if (code === codes.eof || markdownLineEnding(code)) return unterminated(code);
    effects.enter('mebdfAnchorContent');
    return content(code);
  }

  // > | {^= kix.1 image "a } b"}
  //       ^^^^^^^^^^^^^^^^^^^^^
  function content(code: Code): State | undefined {
    if (code === codes.eof || markdownLineEnding(code)) {
      effects.exit('mebdfAnchorContent');
      return unterminated(code);
    }
    if (code === codes.rightCurlyBrace && !inQuote) {
      effects.exit('mebdfAnchorContent');
      return close(code);
    }
    if (code === codes.quotationMark) inQuote = !inQuote;
    effects.consume(code);
    return code === codes.backslash && inQuote ? escaped : content;
  }

  // > | {^= kix.1 image "say \"hi\""}
  //                          ^
  function escaped(code: Code): State | undefined {
    if (code === codes.eof || markdownLineEnding(code)) return content(code);
    effects.consume(code);
    return content;
  }

  // > | {^ h.abc}
  //             ^
  function close(code: Code): State | undefined {
    effects.enter('mebdfMarker');
    effects.consume(code);
    effects.exit('mebdfMarker');
    effects.exit('mebdfAnchor');
    return ok;
  }

  // > | {^ h.abc
  //             ^
  function unterminated(code: Code): State | undefined {
    token._mebdfReason = 'unterminated';
    effects.exit('mebdfAnchor');
    return ok(code);
  }
}
