/**
 * The repeat-import check's cheap "no" (service/already-applied.ts `wordsDiffer`): a text whose
 * paragraphs say other words than the target's cannot be what the target says, so the check need
 * not write either out; a text that says the same words (styles, empty paragraphs and characters
 * Docs drops aside) is left to the full check.
 */
import { describe, expect, it } from 'vitest';
import { wordsDiffer } from '../../src/docs/service/already-applied.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';

const model = (text: string) => parseMebdf(text);

describe('wordsDiffer', () => {
  const target = model('# Title\n\nOne paragraph here.\n\n| a | b |\n| - | - |\n| c | d |\n\nLast one.\n');

  it('is false for the same words, whatever their styles or spelling', () => {
    expect(wordsDiffer(target, model(stringifyMebdf(target)))).toBe(false);
    expect(
      wordsDiffer(
        target,
        model('# Title\n\nOne **paragraph** here.\n\n| a | b |\n| - | - |\n| c | d |\n\n*Last* one.\n'),
      ),
    ).toBe(false);
  });

  it('is true for a word changed, in a paragraph or in a cell', () => {
    expect(
      wordsDiffer(
        target,
        model('# Title\n\nOne paragraph there.\n\n| a | b |\n| - | - |\n| c | d |\n\nLast one.\n'),
      ),
    ).toBe(true);
    expect(
      wordsDiffer(
        target,
        model('# Title\n\nOne paragraph here.\n\n| a | b |\n| - | - |\n| c | e |\n\nLast one.\n'),
      ),
    ).toBe(true);
  });

  it('is false for what resolving the text against the target changes: an empty paragraph, a character Docs drops', () => {
    expect(wordsDiffer(target, model(`${stringifyMebdf(target)}\n{!}\n`))).toBe(false);
    expect(wordsDiffer(target, model(stringifyMebdf(target).replace('here', 'he\u0001re')))).toBe(false);
  });

  it('is true for a paragraph more or less', () => {
    expect(
      wordsDiffer(target, model('# Title\n\nOne paragraph here.\n\n| a | b |\n| - | - |\n| c | d |\n')),
    ).toBe(true);
    expect(wordsDiffer(target, model(`${stringifyMebdf(target)}\nOne more.\n`))).toBe(true);
  });
});
