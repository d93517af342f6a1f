/**
 * `remarkMebdf`: the remark plugin. It only wires the three MEBDF extensions (micromark syntax,
 * from-markdown, to-markdown) into the processor; compose it with `remark-gfm` as usual.
 */
import type {} from 'remark-parse';
import type {} from 'remark-stringify';
import type { Processor } from 'unified';
import { mebdfFromMarkdown } from './mdast/from-markdown.js';
import { mebdfToMarkdown } from './mdast/to-markdown.js';
import { mebdfSyntax } from './syntax/syntax.js';

export default function remarkMebdf(this: Processor): undefined {
  const data = this.data();
  data.micromarkExtensions ??= [];
  data.fromMarkdownExtensions ??= [];
  data.toMarkdownExtensions ??= [];
  data.micromarkExtensions.push(mebdfSyntax());
  data.fromMarkdownExtensions.push(mebdfFromMarkdown());
  data.toMarkdownExtensions.push(mebdfToMarkdown());
}

export { remarkMebdf };
