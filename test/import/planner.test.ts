/**
 * One test per planner rule, on small documents built with the export tests' builder: the
 * requests planned (kinds, indices in UTF-16, masks) and the content after the engine applies them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { listDef, makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

type Req = Record<string, Record<string, unknown>>;

/** A level-0 item of list `kix.l1`, with the indents its level gives (as Docs stores them). */
const item = (t: string) =>
  para(
    t,
    { indentStart: { magnitude: 36, unit: 'PT' }, indentFirstLine: { magnitude: 18, unit: 'PT' } },
    { bullet: { listId: 'kix.l1' } },
  );

async function run(doc: Document, edit: (content: string) => string, options = {}) {
  const be = new MemoryBackend(doc);
  const before = exportTab(be.doc).content;
  const intended = edit(before);
  expect(intended, 'the edit must change the export').not.toBe(before);
  const r = await importTabService(be, { document_id: 'doc' }, intended, options);
  return { requests: r.requests as Req[], after: exportTab(be.doc).content, intended, result: r, be };
}

const kinds = (reqs: Req[]): string[] => reqs.map((r) => Object.keys(r)[0]!);

/** The document of a golden case. */
const golden = (name: string): Document =>
  JSON.parse(readFileSync(new URL(`../golden/${name}/document.json`, import.meta.url), 'utf8')) as Document;

