/** Small builders and shortcuts shared by the MEBDF tests. */
import type { MebdfDiagnostic } from '../../src/errors.js';
import { lintMebdf, parseMebdf } from '../../src/mebdf/index.js';
import type {
  Inline,
  MebdfDocument,
  ParagraphBlock,
  ParagraphStyle,
  TextStyle,
} from '../../src/mebdf/model.js';

export function text(value: string, style: TextStyle = {}): Inline {
  return { type: 'text', text: value, style };
}

export function para(inlines: Inline[], style: Partial<ParagraphStyle> = {}): ParagraphBlock {
  return { type: 'paragraph', style: { namedStyle: 'NORMAL_TEXT', ...style }, inlines };
}

export function doc(...blocks: MebdfDocument['blocks']): MebdfDocument {
  return { blocks, footnotes: {} };
}

/** The blocks of valid MEBDF text. */
export function blocks(source: string): MebdfDocument['blocks'] {
  return parseMebdf(source).blocks;
}

/** The inlines of the only paragraph of `source`. */
export function inlines(source: string): Inline[] {
  const [first, ...rest] = parseMebdf(source).blocks;
  if (first?.type !== 'paragraph' || rest.length > 0) throw new Error(`expected one paragraph in ${source}`);
  return first.inlines;
}

/** The messages of the diagnostics of `source`. */
export function messages(source: string): string[] {
  return lintMebdf(source).map((d) => d.message);
}

export function only(source: string): MebdfDiagnostic {
  const diagnostics = lintMebdf(source);
  if (diagnostics.length !== 1)
    throw new Error(`expected one diagnostic, got ${JSON.stringify(diagnostics)}`);
  return diagnostics[0]!;
}
