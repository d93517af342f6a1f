/**
 * A new nested item typed as the first of a list whose outer items stay after it (the item it was
 * under made a paragraph): the Docs API joins new items only to the list right before them, so
 * the nested item goes into its list with the items after it; where no preset has both kinds (a
 * numbered item first under bullets), the edit is refused with the Docs API's limit, and nothing
 * is written. So is a list whose first item is nested right after an item of another list: Docs
 * reads it nested under that item.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import type { Document, List } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { listDef, makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string) =>
  para(
    t,
    { indentStart: { magnitude: 36, unit: 'PT' }, indentFirstLine: { magnitude: 18, unit: 'PT' } },
    { bullet: { listId: 'L', textStyle: {} } },
  );

/** A bulleted list as the Docs editor makes it (joined by a preset), or one no preset joins. */
const lists: Record<string, List> = {
  'a preset makes': { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } },
  'no preset joins': listDef('bullet'),
};

const doc = (list: List): Document =>
  makeDoc({ blocks: [item('A'), item('B'), item('C'), para('After'), para('')], lists: { L: list } });

async function run(d: Document, edit: (content: string) => string) {
  const be = new MemoryBackend(d);
  const content = exportTab(be.doc).content;
  const intended = edit(content);
  expect(intended, 'the edit changes the export').not.toBe(content);
  const listOf = (text: string) =>
    be.doc.tabs![0]!.documentTab!.body!.content!.find(
      (se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`,
    )?.paragraph?.bullet?.listId;
  return { be, content, intended, listOf };
}

/** Imports `r.intended` and expects the refusal `message` names, with nothing written. */
async function refused(r: Awaited<ReturnType<typeof run>>, message: RegExp): Promise<ValidationError> {
  const before = structuredClone(r.be.doc);
  const error = await importTabService(r.be, { document_id: 'doc' }, r.intended).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).message).toMatch(message);
  expect(r.be.doc).toEqual(before);
  return error as ValidationError;
}

describe('a nested item first in its list, outer items after it', () => {
  for (const [name, list] of Object.entries(lists)) {
    it(`a bullet nested first in a list ${name}: one list with the items after it`, async () => {
      const r = await run(doc(list), (c) => c.replace('- B\n', '\nB\n\n- - New\n'));
      await importTabService(r.be, { document_id: 'doc' }, r.intended);
      expect(exportTab(r.be.doc).content).toBe(stringifyMebdf(parseMebdf(r.intended)));
      expect(r.listOf('New')).toBe(r.listOf('C'));
    });

    it(`a numbered item nested first under bullets of a list ${name}: refused with the limit, nothing written`, async () => {
      const r = await run(doc(list), (c) => c.replace('- B\n', '\nB\n\n- 1. New\n'));
      const error = await refused(r, /nested numbered item "New" cannot start a list/);
      expect(error.suggestion).toMatch(/outer item/);
    });
  }

  it('a numbered item nested first with no outer item after it: a list of its own, written', async () => {
    const r = await run(doc(lists['a preset makes']!), (c) => c.replace('- B\n- C\n', '\nB\n\n- 1. New\n'));
    await importTabService(r.be, { document_id: 'doc' }, r.intended);
    expect(exportTab(r.be.doc).content).toBe(stringifyMebdf(parseMebdf(r.intended)));
  });
});

/** The Docs editor's list of the real fixture: bullets outside, numbers inside. */
const editorLists = (): Document =>
  JSON.parse(
    readFileSync(
      new URL('../fixtures/real/cedricdelpoux__gatsby-source-google-docs__lists.json', import.meta.url),
      'utf8',
    ),
  ) as Document;

describe('new items before the first item of the editor’s list (bullets outside, numbers inside), a numbered sub-item first', () => {
  // The list's first item that stays is an outer bullet: typed at its start, new items copy its
  // level, and no request moves one to a nested level of that list (a preset has one kind). Found
  // by a chain of eight edits on the lists fixture: with a new outer item after the sub-item, the
  // sub-item was a list of its own and the outer items another (a failed verification).
  for (const [name, lead] of [
    ['alone', '- 1. A new sub-item.\n'],
    ['with a new outer item after it', '- 1. A new sub-item.\n- A new item.\n'],
  ] as const)
    it(`is refused with the limit (${name}), nothing written`, async () => {
      const r = await run(editorLists(), (c) =>
        c.replace('- List **item** 1\n', `${lead}- List **item** 1\n`),
      );
      await refused(r, /nested numbered item "A new sub-item." cannot start a list/);
    });
});

describe('a list whose first item is nested, right after an item of another list', () => {
  it('is refused: Docs reads it nested under that item, whatever is written', async () => {
    const r = await run(editorLists(), (c) => c.replace('- List **item** 1\n', '- List **item** 1\n\n* '));
    await refused(r, /nested item "Sublist item 1" comes right after the item "List item 1"/);
  });
});

describe('a new item typed after an item, before the next made its numbered sub-item', () => {
  it('goes on the list it was typed in (it copied the bullet of the item before it)', async () => {
    // The text pairs "List item 5" with the new sub-item, so "Changed item 5" is new, typed after item 4.
    const r = await run(editorLists(), (c) =>
      c.replace('- List item 5\n', '- Changed item 5 &#x20;\n  1. A numbered sub-item.\n'),
    );
    await importTabService(r.be, { document_id: 'doc' }, r.intended);
    expect(exportTab(r.be.doc).content).toBe(stringifyMebdf(parseMebdf(r.intended)));
    expect(r.listOf('List item 4')).toBe(r.listOf('List item 3'));
    expect(r.listOf('List item 4')).toBeDefined();
  });
});

describe('a paragraph made an outer item after a numbered item nested first in a list no preset joins', () => {
  it('is refused with the limit (as numbered headings of a § list are): nothing is written', async () => {
    const level = (n: number) => ({
      indentStart: { magnitude: 36 + 36 * n, unit: 'PT' },
      indentFirstLine: { magnitude: 18 + 36 * n, unit: 'PT' },
      startNumber: 1,
      ...(n % 2 ? { glyphType: 'DECIMAL', glyphFormat: `%${n}.` } : { glyphSymbol: '§' }),
    });
    const head = para(
      'Head',
      { indentStart: { magnitude: 72, unit: 'PT' }, indentFirstLine: { magnitude: 54, unit: 'PT' } },
      { bullet: { listId: 'L', nestingLevel: 1, textStyle: {} } },
    );
    const d = makeDoc({
      blocks: [para('Intro'), head, para('Body'), para('')],
      lists: { L: { listProperties: { nestingLevels: Array.from({ length: 9 }, (_, n) => level(n)) } } },
    });
    const r = await run(d, (c) => c.replace('\nBody', '- Body'));
    await refused(r, /nested numbered item "Head" cannot start a list/);
  });
});

describe('a new first item with a numbered sub-item under it, before the first item of the editor’s list', () => {
  for (const [name, lead] of [
    ['alone', ''],
    ['after a new table', '| a | b |\n| - | - |\n| 1 | 2 |\n\n'],
  ] as const)
    it(`goes into that list, typed at its first item (${name})`, async () => {
      const r = await run(editorLists(), (c) =>
        `${lead}${c}`.replace(
          '- List **item** 1\n',
          '- A new item.\n  1. A numbered sub-item.\n- List **item** 1\n',
        ),
      );
      await importTabService(r.be, { document_id: 'doc' }, r.intended);
      expect(exportTab(r.be.doc).content).toBe(stringifyMebdf(parseMebdf(r.intended)));
      expect(r.listOf('A new item.')).toBe(r.listOf('List item 3'));
      expect(r.listOf('A numbered sub-item.')).toBe(r.listOf('List item 3'));
    });
});

describe('a new list with a numbered sub-item between its bullets', () => {
  it('is one list: its bullets one set, the sub-item a list of its own under the first', async () => {
    const r = await run(doc(lists['a preset makes']!), (c) =>
      c.replace('After\n', 'After\n\n- New one\n  1. Sub\n- New two\n'),
    );
    await importTabService(r.be, { document_id: 'doc' }, r.intended);
    expect(exportTab(r.be.doc).content).toBe(stringifyMebdf(parseMebdf(r.intended)));
    expect(r.listOf('New two')).toBe(r.listOf('New one'));
    expect(r.listOf('Sub')).not.toBe(r.listOf('New one'));
  });
});

describe('a new list whose first item is a numbered sub-item, bullets after it', () => {
  it('is refused with the limit, not a failed verification: nothing is written', async () => {
    const r = await run(doc(lists['a preset makes']!), (c) =>
      c.replace('After\n', 'After\n\n- 1. Sub\n- New\n'),
    );
    await refused(r, /nested numbered item "Sub" cannot start a list/);
  });
});

describe('a list split, the second part starting with a new numbered sub-item over items that stay', () => {
  const nested = (t: string) =>
    para(
      t,
      { indentStart: { magnitude: 72, unit: 'PT' }, indentFirstLine: { magnitude: 54, unit: 'PT' } },
      { bullet: { listId: 'L', nestingLevel: 1, textStyle: {} } },
    );
  const d = () =>
    makeDoc({
      blocks: [item('A'), item('B'), nested('Sub'), item('C'), para('')],
      lists: { L: lists['a preset makes']! },
    });

  it('is refused with the limit where the kept items’ list has bullets at that level: nothing written', async () => {
    // The items that stay keep their bullets in the list, whose nested level is bulleted: the new
    // numbered item would be a list of its own, and the outer item after it another. B indented
    // under it was bulleted into the list after the new item, and verification failed.
    const r = await run(d(), (c) =>
      c.replace('- A\n- B\n  - Sub\n', '- A\n\nBetween.\n\n- 1. New\n  - B\n  - Sub\n'),
    );
    await refused(r, /nested numbered item "New" cannot start a list/);
  });

  it('is written where the new sub-item is bulleted like the kept ones', async () => {
    const r = await run(d(), (c) =>
      c.replace('- A\n- B\n  - Sub\n', '- A\n\nBetween.\n\n- - New\n  - B\n  - Sub\n'),
    );
    await importTabService(r.be, { document_id: 'doc' }, r.intended);
    expect(exportTab(r.be.doc).content).toBe(stringifyMebdf(parseMebdf(r.intended)));
  });
});

describe('a new first item typed before an item edited in the same write', () => {
  it('takes the indents of the list it copies the bullet of, not a preset’s', async () => {
    // Level 0 of a list of the editor's: indent 36, first line 0 (a preset's is 36 and 18); its
    // items say their own indents. The edited item still is in that list when the new one is typed.
    const roman = listDef('ordered');
    Object.assign(roman.listProperties!.nestingLevels![0]!, {
      glyphType: 'ROMAN',
      glyphFormat: '(%0)',
      indentStart: { magnitude: 36, unit: 'PT' },
      indentFirstLine: { unit: 'PT' },
    });
    const own = (t: string) =>
      para(
        t,
        { indentStart: { magnitude: 25.2, unit: 'PT' }, indentFirstLine: { magnitude: 10.8, unit: 'PT' } },
        { bullet: { listId: 'L', textStyle: {} } },
      );
    const d = makeDoc({
      blocks: [para('Before'), own('One'), own('Two'), para('After'), para('')],
      lists: { L: roman },
    });
    const r = await run(d, (c) =>
      c.replace(
        '{!indent-left:25.2pt, hanging-indent:14.4pt}\n1. One\n',
        '1. New\n2. {!indent-left:25.2pt, hanging-indent:14.4pt}One more\n',
      ),
    );
    await importTabService(r.be, { document_id: 'doc' }, r.intended);
    expect(exportTab(r.be.doc).content).toBe(stringifyMebdf(parseMebdf(r.intended)));
    expect(r.listOf('New')).toBe('L');
  });
});
