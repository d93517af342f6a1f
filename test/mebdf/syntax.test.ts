/**
 * The syntax-tree level: the micromark extension and the mdast from/to-markdown extensions on
 * their own, and the remark plugin composed with remark-gfm.
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseMebdfTree, remarkMebdf, stringifyMebdfTree } from '../../src/mebdf/index.js';

/** The tree without positions, for comparisons. */
function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node && typeof node === 'object') {
    const { position: _position, ...rest } = node as Record<string, unknown>;
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, strip(value)]));
  }
  return node;
}

function phrasing(source: string): unknown {
  const tree = strip(parseMebdfTree(source)) as { children: { children: unknown }[] };
  return tree.children[0]!.children;
}

describe('micromark extension and mdast nodes', () => {
  it('should build mebdfSpan nodes holding the raw property list, nested', () => {
    expect(phrasing('{!underline}a {! color:red }b{/!}{/!}')).toEqual([
      {
        type: 'mebdfSpan',
        props: 'underline',
        children: [
          { type: 'text', value: 'a ' },
          { type: 'mebdfSpan', props: ' color:red ', children: [{ type: 'text', value: 'b' }] },
        ],
      },
    ]);
  });
  it('should keep unpaired delimiters as mebdfInvalid nodes with the reason', () => {
    expect(phrasing('{/!}a{!x}')).toEqual([
      { type: 'mebdfInvalid', value: '{/!}', reason: 'stray' },
      { type: 'text', value: 'a' },
      { type: 'mebdfInvalid', value: '{!x}', reason: 'unclosed' },
    ]);
  });
  it('should build anchor and embed nodes, and mebdfInvalid for a malformed one', () => {
    expect(phrasing('{^ h.1}{^}{^= k.2 chart "C"}{^ a b}')).toEqual([
      { type: 'mebdfAnchor', id: 'h.1' },
      { type: 'mebdfAnchor', id: null },
      { type: 'mebdfEmbed', id: 'k.2', kind: 'chart', caption: 'C' },
      { type: 'mebdfInvalid', value: '{^ a b}', reason: 'malformed' },
    ]);
  });
  it('should build a mebdfDirective for a directive line, and not for a span at a line start', () => {
    const tree = strip(parseMebdfTree('{!Title}  \n{!underline}x{/!}\n')) as { children: unknown[] };
    expect(tree.children).toEqual([
      { type: 'mebdfDirective', props: 'Title' },
      {
        type: 'paragraph',
        children: [{ type: 'mebdfSpan', props: 'underline', children: [{ type: 'text', value: 'x' }] }],
      },
    ]);
  });
  it('should record positions so diagnostics can point at the source', () => {
    const tree = parseMebdfTree('ab {!u}c{/!}');
    const span = (tree.children[0] as { children: { position: unknown }[] }).children[1]!;
    expect(span.position).toMatchObject({
      start: { line: 1, column: 4, offset: 3 },
      end: { line: 1, column: 13, offset: 12 },
    });
  });
  it('should not recognise MEBDF inside code spans or after a backslash', () => {
    expect(phrasing('`{!u}x{/!}` \\{^ x}')).toEqual([
      { type: 'inlineCode', value: '{!u}x{/!}' },
      { type: 'text', value: ' {^ x}' },
    ]);
  });
  it('should write the nodes back with the to-markdown extension', () => {
    const tree = parseMebdfTree('{!Title}\n\n{!u}a{/!} {^ h.1} {^= k.1 image "x \\"y\\""}\n');
    expect(stringifyMebdfTree(tree)).toBe('{!Title}\n{!u}a{/!} {^ h.1} {^= k.1 image "x \\"y\\""}\n');
  });
});

describe('remarkMebdf', () => {
  it('should compose with remark-gfm: tables, strikethrough, task lists and footnotes still parse', () => {
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMebdf);
    const tree = processor.parse('| {!u}a{/!} |\n| - |\n\n~~s~~ [^1]\n\n- [ ] t\n\n[^1]: n\n');
    const types = JSON.stringify(strip(tree));
    for (const type of ['table', 'mebdfSpan', 'delete', 'footnoteReference', 'footnoteDefinition']) {
      expect(types).toContain(`"type":"${type}"`);
    }
    expect(types).toContain('"checked":false');
  });
  it('should round-trip through remark-stringify with the MEBDF handlers and unsafe patterns', () => {
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMebdf).use(remarkStringify);
    expect(String(processor.processSync('a {!underline}b{/!} \\{!c} {^ h.1}\n'))).toBe(
      'a {!underline}b{/!} \\{!c} {^ h.1}\n',
    );
  });
  it('should not recognise MEBDF without the plugin', () => {
    const tree = unified().use(remarkParse).parse('{!underline}b{/!}');
    expect(JSON.stringify(strip(tree))).not.toContain('mebdf');
  });
});
