/**
 * mdast-util-from-markdown extension: turns the MEBDF tokens into `mebdfSpan`, `mebdfDirective`,
 * `mebdfAnchor`, `mebdfEmbed` and (for what looks like syntax but is not valid) `mebdfInvalid`.
 */
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown';
import { parseAnchorContent } from './anchor-content.js';
import type { MebdfEmbed, MebdfInvalid } from './nodes.js';
import '../syntax/tokens.js';
import './nodes.js';

export function mebdfFromMarkdown(): Extension {
  return {
    enter: {
      mebdfSpan: enterSpan,
      mebdfSpanOpen: enterDelimiter,
      mebdfSpanClose: enterDelimiter,
      mebdfDirective: enterDirective,
      mebdfAnchor: enterAnchor,
    },
    exit: {
      mebdfSpan: exitNode,
      mebdfSpanOpen: exitDelimiter,
      mebdfSpanClose: exitDelimiter,
      mebdfProps: exitProps,
      mebdfDirective: exitNode,
      mebdfAnchor: exitAnchor,
    },
  };
}

function enterSpan(this: CompileContext, token: Token): undefined {
  this.enter({ type: 'mebdfSpan', props: '', children: [] }, token);
}

function exitNode(this: CompileContext, token: Token): undefined {
  this.exit(token);
}

/** Only unpaired delimiters become nodes; paired ones are represented by their `mebdfSpan`. */
function enterDelimiter(this: CompileContext, token: Token): undefined {
  if (token._mebdfReason === undefined) return;
  const node: MebdfInvalid = { type: 'mebdfInvalid', value: '', reason: token._mebdfReason };
  this.enter(node, token);
}

function exitDelimiter(this: CompileContext, token: Token): undefined {
  if (token._mebdfReason === undefined) return;
  const node = this.stack[this.stack.length - 1] as MebdfInvalid;
  node.value = this.sliceSerialize(token);
  this.exit(token);
}

/** The first props token inside a span or directive is its own (later ones belong to strays). */
function exitProps(this: CompileContext, token: Token): undefined {
  const node = this.stack[this.stack.length - 1];
  if ((node?.type === 'mebdfSpan' || node?.type === 'mebdfDirective') && node.props === '') {
    node.props = this.sliceSerialize(token);
  }
}

function enterDirective(this: CompileContext, token: Token): undefined {
  this.enter({ type: 'mebdfDirective', props: '' }, token);
}

function enterAnchor(this: CompileContext, token: Token): undefined {
  this.enter({ type: 'mebdfAnchor', id: null }, token);
}

/** Decides, from the raw text, what the node really is (anchor, embed, or invalid). */
function exitAnchor(this: CompileContext, token: Token): undefined {
  const node = this.stack[this.stack.length - 1] as unknown as Record<string, unknown>;
  const source = this.sliceSerialize(token);
  if (token._mebdfReason === 'unterminated') {
    Object.assign(node, { type: 'mebdfInvalid', value: source, reason: 'unterminated' });
    delete node.id;
  } else {
    const content = parseAnchorContent(source.slice(2, -1));
    delete node.id;
    if (content.type === 'anchor') Object.assign(node, { type: 'mebdfAnchor', id: content.id });
    else if (content.type === 'embed') {
      const embed: Omit<MebdfEmbed, 'position'> = { type: 'mebdfEmbed', id: content.id, kind: content.kind };
      if (content.caption !== undefined) embed.caption = content.caption;
      Object.assign(node, embed);
    } else Object.assign(node, { type: 'mebdfInvalid', value: source, reason: 'malformed' });
  }
  this.exit(token);
}
