/**
 * MEBDF text <-> mdast with the exact set of extensions the dialect uses: CommonMark, GFM tables,
 * strikethrough, task list items and footnotes (not GFM autolink literals: a bare URL in text stays
 * text, so that plain text never turns into a link), and the MEBDF extensions.
 */
import type { Root } from 'mdast';
import { type Options as FromMarkdownOptions, fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFootnoteFromMarkdown, gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown, gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown, gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown, gfmTaskListItemToMarkdown } from 'mdast-util-gfm-task-list-item';
import { type Options as ToMarkdownOptions, toMarkdown } from 'mdast-util-to-markdown';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import { mebdfFromMarkdown } from './mdast/from-markdown.js';
import { plainTextToMarkdown } from './mdast/plain-text.js';
import { mebdfToMarkdown } from './mdast/to-markdown.js';
import { mebdfSyntax } from './syntax/syntax.js';

/**
 * The parse options, built once: the syntax extensions combined into one (micromark combines its
 * defaults with each extension on every parse, and one combined extension is one merge instead of
 * five). The extensions hold no state of their own from one parse to the next.
 */
const PARSE_OPTIONS: FromMarkdownOptions = {
  extensions: [
    combineExtensions([
      gfmTable(),
      gfmStrikethrough(),
      gfmTaskListItem(),
      gfmFootnote(),
      // HTML blocks, except that a `<br>` at the start of a line stays a line break (html-flow.ts).
      mebdfSyntax(),
    ]),
  ],
  mdastExtensions: [
    gfmTableFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
    gfmFootnoteFromMarkdown(),
    mebdfFromMarkdown(),
  ],
};

/** Parses MEBDF text into mdast (never throws on MEBDF errors: they become `mebdfInvalid` nodes). */
export function parseTree(text: string): Root {
  return fromMarkdown(text, PARSE_OPTIONS);
}

/**
 * The serialisation options of the canonical form, built once: each call only merges them into a
 * fresh state, and the unsafe patterns keep their compiled regexes from call to call.
 */
export const CANONICAL_OPTIONS: ToMarkdownOptions = {
  bullet: '-',
  bulletOther: '*',
  bulletOrdered: '.',
  emphasis: '*',
  strong: '*',
  fence: '`',
  rule: '-',
  listItemIndent: 'one',
  incrementListMarker: true,
  resourceLink: true,
  extensions: [
    gfmTableToMarkdown({ tablePipeAlign: false }),
    gfmStrikethroughToMarkdown(),
    gfmTaskListItemToMarkdown(),
    gfmFootnoteToMarkdown(),
    mebdfToMarkdown(),
    // Last, so that its `text` handler is the one used: the library's, without `safe` where the
    // text provably needs no escaping.
    plainTextToMarkdown(),
  ],
};

/** Serialises mdast as MEBDF text in the canonical spelling. */
export function stringifyTree(tree: Root): string {
  return toMarkdown(tree, CANONICAL_OPTIONS);
}
