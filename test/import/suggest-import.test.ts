/**
 * The import in suggest mode against backends that misbehave and requests Docs cannot suggest:
 * a server that ignores writeMode (applies a direct edit) is an error said loudly, never a
 * success; a plan with a new table column is refused before anything is written; a replaced word
 * reads struck-then-new.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { viewDocument } from '../../src/docs/engine/index.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { stylesBeforeSplits } from '../../src/docs/service/suggest-order.js';
import { inSuggestPositions } from '../../src/docs/service/suggest-positions.js';
import { SuggestionsNotCreatedError, SuggestModeError } from '../../src/errors.js';
import type { BatchUpdateRequest, BatchUpdateResponse, Document } from '../../src/ground/docs-json.js';
import { stringifyMebdf } from '../../src/mebdf/index.js';
import { makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const fixture = (name: string): Document =>
  JSON.parse(readFileSync(new URL(`../fixtures/real/${name}`, import.meta.url), 'utf8')) as Document;
const POEM = fixture('cedricdelpoux__gatsby-source-google-docs__poem.json');
const QUOTES = fixture('cedricdelpoux__gatsby-source-google-docs__quotes.json');
const MULTI_TAB = 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json';
const NOTES = 'think41__extrasuite__operational_notes_repair.base.json';

/** A server not enrolled in suggest mode: it drops writeMode and applies the batch as edits. */
class DirectEditBackend extends MemoryBackend {
  override async batchUpdate(id: string, body: BatchUpdateRequest): Promise<BatchUpdateResponse> {
    const { writeControl, ...rest } = body;
    const { writeMode: _dropped, ...kept } = (writeControl ?? {}) as Record<string, unknown>;
    const response = await super.batchUpdate(id, { ...rest, writeControl: kept });
    delete (response as { suggestionResponses?: unknown }).suggestionResponses;
    return response;
  }
}

/** `content` imported into the first tab's preamble as suggestions. */
function suggestInPreamble(be: MemoryBackend, content: string) {
  return importSectionService(be, { document_id: 'doc', tab_id: 't.0', anchor_id: '' }, content, {
    mode: 'suggest',
  });
}

/**
 * `edited` imported into `target` as suggestions and, into another copy, as direct edits: the
 * suggestion's result and views, and the direct edit's text.
 */
async function bothWays(
  doc: Document,
  target: { document_id: string; tab_id: string; anchor_id: string },
  edited: string,
) {
  const be = new MemoryBackend(doc);
  const direct = new MemoryBackend(doc);
  await importSectionService(direct, target, edited);
  const result = await importSectionService(be, target, edited, { mode: 'suggest' });
  const view = (d: Document, mode: 'PREVIEW_SUGGESTIONS_ACCEPTED' | 'PREVIEW_WITHOUT_SUGGESTIONS') =>
    exportSection(viewDocument(d, mode), target.tab_id, target.anchor_id).content;
  return {
    result,
    without: view(be.doc, 'PREVIEW_WITHOUT_SUGGESTIONS'),
    accepted: view(be.doc, 'PREVIEW_SUGGESTIONS_ACCEPTED'),
    direct: view(direct.doc, 'PREVIEW_SUGGESTIONS_ACCEPTED'),
  };
}

