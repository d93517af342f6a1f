/**
 * One "should …" and one "should not …" test per rule of grammar/README.md, in its order.
 */
import { describe, expect, it } from 'vitest';
import { lintMebdf, parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { Inline, ParagraphStyle } from '../../src/mebdf/model.js';
import { blocks, inlines, messages, only, para, text } from './helpers.js';

describe('inline spans {!props}…{/!}', () => {
  it('should apply the properties to the wrapped text only', () => {
    expect(inlines('a {!underline}b{/!} c')).toEqual([
      text('a '),
      text('b', { underline: true }),
      text(' c'),
    ]);
  });
  it('should nest, innermost first, combining the properties', () => {
    expect(inlines('{!underline}a {!color:#c00}b{/!} c{/!}')).toEqual([
      text('a ', { underline: true }),
      text('b', { underline: true, color: '#cc0000' }),
      text(' c', { underline: true }),
    ]);
  });
  it('should accept optional whitespace inside the braces and around commas', () => {
    expect(inlines('{! mono , underline }a{/!}')).toEqual([
      text('a', { font: 'Courier New', underline: true }),
    ]);
  });
  it('should not pair across emphasis (spans and emphasis nest, never interleave)', () => {
    expect(messages('*a {!underline}b* c{/!}')).toEqual([
      '`{!underline}` opens a span that is never closed',
      '`{/!}` closes no span',
    ]);
  });
  it('should not stay open past the end of a paragraph', () => {
    expect(messages('x {!underline}a\n\nb{/!}')).toEqual([
      '`{!underline}` opens a span that is never closed',
      '`{/!}` closes no span',
    ]);
  });
  it('should not accept a `{!` without a `}` on the same line', () => {
    expect(only('a {!underline\nb').message).toBe('`{!` has no closing `}` on the same line');
  });
});

describe('property lists', () => {
  it('should read a bare boolean as true and `:false` as explicitly off', () => {
    expect(inlines('{!underline:true, smallcaps, italic:false}a{/!}')).toEqual([
      text('a', { underline: true, smallcaps: true, italic: false }),
    ]);
  });
  it('should not accept a switch with a value other than true or false', () => {
    expect(only('{!underline:yes}a{/!}').message).toBe(
      'underline is a switch: write `underline` or `underline:false`',
    );
  });
  it('should not accept a value property without a value', () => {
    expect(only('{!color}a{/!}').message).toBe('color needs a value: `color:…`');
  });
  it('should not accept an empty property list', () => {
    expect(only('{!}a{/!}').message).toContain('empty property');
  });
  it('should not take `{!/}` for a closer, and say how to close', () => {
    expect(lintMebdf('x {!underline}a{!/}')[1]).toMatchObject({
      message: '`{!/}` is not a closer',
      suggestion: 'close a span with `{/!}`',
    });
    expect(messages('{!/}a{/!}')).toEqual(['`{!/}` is not a closer']);
  });
  it('should give the paragraph a paragraph property written in an inline span', () => {
    expect(parseMebdf('x {!align:center}a{/!}')).toEqual(parseMebdf('{!align:center}\nx a'));
    expect(only('{!align:false}a{/!}').message).toContain('align:false removes a paragraph property');
  });
});

describe('property values', () => {
  it('should normalise colours: #rgb, #RRGGBB and names to lowercase #rrggbb', () => {
    expect(inlines('{!color:#C00}a{/!}{!color:#AbCdEf}b{/!}{!highlight:yellow}c{/!}')).toEqual([
      text('a', { color: '#cc0000' }),
      text('b', { color: '#abcdef' }),
      text('c', { highlight: '#ffff00' }),
    ]);
  });
  it('should not accept a colour that is neither hex nor a known name', () => {
    expect(only('{!color:#12}a{/!}').message).toBe('color: `#12` is not a colour');
  });
  it('should convert lengths in pt, in, cm and mm to points', () => {
    const [block] = blocks('{!indent-left:0.5in, indent-right:1cm, space-before:12pt, space-after:5mm}\nx');
    expect(block).toEqual(
      para([text('x')], { indentLeft: 36, indentRight: 28.3465, spaceBefore: 12, spaceAfter: 14.1732 }),
    );
  });
  it('should read a length without a unit as points, and refuse a negative one where it makes no sense', () => {
    expect(inlines('{!size:12}a{/!}')).toEqual([text('a', { size: 12 })]);
    expect(messages('{!size:12px}a{/!}')).toEqual(['size: `12px` is not a length']);
    expect(messages('{!indent-left:-1pt}\nx')).toEqual([
      'indent-left: `-1pt`: a negative length is not allowed here',
    ]);
  });
  it('should read font weights by name or as 100–900', () => {
    expect(inlines('{!weight:Semi Bold}a{/!}{!weight:300}b{/!}')).toEqual([
      text('a', { weight: 600 }),
      text('b', { weight: 300 }),
    ]);
  });
  it('should not accept a weight off the 100 grid', () => {
    expect(only('{!weight:450}a{/!}').message).toBe('weight: `450` is not a font weight');
  });
  it('should read line spacing names, multipliers and percentages as percent', () => {
    const [a, b, c, d] = blocks(
      '{!line-spacing:single}\na\n\n{!line-spacing:1.15}\nb\n\n{!line-spacing:double}\nc\n\n{!line-spacing:130%}\nd',
    );
    expect([a, b, c, d].map((block) => block?.type === 'paragraph' && block.style.lineSpacing)).toEqual([
      100, 115, 200, 130,
    ]);
  });
  it('should not accept a line spacing that is not a name, number or percentage', () => {
    expect(only('{!line-spacing:wide}\nx').message).toBe('line-spacing: `wide` is not a line spacing');
  });
  it('should store a hanging indent as a negative first-line indent', () => {
    expect(blocks('{!hanging-indent:18pt}\nx')).toEqual([para([text('x')], { firstLineIndent: -18 })]);
  });
  it('should read align, sup/sub, font, size and suggest', () => {
    expect(
      blocks('{!align:justify}\n{!font:Open Sans, size:10.5pt, sub}a{/!}{!suggest:delete}b{/!}'),
    ).toEqual([
      para([text('a', { font: 'Open Sans', size: 10.5, sub: true }), text('b', { suggestion: 'delete' })], {
        align: 'justify',
      }),
    ]);
  });
  it('should not accept an unknown alignment or suggestion kind', () => {
    expect(lintMebdf('{!align:centr}\nx')[0]?.suggestion).toBe('did you mean `center`?');
    expect(only('{!suggest:maybe}a{/!}').message).toBe(
      'suggest: `maybe` is not insert or delete (then optionally the suggestion id)',
    );
    expect(only('{!suggest:insert two ids}a{/!}').message).toMatch(/is not insert or delete/);
  });
  it('should read a suggestion mark with or without its id', () => {
    expect(inlines('{!suggest:insert suggest.k2j4}a{/!}')).toEqual([
      text('a', { suggestion: 'insert suggest.k2j4' }),
    ]);
    expect(inlines('{!suggest: delete  suggest.x9}a{/!}')).toEqual([
      text('a', { suggestion: 'delete suggest.x9' }),
    ]);
    expect(inlines('{!suggest:delete}a{/!}')).toEqual([text('a', { suggestion: 'delete' })]);
    expect(inlines('{!suggest:insert suggest.k2j4, bold}a{/!}')).toEqual([
      text('a', { suggestion: 'insert suggest.k2j4', bold: true }),
    ]);
  });
  it('should write a suggestion mark with its id and read it back', () => {
    const model = {
      blocks: [
        para([
          text('new', { suggestion: 'insert suggest.k2j4' }),
          text(' old', { suggestion: 'delete suggest.m3' }),
        ]),
      ],
      footnotes: {},
    };
    const written = stringifyMebdf(model);
    expect(written).toContain('{!suggest:insert suggest.k2j4}new{/!}{!suggest:delete suggest.m3} old{/!}');
    expect(parseMebdf(written).blocks).toEqual(model.blocks);
  });
  it('should let sup and sub replace each other (at most one is set)', () => {
    expect(inlines('{!sup}{!sub}a{/!}{/!}')).toEqual([text('a', { sub: true })]);
  });
});

describe('block directives {!props} on their own line', () => {
  it('should apply to every following paragraph until changed (stateful)', () => {
    expect(blocks('{!align:center, color:red}\n\na\n\nb\n\n{!align:right}\n\nc')).toEqual([
      para([text('a', { color: '#ff0000' })], { align: 'center' }),
      para([text('b', { color: '#ff0000' })], { align: 'center' }),
      para([text('c', { color: '#ff0000' })], { align: 'right' }),
    ]);
  });
  it('should turn a switch off with `:false`', () => {
    expect(blocks('{!underline}\na\n\n{!underline:false}\nb')).toEqual([
      para([text('a', { underline: true })]),
      para([text('b', { underline: false })]),
    ]);
  });
  it('should end a paragraph when it follows it on the next line', () => {
    expect(blocks('a\n{!align:right}\nb')).toEqual([
      para([text('a')]),
      para([text('b')], { align: 'right' }),
    ]);
  });
  it('should not be a block directive when text follows on the same line', () => {
    expect(blocks('{!underline}a{/!}')).toEqual([para([text('a', { underline: true })])]);
  });
  it("should style only the paragraph it opens when no `{/!}` closes it (the paragraph's own directive)", () => {
    expect(blocks('{!align:center}\na\n\n{!align:false, size:9pt}b **c**\n\nd')).toEqual([
      para([text('a')], { align: 'center' }),
      para([text('b ', { size: 9 }), text('c', { size: 9, bold: true })]),
      para([text('d')], { align: 'center' }),
    ]);
    expect(blocks('## {^ h.x}{!Title, space-after:4pt} Head\n\n{!Title}Body')).toEqual([
      para([{ type: 'anchor', id: 'h.x' }, text('Head')], { namedStyle: 'HEADING_2', spaceAfter: 4 }),
      para([text('Body')], { namedStyle: 'TITLE' }),
    ]);
  });
  it("should not take a structural directive for a paragraph's own directive", () => {
    expect(messages('{!empty}a\n\n{!underline}b{/!}')).toEqual(['`{!empty}` cannot open a paragraph']);
  });
  it('should not accept an unknown property, suggesting the closest name', () => {
    const diagnostic = only('{!colour:red}\nx');
    expect(diagnostic).toMatchObject({
      line: 1,
      column: 3,
      text: 'colour:red',
      suggestion: 'did you mean `color`?',
    });
  });
  it('should suggest ours for a CSS or HTML name no edit distance finds (font-size is size)', () => {
    const suggested = (text: string) => only(text).suggestion;
    expect(suggested('{!font-size:14pt}x{/!}')).toBe('did you mean `size`?');
    expect(suggested('{!background:#ff0}x{/!}')).toBe('did you mean `highlight`?');
    expect(suggested('{!line-height:1.5}\nx')).toBe('did you mean `line-spacing`?');
    expect(suggested('{!margin-top:12pt}\nx')).toBe('did you mean `space-before`?');
    expect(suggested('{!H2}\nx')).toBe('did you mean `Heading 2`?');
    // A paragraph property is no span's: no suggestion there but the list of what a span takes.
    expect(suggested('{!margin-top:12pt}x{/!}')).toMatch(/^A span takes text properties/);
  });
});

describe('named paragraph styles', () => {
  it('should set the named style and reset the state to it', () => {
    expect(
      blocks('{!align:center}\n{!Title}\nT\n{!Subtitle}\nS\n{!Normal text}\nN\n{!Heading 3}\nH'),
    ).toEqual([
      para([text('T')], { namedStyle: 'TITLE' }),
      para([text('S')], { namedStyle: 'SUBTITLE' }),
      para([text('N')]),
      para([text('H')], { namedStyle: 'HEADING_3' }),
    ]);
  });
  it('should combine with properties in one directive', () => {
    expect(blocks('{!Title, align:center}\nT')).toEqual([
      para([text('T')], { namedStyle: 'TITLE', align: 'center' }),
    ]);
  });
  it('should not accept an unknown style name, suggesting the closest', () => {
    expect(only('{!Titel}\nx')).toMatchObject({
      message: 'unknown property or paragraph style `Titel`',
      suggestion: 'did you mean `Title`?',
    });
  });
  it('should not accept a named style in an inline span', () => {
    expect(only('{!Title}x{/!}').message).toBe(
      '`Title` is only allowed as a block directive on a line of its own',
    );
  });
  it('should not accept two named styles in one directive', () => {
    expect(only('{!Title, Subtitle}\nx').message).toBe('a block directive names at most one paragraph style');
  });
});

describe('headings', () => {
  it('should map # … ###### to HEADING_1 … HEADING_6 (setext headings too)', () => {
    expect(blocks('# a\n\n###### b\n\nc\n===')).toEqual([
      para([text('a')], { namedStyle: 'HEADING_1' }),
      para([text('b')], { namedStyle: 'HEADING_6' }),
      para([text('c')], { namedStyle: 'HEADING_1' }),
    ]);
  });
  it('should put a heading anchor right after the #s as the first inline', () => {
    expect(blocks('## {^ h.4k2x9}Intro')).toEqual([
      para([{ type: 'anchor', id: 'h.4k2x9' }, text('Intro')], { namedStyle: 'HEADING_2' }),
    ]);
  });
  it('should not treat an anchor later in the heading as the heading anchor (it stays where it is)', () => {
    expect(blocks('## Intro {^ h.x}')).toEqual([
      para([text('Intro '), { type: 'anchor', id: 'h.x' }], { namedStyle: 'HEADING_2' }),
    ]);
  });
  it('should not let a block directive named style override a # heading', () => {
    expect(blocks('{!Title}\n# a')).toEqual([para([text('a')], { namedStyle: 'HEADING_1' })]);
  });
});

describe('heading states {!## props}', () => {
  const h2 = (content: Inline[], style: Partial<ParagraphStyle> = {}) =>
    para(content, { namedStyle: 'HEADING_2', ...style });
  it("should give the level's Markdown headings its properties instead of the block state's", () => {
    expect(blocks('{!font:Arial, align:center}\n{!## space-after:6pt, size:14pt}\n## a\n\nb\n\n# c')).toEqual(
      [
        h2([text('a', { size: 14 })], { spaceAfter: 6 }),
        para([text('b', { font: 'Arial' })], { align: 'center' }),
        para([text('c', { font: 'Arial' })], { namedStyle: 'HEADING_1', align: 'center' }),
      ],
    );
  });
  it("should let a heading's own directive change its heading state for that heading alone", () => {
    expect(blocks('{!## size:14pt}\n## {!color:#c00, space-after:0pt}a\n\n## b')).toEqual([
      h2([text('a', { size: 14, color: '#cc0000' })], { spaceAfter: 0 }),
      h2([text('b', { size: 14 })]),
    ]);
  });
  it('should replace a heading state with the next one of its level, and set an empty one with `{!##}`', () => {
    const source =
      '{!color:#c00}\n{!## size:14pt, align:center}\n## a\n\n{!## space-after:4pt}\n## b\n\n{!##}\n## c';
    expect(blocks(source)).toEqual([
      h2([text('a', { size: 14 })], { align: 'center' }),
      h2([text('b')], { spaceAfter: 4 }),
      h2([text('c')]),
    ]);
  });
  it('should not be touched by block directives or named-style resets, nor reach other paragraphs', () => {
    expect(blocks('{!## size:14pt}\n{!Normal text}\n{!align:center}\n## a\n\n{!Heading 2}\nb')).toEqual([
      h2([text('a', { size: 14 })]),
      h2([text('b')]),
    ]);
  });
  it('should flow on from a list item, and into table cells, ending with the table', () => {
    expect(blocks('- {!## size:14pt}\n  x\n\n## a')).toEqual([
      { ...para([text('x')]), list: { key: '1', level: 0, kind: 'bullet' } },
      h2([text('a', { size: 14 })]),
    ]);
    const [table, after] = blocks(
      '{!## size:14pt}\n{!table}\n{!row}\n{!cell}\n## a\n{!## size:9pt}\n{!row}\n{!cell}\n## b\n{!end-table}\n\n## c',
    );
    expect(table?.type === 'table' && table.rows.map((row) => row[0]!.blocks[0])).toEqual([
      h2([text('a', { size: 14 })]),
      h2([text('b', { size: 9 })]),
    ]);
    expect(after).toEqual(h2([text('c', { size: 14 })]));
  });
  it('should not reach into a footnote definition, which starts without heading states', () => {
    const { blocks: body, footnotes } = parseMebdf('{!## size:14pt}\n## a[^1]\n\n[^1]: Note.\n\n    ## b');
    expect(body).toEqual([h2([text('a', { size: 14 }), { type: 'footnoteRef', label: '1' }])]);
    expect(footnotes['1']).toEqual([para([text('Note.')]), h2([text('b')])]);
  });
  it('should not accept a named style, a removal, a missing space, more than six #s or an own-directive use', () => {
    expect(only('{!## Title}\n## a').message).toBe(
      'a heading state takes no paragraph style: its headings keep their own',
    );
    expect(only('{!## color:false}\n## a').message).toBe(
      'a heading state lists what its headings have: `color:false` removes nothing',
    );
    expect(only('{!##, size:3pt}\n## a')).toMatchObject({
      message: 'a heading state is the `#`s, a space, then its properties',
      suggestion: 'Write `{!## size:3pt}`.',
    });
    expect(only('{!####### size:3pt}\n## a').message).toMatch(/level from 1 to 6/);
    expect(only('{!## size:3pt}a').message).toBe('`{!## size:3pt}` cannot open a paragraph');
    expect(blocks('{!## bold:false}\n## a')).toEqual([h2([text('a', { bold: false })])]);
  });
  it('should be written where it makes the text shorter, and not where the headings fit the state', () => {
    const canonical =
      '{!## space-after:6pt, size:14pt}\n## a\n\n{!font:Arial}\nx\n\n## b\n\ny\n\n## {!color:#cc0000}c\n\nz\n';
    const written =
      '{!font:Arial}\n{!## space-after:6pt, size:14pt}\n## a\n\nx\n\n## b\n\ny\n\n## {!color:#c00}c\n\nz\n';
    expect(stringifyMebdf(parseMebdf(written))).toBe(canonical);
    expect(parseMebdf(canonical)).toEqual(parseMebdf(written));
    expect(stringifyMebdf(parseMebdf('# a\n\nx\n\n# b\n'))).toBe('# a\n\nx\n\n# b\n');
  });
});

describe('style names {!name = props}', () => {
  it('should read a name as its property list wherever a property list stands, from its definition on', () => {
    const named =
      '{!s1 = space-before:12pt, color:#3b006f}\n{!s2 = Title, align:center}\n{!s1}\na\n\n{!Normal text}\n{!s1, align:right}b\n\nc {!s1}d{/!}\n\n{!empty, s2}\n\n- {!s1}e';
    const spelled =
      '{!space-before:12pt, color:#3b006f}\na\n\n{!Normal text}\n{!space-before:12pt, color:#3b006f, align:right}b\n\nc {!space-before:12pt, color:#3b006f}d{/!}\n\n{!empty, Title, align:center}\n\n- {!space-before:12pt, color:#3b006f}e';
    expect(blocks(named)).toEqual(blocks(spelled));
  });
  it('should read a name in a heading state as its list', () => {
    expect(blocks('{!s1 = space-after:6pt, size:14pt}\n{!## s1}\n## a')).toEqual(
      blocks('{!## space-after:6pt, size:14pt}\n## a'),
    );
    expect(messages('{!s1 = Title}\n{!## s1}\n## a')).toEqual([
      'a heading state takes no paragraph style: its headings keep their own',
    ]);
  });
  it('should let a later definition replace a name, and a definition use earlier names', () => {
    expect(
      blocks('{!s1 = size:14pt}\n{!s2 = s1, color:#c00}\n{!s1 = size:9pt}\n{!s2}\na\n\n{!s1}\nb'),
    ).toEqual(blocks('{!size:14pt, color:#c00}\na\n\n{!size:9pt}\nb'));
  });
  it('should not leave a definition in the model, nor change the state', () => {
    expect(blocks('{!align:center}\n{!s1 = Title, align:right}\na')).toEqual(blocks('{!align:center}\na'));
  });
  it('should not accept a name before its definition, a property as a name, or structure as its list', () => {
    expect(only('{!s1}\na\n\n{!s1 = size:14pt}')).toMatchObject({
      message: 'unknown style name `s1`',
      suggestion: expect.stringContaining('`{!s1 = …}`'),
    });
    expect(messages('a {!s2}b{/!}')).toEqual(['unknown style name `s2`']);
    expect(messages('{!s6uc3}\na')).toEqual(['unknown style name `s6uc3`']);
    expect(only('{!sizes}\na')).toMatchObject({ suggestion: 'did you mean `size`?' });
    expect(messages('{!color = size:14pt}')).toEqual([
      '`color` is a property: a style name must be another word',
    ]);
    expect(messages('{!s1 = cell}')).toEqual(['a style name cannot stand for `cell`']);
    expect(messages('{!s1 = ## size:14pt}')).toEqual(['a style name cannot stand for a heading state']);
    expect(only('{!s1 = colr:red}')).toMatchObject({ column: 8, message: 'unknown property `colr`' });
  });
  it('should point a problem of a name used where its list does not fit at the name', () => {
    expect(only('{!s1 = Title, size:14pt}\na {!s1}b{/!}')).toMatchObject({ line: 2, column: 5 });
  });
  const items = (list: string, n: number) =>
    Array.from({ length: n }, (_, i) => `Body ${i}.\n\nMore ${i}.\n\n{!${list}}**Item ${i}**`).join('\n\n');
  const LIST = 'space-before:12pt, space-after:6pt, size:14pt';

  it('should write a long property list the text repeats as a name defined at the top, and read it back', () => {
    const model = parseMebdf(items(LIST, 3));
    const written = stringifyMebdf(model);
    const [definition, blank, first] = written.split('\n');
    const name = /^\{!(s[0-9a-z]{4}) = (.*)\}$/.exec(definition!);
    expect(name?.[2]).toBe(LIST);
    expect([blank, first]).toEqual(['', 'Body 0.']);
    expect(written).toContain(`\n{!${name![1]}}**Item 2**\n`);
    expect(parseMebdf(written)).toEqual(model);
    expect(model.blocks[2]).toMatchObject({ style: { spaceBefore: 12, spaceAfter: 6 } });
  });
  it('should give a list the same name in every text, whatever else the text names', () => {
    const alone = stringifyMebdf(parseMebdf(items(LIST, 3)));
    const other = 'align:center, indent-left:36pt, color:#3b006f';
    const withOther = stringifyMebdf(parseMebdf(`${items(other, 3)}\n\n${items(LIST, 3)}`));
    const nameIn = (text: string) => new RegExp(`\\{!(s[0-9a-z]+) = ${LIST}\\}`).exec(text)?.[1];
    expect(nameIn(alone)).toBeDefined();
    expect(nameIn(withOther)).toBe(nameIn(alone));
    expect(withOther.indexOf(other)).toBeLessThan(withOther.indexOf(LIST));
  });
  it('should not name a list that holds a comment or suggestion marker', () => {
    const marked = [1, 2, 3, 4]
      .map((n) => `Para ${n} {!comment:c1, size:14pt, color:#3b006f}marked text{/!} end.`)
      .join('\n\n');
    expect(stringifyMebdf(parseMebdf(marked))).toBe(`${marked}\n`);
  });
  it('should not name a list that is short or said once', () => {
    const text =
      '{!align:center}a\n\nb\n\n{!align:center}c\n\nd\n\n{!space-before:12pt, space-after:6pt, size:14pt}e\n';
    expect(stringifyMebdf(parseMebdf(text))).not.toContain(' = ');
  });
});

describe('anchors {^ id} and {^}', () => {
  it('should read an anchor with an id of [A-Za-z0-9._:-] and a proposed anchor', () => {
    expect(inlines('a{^ kix.abc-1:x_y}b{^}')).toEqual([
      text('a'),
      { type: 'anchor', id: 'kix.abc-1:x_y' },
      text('b'),
      { type: 'anchor', id: null },
    ]);
  });
  it('should not accept other characters in an id', () => {
    expect(only('{^ h/x}').message).toContain('may only contain letters, digits');
  });
  it('should link to an anchor with [text](#^id)', () => {
    expect(inlines('[see](#^h.x)')).toEqual([text('see', { link: '#^h.x' })]);
  });
  it('should not read a #slug link as an anchor link: the href is kept as written', () => {
    expect(inlines('[see](#intro)')).toEqual([text('see', { link: '#intro' })]);
  });
});

describe('embeds {^= id kind "caption"}', () => {
  it('should read id, kind and an optional quoted caption with \\" escapes', () => {
    expect(inlines('{^= kix.ab12 image "Q3 \\"revenue\\" } chart"}{^= d.1 hr}')).toEqual([
      { type: 'embed', id: 'kix.ab12', kind: 'image', caption: 'Q3 "revenue" } chart' },
      { type: 'embed', id: 'd.1', kind: 'hr' },
    ]);
  });
  it('should not accept an unknown kind, suggesting the closest', () => {
    expect(only('{^= x.1 imag}')).toMatchObject({
      message: 'unknown embed kind `imag`',
      suggestion: 'did you mean `image`?',
    });
  });
  it('should not accept an embed without a kind', () => {
    expect(only('{^= x.1}').message).toContain('an embed is written');
  });
  it('should read a kind without an id as an embed with the empty id, and `embed` as a kind', () => {
    expect(inlines('{^= equation}{^= kix.a embed}')).toEqual([
      { type: 'embed', id: '', kind: 'equation' },
      { type: 'embed', id: 'kix.a', kind: 'embed' },
    ]);
  });
  it('should not read a word that is not a kind as an embed without an id', () => {
    expect(only('{^= equatoin}').message).toContain('an embed is written');
  });
  it('should read a new chip as a chip kind without an id, its value as the caption', () => {
    expect(inlines('{^= person "Ada <ada@example.com>"}{^= date "2026-11-24"}')).toEqual([
      { type: 'embed', id: '', kind: 'person', caption: 'Ada <ada@example.com>' },
      { type: 'embed', id: '', kind: 'date', caption: '2026-11-24' },
    ]);
  });
  it('should not read a value without its kind as a new chip', () => {
    expect(only('{^= "ada@example.com"}').message).toContain('an embed is written');
  });
});

describe('the space after a heading anchor', () => {
  it('should read one literal space after a heading anchor as a separator', () => {
    expect(blocks('## {^ h.x}  Title')).toEqual([
      para([{ type: 'anchor', id: 'h.x' }, text(' Title')], { namedStyle: 'HEADING_2' }),
    ]);
  });
  it('should not drop a space written as a character reference, nor one after an anchor in a paragraph', () => {
    expect(blocks('## {^ h.x}&#x20;Title')).toEqual([
      para([{ type: 'anchor', id: 'h.x' }, text(' Title')], { namedStyle: 'HEADING_2' }),
    ]);
    expect(inlines('{^ b.1} text')).toEqual([{ type: 'anchor', id: 'b.1' }, text(' text')]);
  });
});

describe('Markdown inline formatting', () => {
  it('should map **, *, ~~, code spans and links to the text style', () => {
    expect(inlines('**b** *i* ~~s~~ `c` [l](https://x.y)')).toEqual([
      text('b', { bold: true }),
      text(' '),
      text('i', { italic: true }),
      text(' '),
      text('s', { strikethrough: true }),
      text(' '),
      text('c', { font: 'Courier New' }),
      text(' '),
      text('l', { link: 'https://x.y' }),
    ]);
  });
  it('should resolve reference links and images', () => {
    expect(inlines('[a][r] ![pic][r]\n\n[r]: https://x.y/i.png')).toEqual([
      text('a', { link: 'https://x.y/i.png' }),
      text(' '),
      { type: 'image', url: 'https://x.y/i.png', alt: 'pic' },
    ]);
  });
  it('should not turn a bare URL into a link (no GFM autolink literals)', () => {
    expect(inlines('see https://x.y and www.x.y')).toEqual([text('see https://x.y and www.x.y')]);
  });
  it('should read an image as an image inline', () => {
    expect(inlines('![A chart](https://x.y/c.png)')).toEqual([
      { type: 'image', url: 'https://x.y/c.png', alt: 'A chart' },
    ]);
  });
  it('should keep an image Docs cannot fetch as its alt text (or URL) linked to the URL, marked with its title', () => {
    expect(inlines('![moon](moon.jpg "The moon") ![](/a.png) ![x](http://x.y/p.png)')).toEqual([
      text('moon', { link: 'moon.jpg', image: 'alt The moon' }),
      text(' '),
      text('/a.png', { link: '/a.png', image: 'url' }),
      text(' '),
      text('x', { link: 'http://x.y/p.png', image: 'alt' }),
    ]);
    for (const source of ['![moon](moon.jpg "The moon")\n', '![](/a.png)\n', '**![x](/x)** [x](/x)\n'])
      expect(stringifyMebdf(parseMebdf(source)).replace('{!bold}![x](/x){/!}', '**![x](/x)**')).toBe(source);
  });
  it('should not keep a link around an image, nor an image at a URL Docs can fetch as text', () => {
    expect(inlines('[![moon](moon.jpg)](/uri)')).toEqual([text('moon', { link: 'moon.jpg', image: 'alt' })]);
    expect(messages('[![moon](moon.jpg)](/uri)')[0]).toBe(
      'a link on an image is dropped: MEBDF links only text',
    );
    expect(inlines('![a](https://x.y/a.png "t")')).toEqual([
      { type: 'image', url: 'https://x.y/a.png', alt: 'a' },
    ]);
  });
});

describe('line breaks', () => {
  it('should map a backslash hard break and <br> to a break inline', () => {
    expect(inlines('a\\\nb<br>c<br/>')).toEqual([
      text('a'),
      { type: 'break' },
      text('b'),
      { type: 'break' },
      text('c'),
      { type: 'break' },
    ]);
  });
  it('should not keep a soft line break: it is a space', () => {
    expect(inlines('a\nb')).toEqual([text('a b')]);
  });
  it('should read a line holding only an embed as a paragraph of its own', () => {
    expect(blocks('a\n{^= x.1 image}\nb')).toEqual([
      para([text('a')]),
      para([{ type: 'embed', id: 'x.1', kind: 'image' }]),
      para([text('b')]),
    ]);
  });
  it('should not split a paragraph at an embed that shares its line with text', () => {
    expect(blocks('a\n{^= x.1 image} b')).toEqual([
      para([text('a '), { type: 'embed', id: 'x.1', kind: 'image' }, text(' b')]),
    ]);
  });
});

describe('empty paragraphs', () => {
  it('should read {!empty} as an empty paragraph with the current style', () => {
    expect(blocks('a\n\n{!empty}\n\n{!align:center}\n{!empty}')).toEqual([
      para([text('a')]),
      para([]),
      para([], { align: 'center' }),
    ]);
  });
  it('should give {!empty, …} its paragraph style for that paragraph alone', () => {
    expect(blocks('{!align:center}\n{!empty, align:false, space-after:6pt}\n\n{!empty, Title}\n\na')).toEqual(
      [
        para([], { spaceAfter: 6 }),
        para([], { namedStyle: 'TITLE' }),
        para([text('a')], { align: 'center' }),
      ],
    );
  });
  it('should write an empty paragraph right under the paragraph, heading or list before it', () => {
    const text = '# H\n{!}\n\na\n{!}\n{!}\n\n- b\n{!}\n\n- c\n  {!}\n';
    expect(stringifyMebdf(parseMebdf(text))).toBe(text);
    expect(
      blocks(text).map((block) => block.type === 'paragraph' && (block.list?.level ?? block.item)),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, 0, undefined, 0, 0]);
  });
  it('should not write an empty paragraph right under a table, a quote or an HTML block (it would read as theirs)', () => {
    const text = '| a |\n| - |\n\n{!}\n\n> q\n\n{!}\n\n<div>\n\n{!}\n';
    expect(stringifyMebdf(parseMebdf(text))).toBe(text);
  });
  it('should read {!} as {!empty}, and write a plain empty paragraph so', () => {
    expect(blocks('a\n{!}\n\n{!align:center}\n{!}')).toEqual(
      blocks('a\n{!empty}\n\n{!align:center}\n{!empty}'),
    );
    expect(stringifyMebdf(parseMebdf('a\n\n{!empty}\n'))).toBe('a\n{!}\n');
  });
  it('should not read {!} as a span or as the opening of a paragraph', () => {
    expect(messages('{!}a')).toEqual(['`{!}` cannot open a paragraph']);
    expect(messages('a {!}b{/!}')).toEqual(['empty property (two commas, or nothing inside `{!}`)']);
  });
  it('should not accept text properties on {!empty}', () => {
    expect(only('{!empty, color:red}').message).toBe(
      'an empty paragraph has no text: `{!empty}` takes no text property',
    );
  });
});

