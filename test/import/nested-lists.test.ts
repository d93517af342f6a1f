/**
 * List edits that land exactly: indenting an item, a numbered item under a bullet, an item at a
 * level whose glyphs its list does not have. Each changes the edited paragraph and nothing else in
 * the document's JSON (siblings are never re-bulleted), and re-exports as written.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { assignListKeys } from '../../src/docs/export/model-utils.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { ListKind, MebdfDocument, ParagraphBlock } from '../../src/mebdf/model.js';
import { listDef, makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

type Req = Record<string, Record<string, unknown>>;
const kinds = (reqs: Req[]): string[] => reqs.map((r) => Object.keys(r)[0]!);

const golden = (name: string): Document =>
  JSON.parse(readFileSync(new URL(`../golden/${name}/document.json`, import.meta.url), 'utf8')) as Document;

const body = (doc: Document): StructuralElement[] => doc.tabs![0]!.documentTab!.body!.content!;
const noIndices = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (k, x) => (k === 'startIndex' || k === 'endIndex' ? undefined : x)));

/** The body elements that differ, old and new, with the common prefix and suffix set aside. */
function changed(before: Document, after: Document): { old: unknown[]; new: unknown[] } {
  const a = noIndices(body(before)) as unknown[];
  const b = noIndices(body(after)) as unknown[];
  let p = 0;
  while (p < a.length && p < b.length && isDeepStrictEqual(a[p], b[p])) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && isDeepStrictEqual(a[a.length - 1 - s], b[b.length - 1 - s]))
    s++;
  return { old: a.slice(p, a.length - s), new: b.slice(p, b.length - s) };
}

async function run(doc: Document, edit: (content: string) => string) {
  const be = new MemoryBackend(doc);
  const before = structuredClone(be.doc);
  const content = exportTab(be.doc).content;
  const intended = edit(content);
  expect(intended, 'the edit must change the export').not.toBe(content);
  const r = await importTabService(be, { document_id: 'doc' }, intended);
  const lists = before.tabs![0]!.documentTab!.lists!;
  for (const [id, list] of Object.entries(lists))
    expect(be.doc.tabs![0]!.documentTab!.lists![id], `list ${id} is unchanged`).toEqual(list);
  return {
    requests: r.requests as Req[],
    after: exportTab(be.doc).content,
    /** The edit in canonical form (what an export of it says). */
    intended: stringifyMebdf(parseMebdf(intended)),
    changed: changed(before, be.doc),
    be,
  };
}

const item = (t: string, listId: string, level = 0) =>
  para(
    t,
    {
      indentStart: { magnitude: 36 + 36 * level, unit: 'PT' },
      indentFirstLine: { magnitude: 18 + 36 * level, unit: 'PT' },
    },
    { bullet: { listId, ...(level ? { nestingLevel: level } : {}), textStyle: {} } },
  );
/** A list as Google's preset makes it (glyph formats included), so a new set can join it. */
function presetList(kind: 'bullet' | 'ordered') {
  const list = listDef(kind);
  if (kind === 'bullet')
    for (const [n, level] of list.listProperties!.nestingLevels!.entries()) level.glyphFormat = `%${n}`;
  return list;
}

describe('nested list items land exactly', () => {
  it('indenting an item changes that item only: its siblings keep their bullets as they were', async () => {
    const doc = makeDoc({
      blocks: [item('One', 'L'), item('Two', 'L'), item('Three', 'L')],
      lists: { L: presetList('bullet') },
    });
    const { requests, after, intended, changed: diff } = await run(doc, (c) => c.replace('- Two', '  - Two'));
    expect(after).toBe(intended);
    expect(kinds(requests)).toEqual(['insertText', 'createParagraphBullets', 'deleteContentRange']);
    expect(diff.old).toHaveLength(1);
    expect(diff.new).toHaveLength(1);
  });

  it('a numbered item under a bullet is written as a numbered list at that level, nested on export', async () => {
    const doc = makeDoc({
      blocks: [item('One', 'L'), item('Two', 'L')],
      lists: { L: presetList('bullet') },
    });
    const {
      requests,
      after,
      intended,
      changed: diff,
    } = await run(doc, (c) => c.replace('- One\n', '- One\n  1. First step\n'));
    expect(after).toBe(intended);
    expect(kinds(requests)).toEqual(['insertText', 'createParagraphBullets', 'deleteContentRange']);
    expect(diff.old).toHaveLength(0);
    expect(diff.new).toHaveLength(1);
  });

  it('a bullet indented to a numbered level of its list is a bullet list of its own there', async () => {
    // "List item 2" of the Docs editor's list: level 0 bullets, level 1 letters.
    const doc = golden('cedricdelpoux__gatsby-source-google-docs__lists');
    const {
      requests,
      after,
      intended,
      changed: diff,
    } = await run(doc, (c) => c.replace('- {!underline}List{/!} item 2', '  - {!underline}List{/!} item 2'));
    expect(after).toBe(intended);
    expect(kinds(requests)).toEqual([
      'insertText',
      'deleteParagraphBullets',
      'createParagraphBullets',
      'deleteContentRange',
    ]);
    expect([diff.old.length, diff.new.length]).toEqual([1, 1]);
  });

  it('indenting a numbered item where its list has bullets keeps it numbered', async () => {
    const doc = golden('cedricdelpoux__gatsby-source-google-docs__lists');
    const {
      requests,
      after,
      intended,
      changed: diff,
    } = await run(doc, (c) => c.replace('  2. Sublist item 2', '     1. Sublist item 2'));
    expect(after).toBe(intended);
    expect(kinds(requests)).toEqual(['insertText', 'createParagraphBullets', 'deleteContentRange']);
    expect([diff.old.length, diff.new.length]).toEqual([1, 1]);
  });
});