describe('import in suggest mode', () => {
  it('a server that applied the write as a direct edit is an error, not a success', async () => {
    const be = new DirectEditBackend(POEM);
    const content = exportSection(be.doc, 't.0', '').content.replace('may', 'might');
    const err = await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: '' },
      content,
      {
        mode: 'suggest',
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SuggestionsNotCreatedError);
    expect((err as Error).message).toContain('DIRECTLY');
  });

  it('an image added by URL is suggested: its id, which each write mints anew, is not the difference', async () => {
    const be = new MemoryBackend(POEM);
    const section = exportSection(be.doc, 't.0', '').content;
    const edited = `${section.trimEnd()}\n\n![A chart](https://example.com/chart.png)\n`;
    const result = await suggestInPreamble(be, edited);
    expect(result.suggestion_ids?.length).toBeGreaterThan(0);
    // Accepted, the image is there; the text as it stands is unchanged.
    const accepted = exportSection(viewDocument(be.doc, 'PREVIEW_SUGGESTIONS_ACCEPTED'), 't.0', '').content;
    expect(accepted).toMatch(/\{\^= kix\.\w+ image\}\n*$/);
    expect(exportSection(viewDocument(be.doc, 'PREVIEW_WITHOUT_SUGGESTIONS'), 't.0', '').content).toBe(
      section,
    );
  });

  it('a code block is suggested as its look: the named range that marks it is left out, and the result says so', async () => {
    const be = new MemoryBackend(POEM);
    const section = exportSection(be.doc, 't.0', '').content;
    const edited = `${section.trimEnd()}\n\n\`\`\`js\nconst total = 1;\nreturn total;\n\`\`\`\n`;
    const result = await suggestInPreamble(be, edited);
    expect(result.suggestion_ids?.length).toBeGreaterThan(0);
    expect(result.warnings.join(' ')).toMatch(
      /^A code block is suggested as its Courier New text: Docs cannot suggest/m,
    );
    // Accepted, the lines are there in Courier New; no range was written, so not yet a code block.
    const accepted = exportSection(viewDocument(be.doc, 'PREVIEW_SUGGESTIONS_ACCEPTED'), 't.0', '').content;
    expect(accepted).toContain('`const total = 1;`\\\n`return total;`');
    expect(JSON.stringify(be.doc)).not.toContain('mebdf-code');
    expect(exportSection(viewDocument(be.doc, 'PREVIEW_WITHOUT_SUGGESTIONS'), 't.0', '').content).toBe(
      section,
    );
  });

  it('a request Docs cannot suggest (a new column) refuses the import before anything is written', async () => {
    const be = new MemoryBackend(QUOTES);
    const anchor = '';
    const content = exportSection(be.doc, 't.0', anchor).content;
    // A second column in the one-cell table: an insertTableColumn.
    const edited = content
      .replace('begin doing.” |\n', 'begin doing.” | Who |\n')
      .replace('| - |\n', '| - | - |\n');
    expect(edited).not.toBe(content);
    const before = JSON.stringify(be.doc);
    const err = await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: anchor },
      edited,
      {
        mode: 'suggest',
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SuggestModeError);
    expect((err as Error).message).toContain('a new table column');
    expect(be.writes).toEqual([]);
    expect(JSON.stringify(be.doc)).toBe(before);
  });

  it('an edit of text that is itself a pending suggestion suggests nothing: refused before writing', async () => {
    // A suggested heading moved a level: the paragraph is the suggestion's own text and takes the
    // new named style directly, so no suggestion is made and the reply would read as a direct edit.
    const be = new MemoryBackend(fixture(MULTI_TAB));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.uepmse3xxx0s' };
    const model = exportSection(be.doc, 't.0', target.anchor_id).model;
    const heading = model.blocks.find(
      (b) =>
        b.type === 'paragraph' && b.inlines.some((i) => i.type === 'anchor' && i.id === 'h.u1qjctnofws1'),
    );
    if (heading?.type !== 'paragraph') throw new Error('no suggested heading');
    heading.style = { ...heading.style, namedStyle: 'HEADING_4' };
    const edited = stringifyMebdf(model);
    const before = structuredClone(be.doc);
    const err = await importSectionService(be, target, edited, { mode: 'suggest' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SuggestModeError);
    expect((err as Error).message).toContain('would suggest nothing');
    expect(be.doc).toEqual(before);
    // In edit mode it lands.
    await importSectionService(be, target, edited);
    expect(exportSection(be.doc, 't.0', target.anchor_id).content).toContain(
      '#### {!suggest:insert suggest.8ubgzadllrvh}This is an inline suggestion heading',
    );
  });

  it('a paragraph typed under an empty heading would give the heading a new id if rejected: refused before writing', async () => {
    // The heading's only character is its newline: the new text splits it there, and rejecting the
    // suggestion deletes a range that starts at the heading's start, so the half with the new
    // heading id is the one left.
    const be = new MemoryBackend(fixture(NOTES));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.uw4nzrcwujw0' };
    const content = exportSection(be.doc, 't.0', target.anchor_id).content;
    const edited = content.replace(/^(## [^\n]*\n)/, '$1\nA new paragraph.\n');
    expect(edited).not.toBe(content);
    const before = structuredClone(be.doc);
    const err = await importSectionService(be, target, edited, { mode: 'suggest' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SuggestModeError);
    expect((err as Error).message).toContain('{^ h.uw4nzrcwujw0} a new id if rejected');
    expect(be.writes).toEqual([]);
    expect(be.doc).toEqual(before);
    // In edit mode it lands, and the heading keeps its id (the section is still found by it).
    await importSectionService(be, target, edited);
    const after = exportSection(be.doc, 't.0', target.anchor_id).content;
    expect(after).toContain('A new paragraph.');
  });

  it('two paragraphs joined: the space typed where the newline was takes the style the edit gives it', async () => {
    // Typed after the struck newline (the order that reads "~~old~~new"), the space would start
    // the second paragraph and take its style; the plan's own order is used instead.
    const be = new MemoryBackend(
      makeDoc({
        blocks: [
          para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
          para([text('First.', { foregroundColor: { color: { rgbColor: { red: 1 } } } })]),
          para('Second.'),
          para('Next', { namedStyleType: 'HEADING_1', headingId: 'h.b' }),
        ],
      }),
    );
    const target = { document_id: 'doc', anchor_id: 'h.a' };
    const content = exportSection(be.doc, undefined, 'h.a').content;
    const edited = content.replace('{!color:#ff0000}First.\n\nSecond.', '{!color:#ff0000}First. {/!}Second.');
    expect(edited).not.toBe(content);
    const result = await importSectionService(be, target, edited, { mode: 'suggest' });
    expect(result.suggestion_ids?.length).toBeGreaterThan(0);
    const accepted = viewDocument(be.doc, 'PREVIEW_SUGGESTIONS_ACCEPTED');
    expect(exportSection(accepted, undefined, 'h.a').content).toBe(edited);
  });

  it('a replaced word: the insertion moves after the struck text, its style with it', () => {
    const requests = inSuggestPositions(
      [
        { deleteContentRange: { range: { startIndex: 10, endIndex: 14, tabId: 't.0' } } },
        { insertText: { text: 'new', location: { index: 10, tabId: 't.0' } } },
        {
          updateTextStyle: {
            range: { startIndex: 10, endIndex: 13, tabId: 't.0' },
            textStyle: { bold: true },
            fields: 'bold',
          },
        },
        { insertText: { text: 'x', location: { index: 3, tabId: 't.0' } } },
      ],
      'after',
    );
    expect(requests).toEqual([
      { deleteContentRange: { range: { startIndex: 10, endIndex: 14, tabId: 't.0' } } },
      { insertText: { text: 'new', location: { index: 14, tabId: 't.0' } } },
      {
        updateTextStyle: {
          range: { startIndex: 14, endIndex: 17, tabId: 't.0' },
          textStyle: { bold: true },
          fields: 'bold',
        },
      },
      { insertText: { text: 'x', location: { index: 3, tabId: 't.0' } } },
    ]);
  });

  it('text the batch inserted and then deletes is withdrawn, not kept: only the older text moves later positions', () => {
    // A paragraph typed after the item at 243..249 ("First\n"), then the old item deleted with
    // the newline typed first: 5 characters stay as a suggested deletion, not 6.
    const requests = inSuggestPositions(
      [
        { insertText: { text: '\nFirst', location: { index: 248, tabId: 't.0' } } },
        { deleteContentRange: { range: { startIndex: 243, endIndex: 249, tabId: 't.0' } } },
        {
          createParagraphBullets: {
            range: { startIndex: 243, endIndex: 261, tabId: 't.0' },
            bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
          },
        },
        { insertText: { text: '\t', location: { index: 250, tabId: 't.0' } } },
      ],
      'after',
    );
    expect(requests?.slice(2)).toEqual([
      {
        createParagraphBullets: {
          range: { startIndex: 248, endIndex: 266, tabId: 't.0' },
          bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
        },
      },
      { insertText: { text: '\t', location: { index: 255, tabId: 't.0' } } },
    ]);
  });

  it('a request that moves text by an amount not known (a table row) after a deletion: no positions, the plan is tried as it is', () => {
    const requests = inSuggestPositions(
      [
        { deleteContentRange: { range: { startIndex: 10, endIndex: 14 } } },
        {
          insertTableRow: {
            tableCellLocation: { tableStartLocation: { index: 30 }, rowIndex: 0 },
            insertBelow: true,
          },
        },
      ],
      'after',
    );
    expect(requests).toBeUndefined();
  });

  it("a numbered list made bullets, its first item typed anew, holds as suggestions: later requests skip the old item's struck text", async () => {
    const doc = fixture('stencila__encoda__test-fixture-1.json');
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.gysf08ftgpa0' };
    const section = exportSection(doc, 't.0', 'h.gysf08ftgpa0').content;
    const numbered = section.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(numbered.length).toBeGreaterThan(1);
    const both = await bothWays(doc, target, section.replace(/^\d+\. /gm, '- '));
    expect(both.result.suggestion_ids?.length).toBeGreaterThan(0);
    expect(both.without).toBe(section);
    expect(both.accepted).toBe(both.direct);
    expect(both.accepted).toContain(`- ${numbered.at(-1)!.replace(/^\d+\. /, '')}`);
  });

  it('the last paragraph bulleted and a paragraph added after it: the bullet is a suggestion, and rejecting restores the paragraph', async () => {
    // The new paragraph can only be typed at the old one's newline, which then ends the old text:
    // bulleted after that, the old paragraph took its bullet directly (its break is a suggestion).
    const doc = fixture('cedricdelpoux__gatsby-source-google-docs__french.json');
    const section = exportSection(doc, 't.0', '').content;
    const edited = `- {!indent-left:54pt}${section.trimEnd()}\n\nA closing line.\n`;
    const both = await bothWays(doc, { document_id: 'doc', tab_id: 't.0', anchor_id: '' }, edited);
    expect(both.result.suggestion_ids?.length).toBeGreaterThan(0);
    expect(both.without).toBe(section);
    expect(both.accepted).toBe(both.direct);
    expect(both.accepted).toMatch(/^- /);
  });

  it('paragraph styles move before insertions at or after their range, past text styles, and no further', () => {
    const at = (index: number) => ({ index, tabId: 't' });
    const range = (startIndex: number, endIndex: number) => ({ startIndex, endIndex, tabId: 't' });
    const requests = [
      { insertText: { text: 'x', location: at(3) } },
      { insertText: { text: '\nNew', location: at(20) } },
      { updateTextStyle: { range: range(1, 4), textStyle: { bold: true }, fields: 'bold' } },
      { createParagraphBullets: { range: range(1, 20), bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' } },
      { updateParagraphStyle: { range: range(1, 2), paragraphStyle: {}, fields: 'indentStart' } },
      { updateParagraphStyle: { range: range(21, 25), paragraphStyle: {}, fields: 'alignment' } },
    ];
    const order = stylesBeforeSplits(requests)?.map((r) => Object.keys(r)[0]);
    // The bullets pass the text style and the insertion at 20, not the one at 3; the indent stops
    // at the bullets (the same paragraph); the new paragraph's style stays after its insertion.
    expect(order).toEqual([
      'insertText',
      'createParagraphBullets',
      'updateParagraphStyle',
      'insertText',
      'updateTextStyle',
      'updateParagraphStyle',
    ]);
    expect(stylesBeforeSplits(requests.slice(0, 3))).toBeUndefined();
  });

  it('a paragraph style moved past a word replaced before it counts its positions as they were then; a newline typed before it stops it', () => {
    const at = (index: number) => ({ index, tabId: 't' });
    const range = (startIndex: number, endIndex: number) => ({ startIndex, endIndex, tabId: 't' });
    const bullets = {
      createParagraphBullets: { range: range(30, 40), bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' },
    };
    const moved = stylesBeforeSplits([
      { insertText: { text: '\nNew', location: at(36) } },
      { deleteContentRange: { range: range(1, 4) } },
      { insertText: { text: 'Changed', location: at(1) } },
      bullets,
    ]);
    // "The" (3) became "Changed" (7): before both, the paragraph starts 4 earlier.
    expect(moved?.[0]).toEqual({
      createParagraphBullets: { ...bullets.createParagraphBullets, range: range(26, 36) },
    });
    // The paragraph after a newline typed before it was, before that newline, part of another.
    const split = stylesBeforeSplits([{ insertText: { text: 'x\n', location: at(10) } }, bullets]);
    expect(split).toBeUndefined();
  });

  it('the last paragraph bulleted, a table added after it and the empty paragraph before it deleted: the bullet is a suggestion', async () => {
    // The deletion closes up right where the bulleted paragraph then starts: its positions alone
    // cannot say the deletion was before it, so only the candidate that takes it so verifies.
    const doc = fixture('cedricdelpoux__gatsby-source-google-docs__images.json');
    const section = exportSection(doc, 't.0', '').content;
    const image = /\{\^= kix\.\w+ image\}/.exec(section)?.[0];
    expect(section).toBe(`{!}\n\n${image}\n`);
    const edited = `- ${image}\n\n| cell 1.1 | cell 1.2 |\n| - | - |\n| cell 2.1 | cell 2.2 |\n`;
    const both = await bothWays(doc, { document_id: 'doc', tab_id: 't.0', anchor_id: '' }, edited);
    expect(both.result.suggestion_ids?.length).toBeGreaterThan(0);
    expect(both.without).toBe(section);
    expect(both.accepted).toBe(both.direct);
    expect(both.accepted).toMatch(/^- \{\^= /);
  });

  it('the item before a table deleted: the paragraph that keeps its newline loses the bullet as a suggestion', async () => {
    // Docs keeps the paragraph before a table, so the item's text goes with the empty paragraph's
    // newline and the item's newline stays; once the deletion is accepted that paragraph would
    // read as the item, bullet and spacing. The bullet's removal and the edit's style are suggested.
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.synthetic-4' };
    const doc = fixture('think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI.json');
    const section = exportSection(doc, 't.0', target.anchor_id).content;
    const item =
      '1. {!space-before:24pt, space-after:14pt, size:18pt, color:#3b006f}**Revision History**\n\n';
    expect(section).toContain(`{!Normal text}\n{!}\n\n${item}| {!align:center}**Revision**`);
    const both = await bothWays(doc, target, section.replace(item, ''));
    expect(both.result.suggestion_ids?.length).toBeGreaterThan(0);
    expect(both.without).toBe(section);
    expect(both.accepted).toBe(both.direct);
    expect(both.accepted).not.toContain('Revision History**');
  });

  it('the last paragraph bulleted with a paragraph added before it and after it: the bullet is a suggestion', async () => {
    // The planner types the paragraphs after first, then the one before; the bullet, last, would
    // go on a paragraph whose break is the new one. Carried ahead with the paragraph before it, the
    // bullet is set while the old newline still ends the paragraph.
    const doc = fixture('cedricdelpoux__gatsby-source-google-docs__french.json');
    const section = exportSection(doc, 't.0', '').content;
    const edited = `A new paragraph.\n\n- ${section.trimEnd()}\n\n1. First step\n2. Second step\n\nA closing line.\n`;
    const both = await bothWays(doc, { document_id: 'doc', tab_id: 't.0', anchor_id: '' }, edited);
    expect(both.result.suggestion_ids?.length).toBeGreaterThan(0);
    expect(both.without).toBe(section);
    expect(both.accepted).toBe(both.direct);
    expect(both.accepted).toMatch(/^A new paragraph\.\n\n- Je /);
  });

  it('a paragraph style carries the paragraphs typed before it ahead of what is typed after it', () => {
    const at = (index: number) => ({ index, tabId: 't' });
    const range = (startIndex: number, endIndex: number) => ({ startIndex, endIndex, tabId: 't' });
    const bullets = (startIndex: number, endIndex: number) => ({
      createParagraphBullets: {
        range: range(startIndex, endIndex),
        bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
      },
    });
    const after = { insertText: { text: '\nAfter', location: at(20) } };
    const afterStyle = {
      updateParagraphStyle: { range: range(21, 27), paragraphStyle: {}, fields: 'alignment' },
    };
    const before = { insertText: { text: 'Before\n', location: at(1) } };
    const beforeStyle = { deleteParagraphBullets: { range: range(1, 7) } };
    const requests = [after, afterStyle, before, beforeStyle, bullets(8, 27)];
    // Without carrying, the newline typed before the paragraph stops the bullets.
    expect(stylesBeforeSplits(requests)).toBeUndefined();
    // Carried: what is typed before, then the bullets, then what is typed after, 7 later.
    expect(stylesBeforeSplits(requests, { carry: true })).toEqual([
      before,
      beforeStyle,
      bullets(8, 27),
      { insertText: { ...after.insertText, location: at(27) } },
      { updateParagraphStyle: { ...afterStyle.updateParagraphStyle, range: range(28, 34) } },
    ]);
    // Something in the paragraph's own range before the insertion after it: nothing is carried.
    const inside = { updateTextStyle: { range: range(2, 5), textStyle: { bold: true }, fields: 'bold' } };
    expect(stylesBeforeSplits([inside, ...requests], { carry: true })?.slice(0, 1)).toEqual([inside]);
  });

  it('a paragraph style passes a deletion that starts where its range starts only as a guess', () => {
    const range = (startIndex: number, endIndex: number) => ({ startIndex, endIndex, tabId: 't' });
    const requests = [
      { insertText: { text: '\n', location: { index: 3, tabId: 't' } } },
      { deleteContentRange: { range: range(1, 2) } },
      { createParagraphBullets: { range: range(1, 2), bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' } },
    ];
    // Stopped at the deletion: it may be the paragraph's own first character.
    expect(stylesBeforeSplits(requests)).toBeUndefined();
    // Taken as the text before it: the bullets go first, where the paragraph was then.
    expect(stylesBeforeSplits(requests, { guess: true })).toEqual([
      { createParagraphBullets: { range: range(2, 3), bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' } },
      requests[0],
      requests[1],
    ]);
  });

  it("a paragraph set in a font, written anew as plain text: the new text does not take the struck text's font", async () => {
    // Typed next to the struck old text, the new text takes its style from it; in edit mode the old
    // text is gone. The batch sets the edit's styles on what it typed (suggest-repair.ts).
    const be = new MemoryBackend(fixture('cedricdelpoux__gatsby-source-google-docs__special-chars.json'));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: '' };
    const section = exportSection(be.doc, 't.0', '').content;
    expect(section).toContain('{!font:Times New Roman');
    const edited = 'This paragraph was written anew by the model.\n';
    const result = await importSectionService(be, target, edited, { mode: 'suggest' });
    expect(result.suggestion_ids?.length).toBeGreaterThan(0);
    const view = (mode: 'PREVIEW_SUGGESTIONS_ACCEPTED' | 'PREVIEW_WITHOUT_SUGGESTIONS') =>
      exportSection(viewDocument(be.doc, mode), 't.0', '').content;
    expect(view('PREVIEW_SUGGESTIONS_ACCEPTED')).toBe(edited);
    expect(view('PREVIEW_WITHOUT_SUGGESTIONS')).toBe(section);
  });

  it('a word of a cell changed and a row added to the table: the row goes in past the struck word', async () => {
    // The row's place and length depend on the table: without them the plan's own positions
    // were tried, and the cells' text landed outside any paragraph (an engine error, refused).
    const doc = fixture('cedricdelpoux__gatsby-source-google-docs__tables.json');
    const section = exportSection(doc, 't.0', '').content;
    const edited = `${section.replace('Col 1 line 1', 'Col 1 row 1').trimEnd()}\n| new 1 | new 2 | new 3 |\n`;
    const both = await bothWays(doc, { document_id: 'doc', tab_id: 't.0', anchor_id: '' }, edited);
    expect(both.result.suggestion_ids?.length).toBeGreaterThan(0);
    expect(both.without).toBe(section);
    expect(both.accepted).toBe(both.direct);
    expect(both.accepted).toContain('| new 1 | new 2 | new 3 |');
  });

  it('a table row with a known place and length moves the kept text after it, and its table past the kept text before it', () => {
    const requests = inSuggestPositions(
      [
        { deleteContentRange: { range: { startIndex: 10, endIndex: 14 } } },
        { deleteContentRange: { range: { startIndex: 50, endIndex: 52 } } },
        {
          insertTableRow: {
            tableCellLocation: { tableStartLocation: { index: 30 }, rowIndex: 0 },
            insertBelow: true,
          },
        },
        { insertText: { text: 'x', location: { index: 60 } } },
      ],
      'after',
      (index) => (index === 2 ? { at: 40, length: 7 } : undefined),
    );
    // The table starts past the 4 struck characters at 10 (30 -> 34); the 2 struck at 50 are after
    // the new row (at 40, 7 long), so at 57 once it is in; the insertion at 60 goes past both (66).
    expect(requests?.[2]).toEqual({
      insertTableRow: {
        tableCellLocation: { tableStartLocation: { index: 34 }, rowIndex: 0 },
        insertBelow: true,
      },
    });
    expect(requests?.[3]).toEqual({ insertText: { text: 'x', location: { index: 66 } } });
  });
});