describe('lists', () => {
  it('should map bullet, ordered and checkbox items with nesting to one list key', () => {
    expect(blocks('- a\n  1. b\n     - [ ] c\n- d')).toEqual([
      { ...para([text('a')]), list: { key: '1', level: 0, kind: 'bullet' } },
      { ...para([text('b')]), list: { key: '1', level: 1, kind: 'ordered' } },
      { ...para([text('c')]), list: { key: '1', level: 2, kind: 'checkbox' } },
      { ...para([text('d')]), list: { key: '1', level: 0, kind: 'bullet' } },
    ]);
  });
  it('should number list keys in order of appearance and keep adjacent lists apart', () => {
    const keys = blocks('- a\n\n* b\n\ntext\n\n1. c').map((block) =>
      block.type === 'paragraph' && block.list ? block.list.key : null,
    );
    expect(keys).toEqual(['1', '2', null, '3']);
  });
  it('should read a checked box as a checkbox item (Docs has no checked state)', () => {
    expect(blocks('- [x] done')).toEqual([
      { ...para([text('done')]), list: { key: '1', level: 0, kind: 'checkbox' } },
    ]);
  });
  it('should read `- [ ]` alone on its line as the checkbox of the paragraph after a directive', () => {
    expect(blocks('- [ ]\n  {!align:right}\n  styled\n  {!Normal text}')).toEqual([
      { ...para([text('styled')], { align: 'right' }), list: { key: '1', level: 0, kind: 'checkbox' } },
    ]);
  });
  it('should not read an escaped `\\[ ]` as a checkbox', () => {
    expect(blocks('- \\[ ]\n  - x')).toEqual([
      { ...para([text('[ ]')]), list: { key: '1', level: 0, kind: 'bullet' } },
      { ...para([text('x')]), list: { key: '1', level: 1, kind: 'bullet' } },
    ]);
  });
  it('should read an item with only a nested list as no paragraph of its own', () => {
    expect(blocks('- - deep').map((block) => block.type === 'paragraph' && block.list)).toEqual([
      { key: '1', level: 1, kind: 'bullet' },
    ]);
  });
  it('should read the blocks after the first of an item as further blocks of it, at its level', () => {
    const mono = { font: 'Courier New' };
    expect(blocks('- a\n\n  b\n  - c\n\n        x\n\n  > q\n- d')).toEqual([
      { ...para([text('a')]), list: { key: '1', level: 0, kind: 'bullet' } },
      { ...para([text('b')]), item: 0 },
      { ...para([text('c')]), list: { key: '1', level: 1, kind: 'bullet' } },
      { ...para([text('x', mono)]), code: { info: '' }, item: 1 },
      { ...para([text('q')]), quote: '>', item: 0 },
      { ...para([text('d')]), list: { key: '1', level: 0, kind: 'bullet' } },
    ]);
  });
  it('should write further blocks under their item, the list loose', () => {
    for (const text of ['- a\n\n  b\n\n- c\n', '1. a\n\n   - b\n\n     > q\n\n   c\n', '> - a\n>\n>   b\n'])
      expect(stringifyMebdf(parseMebdf(text))).toBe(text);
  });
  it('should not read a paragraph after a list as a further block of its last item', () => {
    expect(blocks('- a\n\nb')).toEqual([
      { ...para([text('a')]), list: { key: '1', level: 0, kind: 'bullet' } },
      para([text('b')]),
    ]);
  });
  it('should not accept a list inside a quote under a list item', () => {
    expect(messages('- a\n\n  > - b')).toEqual([
      'a list inside a block quote inside a list item has no Google Docs equivalent',
    ]);
  });
  it('should not accept nesting deeper than 9 levels', () => {
    const deep = Array.from({ length: 11 }, (_, level) => `${'  '.repeat(level)}- x`).join('\n');
    expect(messages(deep)).toEqual(['lists nest at most 9 levels deep']);
  });
});

