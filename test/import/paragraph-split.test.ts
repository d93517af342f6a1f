/**
 * A paragraph split in two, and two joined into one, are edited in place (paragraph-split.ts): a
 * newline typed over the space between the halves, or the first paragraph's newline deleted and a
 * space typed. Before, the alignment paired the old paragraph with one half and typed the other
 * anew (5 to 10 requests on the real documents, and the retyped text lost what Docs keeps on it:
 * comments, its runs' explicit styles). Found by the battery's split-paragraph and
 * merge-paragraphs kinds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { listDef, makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const fixture = (name: string): Document =>
  JSON.parse(readFileSync(new URL(`../fixtures/real/${name}`, import.meta.url), 'utf8')) as Document;

const target = { document_id: 'doc', anchor_id: 'h.a' };

function doc(...paragraphs: ReturnType<typeof para>[]) {
  return new MemoryBackend(
    makeDoc({
      blocks: [
        para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
        ...paragraphs,
        para('Next', { namedStyleType: 'HEADING_1', headingId: 'h.b' }),
      ],
      lists: { 'kix.l': listDef('bullet') },
    }),
  );
}

async function edit(be: MemoryBackend, change: (section: string) => string): Promise<Request[]> {
  const section = exportSection(be.doc, undefined, 'h.a').content;
  const edited = change(section);
  expect(edited).not.toBe(section);
  const { requests } = await importSectionService(be, target, edited);
  expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
  return requests as Request[];
}

describe('a paragraph split or two joined, in place', () => {
  it('split at a space: the space becomes a newline, the second half is not typed again', async () => {
    const be = doc(para([text('One sentence. '), text('Two', { bold: true }), text(' sentences.')]));
    const requests = await edit(be, (s) => s.replace('One sentence. **', 'One sentence.\n\n**'));
    expect(requests.map((r) => Object.keys(r)[0])).toEqual(['deleteContentRange', 'insertText']);
    expect(requests[1]?.insertText?.text).toBe('\n');
  });

  it('a list item split into two items of its list: a newline over the space, the bullet copied by Docs', async () => {
    const bullet = { bullet: { listId: 'kix.l', nestingLevel: 0 } };
    const be = doc(para('First half and second half', {}, bullet), para('Other item', {}, bullet));
    const requests = await edit(be, (s) =>
      s.replace('First half and second half', 'First half\n- and second half'),
    );
    expect(requests.map((r) => Object.keys(r)[0])).toEqual(['deleteContentRange', 'insertText']);
    expect(requests[1]?.insertText?.text).toBe('\n');
  });

  it('a sentence split with a stop and a capital: those typed, neither half typed again', async () => {
    const be = doc(para('It rained all day and the roads were closed'));
    const requests = await edit(be, (s) => s.replace('all day and the roads', 'all day.\n\nAnd the roads'));
    expect(JSON.stringify(requests)).not.toMatch(/rained|roads/);
    expect(requests.length).toBeLessThanOrEqual(5);
  });

  it('a paragraph typed before a split one takes no style from the first half (a new link there)', async () => {
    // The old paragraph pairs with the second half and the first half is the split's: the new
    // paragraph goes before that half, whose first word becomes a link. Text typed there takes
    // its style, so it is written unset (found by a chain of four edits, seed 49).
    const be = new MemoryBackend(fixture('cedricdelpoux__gatsby-source-google-docs__horizontal-rule.json'));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: '' };
    const section = exportSection(be.doc, 't.0', '').content;
    const edited = section.replace(
      'Text followed by horizontal rule',
      'A new paragraph.\n\n[Text](https://example.com/x) followed by\n\nhorizontal rule',
    );
    expect(edited).not.toBe(section);
    await importSectionService(be, target, edited);
    expect(exportSection(be.doc, 't.0', '').content).toBe(edited);
  });

  it('two paragraphs joined: the newline deleted and a space typed, the second one kept', async () => {
    const be = doc(
      para('The first one.'),
      para([text('The '), text('second', { italic: true }), text(' one.')]),
    );
    const requests = await edit(be, (s) => s.replace('The first one.\n\nThe ', 'The first one. The '));
    expect(requests.map((r) => Object.keys(r)[0])).toEqual(['deleteContentRange', 'insertText']);
    expect(JSON.stringify(requests)).not.toContain('second');
  });

  it('two paragraphs of different paragraph styles joined: the first one keeps the style it is given', async () => {
    const be = doc(
      para('Centred.', { alignment: 'CENTER' }),
      para('Plain.', { spaceAbove: { magnitude: 12, unit: 'PT' } }),
    );
    const requests = await edit(be, (s) => s.replace(/Centred\.\n[\s\S]*Plain\./, 'Centred. Plain.'));
    expect(JSON.stringify(requests)).not.toContain('Plain');
  });

  it('a named range on the second half stays on it, split or joined (it would get a new id typed anew)', async () => {
    // "a\n" is [1, 3); "First half and second half\n" starts at 3; "second half" is [18, 29).
    const mark = (start: number, end: number) => ({
      mark: {
        name: 'mark',
        namedRanges: [
          { namedRangeId: 'kix.mark', name: 'mark', ranges: [{ startIndex: start, endIndex: end }] },
        ],
      },
    });
    const heading = (id: string) => para(id, { namedStyleType: 'HEADING_1', headingId: `h.${id}` });
    const split = new MemoryBackend(
      makeDoc({
        blocks: [heading('a'), para('First half and second half'), heading('b')],
        namedRanges: mark(18, 29),
      }),
    );
    await edit(split, (s) => s.replace('First half and ', 'First half\n\n'));
    expect(exportSection(split.doc, undefined, 'h.a').content).toContain('\n{^ kix.mark}second half');
    // "First half\n" is [3, 14); "second half" is [14, 25).
    const join = new MemoryBackend(
      makeDoc({
        blocks: [heading('a'), para('First half'), para('second half'), heading('b')],
        namedRanges: mark(14, 25),
      }),
    );
    const requests = await edit(join, (s) => s.replace('First half\n\n', 'First half and '));
    expect(requests.map((r) => Object.keys(r)[0])).toEqual(['deleteContentRange', 'insertText']);
  });
});
