/**
 * Edits of lists whose levels have different kinds, as the Docs editor makes them (bullets outside,
 * numbers inside): the outer items made numbered, and a paragraph typed between an item and the
 * items nested under it. The Docs API makes lists of one kind only, so a stretch whose outer items
 * change is bulleted as one set and its nested runs of another kind as lists of their own; nested
 * items an interruption leaves reading the same keep their bullets.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document, List } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { listDef, makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string, level = 0) =>
  para(
    t,
    {
      indentStart: { magnitude: 36 + 36 * level, unit: 'PT' },
      indentFirstLine: { magnitude: 18 + 36 * level, unit: 'PT' },
    },
    { bullet: { listId: 'L', ...(level ? { nestingLevel: level } : {}), textStyle: {} } },
  );

/** Bullets at even levels, numbers at odd ones (the Docs editor's "bullets, then 1. 2. 3."). */
function mixedList(): List {
  return {
    listProperties: {
      nestingLevels: Array.from({ length: 9 }, (_, n) => ({
        indentStart: { magnitude: 36 + 36 * n, unit: 'PT' },
        indentFirstLine: { magnitude: 18 + 36 * n, unit: 'PT' },
        startNumber: 1,
        ...(n % 2 === 0
          ? { glyphSymbol: n === 0 ? '●' : '■' }
          : { glyphType: 'DECIMAL', glyphFormat: `%${n}.` }),
      })),
    },
  };
}

const doc = (): Document =>
  makeDoc({
    blocks: [
      item('Fruit'),
      item('Apple', 1),
      item('Pear', 1),
      item('Dairy'),
      item('Butter', 1),
      item('Salted', 2),
      item('Cheese', 1),
      item('Bread'),
      para('After'),
      para(''),
    ],
    lists: { L: mixedList() },
  });

const noIndices = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (k, x) => (k === 'startIndex' || k === 'endIndex' ? undefined : x)));

/** Items One, Two of an (i), (ii) list, which no preset joins, then a paragraph After. */
function romanDoc(): Document {
  const roman = listDef('ordered');
  Object.assign(roman.listProperties!.nestingLevels![0]!, { glyphType: 'ROMAN', glyphFormat: '(%0)' });
  return makeDoc({ blocks: [item('One'), item('Two'), para('After'), para('')], lists: { L: roman } });
}

