/**
 * The mdast node types MEBDF adds, registered in `@types/mdast` by module augmentation so that
 * they are legal children wherever they may appear (and a misspelt type is a type error).
 */
import type { Data, Literal, Node, Parent, PhrasingContent } from 'mdast';

/** `{!props}…{/!}`: `props` is the raw property list (validated by the semantic layer). */
export interface MebdfSpan extends Parent {
  type: 'mebdfSpan';
  props: string;
  children: PhrasingContent[];
  data?: Data | undefined;
}

/** `{!props}` alone on a line: formatting state, named style, or a structural directive. */
export interface MebdfDirective extends Node {
  type: 'mebdfDirective';
  props: string;
  data?: Data | undefined;
}

/** `{^ id}` (an existing anchor) or `{^}` (a proposed one: `id` is null). */
export interface MebdfAnchor extends Node {
  type: 'mebdfAnchor';
  id: string | null;
  data?: Data | undefined;
}

/** `{^= id kind "caption"}`: an object kept in place by id. `kind` is checked by the semantic layer. */
export interface MebdfEmbed extends Node {
  type: 'mebdfEmbed';
  id: string;
  kind: string;
  caption?: string | undefined;
  data?: Data | undefined;
}

/**
 * Something that looks like MEBDF syntax but is not valid: an unclosed or stray span delimiter,
 * an unterminated or malformed anchor. `value` is the source text; the semantic layer reports it.
 */
export interface MebdfInvalid extends Literal {
  type: 'mebdfInvalid';
  reason: 'unclosed' | 'stray' | 'unterminated' | 'malformed';
  data?: Data | undefined;
}

/**
 * Text written out verbatim by the stringifier, never produced by the parser: the character
 * references that keep edge spaces, the `<br>` of a final line break, a bare `[ ]` checkbox line.
 * (mdast's own `html` node would do, but the serialiser rewrites an `html` node after a line end.)
 */
export interface MebdfRaw extends Literal {
  type: 'mebdfRaw';
  data?: Data | undefined;
}

declare module 'mdast' {
  interface PhrasingContentMap {
    mebdfSpan: MebdfSpan;
    mebdfAnchor: MebdfAnchor;
    mebdfEmbed: MebdfEmbed;
    mebdfInvalid: MebdfInvalid;
    mebdfRaw: MebdfRaw;
  }
  interface BlockContentMap {
    mebdfDirective: MebdfDirective;
    mebdfRaw: MebdfRaw;
  }
  interface RootContentMap {
    mebdfSpan: MebdfSpan;
    mebdfAnchor: MebdfAnchor;
    mebdfEmbed: MebdfEmbed;
    mebdfInvalid: MebdfInvalid;
    mebdfDirective: MebdfDirective;
    mebdfRaw: MebdfRaw;
  }
}
