/**
 * Property tests on free-form text: whatever valid MEBDF a person or a model writes (generated
 * here from fragments of every construct, plus emoji, CJK and combining marks), formatting it is
 * idempotent and does not change its meaning.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMebdf, lintMebdf, parseMebdf } from '../../src/mebdf/index.js';

const WORDS = [
  'alpha',
  'Beta',
  '42',
  '😀',
  '漢字',
  'e\u0301',
  'x*y',
  'a_b',
  '#',
  '[',
  ']',
  '|',
  '`',
  '~',
  '<',
  '&',
  '\\',
  '{',
  '}',
];
const INLINE = [
  ...WORDS,
  ' ',
  ' ',
  '**bold**',
  '*it*',
  '~~s~~',
  '`code`',
  '[link](https://x.y)',
  '[a](#^h.1)',
  '{!underline}u{/!}',
  '{!color:#c00, sup}c{/!}',
  '{!underline}a {!size:12pt}b{/!}{/!}',
  '{^ h.1}',
  '{^}',
  '{^= k.1 image "cap"}',
  '![i](https://x.y/i.png)',
  '\\\n',
  '<br>',
  '\\{!x}',
  '&#x20;',
];
const LINE_STARTS = [
  '',
  '',
  '',
  '# ',
  '## ',
  '###### ',
  '- ',
  '* ',
  '1. ',
  '- [ ] ',
  '  - ',
  '    - ',
  '> ',
  '| ',
];
const DIRECTIVES = [
  '{!Title}',
  '{!Subtitle, align:center}',
  '{!Normal text}',
  '{!Heading 2}',
  '{!align:right, line-spacing:1.5}',
  '{!underline}',
  '{!underline:false}',
  '{!empty}',
  '{!mono}',
];

const lineArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...LINE_STARTS),
        fc.array(fc.constantFrom(...INLINE), { minLength: 1, maxLength: 6 }),
      )
      .map(([start, parts]) => start + parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom(...DIRECTIVES) },
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '{!table}\n{!row}\n{!cell}\nx\n{!cell}\n- y\n{!end-table}',
      '```\ncode\n```',
      'text[^n]\n\n[^n]: note',
    ),
  },
);

const sourceArb = fc.array(lineArb, { minLength: 1, maxLength: 12 }).map((lines) => `${lines.join('\n')}\n`);

describe('formatMebdf on free-form text (property)', () => {
  it('should be idempotent and keep the meaning of every valid input', () => {
    let valid = 0;
    fc.assert(
      fc.property(sourceArb, (source) => {
        if (lintMebdf(source).length > 0) return;
        valid++;
        const once = formatMebdf(source);
        expect(formatMebdf(once), once).toBe(once);
        expect(parseMebdf(once)).toEqual(parseMebdf(source));
      }),
      { numRuns: 400 },
    );
    // The generator must mostly produce valid text, or the property says little.
    expect(valid).toBeGreaterThan(100);
  });
});