async function run(d: Document, edit: (content: string) => string) {
  const be = new MemoryBackend(d);
  const before = structuredClone(be.doc.tabs![0]!.documentTab!.body!.content!);
  const content = exportTab(be.doc).content;
  const intended = edit(content);
  expect(intended, 'the edit changes the export').not.toBe(content);
  const r = await importTabService(be, { document_id: 'doc' }, intended);
  const body = be.doc.tabs![0]!.documentTab!.body!.content!;
  const listOf = (text: string) =>
    body.find((se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`)?.paragraph?.bullet
      ?.listId;
  const was = (text: string) =>
    before.find((se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`)?.paragraph;
  const now = (text: string) =>
    body.find((se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`)?.paragraph;
  return {
    after: exportTab(be.doc).content,
    intended: stringifyMebdf(parseMebdf(intended)),
    requests: r.requests as object[],
    warnings: r.warnings ?? [],
    listOf,
    was,
    now,
  };
}

describe('lists of mixed kinds', () => {
  it('the outer items made numbered: one list, its nested bullets and numbers kept as they read', async () => {
    const r = await run(doc(), (c) => c.replace(/^- /gm, '1. '));
    expect(r.after).toBe(r.intended);
    const outer = ['Fruit', 'Dairy', 'Bread'].map(r.listOf);
    expect(new Set(outer).size).toBe(1);
    expect(outer[0]).not.toBe('L');
  });

  it('a paragraph between an item and its nested items, a new numbered first item, the old first put under it', async () => {
    // Docs numbers no third level here (bullets at even levels): Apple is a list of its own under
    // the new item, which goes in at Apple's start as Apple was, copying the list's bullet.
    const r = await run(doc(), (c) =>
      c.replace('- Fruit\n  1. Apple\n', '- Fruit\n\nBetween.\n\n- 1. New\n     1. Apple\n'),
    );
    expect(r.after).toBe(r.intended);
    for (const t of ['New', 'Pear', 'Dairy', 'Bread']) expect(r.listOf(t), t).toBe('L');
    expect(r.listOf('Apple')).not.toBe('L');
  });

  it('a paragraph between an item and the items nested under it: those keep their bullets', async () => {
    const r = await run(doc(), (c) => c.replace('- Fruit\n  1. Apple', '- Fruit\n\nBetween.\n\n- 1. Apple'));
    expect(r.after).toBe(r.intended);
    for (const t of ['Apple', 'Pear', 'Dairy', 'Butter', 'Salted', 'Cheese', 'Bread'])
      expect(noIndices(r.now(t)), t).toEqual(noIndices(r.was(t)));
  });

  it('a paragraph between two numbered sub-items, the last of the list: those after it are numbered anew from 1', async () => {
    const d = makeDoc({
      blocks: [item('Fruit'), item('Apple', 1), item('Pear', 1), item('Plum', 1), para('After'), para('')],
      lists: { L: mixedList() },
    });
    const r = await run(d, (c) => c.replace('  2. Pear\n', '\nBetween.\n\n- 1. Pear\n'));
    expect(r.after).toBe(r.intended);
    expect(r.listOf('Pear')).not.toBe('L');
    expect(r.listOf('Plum')).toBe(r.listOf('Pear'));
  });

  it('one with outer items after: no preset numbers under bullets, so they keep their list (Docs goes on counting)', async () => {
    const r = await run(doc(), (c) => c.replace('  2. Pear\n', '\nBetween.\n\n- 1. Pear\n'));
    expect(r.after).toBe(r.intended);
    for (const t of ['Pear', 'Dairy', 'Butter', 'Bread']) expect(r.listOf(t), t).toBe('L');
  });

  it('a paragraph between numbered items of a list that goes on later: they keep their list, so the later items number as before', async () => {
    const d = makeDoc({
      blocks: [item('One'), item('Two'), item('Three'), para('Elsewhere'), item('Later'), para('')],
      lists: { L: listDef('ordered') },
    });
    const r = await run(d, (c) => c.replace('2. Two\n', '\nBetween.\n\n1. Two\n'));
    expect(r.after).toBe(r.intended);
    for (const t of ['Two', 'Three', 'Later']) expect(r.listOf(t), t).toBe('L');
  });

  it('a paragraph between an item and its nested items, and a new nested item first after it: typed before them, into their list', async () => {
    const r = await run(doc(), (c) =>
      c.replace('- Fruit\n  1. Apple', '- Fruit\n\nBetween.\n\n- 1. New\n  2. Apple'),
    );
    expect(r.after).toBe(r.intended);
    for (const t of ['New', 'Apple', 'Dairy']) expect(r.listOf(t), t).toBe('L');
  });

  it('an outer item after a nested one, in a list no preset joins ((i), (ii)): the list is bulleted anew as one, and the warning says so', async () => {
    const d = romanDoc();
    const r = await run(d, (c) => c.replace('2. Two\n\nAfter', '   1. Two\n2. After'));
    expect(r.after).toBe(r.intended);
    const id = r.listOf('One');
    expect([r.listOf('Two'), r.listOf('After')]).toEqual([id, id]);
    expect(r.warnings.join('\n')).toMatch(/list of "One" was bulleted anew/);
  });

  it('a new item and then the paragraph after a list no preset joins made items: typed after its last item, all in its list', async () => {
    const d = romanDoc();
    const r = await run(d, (c) => c.replace('2. Two\n\nAfter', '2. Two\n3. New\n4. After'));
    expect(r.after).toBe(r.intended);
    for (const t of ['New', 'After']) expect(r.listOf(t), t).toBe('L');
    expect(r.warnings.join('\n')).not.toMatch(/bulleted anew/);
  });

  it('a paragraph between numbered items and a new item first after it: all after it are one list numbered from 1', async () => {
    // Numbers outside, bullets inside (the Docs editor's mixed list, the other way round).
    const list = mixedList();
    for (const [n, level] of list.listProperties!.nestingLevels!.entries())
      if (n % 2 === 0)
        Object.assign(level, { glyphSymbol: undefined, glyphType: 'DECIMAL', glyphFormat: `%${n}.` });
      else Object.assign(level, { glyphSymbol: '○', glyphType: undefined, glyphFormat: undefined });
    const d = makeDoc({
      blocks: [item('One'), item('Two'), item('Sub', 1), item('Three'), para('')],
      lists: { L: JSON.parse(JSON.stringify(list)) },
    });
    const r = await run(d, (c) => c.replace('2. Two\n', '\nBetween.\n\n1. New\n2. Two\n'));
    expect(r.after).toBe(r.intended);
    const id = r.listOf('New');
    expect([r.listOf('Two'), r.listOf('Three')]).toEqual([id, id]);
    expect(id).not.toBe('L');
  });

  it('a real list (lists.json): its last numbered sub-item made an outer item, the outer item after it a bulleted sub-item under it', async () => {
    // Both bullets, the two were bulleted as one set, a list of their own that read as a second
    // list after the first, and verification refused the edit. The list numbers its second level:
    // the outer item joins it, the bulleted sub-item is a list of its own under it.
    const name = 'cedricdelpoux__gatsby-source-google-docs__lists.json';
    const real = JSON.parse(readFileSync(new URL(`../fixtures/real/${name}`, import.meta.url), 'utf8'));
    const r = await run(real as Document, (c) =>
      c.replace('  3. Sub list item 3\n- List item 4\n', '- Sub list item 3\n  - List item 4\n'),
    );
    expect(r.after).toBe(r.intended);
    const list = r.was('List item 3')!.bullet!.listId;
    for (const t of ['List item 3', 'Sub list item 2', 'Sub list item 3', 'List item 5'])
      expect(r.listOf(t), t).toBe(list);
    expect(r.listOf('List item 4')).not.toBe(list);
    expect(r.warnings.join('\n')).not.toMatch(/bulleted anew/);
  });

  it('a real list (operational notes): its first item rewritten as a list of its own, the next two merged, a paragraph before the rest', async () => {
    // The second list's item kept its Docs list (the items after the paragraph stay in it), right
    // after the first list's item in that same list: Docs read the two as one list, and
    // verification refused the edit. The second list is bulleted anew, as one of its own.
    const name = 'think41__extrasuite__operational_notes_repair.base.json';
    const real = JSON.parse(readFileSync(new URL(`../fixtures/real/${name}`, import.meta.url), 'utf8'));
    const r = await run(real as Document, (c) =>
      c.replace(
        '- Prepare the empty document.\n- Push one dense markdown document.\n  - Validate nested bullet handling.\n  - Validate nested numbering handling.\n- Re-pull',
        '- A new paragraph.\n\n{!indent-left:0pt, first-line-indent:0pt}\n- Prepare the empty document. Push one dense markdown document.\n\n{!Normal text}A paragraph between.\n\n- Re-pull',
      ),
    );
    expect(r.after).toBe(r.intended);
    expect(r.listOf('A new paragraph.')).not.toBe(
      r.listOf('Prepare the empty document. Push one dense markdown document.'),
    );
    expect(r.listOf('Re-pull and inspect the generated markdown.')).toBe(
      r.was('Re-pull and inspect the generated markdown.')!.bullet!.listId,
    );
  });
});
