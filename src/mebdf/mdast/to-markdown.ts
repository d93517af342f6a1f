/**
 * mdast-util-to-markdown extension: writes the MEBDF nodes back, and declares which characters
 * must be escaped so that text that merely looks like MEBDF (`{!`, `{/!}`, `{^`) stays text.
 */
import type { Parents } from 'mdast';
import type { Info, Options, State } from 'mdast-util-to-markdown';
import { styleDefinition } from '../style-names.js';
import { quoteCaption } from './anchor-content.js';
import type { MebdfAnchor, MebdfDirective, MebdfEmbed, MebdfInvalid, MebdfRaw, MebdfSpan } from './nodes.js';

declare module 'mdast-util-to-markdown' {
  interface ConstructNameMap {
    /** Inside an inline span `{!…}…{/!}`. */
    mebdfSpan: 'mebdfSpan';
  }
}

/** Structural directives that continue the block before them (no blank line in between). */
const CONTINUING = new Set(['row', 'cell', 'cells', 'end-table']);

/** Directives that are content of their own; every other directive hugs what follows it. */
const STANDALONE = new Set(['empty', 'end-table']);

/** The first word of a directive; `{!}` is `{!empty}`. */
const directiveName = (props: string): string => props.split(/[,:]/)[0]!.trim() || 'empty';

export function mebdfToMarkdown(): Options {
  return {
    handlers: {
      mebdfSpan: handleSpan,
      mebdfDirective: handleDirective,
      mebdfAnchor: handleAnchor,
      mebdfEmbed: handleEmbed,
      mebdfInvalid: handleInvalid,
      mebdfRaw: handleRaw,
    },
    unsafe: [
      // `{!`, `{/!}` and `{^` in text are literal text, not MEBDF.
      { character: '{', after: '(?:[!^]|/!)' },
      // `[^1]:` at the start of a line would turn a footnote reference into a definition.
      { character: ':', before: '\\]', inConstruct: 'phrasing' },
    ],
    join: [
      (left, right) => {
        // The bare checkbox line of a list item (see semantic/from-model.ts) hugs what follows.
        if (left.type === 'mebdfRaw' && left.value === '[ ]') return 0;
        // Style names defined at the top stand as one block of their own (they style nothing yet).
        if (left.type === 'mebdfDirective' && styleDefinition(left.props))
          return right.type === 'mebdfDirective' && styleDefinition(right.props) ? 0 : 1;
        // A state directive applies to what follows it, and `{!table}`, `{!row}`, `{!cell}` open it.
        if (left.type === 'mebdfDirective' && !STANDALONE.has(directiveName(left.props))) return 0;
        if (right.type === 'mebdfDirective' && CONTINUING.has(directiveName(right.props))) return 0;
        // Empty paragraphs in a row are one block of `{!}` lines, as they look on the page,
        // right under the paragraph, heading or list before them (a directive line ends them).
        if (
          (left.type === 'paragraph' || left.type === 'heading' || left.type === 'list') &&
          right.type === 'mebdfDirective' &&
          directiveName(right.props) === 'empty'
        )
          return 0;
        if (
          left.type === 'mebdfDirective' &&
          right.type === 'mebdfDirective' &&
          directiveName(left.props) === 'empty' &&
          directiveName(right.props) === 'empty'
        )
          return 0;
        return undefined;
      },
    ],
  };
}

function handleSpan(node: MebdfSpan, _parent: Parents | undefined, state: State, info: Info): string {
  const tracker = state.createTracker(info);
  const exit = state.enter('mebdfSpan');
  let value = tracker.move(`{!${node.props}}`);
  // Spelt out, not `{ ...tracker.current(), before, after }`: in Node 20's V8 a property added to
  // a spread copy gives each copy a map of its own, which made every read of `info` slow.
  const { now, lineShift } = tracker.current();
  value += tracker.move(state.containerPhrasing(node, { now, lineShift, before: value, after: '{' }));
  value += tracker.move('{/!}');
  exit();
  return value;
}
handleSpan.peek = () => '{';

function handleDirective(node: MebdfDirective): string {
  return `{!${node.props}}`;
}

function handleAnchor(node: MebdfAnchor): string {
  return node.id === null ? '{^}' : `{^ ${node.id}}`;
}
handleAnchor.peek = () => '{';

function handleEmbed(node: MebdfEmbed): string {
  const caption = node.caption === undefined ? '' : ` ${quoteCaption(node.caption)}`;
  // An embed without an id (`{^= equation}`) names its object by kind and position only.
  return `{^= ${node.id === '' ? '' : `${node.id} `}${node.kind}${caption}}`;
}
handleEmbed.peek = () => '{';

function handleInvalid(node: MebdfInvalid): string {
  return node.value;
}

function handleRaw(node: MebdfRaw): string {
  return node.value;
}
handleRaw.peek = (node: MebdfRaw) => node.value.charAt(0);
