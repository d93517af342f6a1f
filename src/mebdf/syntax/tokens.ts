/**
 * Token types of the MEBDF micromark extension, registered by module augmentation so that a typo
 * in a token name is a type error (and so that `effects.enter('mebdf…')` type-checks).
 */
export {};

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    /** `{!props}` — provisional span opener, paired in `resolveAll`. */
    mebdfSpanOpen: 'mebdfSpanOpen';
    /** `{/!}` — provisional span closer, paired in `resolveAll`. */
    mebdfSpanClose: 'mebdfSpanClose';
    /** A paired span: wraps opener, content and closer (created by `resolveAll`). */
    mebdfSpan: 'mebdfSpan';
    /** `{!`, `{/!}`, `}` and friends. */
    mebdfMarker: 'mebdfMarker';
    /** The raw property list between `{!` and `}`. */
    mebdfProps: 'mebdfProps';
    /** `{!props}` alone on its own line. */
    mebdfDirective: 'mebdfDirective';
    /** `{^ id}`, `{^}` or `{^= id kind "caption"}`. */
    mebdfAnchor: 'mebdfAnchor';
    /** The raw text between `{^` and `}`. */
    mebdfAnchorContent: 'mebdfAnchorContent';
  }

  interface Token {
    /**
     * Why a provisional span token could not be paired (set by `resolveAll`, read by the
     * from-markdown extension, which turns it into an `mebdfInvalid` node).
     */
    _mebdfReason?: 'unclosed' | 'stray' | 'unterminated' | undefined;
    /** The span a paired closer belongs to (set by `resolveAll`). */
    _mebdfSpan?: Token | undefined;
  }
}