describe('tables', () => {
  it('should read a GFM column alignment as the alignment of its cells, with a warning', () => {
    const source = '| a | b |\n| :-: | -: |\n| 1 | 2 |';
    expect(blocks(source)).toEqual([
      {
        type: 'table',
        rows: [
          [
            { blocks: [para([text('a')], { align: 'center' })] },
            { blocks: [para([text('b')], { align: 'right' })] },
          ],
          [
            { blocks: [para([text('1')], { align: 'center' })] },
            { blocks: [para([text('2')], { align: 'right' })] },
          ],
        ],
      },
    ]);
    expect(only(source).severity).toBe('warning');
  });
  it('should not let a column alignment override a cell that says its own, nor warn for `:-`', () => {
    const [table] = blocks('| {!align:justify}a | b |\n| :-: | :- |\n| 1 | 2 |');
    expect(table?.type === 'table' && table.rows[0]![0]!.blocks[0]!.style.align).toBe('justify');
    expect(table?.type === 'table' && table.rows[0]![1]!.blocks[0]!.style.align).toBeUndefined();
    expect(messages('| a |\n| :- |')).toEqual([]);
  });
  it('should read a GFM table as rows of one-paragraph cells', () => {
    expect(blocks('| a | b |\n| - | - |\n| 1 | **2** |')).toEqual([
      {
        type: 'table',
        rows: [
          [{ blocks: [para([text('a')])] }, { blocks: [para([text('b')])] }],
          [{ blocks: [para([text('1')])] }, { blocks: [para([text('2', { bold: true })])] }],
        ],
      },
    ]);
  });
  it('should read the {!table} form with several paragraphs, lists and merged cells', () => {
    expect(
      blocks(
        '{!table}\n{!row}\n{!cell, colspan:2}\na\n\nb\n{!cell}\n{!row}\n{!cell}\n- x\n{!cell}\ny\n{!end-table}',
      ),
    ).toEqual([
      {
        type: 'table',
        rows: [
          [{ blocks: [para([text('a')]), para([text('b')])], colSpan: 2 }, { blocks: [para([])] }],
          [
            { blocks: [{ ...para([text('x')]), list: { key: '1', level: 0, kind: 'bullet' } }] },
            { blocks: [para([text('y')])] },
          ],
        ],
      },
    ]);
  });
  it("should read a `{!…}` that opens a GFM cell as that cell's own directive", () => {
    expect(blocks('{!align:center}\n| {!align:false}a | b |\n| - | - |\n| {!Title} | c |\n\nd')).toEqual([
      {
        type: 'table',
        rows: [
          [{ blocks: [para([text('a')])] }, { blocks: [para([text('b')], { align: 'center' })] }],
          [
            { blocks: [para([], { namedStyle: 'TITLE' })] },
            { blocks: [para([text('c')], { align: 'center' })] },
          ],
        ],
      },
      para([text('d')], { align: 'center' }),
    ]);
  });
  it("should read `colspan`/`rowspan` first in a GFM cell's own directive as its merge, and write a merged table so", () => {
    const source = '| {!colspan:2, align:center}a | |\n| - | - |\n| {!rowspan:2}b | c |\n| | d |\n';
    expect(blocks(source)).toEqual([
      {
        type: 'table',
        rows: [
          [{ blocks: [para([text('a')], { align: 'center' })], colSpan: 2 }, { blocks: [para([])] }],
          [{ blocks: [para([text('b')])], rowSpan: 2 }, { blocks: [para([text('c')])] }],
          [{ blocks: [para([])] }, { blocks: [para([text('d')])] }],
        ],
      },
    ]);
    expect(stringifyMebdf(parseMebdf(source))).toBe(source);
  });
  it('should write a table with a heading cell as GFM, the cell naming its style in its own directive', () => {
    const source = '| {!Heading 2}Area | **Owner** |\n| - | - |\n| a | b |\n';
    const table = blocks(source)[0];
    expect(table?.type === 'table' && table.rows[0]![0]!.blocks[0]!.style).toEqual({
      namedStyle: 'HEADING_2',
    });
    expect(stringifyMebdf(parseMebdf(source))).toBe(source);
  });
  it('should leave the state alone around a one-cell table, its cell saying its own style', () => {
    const gfm = '{!align:center}\nA\n\nA2\n\n| {!align:false}box |\n| - |\n\nB\n\nB2\n';
    expect(stringifyMebdf(parseMebdf(gfm))).toBe(gfm);
    const form =
      '{!align:center}\nA\n\nA2\n\n{!table}\n{!row}\n{!cell}\n{!align:false}\nx\n\ny\n{!end-table}\n\nB\n\nB2\n';
    expect(stringifyMebdf(parseMebdf(form))).toBe(form);
  });
  it('should not read a merge in the own directive of a paragraph outside a GFM cell, nor after a style', () => {
    expect(messages('{!colspan:2}a')).toEqual(['unknown property `colspan`']);
    expect(messages('| {!align:center, colspan:2}a | |\n| - | - |')).toEqual(['unknown property `colspan`']);
  });
  it('should start each cell of the {!table} form in the state of the cell above it, and end the table in its own', () => {
    const table =
      '{!align:center}\n{!table}\n{!row}\n{!cell}\n{!align:right}\na\n{!cell}\nb\n{!row}\n{!cell}\nc\n{!cell}\n{!end-table}\n\nd';
    expect(blocks(table)).toEqual([
      {
        type: 'table',
        rows: [
          [
            { blocks: [para([text('a')], { align: 'right' })] },
            { blocks: [para([text('b')], { align: 'center' })] },
          ],
          [{ blocks: [para([text('c')], { align: 'right' })] }, { blocks: [para([], { align: 'center' })] }],
        ],
      },
      para([text('d')], { align: 'center' }),
    ]);
  });
  it('should read `{!cells:N}` as N `{!cell}` lines, each cell in the state of the cell above it', () => {
    const spelled =
      '{!table}\n{!row}\n{!cell, colspan:3}\n{!align:right}\na\n{!cells:2}\n{!row}\n{!cells:2}\n{!align:center}\n{!cell}\nb\n{!end-table}';
    const merged = { blocks: [para([text('a')], { align: 'right' })], colSpan: 3 };
    expect(blocks(spelled)).toEqual([
      {
        type: 'table',
        rows: [
          [merged, { blocks: [para([])] }, { blocks: [para([])] }],
          [
            { blocks: [para([], { align: 'right' })] },
            { blocks: [para([], { align: 'center' })] },
            { blocks: [para([text('b')])] },
          ],
        ],
      },
    ]);
    expect(blocks(spelled)).toEqual(
      blocks(
        '{!table}\n{!row}\n{!cell, colspan:3}\n{!align:right}\na\n{!cell}\n{!cell}\n{!row}\n{!cell}\n{!cell}\n{!align:center}\n{!cell}\nb\n{!end-table}',
      ),
    );
  });
  it('should write two or more empty cells in a row as `{!cells:N}`, one as `{!cell}`', () => {
    const text =
      '{!table}\n{!row}\n{!cell, colspan:3}\na\n{!cells:2}\n{!cell}\nc\n{!row}\n{!cell}\nb\n\nb2\n{!cells:3}\n{!end-table}\n';
    expect(stringifyMebdf(parseMebdf(text))).toBe(text);
  });
  it('should not accept `{!cells}` without a whole count, nor with other properties', () => {
    expect(messages('{!table}\n{!row}\n{!cells:0}\n{!cells}\n{!cells:2, colspan:2}\n{!end-table}')).toEqual([
      'cells needs a whole number of at least 1, e.g. `cells:3`',
      'cells needs a whole number of at least 1, e.g. `cells:3`',
      '`cells` takes no other property',
    ]);
  });
  it('should not accept `{!cells:N}` outside a table row', () => {
    expect(messages('{!cells:2}')).toEqual(['`{!cell}` outside a table row']);
  });
  it('should not accept a block directive between the cells of a {!table}', () => {
    expect(messages('{!table}\n{!row}\n{!align:right}\n{!cell}\na\n{!end-table}')).toEqual([
      'a block directive inside a table must stand inside a `{!cell}`',
    ]);
  });
  it('should not accept rows of different lengths', () => {
    expect(messages('{!table}\n{!row}\n{!cell}\na\n{!row}\n{!cell}\nb\n{!cell}\nc\n{!end-table}')).toEqual([
      'every row of a table must have the same number of cells (the first has 1)',
    ]);
  });
  it('should not accept table directives out of place', () => {
    expect(messages('{!cell}\n\n{!row}\n\n{!end-table}\n\n{!table}\n{!table}\nx')).toEqual([
      '`{!cell}` outside a table row',
      '`{!row}` outside a table',
      '`{!end-table}` without a `{!table}`',
      'a `{!table}` is never closed',
      'tables cannot be nested',
      'content inside `{!table}` must follow a `{!cell}`',
    ]);
  });
  it('should not accept a cell span that is not a whole number', () => {
    expect(only('{!table}\n{!row}\n{!cell, colspan:two}\na\n{!end-table}').message).toBe(
      'colspan needs a whole number of at least 1, e.g. `colspan:2`',
    );
  });
});

