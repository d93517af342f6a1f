/**
 * The edit battery on small documents of its own, shaped like the real ones where an untouched
 * neighbour looked changed or an edit needed more requests than its kind allowed (1arcBS): every
 * edit lands exactly.
 */
import { describe, expect, it } from 'vitest';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { resolveTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { DocsTextStyle, Document, Paragraph } from '../../src/ground/docs-json.js';
import { MemoryBackend } from '../import/memory-backend.js';
import { casesOfDocument, runCase, summarize } from './edit-battery.js';

async function written(mebdf: string): Promise<Document> {
  const be = new MemoryBackend({
    title: 'Battery',
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
  });
  await importTabService(be, { document_id: 'doc' }, mebdf);
  return be.doc;
}

function paragraphs(doc: Document): Paragraph[] {
  return (resolveTab(doc, 't.0').content.body?.content ?? []).flatMap((e) =>
    e.paragraph ? [e.paragraph] : [],
  );
}

/** The paragraph's closing newline made a run of its own, its text given `style`, it `newline`. */
function splitNewline(p: Paragraph, style: DocsTextStyle, newline: DocsTextStyle = style): void {
  const last = p.elements!.at(-1)!;
  const run = last.textRun!;
  const end = last.endIndex!;
  p.elements!.splice(
    -1,
    1,
    {
      ...last,
      endIndex: end - 1,
      textRun: { ...run, content: run.content!.slice(0, -1), textStyle: { ...style } },
    },
    { startIndex: end - 1, endIndex: end, textRun: { content: '\n', textStyle: { ...newline } } },
  );
}

/** Every battery edit of `doc` lands exactly; the kinds run. */
async function landsAll(name: string, doc: Document): Promise<Set<string>> {
  const results = [];
  for (const kase of casesOfDocument(name, doc)) results.push(await runCase(kase));
  expect(
    results.filter((r) => r.outcome !== 'pass'),
    summarize(results),
  ).toEqual([]);
  return new Set(results.map((r) => `${r.kase.edit.kind} ${r.kase.edit.where}`));
}

describe('edit battery: neighbours Docs reports oddly', () => {
  it("a heading whose text and newline are two runs of one style (Docs' own split) keeps its look; edits next to it land", async () => {
    const doc = await written('# Overview\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nSome text.\n');
    const heading = paragraphs(doc).find((p) => p.paragraphStyle?.headingId)!;
    // Not an id the battery's backend mints again (its ids are seeded, like the writer's here).
    heading.paragraphStyle!.headingId = 'h.overview';
    splitNewline(heading, { fontSize: { magnitude: 13, unit: 'PT' } });
    const ran = await landsAll('split-heading', doc);
    expect(ran).toContain('add-paragraph at block 1');
    expect(ran).toContain('add-table at block 1');
  }, 60_000);

  it('a list item before a table, styled apart from plain text with a newline apart from its text: new paragraphs and sub-items after it land', async () => {
    const doc = await written(
      '# Items\n\n{!align:justify, line-spacing:1.5}\n- First item\n- Last item\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nTail.\n',
    );
    const heading = paragraphs(doc).find((p) => p.paragraphStyle?.headingId)!;
    heading.paragraphStyle!.headingId = 'h.items';
    const font = {
      weightedFontFamily: { fontFamily: 'Courier New', weight: 400 },
      fontSize: { magnitude: 10, unit: 'PT' },
    };
    // Its text bold, its newline not: Docs types a new newline in the style of the text.
    for (const item of paragraphs(doc).filter((p) => p.bullet))
      splitNewline(item, { ...font, bold: true }, font);
    const ran = await landsAll('styled-items', doc);
    // After the last item, before the table: the new paragraph is split from the item, bullet and all.
    expect(ran).toContain('add-paragraph at block 3');
    expect(ran).toContain('numbered-under-bullet after block 2');
  }, 60_000);
});
