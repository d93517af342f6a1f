/**
 * Fuzzing the MEBDF compiler's entry points (`parseMebdf`, `lintMebdf`, `formatMebdf`) with real
 * exports mutated by splicing directive fragments, escapes, emphasis, backticks, pipes, deep
 * nesting and long runs into them, and with text generated from syntax-heavy pieces. Whatever the
 * input: lint returns diagnostics and never throws; parse and format either succeed or throw
 * `MebdfParseError` (nothing else: no TypeError, no stack overflow); lint and parse agree; every
 * diagnostic has a real position; each call ends within a generous bound (a hang or a regular
 * expression blow-up fails, slowness does not); and text that parses formats to a fixed point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MebdfParseError } from '../../src/errors.js';
import { formatMebdf, isLintError, lintMebdf, parseMebdf } from '../../src/mebdf/index.js';
import { describeInput, fuzzRuns, fuzzSeed, fuzzTimeout, goldenTexts, guarded } from './fuzz-support.js';

/** Per call. Far above any normal parse (milliseconds): only a hang or a blow-up reaches it. */
const BOUND_MS = 5_000;

const FRAGMENTS = [
  '{!',
  '{/!}',
  '{^=',
  '{^',
  '{^}',
  '{^ h.x1}',
  '{^= kix.1 image}',
  '{^= kix.1 image "cap"}',
  '{!a}',
  '{!underline}',
  '{!color:#ff0000}',
  '{!size:12pt, mono}',
  '{!align:center}\n',
  '{!Normal text}\n',
  '{!mono:false}\n',
  '{! bogus:1 }',
  '\\',
  '\\{',
  '*',
  '**',
  '_',
  '__',
  '~~',
  '`',
  '``',
  '```\n',
  '|',
  '| a | b |\n|---|---|\n',
  '> ',
  '- ',
  '* ',
  '1. ',
  '- [ ] ',
  '    ',
  '\t',
  '\n',
  '\n\n',
  '[',
  '](',
  ')',
  '](#^h.x)',
  '![x](https://e.com/a.png)',
  '[^1]',
  '[^1]: note\n',
  '# ',
  '###### ',
  '---\n',
  '😀',
  '👍🏽',
  'e\u0301',
  '漢字',
  '<br>',
  '&amp;',
  '}',
  '{',
  '{{',
  '}}',
  ':',
  ',',
  '"',
  '#^',
  '<',
  '\r\n',
] as const;

const corpus = goldenTexts();

type Mutation =
  | { kind: 'insert'; at: number; piece: string }
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'repeat'; at: number; piece: string; times: number }
  | { kind: 'nest'; at: number; len: number; depth: number; open: string }
  | { kind: 'duplicate'; at: number; len: number; to: number }
  | { kind: 'indent'; at: number; depth: number; marker: string };

const fragmentArb = fc.constantFrom(...FRAGMENTS);

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), piece: fragmentArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.nat(40) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('repeat' as const),
      at: fc.nat(),
      piece: fragmentArb,
      times: fc.integer({ min: 2, max: 400 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('nest' as const),
      at: fc.nat(),
      len: fc.nat(30),
      depth: fc.integer({ min: 1, max: 60 }),
      open: fc.constantFrom('{!underline}', '{!a}', '{!color:#00aa11}', '**', '*', '[', '`'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('duplicate' as const),
      at: fc.nat(),
      len: fc.nat(200),
      to: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('indent' as const),
      at: fc.nat(),
      depth: fc.integer({ min: 1, max: 30 }),
      marker: fc.constantFrom('- ', '1. ', '> ', '  ', '> - '),
    }),
  },
);

const CLOSERS: Record<string, string> = {
  '{!underline}': '{/!}',
  '{!a}': '{/!}',
  '{!color:#00aa11}': '{/!}',
};

function mutate(text: string, m: Mutation): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'insert':
      return text.slice(0, at) + m.piece + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.len);
    case 'repeat':
      return text.slice(0, at) + m.piece.repeat(m.times) + text.slice(at);
    case 'nest': {
      const close = CLOSERS[m.open] ?? (m.open === '[' ? '](x)' : m.open);
      const inner = text.slice(at, at + m.len);
      return (
        text.slice(0, at) + m.open.repeat(m.depth) + inner + close.repeat(m.depth) + text.slice(at + m.len)
      );
    }
    case 'duplicate': {
      const slice = text.slice(at, at + m.len);
      const to = text.length === 0 ? 0 : m.to % (text.length + 1);
      return text.slice(0, to) + slice + text.slice(to);
    }
    case 'indent': {
      // Nested list items / quotes, one per line, each level deeper than the last.
      const lines: string[] = [];
      for (let d = 0; d < m.depth; d++) lines.push(`${'  '.repeat(d)}${m.marker}x`);
      return `${text.slice(0, at)}\n${lines.join('\n')}\n${text.slice(at)}`;
    }
  }
}