describe('footnotes', () => {
  it('should map [^label] and its definition to a footnote reference and model.footnotes', () => {
    expect(parseMebdf('a[^n.1] b[^z]\n\n[^z]: Zed.\n[^n.1]: One.\n\n    Two.')).toEqual({
      blocks: [
        para([
          text('a'),
          { type: 'footnoteRef', label: 'n.1' },
          text(' b'),
          { type: 'footnoteRef', label: 'z' },
        ]),
      ],
      footnotes: { 'n.1': [para([text('One.')]), para([text('Two.')])], z: [para([text('Zed.')])] },
    });
  });
  it('should find a definition written inside a list item', () => {
    expect(parseMebdf('- a[^x]\n\n  [^x]: note').footnotes).toEqual({ x: [para([text('note')])] });
  });
  it('should find a definition written inside a block quote (the quote, left empty, is one empty paragraph)', () => {
    expect(parseMebdf('a[^x]\n\n> [^x]: note').footnotes).toEqual({ x: [para([text('note')])] });
    expect(messages('a[^x]\n\n> [^x]: note')).toEqual([
      'an empty block quote holds one empty paragraph in Google Docs',
    ]);
  });
  it('should not accept a definition that nothing references', () => {
    expect(only('a\n\n[^x]: never used').message).toBe('footnote [^x] is defined but never referenced');
  });
});

