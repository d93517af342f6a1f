/**
 * Block directives: `{!props}` alone on its own line (optionally followed by spaces or tabs).
 *
 * They set the formatting state for the paragraphs that follow (or, for the structural names
 * `empty`, `table`, `row`, `cell`, `end-table`, spell what Markdown cannot). A line with anything
 * else after the `}` is not a block directive but a paragraph that starts with an inline span.
 * Block directives may interrupt a paragraph, so `text` followed by `{!Normal text}` on the next
 * line ends the paragraph.
 */
import { markdownLineEnding, markdownSpace } from 'micromark-util-character';
import { codes } from 'micromark-util-symbol';
import type { Code, Construct, Effects, State, TokenizeContext } from 'micromark-util-types';
import './tokens.js';

export const blockDirective: Construct = { name: 'mebdfDirective', tokenize: tokenizeBlockDirective };

function tokenizeBlockDirective(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  return start;

  // > | {!Title}
  //     ^
  function start(code: Code): State | undefined {
    if (code !== codes.leftCurlyBrace) return nok(code);
    effects.enter('mebdfDirective');
    effects.enter('mebdfMarker');
    effects.consume(code);
    return bang;
  }

  // > | {!Title}
  //      ^
  function bang(code: Code): State | undefined {
    if (code !== codes.exclamationMark) return nok(code);
    effects.consume(code);
    effects.exit('mebdfMarker');
    return propsStart;
  }

  // > | {!Title}
  //       ^
  function propsStart(code: Code): State | undefined {
    if (code === codes.rightCurlyBrace) return close(code);
    if (code === codes.eof || markdownLineEnding(code)) return nok(code);
    effects.enter('mebdfProps');
    return props(code);
  }

  // > | {!Title}
  //       ^^^^^
  function props(code: Code): State | undefined {
    if (code === codes.eof || markdownLineEnding(code)) return nok(code);
    if (code === codes.rightCurlyBrace) {
      effects.exit('mebdfProps');
      return close(code);
    }
    effects.consume(code);
    return props;
  }

  // > | {!Title}
  //            ^
  function close(code: Code): State | undefined {
    effects.enter('mebdfMarker');
    effects.consume(code);
    effects.exit('mebdfMarker');
    return trailing;
  }

  // > | {!Title}␠␠
  //             ^
  function trailing(code: Code): State | undefined {
    if (markdownSpace(code)) {
      effects.enter('whitespace');
      return whitespace(code);
    }
    return end(code);
  }

  function whitespace(code: Code): State | undefined {
    if (markdownSpace(code)) {
      effects.consume(code);
      return whitespace;
    }
    effects.exit('whitespace');
    return end(code);
  }

  // > | {!Title}
  //             ^
  function end(code: Code): State | undefined {
    if (code !== codes.eof && !markdownLineEnding(code)) return nok(code);
    effects.exit('mebdfDirective');
    return ok(code);
  }
}