/** Checks one input against every property; returns what parse did, for the caller's counts. */
function checkInput(text: string): 'parsed' | 'refused' {
  const lint = guarded(() => lintMebdf(text), MebdfParseError);
  expect(lint.kind, `lintMebdf threw ${String(lint.error)} on ${describeInput(text)}`).toBe('ok');
  const diagnostics = lint.value as ReturnType<typeof lintMebdf>;
  for (const d of diagnostics) {
    expect(Number.isInteger(d.line) && d.line >= 1, `bad line in ${JSON.stringify(d)}`).toBe(true);
    expect(Number.isInteger(d.column) && d.column >= 1, `bad column in ${JSON.stringify(d)}`).toBe(true);
    expect(typeof d.message === 'string' && d.message.length > 0).toBe(true);
  }
  const parse = guarded(() => parseMebdf(text), MebdfParseError);
  expect(parse.kind, `parseMebdf threw ${String(parse.error)} on ${describeInput(text)}`).not.toBe(
    'unexpected',
  );
  // lint and parse agree: no error exactly when the text parses (warnings do not stop a parse).
  expect(parse.kind === 'ok', `lint/parse disagree on ${describeInput(text)}`).toBe(
    !diagnostics.some(isLintError),
  );
  const format = guarded(() => formatMebdf(text), MebdfParseError);
  expect(format.kind, `formatMebdf threw ${String(format.error)} on ${describeInput(text)}`).toBe(parse.kind);
  for (const o of [lint, parse, format]) {
    expect(o.ms, `a call took ${Math.round(o.ms)} ms on ${describeInput(text)}`).toBeLessThan(BOUND_MS);
  }
  if (format.kind === 'ok') {
    const canonical = format.value as string;
    // The canonical form parses again and is a fixed point of format.
    const again = guarded(() => formatMebdf(canonical), MebdfParseError);
    expect(again.kind, `canonical text does not parse: ${describeInput(canonical)}`).toBe('ok');
    expect(again.value).toBe(canonical);
    return 'parsed';
  }
  return 'refused';
}

describe('MEBDF parse fuzzing', () => {
  it(
    'mutated real exports: only MebdfParseError, bounded time, lint = parse, canonical fixed point',
    () => {
      const counts = { parsed: 0, refused: 0 };
      expect(corpus.length).toBeGreaterThan(30);
      fc.assert(
        fc.property(
          fc.nat(corpus.length - 1),
          fc.array(mutationArb, { minLength: 1, maxLength: 6 }),
          (pick, mutations) => {
            let text = corpus[pick]!.text;
            for (const m of mutations) text = mutate(text, m);
            counts[checkInput(text)]++;
          },
        ),
        { numRuns: fuzzRuns(60), seed: fuzzSeed() },
      );
      // Both outcomes occur: the fuzzer reaches the parser's error paths and its success paths.
      expect(counts.parsed).toBeGreaterThan(0);
      expect(counts.refused).toBeGreaterThan(0);
    },
    fuzzTimeout(60_000),
  );

  it(
    'generated text from syntax-heavy pieces',
    () => {
      const pieces = fc.oneof(
        fragmentArb,
        fc.constantFrom('a', 'word', ' ', 'Z9', 'x.y', 'h.abc'),
        fc.string({ maxLength: 3 }),
      );
      fc.assert(
        fc.property(fc.array(pieces, { maxLength: 80 }), (parts) => {
          checkInput(parts.join(''));
        }),
        { numRuns: fuzzRuns(200), seed: fuzzSeed() },
      );
    },
    fuzzTimeout(60_000),
  );
});

/** Hostile inputs, each built to stress one weakness: recursion depth, backtracking, long runs. */
const HOSTILE: Record<string, () => string> = {
  '10k unclosed {!a}': () => '{!a}'.repeat(10_000),
  '10k unclosed {!underline} spans': () => '{!underline}x'.repeat(10_000),
  '1000 nested spans, closed': () => `${'{!underline}'.repeat(1000)}x${'{/!}'.repeat(1000)}`,
  '2000 nested spans, never closed': () => `${'{!color:#ff0000}'.repeat(2000)}x`,
  '10k nested block quotes': () => `${'> '.repeat(10_000)}x`,
  '100 nested list levels': () => Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n'),
  '1000 nested quote-lists': () => `${'> - '.repeat(1000)}x`,
  '200 KB single line': () => 'word {!mono}w{/!} '.repeat(11_000),
  '30k backslashes': () => '\\'.repeat(30_000),
  '20k open brackets': () => '['.repeat(20_000),
  '20k {^= without }': () => '{^= '.repeat(20_000),
  '2k-row table': () => `| a | b |\n|---|---|\n${'| x | {!underline}y |\n'.repeat(2000)}`,
  '3k *a emphasis runs': () => '*a'.repeat(3000),
  '3k footnote references': () => '[^a]'.repeat(3000),
  '3k unclosed anchors per line': () => '{^ h.a\n'.repeat(3000),
};

describe('MEBDF hostile input', () => {
  for (const [name, build] of Object.entries(HOSTILE)) {
    it(`${name}: no crash, only MebdfParseError, ends`, () => {
      const text = build();
      const parse = guarded(() => parseMebdf(text), MebdfParseError);
      expect(parse.kind, `parseMebdf threw ${String(parse.error)}`).not.toBe('unexpected');
      // Generous: these inputs are 10–1000× a real section; only a blow-up fails.
      expect(parse.ms).toBeLessThan(10 * BOUND_MS);
      const lint = guarded(() => lintMebdf(text), MebdfParseError);
      expect(lint.kind, `lintMebdf threw ${String(lint.error)}`).toBe('ok');
      expect(lint.ms).toBeLessThan(10 * BOUND_MS);
    });
  }
});