describe('block quotes', () => {
  it('should mark each block of a quote with its level, lists, headings and code included', () => {
    const mono = { font: 'Courier New' };
    expect(blocks('> # T\n> - a\n>\n> ```\n> x\n> ```\n\nout')).toEqual([
      { ...para([text('T')], { namedStyle: 'HEADING_1' }), quote: '>' },
      { ...para([text('a')]), list: { key: '1', level: 0, kind: 'bullet' }, quote: '>' },
      { ...para([text('x', mono)]), code: { info: '' }, quote: '>' },
      para([text('out')]),
    ]);
  });
  it('should read nested quotes, lazy continuation lines and two quotes side by side', () => {
    expect(blocks('> a\n> > b\nlazy\n>\n> c').map((b) => b.type === 'paragraph' && b.quote)).toEqual([
      '>',
      '>>',
      '>',
    ]);
    expect(blocks('> > b\nlazy')).toEqual([{ ...para([text('b lazy')]), quote: '>>' }]);
    expect(
      blocks('> a\n\n> b\n\n> > c\n> > \n> > > d').map((b) => b.type === 'paragraph' && b.quote),
    ).toEqual(['>', '+', '+>', '>>>']);
  });
  it('should carry the block state through a quote, as through a list', () => {
    expect(blocks('> {!align:center}\n> a\n\nb')).toEqual([
      { ...para([text('a')], { align: 'center' }), quote: '>' },
      para([text('b')], { align: 'center' }),
    ]);
  });
  it('should write the quotes back as `>` lines, a new quote after a blank line', () => {
    for (const text of ['> a\n>\n> > b\n>\n> c\n', '> a\n\n> b\n', '> - a\n> - b\n\n> > c\n'])
      expect(stringifyMebdf(parseMebdf(text))).toBe(text);
  });
  it('should not accept a quote that starts a list item, one in a table, nor a table inside a quote', () => {
    expect(messages('- > a')).toEqual([
      'a block quote that starts a list item has no Google Docs equivalent: a Docs list item is one paragraph',
    ]);
    expect(messages('{!table}\n{!row}\n{!cell}\n> a\n{!end-table}')).toEqual([
      'a block quote cannot appear inside a table',
    ]);
    expect(messages('> | a |\n> | - |\n> | b |')).toEqual([
      'a table cannot appear inside a list item, a block quote, a footnote or another table',
    ]);
  });
  it('should not lose an empty quote silently: it is one empty paragraph, with a warning', () => {
    expect(blocks('>')).toEqual([{ ...para([]), quote: '>' }]);
    expect(lintMebdf('>')).toMatchObject([{ severity: 'warning' }]);
  });
});