describe('planner rules', () => {
  it('counts indices in UTF-16 code units (emoji, CJK, combining marks)', async () => {
    const doc = makeDoc({ blocks: [para('😀 漢字 e\u0301 word and more')] });
    const { requests, after, intended } = await run(doc, (c) => c.replace('word', 'term'));
    expect(after).toBe(intended);
    // "😀 漢字 é " is 2+1+2+1+2+1 = 9 UTF-16 units after index 1.
    const del = requests.find((r) => r.deleteContentRange)!.deleteContentRange!.range as {
      startIndex: number;
    };
    expect(del.startIndex).toBe(10);
  });

  it('never splits a surrogate pair: an emoji replaced by one sharing its high half is replaced whole', async () => {
    const doc = makeDoc({ blocks: [para('Mood: 😀 today')] });
    const { requests, after, intended } = await run(doc, (c) => c.replace('😀', '😁'));
    expect(after).toBe(intended);
    const del = requests.find((r) => r.deleteContentRange)!.deleteContentRange!.range as {
      startIndex: number;
      endIndex: number;
    };
    expect([del.startIndex, del.endIndex]).toEqual([7, 9]);
  });

  it('leaves unchanged paragraphs alone: every request stays inside the edited one', async () => {
    const doc = makeDoc({
      blocks: [para('First paragraph.'), para('Second paragraph.'), para('Third paragraph.')],
    });
    const { requests, after, intended } = await run(doc, (c) => c.replace('Second', 'Middle'));
    expect(after).toBe(intended);
    const second = exportTab(doc).sources[1]!;
    for (const r of requests) {
      const body = Object.values(r)[0]!;
      const range = (body.range ?? { startIndex: (body.location as { index: number }).index }) as {
        startIndex: number;
        endIndex?: number;
      };
      expect(range.startIndex).toBeGreaterThanOrEqual(second.startIndex);
      expect(range.endIndex ?? range.startIndex).toBeLessThanOrEqual(second.endIndex);
    }
  });

  it('a new paragraph after a heading is normal text, not a second heading', async () => {
    const doc = makeDoc({
      blocks: [para('Title', { namedStyleType: 'HEADING_1', headingId: 'h.title' }), para('Body text.')],
    });
    const { requests, after, intended, be } = await run(doc, (c) =>
      c.replace('# Title\n', '# Title\n\nA new paragraph.\n'),
    );
    expect(after).toBe(intended);
    expect(exportTab(be.doc, null, { anchors: 'all' }).content).toContain('# {^ h.title}Title');
    const ps = requests.find((r) => r.updateParagraphStyle)!.updateParagraphStyle!;
    expect(ps.paragraphStyle).toMatchObject({ namedStyleType: 'NORMAL_TEXT' });
  });

  it('a new paragraph after a list item does not inherit the bullet', async () => {
    const doc = makeDoc({
      blocks: [item('One'), item('Two')],
      lists: { 'kix.l1': listDef('bullet') },
    });
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('- Two\n', '- Two\n\nAfter the list.\n'),
    );
    expect(after).toBe(intended);
    expect(kinds(requests)).toContain('deleteParagraphBullets');
  });

  it('a sibling list item is one insertText: it takes the bullet of the item before', async () => {
    const doc = makeDoc({
      blocks: [item('One'), item('Two')],
      lists: { 'kix.l1': listDef('bullet') },
    });
    const { requests, after, intended } = await run(doc, (c) => c.replace('- Two\n', '- Two\n- Three\n'));
    expect(after).toBe(intended);
    expect(kinds(requests)).toEqual(['insertText']);
  });

  it('a new nested item re-bullets its list once, with tabs for the levels', async () => {
    const doc = makeDoc({
      blocks: [item('One'), item('Two')],
      lists: { 'kix.l1': listDef('bullet') },
    });
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('- One\n', '- One\n  - One and a bit\n'),
    );
    expect(after).toBe(intended);
    expect(kinds(requests).filter((k) => k === 'createParagraphBullets')).toHaveLength(1);
  });

  it('a nested item in a list mixing kinds joins the list, through a temporary level-0 paragraph typed with it', async () => {
    const doc = golden('cedricdelpoux__gatsby-source-google-docs__lists');
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('- List item 5', '- List item 5\n  1. nested new'),
    );
    expect(after).toBe(intended);
    expect(kinds(requests)).toEqual(['insertText', 'createParagraphBullets', 'deleteContentRange']);
  });

  it('a nested item under the first item of a list is bulleted alone, its siblings untouched', async () => {
    const doc = golden('stencila__encoda__test-fixture-1');
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('   - Banana', '   - Banana\n     1. Cavendish'),
    );
    expect(after).toBe(intended);
    expect(kinds(requests)).toEqual(['insertText', 'createParagraphBullets', 'deleteContentRange']);
  });

  it('text typed after a bold word is not bold: the inherited style is reset by an exact mask', async () => {
    const doc = makeDoc({ blocks: [para([text('plain '), text('bold', { bold: true }), text(' tail')])] });
    const { requests, after, intended } = await run(doc, (c) => c.replace('**bold**', '**bold**, new'));
    expect(after).toBe(intended);
    const ts = requests.find((r) => r.updateTextStyle)!.updateTextStyle!;
    expect(ts.fields).toBe('bold');
    expect(ts.textStyle).toEqual({});
  });

  it('adding a link writes only the link (Google adds its colour); removing one resets the colour too', async () => {
    const doc = makeDoc({ blocks: [para('See the docs here.')] });
    const added = await run(doc, (c) => c.replace('the docs', '[the docs](https://example.com/docs)'));
    expect(added.after).toBe(added.intended);
    const ts = added.requests.find((r) => r.updateTextStyle)!.updateTextStyle!;
    expect(ts.fields).toBe('link');
    const linked = makeDoc({
      blocks: [
        para([
          text('See '),
          text('the docs', { link: { url: 'https://example.com' }, underline: true }),
          text(' here.'),
        ]),
      ],
    });
    const removed = await run(linked, (c) => c.replace('[the docs](https://example.com)', 'the docs'));
    expect(removed.after).toBe(removed.intended);
    const rs = removed.requests.find((r) => r.updateTextStyle)!.updateTextStyle!;
    expect(String(rs.fields).split(',')).toEqual(
      expect.arrayContaining(['link', 'underline', 'foregroundColor']),
    );
  });

  it('a link set on coloured text keeps the colour (Google would put its link blue over it)', async () => {
    const red = { foregroundColor: { color: { rgbColor: { red: 0.8 } } } };
    const doc = makeDoc({ blocks: [para([text('Red words here.', red)])] });
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('Red words here.', 'Red [words](https://example.com) here.'),
    );
    expect(after).toBe(intended);
    const ts = requests.find((r) => r.updateTextStyle)!.updateTextStyle!;
    expect(String(ts.fields).split(',')).toEqual(['foregroundColor', 'link']);
  });

  it('re-styling a linked run for a new named style keeps the link looking like a link', async () => {
    const doc = makeDoc({
      blocks: [para([text('See '), text('docs', { link: { url: 'https://example.com' } })]), para('Text.')],
    });
    const { after, intended, requests, be } = await run(doc, (c) => c.replace('See [docs]', '## See [docs]'));
    expect(exportTab(be.doc, null, { anchors: 'all' }).content.startsWith('## {^ h.')).toBe(true);
    expect(after).toBe(intended);
    for (const r of requests.filter((q) => q.updateTextStyle)) {
      const ts = r.updateTextStyle!;
      if ((ts.textStyle as { link?: unknown }).link)
        expect(String(ts.fields)).not.toMatch(/underline|foregroundColor/);
    }
  });

  it('a heading level change keeps the heading id; runs that inherit everything need no restyle', async () => {
    const doc = makeDoc({
      blocks: [para('Chapter', { namedStyleType: 'HEADING_2', headingId: 'h.ch' }), para('Text.')],
    });
    const { requests, after, intended, be } = await run(doc, (c) => c.replace('## Chapter', '### Chapter'));
    expect(after).toBe(intended);
    expect(exportTab(be.doc, null, { anchors: 'all' }).content).toContain('### {^ h.ch}Chapter');
    expect(kinds(requests)).toEqual(['updateParagraphStyle']);
  });

  it('deleting the last paragraph merges it into the one before (the final newline stays)', async () => {
    const doc = makeDoc({ blocks: [para('Keep me.'), para('Drop me.')] });
    const { requests, after, intended } = await run(doc, (c) => c.replace('\nDrop me.\n', ''));
    expect(after).toBe(intended);
    expect(requests).toEqual([
      { deleteContentRange: { range: { startIndex: 9, endIndex: 18, tabId: 't.0' } } },
    ]);
  });

  it('deleting the paragraph right before a table keeps the newline before the table', async () => {
    const doc = makeDoc({
      blocks: [para('Intro.'), para('Remove.'), { table: [[[para('a')], [para('b')]]] }, para('')],
    });
    const { requests, after, intended } = await run(doc, (c) => c.replace('Remove.\n\n', ''));
    expect(after).toBe(intended);
    const range = requests[0]!.deleteContentRange!.range as { startIndex: number };
    expect(range.startIndex).toBe(7); // the newline of "Intro.", not the start of "Remove."
  });

  it('deleting the paragraph right before a section break keeps the newline before the break', async () => {
    const doc = makeDoc({
      blocks: [para('Intro.'), para('Remove.'), { sectionBreak: 'CONTINUOUS' }, para('After.')],
    });
    const { requests, after, intended } = await run(doc, (c) => c.replace('Remove.\n\n', ''));
    expect(after).toBe(intended);
    const range = requests[0]!.deleteContentRange!.range as { startIndex: number };
    expect(range.startIndex).toBe(7);
  });

  it('a new table with a merged cell is created, merged, then filled', async () => {
    const doc = golden('construct-tables');
    const table = '| {!colspan:2}Wide | |\n| - | - |\n| a | b |';
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('\n\nAfter.', `\n\nNew:\n\n${table}\n\nAfter.`),
    );
    expect(after).toBe(intended);
    expect(kinds(requests).slice(1, 3)).toEqual(['insertTable', 'mergeTableCells']);
  });

  it('merges that change are undone and redone in place, keeping the table', async () => {
    const doc = golden('construct-tables');
    const split = await run(doc, (c) =>
      c.replace(
        '{!cell, colspan:2}\nMerged across\n{!cell}\n',
        '{!cell}\nMerged across\n{!cell}\nnow split\n',
      ),
    );
    expect(split.after).toBe(split.intended);
    expect(kinds(split.requests)).toEqual(['unmergeTableCells', 'insertText']);
    const merged = await run(doc, (c) =>
      c.replace(
        '{!row}\n{!cell}\nLine one\n\nLine two\n{!cell}\nx\n',
        '{!row}\n{!cell, colspan:2}\nLine one\n\nLine two\n{!cell}\n',
      ),
    );
    expect(merged.after).toBe(merged.intended);
    expect(kinds(merged.requests)).toEqual(['deleteContentRange', 'mergeTableCells']);
  });

  it('a row added to a table with a merged cell keeps the table: merges undone, row inserted, merges redone', async () => {
    const doc = golden('construct-tables');
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('{!cell}\nx\n{!end-table}', '{!cell}\nx\n{!row}\n{!cell}\nnew\n{!cell}\nrow\n{!end-table}'),
    );
    expect(after).toBe(intended);
    const table = kinds(requests).filter((k) => k.includes('Table'));
    expect(table).toEqual(['unmergeTableCells', 'insertTableRow', 'mergeTableCells']);
  });

  describe('one table edit for cells, rows and columns', () => {
    const grid = () =>
      makeDoc({
        blocks: [
          para('Intro.'),
          {
            table: [
              [[para('h1')], [para('h2')], [para('h3')]],
              [[para('a')], [para('b')], [para('x')]],
              [[para('c')], [para('d')], [para('y')]],
            ],
          },
          para(''),
        ],
      });

    it('rows deleted and inserted while a kept cell changes: the table is edited in place', async () => {
      const { requests, after, intended } = await run(grid(), (c) =>
        c
          .replace('| a | b | x |\n', '')
          .replace('| c | d | y |', '| c | D! | y |\n| e | f | z |\n| g | h | i |'),
      );
      expect(after).toBe(intended);
      // Rows are paired with the rows they most resemble: one is inserted, none re-created.
      expect(kinds(requests).filter((k) => k.includes('Table'))).toEqual(['insertTableRow']);
    });

    it('a column deleted and a row inserted while a kept cell changes', async () => {
      const { requests, after, intended } = await run(grid(), (c) =>
        c
          .replace('| h1 | h2 | h3 |\n| - | - | - |', '| h1 | h3 |\n| - | - |')
          .replace('| a | b | x |', '| a | x |')
          .replace('| c | d | y |', '| c | y!! |\n| e | z |'),
      );
      expect(after).toBe(intended);
      expect(kinds(requests).filter((k) => k.includes('Table'))).toEqual([
        'deleteTableColumn',
        'insertTableRow',
      ]);
    });
  });

  it('{^} creates a named range over the text after it', async () => {
    const doc = makeDoc({ blocks: [para('Alpha beta.')] });
    const { requests, after } = await run(doc, (c) => c.replace('beta', '{^}beta'));
    expect(kinds(requests)).toEqual(['createNamedRange']);
    expect(after).toMatch(/Alpha \{\^ kix\.[a-z0-9]+\}beta\./);
  });

  it('an anchor left out is deleted; one whose marked text would all go is refused', async () => {
    const doc = golden('construct-named-ranges');
    const dropped = await run(doc, (c) => c.replace('Alpha {^ kix.range00001}beta', 'Alpha beta'));
    expect(dropped.requests).toEqual([
      { deleteNamedRange: { namedRangeId: 'kix.range00001', tabsCriteria: { tabIds: ['t.0'] } } },
    ]);
    expect(dropped.after).toBe(dropped.intended);
    await expect(
      run(doc, (c) => c.replace('Alpha {^ kix.range00001}beta gamma.', 'Alpha {^ kix.range00001}gamma.')),
    ).rejects.toThrow(/Docs deletes the anchor with it/);
  });

  it('edits footnote text in the footnote segment', async () => {
    const doc = golden('construct-footnotes');
    const { requests, after, intended } = await run(doc, (c) =>
      c.replace('Second note.', 'Second, longer note.'),
    );
    expect(after).toBe(intended);
    for (const r of requests) expect(JSON.stringify(r)).toContain('"segmentId"');
  });

  it('keeps an image Docs cannot fetch as its alt text linked to the URL, marked by a named range, and reads it back', async () => {
    const doc = makeDoc({ blocks: [para('Text.')] });
    const { requests, after, intended, result, be } = await run(doc, (c) =>
      c.replace('Text.', 'Text ![a chart](http://example.com/a.png "Q3") and more.'),
    );
    expect(after).toBe(intended);
    expect(kinds(requests)).not.toContain('insertInlineImage');
    const range = requests.find((r) => r.createNamedRange)!.createNamedRange!;
    expect(range.name).toBe('mebdf-image alt Q3');
    expect(result.warnings.join(' ')).toMatch(/could not fetch the image at `http:\/\/example\.com\/a\.png`/);
    // Editing the text around it keeps it; editing its alt text re-marks it.
    const again = await importTabService(be, { document_id: 'doc' }, after.replace('and more', 'and less'));
    expect(exportTab(be.doc).content).toBe(after.replace('and more', 'and less'));
    // Said once: the image the target already holds is not new.
    expect(again.warnings.join(' ')).not.toMatch(/could not fetch/);
    const retitled = after.replace('and more', 'and less').replace('![a chart]', '![the chart]');
    await importTabService(be, { document_id: 'doc' }, retitled);
    expect(exportTab(be.doc).content).toBe(retitled);
    expect(Object.keys(be.doc.tabs![0]!.documentTab!.namedRanges ?? {})).toEqual(['mebdf-image alt Q3']);
  });

  it('refuses a changed suggestion, writing nothing', async () => {
    const sugg = golden('construct-suggestions');
    await expect(run(sugg, (c) => c.replace('not {/!}', 'no {/!}'))).rejects.toThrow(/suggest/);
    await expect(run(sugg, (c) => c.replace('final', 'final {!suggest:insert}new{/!}'))).rejects.toThrow(
      /suggestion/,
    );
  });

  it('edits text next to suggested text without touching the suggestion', async () => {
    const sugg = golden('construct-suggestions');
    const { after, intended } = await run(sugg, (c) => c.replace('The plan', 'Our plan'));
    expect(after).toBe(intended);
  });
});