describe('a new list right after another', () => {
  it('a paragraph made a bullet list of its own stays apart from the bullet list before it', async () => {
    const doc = makeDoc({
      blocks: [para('Before'), item('One', 'L'), para('Plain')],
      lists: { L: presetList('bullet') },
    });
    const { after, intended, changed: diff } = await run(doc, (c) => c.replace('Plain', '* Plain'));
    expect(after).toBe(intended);
    expect(after).toContain('- One\n\n* Plain');
    expect([diff.old.length, diff.new.length]).toEqual([1, 1]);
  });
});

describe('a new list of new items and a paragraph made an item', () => {
  it('is one list: the paragraph made an item joins the new item bulleted before it', async () => {
    // Both are bulleted by this write: the paragraph's list is not known when its bullet is
    // planned, and it was kept apart from the new item's (verification refused it as a bug).
    const doc = makeDoc({ blocks: [para('Before'), para('Plain'), para('After')], lists: {} });
    const { after, intended } = await run(doc, (c) => c.replace('Plain', '- New\n- Plain'));
    expect(after).toBe(intended);
    expect(after).toContain('- New\n- Plain');
  });
});

describe('a new first item, and the item that was first indented under it', () => {
  it('the new item takes the list over; the indented item is a list of its own at that level', async () => {
    // The Docs editor's list: level 0 bullets, level 1 numbers. The old first item becomes a bullet
    // at level 1, which that list numbers: it must not join it (it was, and came out numbered).
    const doc = golden('cedricdelpoux__gatsby-source-google-docs__lists');
    const { after, intended } = await run(doc, (c) =>
      c.replace('- List **item** 1', '- A new item.\n  - List **item** 1'),
    );
    expect(after).toBe(intended);
    expect(after).toContain('- A new item.\n  - List **item** 1\n  1. Sublist item 1');
  });
});

describe('a paragraph made an item, and a new item after it', () => {
  it('are one list: the new item, typed before the paragraph after, is bulleted with the item', async () => {
    // The paragraph's text and its newline are runs of different styles: the new item goes in at
    // the next paragraph's start, and was bulleted there before the paragraph got its bullet.
    const be = new MemoryBackend(
      golden('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab'),
    );
    const target = { document_id: 'doc', tab_id: 't.0' };
    const line = '{!size:12pt}This is bigger text with {!smzn8}a code snippet{/!} inline\n';
    const content = exportTab(be.doc, 't.0').content;
    expect(content).toContain(line);
    const edited = content.replace(line, `- ${line}- A new item.\n`);
    await importTabService(be, target, edited);
    const after = exportTab(be.doc, 't.0').content;
    expect(after).toBe(stringifyMebdf(parseMebdf(edited)));
  });
});

describe('the first item deleted and the next one indented', () => {
  it('keeps the list one: the nested item and the items after it are bulleted as one set', async () => {
    const doc = makeDoc({
      blocks: [para('Before'), item('First', 'L'), item('Second', 'L'), item('Third', 'L'), para('After')],
      lists: { L: presetList('ordered') },
    });
    const { after, intended } = await run(doc, (c) =>
      c.replace('1. First\n2. Second\n3. Third', '1. 1. Second\n2. Third'),
    );
    expect(after).toBe(intended);
  });
});