describe('thematic breaks', () => {
  it('should read `---`, `***` and `___` as a rule paragraph in the state, written `---`', () => {
    expect(blocks('---\n\n***\n\n_ _ _')).toEqual([
      { ...para([]), rule: true },
      { ...para([]), rule: true },
      { ...para([]), rule: true },
    ]);
    expect(blocks('{!Title, align:center}\n\n***')).toEqual([
      { ...para([], { namedStyle: 'TITLE', align: 'center' }), rule: true },
    ]);
    expect(stringifyMebdf(parseMebdf('a\n\n***\n\n> ___\n'))).toBe('a\n\n---\n\n> ---\n');
  });
  it('should not write a rule in a list item as `- ---` (that line is a rule of its own)', () => {
    const text = stringifyMebdf(parseMebdf('- a\n- * * *\n'));
    expect(text).toBe('- a\n- ___\n');
    expect(blocks(text)[1]).toEqual({
      ...para([]),
      rule: true,
      list: { key: '1', level: 0, kind: 'bullet' },
    });
  });
  it('should not take a `---` under a paragraph line for a rule: it is a setext heading', () => {
    expect(blocks('Foo\n---')).toEqual([para([text('Foo')], { namedStyle: 'HEADING_2' })]);
  });
});

describe('constructs Google Docs cannot hold', () => {
  it('should read a fenced or indented code block as one mono paragraph, lines as breaks, with its info string', () => {
    const mono = { font: 'Courier New' };
    expect(blocks('```js title="a"\nlet a;\n\nb\n```')).toEqual([
      {
        ...para([text('let a;', mono), { type: 'break' }, { type: 'break' }, text('b', mono)]),
        code: { info: 'js title="a"' },
      },
    ]);
    expect(blocks('    x\n      y')).toEqual([
      { ...para([text('x', mono), { type: 'break' }, text('  y', mono)]), code: { info: '' } },
    ]);
  });
  it('should keep an info string as a fence writes it back: white space a character reference puts at its ends or in the language normalised', () => {
    const info = (t: string) => (parseMebdf(t).blocks[0] as { code?: { info: string } }).code?.info;
    expect(info('~~~s~~&#x20;\nx\n~~~')).toBe('s~~');
    expect(info('~~~a&#x9;b\nx\n~~~')).toBe('a b');
    expect(info('~~~a b  c\nx\n~~~')).toBe('a b  c');
    for (const t of ['~~~s~~&#x20;\nx\n~~~', '~~~a&#x20;&#x20;b\nx\n~~~']) {
      const model = parseMebdf(t);
      expect(parseMebdf(stringifyMebdf(model))).toEqual(model);
    }
  });
  it('should say what a list item, link or image loses in Google Docs', () => {
    expect(messages('- [x] done\n\n3. three\n\n- a\n\n  b\n\n[t](/u "title") [e]()')).toEqual([
      'Google Docs exposes no checked state: `[x]` is written back as `[ ]`',
      'Google Docs numbers a new list from 1: the start number 3 is not kept',
      'the link title is dropped: Google Docs links have no title',
      'a link with no target is plain text in Google Docs',
    ]);
    const image = only('![x](/local.png)');
    expect(image.message).toMatch(/not one Google Docs can fetch .*kept as its alt text linked to the URL/);
    expect(image.severity).toBe('warning');
  });
});

