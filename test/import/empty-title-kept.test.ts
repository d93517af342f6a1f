/**
 * New content right after an empty title goes in at its newline when no paragraph follows to
 * type it before (a table, a section's end): the only place the Docs API can insert there. A
 * title's (and a subtitle's) anchor is its heading id, a paragraph property that stays with the
 * part the new text splits from, as a heading's does; it was refused as an anchor whose named
 * range covers the newline. The battery found it: a sub-section inserted in a real document's
 * preamble of empty titles.
 */
import { describe, expect, it } from 'vitest';
import { casesOf, runCase } from '../evidence/edit-battery.js';

const ARC = 'think41__extrasuite__1arcBS-A_LqbvrstLAADAjCZj4kvTlqmQ0ztFNfyAEyc.json';

describe('an empty title with a heading id, then new content', () => {
  it('lands exactly, the title keeping its id', async () => {
    const kase = casesOf(ARC).find(
      (c) => c.anchorId === '' && c.edit.kind === 'insert-subsection' && c.edit.where === 'before block 9',
    );
    expect(kase).toBeDefined();
    const result = await runCase(kase!);
    expect(result, result.detail).toMatchObject({ outcome: 'pass' });
  });
});