describe('the first item deleted and a new item put a level down where it was', () => {
  it("stays in the list: its paragraph still has that list's bullet, which a split-off paragraph keeps", async () => {
    // Levels ordered / bullet / ordered, as the Docs editor makes them: no preset has them all,
    // so the list's items after it cannot be bulleted anew with it.
    const doc = golden('stencila__encoda__test-fixture-1');
    const { after, intended } = await run(doc, (c) =>
      c.replace('1. Fruit\n   - Apple', '1. - A new item.\n   - Apple'),
    );
    expect(after).toBe(intended);
    expect(after).toContain('1. - A new item.\n   - Apple');
  });
});

describe('a table and then a new first item of a list, added before it', () => {
  it("the new item opens that list: typed at the first item's start, after the table", async () => {
    const doc = makeDoc({
      blocks: [para('Before'), item('One', 'L'), item('Two', 'L'), para('After')],
      lists: { L: presetList('bullet') },
    });
    const {
      after,
      intended,
      changed: diff,
    } = await run(doc, (c) => c.replace('- One', '| a | b |\n| - | - |\n| c | d |\n\n- New\n- One'));
    expect(after).toBe(intended);
    expect(after).toContain('- New\n- One\n- Two');
    // The items the list had are untouched: only the table, the paragraph before it and the new
    // item are new.
    expect(diff.old).toHaveLength(0);
  });
});

describe('a new list typed right after another', () => {
  it('stays a list of its own: a temporary paragraph without bullet keeps it from joining', async () => {
    const doc = makeDoc({
      blocks: [para('Before'), item('One', 'L'), para('After')],
      lists: { L: presetList('bullet') },
    });
    const {
      after,
      intended,
      changed: diff,
    } = await run(doc, (c) => c.replace('- One\n', '- One\n\n* New\n'));
    expect(after).toBe(intended);
    expect(after).toContain('- One\n\n* New');
    expect([diff.old.length, diff.new.length]).toEqual([0, 1]);
  });
});

describe('a heading in a list', () => {
  it('indented, it keeps its heading id: the temporary paragraph is split off the item before', async () => {
    const heading = item('Part two', 'L');
    heading.style = { ...heading.style, namedStyleType: 'HEADING_2', headingId: 'h.part2' };
    const doc = makeDoc({
      blocks: [item('One', 'L'), heading, item('Three', 'L')],
      lists: { L: presetList('bullet') },
    });
    const {
      after,
      intended,
      changed: diff,
      be,
    } = await run(doc, (c) => c.replace('- ## Part two', '  - ## Part two'));
    expect(after).toBe(intended);
    expect(after).toContain('  - ## Part two');
    expect(exportTab(be.doc, null, { anchors: 'all' }).content).toContain('  - ## {^ h.part2}Part two');
    expect([diff.old.length, diff.new.length]).toEqual([1, 1]);
  });
});

describe('list keys', () => {
  const p = (key: string, level: number, kind: ListKind = 'bullet'): ParagraphBlock => ({
    type: 'paragraph',
    style: { namedStyle: 'NORMAL_TEXT' },
    inlines: [],
    list: { key, level, kind },
  });
  const keys = (blocks: ParagraphBlock[]): string[] => {
    const model: MebdfDocument = { blocks, footnotes: {} };
    assignListKeys(model);
    return blocks.map((b) => b.list!.key);
  };

  it('a list that begins at a nested level right after an item continues that item’s list', () => {
    expect(keys([p('A', 0), p('B', 1, 'ordered'), p('B', 1, 'ordered'), p('A', 0)])).toEqual([
      '1',
      '1',
      '1',
      '1',
    ]);
  });

  it('an item of another list at level 0 starts a list of its own', () => {
    expect(keys([p('A', 0), p('B', 1), p('B', 0)])).toEqual(['1', '1', '2']);
    expect(keys([p('A', 0), p('C', 0)])).toEqual(['1', '2']);
  });
});

describe('a paragraph starting with a tab', () => {
  it('made a list item, keeps its tab as text (createParagraphBullets would take it for nesting)', async () => {
    const doc = makeDoc({ blocks: [para('Before'), para('\tIndented text'), para('After')] });
    const {
      after,
      intended,
      changed: diff,
    } = await run(doc, (c) => c.replace('&#x9;Indented text', '- &#x9;Indented text'));
    expect(after).toBe(intended);
    expect(after).toContain('- &#x9;Indented text');
    expect([diff.old.length, diff.new.length]).toEqual([1, 1]);
  });
});
