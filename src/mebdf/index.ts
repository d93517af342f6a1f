/**
 * The MEBDF compiler: text <-> block model, plus the micromark / mdast / remark extensions for
 * anyone who wants the syntax tree. Pure: no I/O.
 */
import { type MebdfDiagnostic, MebdfParseError } from '../errors.js';
import { delimiterDiagnostics, depthDiagnostics } from './limits.js';
import type { MebdfDocument } from './model.js';
import { modelToTree } from './semantic/from-model.js';
import { treeToModel } from './semantic/to-model.js';
import { parseTree, stringifyTree } from './tree.js';

export type { MebdfDiagnostic } from '../errors.js';
export { MebdfParseError } from '../errors.js';
export { MAX_EMPHASIS_DELIMITERS, MAX_NESTING_DEPTH } from './limits.js';
export { mebdfFromMarkdown } from './mdast/from-markdown.js';
export type { MebdfAnchor, MebdfDirective, MebdfEmbed, MebdfInvalid, MebdfSpan } from './mdast/nodes.js';
export { mebdfToMarkdown } from './mdast/to-markdown.js';
export type * from './model.js';
export { EMBED_KINDS } from './model.js';
export { remarkMebdf } from './remark.js';
export { mebdfSyntax } from './syntax/syntax.js';
export { parseTree as parseMebdfTree, stringifyTree as stringifyMebdfTree } from './tree.js';

/** Text past the parser's limits (limits.ts) is refused before the work it would cost. */
function read(text: string): { document: MebdfDocument; diagnostics: MebdfDiagnostic[] } {
  const refused = delimiterDiagnostics(text);
  if (refused.length > 0) return { document: { blocks: [], footnotes: {} }, diagnostics: refused };
  const tree = parseTree(text);
  const tooDeep = depthDiagnostics(tree, text);
  if (tooDeep.length > 0) return { document: { blocks: [], footnotes: {} }, diagnostics: tooDeep };
  return treeToModel(tree, text);
}

/**
 * Every problem in `text`, sorted by position: errors, and warnings (`severity: 'warning'`) for
 * text that parses but probably does not mean what its writer wanted. Empty: nothing to say.
 */
export function lintMebdf(text: string): MebdfDiagnostic[] {
  return read(text).diagnostics;
}

/** Whether a diagnostic stops the text from parsing. */
export function isLintError(diagnostic: MebdfDiagnostic): boolean {
  return diagnostic.severity !== 'warning';
}

/**
 * Parses MEBDF text into the block model; throws `MebdfParseError` carrying every error.
 * Warnings do not stop it: `parseMebdfWithWarnings` returns them beside the model.
 */
export function parseMebdf(text: string): MebdfDocument {
  return parseMebdfWithWarnings(text).document;
}

export function parseMebdfWithWarnings(text: string): {
  document: MebdfDocument;
  warnings: MebdfDiagnostic[];
} {
  const { document, diagnostics } = read(text);
  const errors = diagnostics.filter(isLintError);
  if (errors.length > 0) throw new MebdfParseError(errors);
  return { document, warnings: diagnostics.filter((d) => !isLintError(d)) };
}

/** The canonical MEBDF text of a block model (mdast-util-to-markdown with the MEBDF extension). */
export function stringifyMebdf(document: MebdfDocument): string {
  return stringifyTree(modelToTree(document));
}

/** The canonical form of MEBDF text; throws `MebdfParseError` when the text is invalid. */
export function formatMebdf(text: string): string {
  return stringifyMebdf(parseMebdf(text));
}
