/**
 * Inline spans: `{!props}text{/!}`.
 *
 * The tokenizers only recognise the two delimiters (`{!…}` and `{/!}`) as provisional tokens; the
 * pairing happens afterwards in `resolveAll`, innermost-first, with one stack per parent token so
 * that a span can never cross the boundary of emphasis, a link or a code span. Unpaired delimiters
 * stay in the tree marked with a reason; the semantic layer reports them as errors. Pairing is one
 * linear pass plus one linear rebuild of the event list (no splicing per pair).
 */
import { markdownLineEnding } from 'micromark-util-character';
import { splice } from 'micromark-util-chunked';
import { codes } from 'micromark-util-symbol';
import type { Code, Construct, Effects, Event, State, Token, TokenizeContext } from 'micromark-util-types';
import './tokens.js';

export const spanOpen: Construct = {
  name: 'mebdfSpanOpen',
  tokenize: tokenizeSpanOpen,
  resolveAll: resolveAllSpans,
};
export const spanClose: Construct = {
  name: 'mebdfSpanClose',
  tokenize: tokenizeSpanClose,
  resolveAll: resolveAllSpans,
};

function tokenizeSpanOpen(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let token: Token;
  return start;

  // > | {!underline}a{/!}
  //     ^
  function start(code: Code): State | undefined {
    if (code !== codes.leftCurlyBrace) return nok(code);
    token = effects.enter('mebdfSpanOpen');
    effects.enter('mebdfMarker');
    effects.consume(code);
    return bang;
  }

  // > | {!underline}a{/!}
  //      ^
  function bang(code: Code): State | undefined {
    if (code !== codes.exclamationMark) return nok(code);
    effects.consume(code);
    effects.exit('mebdfMarker');
    return propsStart;
  }

  // > | {!underline}a{/!}
  //       ^
  function propsStart(code: Code): State | undefined {
    if (code === codes.rightCurlyBrace) return close(code);
    if (code === codes.eof || markdownLineEnding(code)) return unterminated(code);
    effects.enter('mebdfProps');
    return props(code);
  }

  // > | {!underline}a{/!}
  //       ^^^^^^^^^
  function props(code: Code): State | undefined {
    if (code === codes.rightCurlyBrace) {
      effects.exit('mebdfProps');
      return close(code);
    }
    if (code === codes.eof || markdownLineEnding(code)) {
      effects.exit('mebdfProps');
      return unterminated(code);
    }
    effects.consume(code);
    return props;
  }

  // > | {!underline}a{/!}
  //                ^
  function close(code: Code): State | undefined {
    effects.enter('mebdfMarker');
    effects.consume(code);
    effects.exit('mebdfMarker');
    effects.exit('mebdfSpanOpen');
    return ok;
  }

  // A `{!` with no `}` before the end of the line: keep it as a token so it can be reported.
  // > | {!underline
  //                ^
  function unterminated(code: Code): State | undefined {
    token._mebdfReason = 'unterminated';
    effects.exit('mebdfSpanOpen');
    return ok(code);
  }
}

function tokenizeSpanClose(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  return start;

  // > | {!underline}a{/!}
  //                  ^
  function start(code: Code): State | undefined {
    if (code !== codes.leftCurlyBrace) return nok(code);
    effects.enter('mebdfSpanClose');
    effects.enter('mebdfMarker');
    effects.consume(code);
    return slash;
  }

  // > | {!underline}a{/!}
  //                   ^
  function slash(code: Code): State | undefined {
    if (code !== codes.slash) return nok(code);
    effects.consume(code);
    return bang;
  }

  // > | {!underline}a{/!}
  //                    ^
  function bang(code: Code): State | undefined {
    if (code !== codes.exclamationMark) return nok(code);
    effects.consume(code);
    return end;
  }

  // > | {!underline}a{/!}
  //                     ^
  function end(code: Code): State | undefined {
    if (code !== codes.rightCurlyBrace) return nok(code);
    effects.consume(code);
    effects.exit('mebdfMarker');
    effects.exit('mebdfSpanClose');
    return ok;
  }
}

/**
 * Emphasis and strikethrough are paired by their own `resolveAll`, which micromark runs in the
 * order the constructs were first seen. Running them first here makes our pairing see their
 * final tokens, so a span and an emphasis can only nest, never interleave. Their resolvers are
 * idempotent (they only act on provisional tokens), so running them again later is harmless.
 */
function resolveOthersFirst(events: Event[], context: TokenizeContext): Event[] {
  const text = context.parser.constructs.text;
  let result = events;
  // Each resolver mutates and returns the same array (micromark relies on that identity).
  for (const code of [codes.asterisk, codes.underscore, codes.tilde]) {
    const entry = text[code];
    const list = entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
    for (const construct of list as Construct[]) {
      if (construct.resolveAll && construct.resolveAll !== resolveAllSpans) {
        result = construct.resolveAll(result, context);
      }
    }
  }
  return result;
}

function resolveAllSpans(input: Event[], context: TokenizeContext): Event[] {
  const events = resolveOthersFirst(input, context);
  // One frame of open span starts (event indices) per enclosing token.
  const frames: number[][] = [[]];
  const before = new Map<number, Token>();
  const after = new Map<number, Token>();

  for (let index = 0; index < events.length; index++) {
    const [kind, token] = events[index]!;
    if (kind === 'enter') {
      if (
        token.type === 'mebdfSpanOpen' &&
        token._mebdfReason === undefined &&
        token._mebdfSpan === undefined
      ) {
        frames[frames.length - 1]!.push(index);
      } else if (
        token.type === 'mebdfSpanClose' &&
        token._mebdfReason === undefined &&
        token._mebdfSpan === undefined
      ) {
        const open = frames[frames.length - 1]!.pop();
        if (open === undefined) {
          token._mebdfReason = 'stray';
        } else {
          const opener = events[open]![1];
          const span: Token = { type: 'mebdfSpan', start: { ...opener.start }, end: { ...token.end } };
          opener._mebdfSpan = span;
          token._mebdfSpan = span;
          before.set(open, span);
        }
      }
      frames.push([]);
    } else {
      for (const open of frames.pop() ?? []) events[open]![1]._mebdfReason = 'unclosed';
      if (token.type === 'mebdfSpanClose' && token._mebdfSpan && token._mebdfReason === undefined) {
        after.set(index, token._mebdfSpan);
      }
    }
  }
  for (const open of frames.pop() ?? []) events[open]![1]._mebdfReason = 'unclosed';

  if (before.size === 0) return events;
  // micromark keeps a reference to this very array (subtokenize reads it after resolving), so the
  // wrapped list replaces the contents in place: one linear copy, not one splice per span.
  const result: Event[] = [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    const open = before.get(index);
    if (open) result.push(['enter', open, event[2]]);
    result.push(event);
    const close = after.get(index);
    if (close) result.push(['exit', close, event[2]]);
  }
  splice(events, 0, events.length, result);
  return events;
}