describe('raw HTML', () => {
  const html = { html: true };
  it('should read an HTML block as one paragraph of its source lines, unstyled, under any state', () => {
    expect(blocks('{!color:red}\n<div class="x">\n*a*\n\n<!-- one\n\ntwo -->\n\n<p>')).toEqual([
      { ...para([text('<div class="x">'), { type: 'break' }, text('*a*')]), html: true },
      {
        ...para([text('<!-- one'), { type: 'break' }, { type: 'break' }, text('two -->')]),
        html: true,
      },
      { ...para([text('<p>')]), html: true },
    ]);
  });
  it('should read every kind of HTML block, and an unclosed one to the end of its container', () => {
    const kinds = [
      '<pre>\n\nx</pre>',
      '<!-- c -->',
      '<?php x ?>',
      '<!DOCTYPE html>',
      '<![CDATA[x]]>',
      '<table>',
      '<x-y a="b">',
    ];
    for (const kind of kinds) expect(blocks(`${kind}\n\nafter`)[0], kind).toMatchObject({ html: true });
    const item = { key: '1', level: 0, kind: 'bullet' } as const;
    expect(blocks('- <script>\n\n  x\n- b')).toEqual([
      {
        ...para([text('<script>'), { type: 'break' }, { type: 'break' }, text('x')]),
        html: true,
        list: item,
      },
      { ...para([text('b')]), list: item },
    ]);
    expect(stringifyMebdf(parseMebdf('- <script>\n\n  x\n- b'))).toBe('- <script>\n\n  x\n- b\n');
  });
  it('should read inline HTML as text marked as HTML, its line ends kept, in the formatting around it', () => {
    expect(inlines('a <b class="x"\ny>*c*</b> **<i>d</i>** [<img src="e">](u)')).toEqual([
      text('a '),
      text('<b class="x"\ny>', html),
      text('c', { italic: true }),
      text('</b>', html),
      text(' '),
      text('<i>', { bold: true, html: true }),
      text('d', { bold: true }),
      text('</i>', { bold: true, html: true }),
      text(' '),
      text('<img src="e">', { link: 'u', html: true }),
    ]);
  });
  it('should write HTML back as it was, a line break right before it as `<br>`', () => {
    for (const source of ['<div>\n*a*\n</div>\n', 'a <b>c</b>\n', 'a<br><!-- c -->\n', '- <div>\n- b\n']) {
      expect(stringifyMebdf(parseMebdf(source))).toBe(source);
    }
  });
  it('should not read a `<br>` line as an HTML block: it stays a line break, and the lines after it text', () => {
    expect(blocks('<br>\n*a*\n\n<BR />\nb')).toEqual([
      para([{ type: 'break' }, text(' '), text('a', { italic: true })]),
      para([{ type: 'break' }, text(' b')]),
    ]);
  });
  it('should not read escaped HTML as HTML: `\\<` is a literal `<`', () => {
    expect(blocks('\\<div>\n\na \\<b>c')).toEqual([para([text('<div>')]), para([text('a <b>c')])]);
    expect(stringifyMebdf(parseMebdf('a \\<b>c'))).toBe('a \\<b>c\n');
  });
  it('should not give raw HTML the mono font (a code span cannot hold HTML)', () => {
    expect(inlines('{!mono}\n<b>x')).toEqual([text('<b>', html), text('x', { font: 'Courier New' })]);
  });
});
