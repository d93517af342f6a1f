/**
 * Limits that keep hostile input from hurting the parser. micromark pairs emphasis delimiters in
 * time that grows faster than linearly with their number inside one paragraph, and the semantic
 * layer walks nested inlines recursively; real documents stay far below both limits, so input
 * beyond them is refused with a MebdfParseError instead of stalling or overflowing the stack.
 */
import type { Root } from 'mdast';
import type { MebdfDiagnostic } from '../errors.js';

/** Unescaped `*`/`_` in one paragraph (blank-line separated chunk). */
export const MAX_EMPHASIS_DELIMITERS = 5000;
/** Depth of the syntax tree: nested spans, emphasis, links, lists. */
export const MAX_NESTING_DEPTH = 256;

/** Paragraphs with more emphasis delimiters than micromark can pair quickly. One linear scan. */
export function delimiterDiagnostics(text: string): MebdfDiagnostic[] {
  const out: MebdfDiagnostic[] = [];
  let count = 0;
  let chunkLine = 1;
  let line = 1;
  let blank = true; // whether the current line has only whitespace so far
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      if (blank) {
        count = 0; // a blank line ends the chunk
        chunkLine = line + 1;
      }
      line += 1;
      blank = true;
      continue;
    }
    if (c !== 32 && c !== 9 && c !== 13) blank = false;
    if (c === 92 /* \ */) {
      i += 1; // an escaped character is literal
      continue;
    }
    if ((c === 42 /* * */ || c === 95) /* _ */ && ++count === MAX_EMPHASIS_DELIMITERS + 1) {
      out.push({
        line: chunkLine,
        column: 1,
        text: text.slice(i, i + 20),
        message: `a paragraph with more than ${MAX_EMPHASIS_DELIMITERS} unescaped \`*\` or \`_\` cannot be parsed in reasonable time`,
        suggestion: 'escape literal asterisks and underscores as `\\*` and `\\_`, or split the paragraph',
      });
    }
  }
  return out;
}

/** The first place where the tree nests deeper than MAX_NESTING_DEPTH (iterative: no recursion). */
export function depthDiagnostics(tree: Root, source: string): MebdfDiagnostic[] {
  const stack: Array<{ node: { children?: unknown[]; position?: Root['position'] }; depth: number }> = [
    { node: tree, depth: 0 },
  ];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_NESTING_DEPTH) {
      const start = node.position?.start ?? { line: 1, column: 1, offset: 0 };
      return [
        {
          line: start.line,
          column: start.column,
          text: source.slice(start.offset ?? 0, (start.offset ?? 0) + 20),
          message: `content nested more than ${MAX_NESTING_DEPTH} levels deep (spans, emphasis, links or lists)`,
          suggestion: 'flatten the nesting: close spans before opening new ones',
        },
      ];
    }
    for (const child of node.children ?? []) {
      stack.push({ node: child as { children?: unknown[] }, depth: depth + 1 });
    }
  }
  return [];
}
