/**
 * renderBlocks and its RenderCache (mebdf/render-blocks.ts): the same text as the serializer, each
 * top-level piece located in it, and a second render through the same cache serialising only the
 * blocks that changed.
 */

import { describe, expect, it } from 'vitest';
import { withoutForcedEdges } from '../../src/docs/export/forced-paragraphs.js';
import {
  exportSection,
  exportTab,
  listTabs,
  RenderCache,
  renderBlocks,
  sectionSpans,
  shownModel,
} from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import type { Document } from '../../src/ground/docs-json.js';
import { stringifyMebdf } from '../../src/mebdf/index.js';
import type { MebdfDocument, ParagraphBlock } from '../../src/mebdf/model.js';
import { loadReal, realDocNames } from './real-docs.js';

const documents: Array<[string, Document]> = [
  ...realDocNames().map((name): [string, Document] => [name, loadReal(name)]),
  ['generated 3 pages', generateDocument({ pages: 3 })],
];

/** Every piece in order, separated by line endings only, and covering every block once. */
function checkPieces(
  model: MebdfDocument,
  content: string,
  pieces: ReturnType<typeof renderBlocks>['blocks'],
) {
  let end = 0;
  let nextBlock = 0;
  for (const piece of pieces) {
    expect(/^\n*$/.test(content.slice(end, piece.start)), content.slice(end, piece.start)).toBe(true);
    expect(piece.end).toBeGreaterThan(piece.start);
    if (piece.label === undefined) {
      expect(piece.firstBlock).toBe(nextBlock);
      nextBlock = piece.endBlock;
    } else expect(content.slice(piece.start, piece.end).startsWith(`[^${piece.label}]:`)).toBe(true);
    end = piece.end;
  }
  expect(nextBlock).toBe(model.blocks.length);
  expect(/^\n*$/.test(content.slice(end))).toBe(true);
}

describe('renderBlocks', () => {
  for (const [name, doc] of documents) {
    it(`writes what stringifyMebdf writes, block by block: ${name}`, () => {
      for (const tab of listTabs(doc)) {
        const out = exportTab(doc, tab.tabId);
        const { content } = out;
        // The export leaves out the empty paragraphs Docs forces around a table at the body's edges,
        // and the anchors of headings no link points to.
        const edges = { startsBody: true, endsBody: true };
        const shown = shownModel(withoutForcedEdges(out.model, edges), out.shown);
        const rendered = renderBlocks(shown);
        expect(rendered.content).toBe(content);
        checkPieces(shown, rendered.content, rendered.blocks);
      }
    });
  }

  it('serialises a block once per cache: a second render of the same model is all hits', () => {
    const doc = generateDocument({ pages: 3 });
    const cache = new RenderCache();
    const first = exportTab(doc, null, { cache });
    const { misses, hits } = cache;
    expect(misses).toBeGreaterThan(10);
    const again = exportTab(doc, null, { cache });
    expect(again.content).toBe(first.content);
    expect(cache.misses).toBe(misses);
    expect(cache.hits - hits).toBe(misses + hits);
  });

  it('keys the nodes of a render into an empty cache only when asked, as a render into a full one keys them', () => {
    // Adjacent lists: a list's key holds the bullet the list before it left.
    const doc = generateDocument({ pages: 3 });
    const out = exportTab(doc);
    const model = shownModel(out.model, out.shown);
    const cache = new RenderCache();
    expect(cache.isEmpty()).toBe(true);
    const cold = renderBlocks(model, cache);
    expect(cache.isEmpty()).toBe(false);
    const warm = renderBlocks(model, cache);
    expect(warm.content).toBe(cold.content);
    expect(cold.nodes!.map((n) => n.key)).toEqual(warm.nodes!.map((n) => n.key));
    expect(cold.nodes!.some((n) => n.key.includes('\u0000{"type":"list"'))).toBe(true);
    expect(new Set(cache.texts.keys())).toEqual(new Set(warm.nodes!.map((n) => n.key)));
  });

  it('re-renders only the blocks that changed, and writes what the serializer writes', () => {
    const doc = generateDocument({ pages: 3 });
    const cache = new RenderCache();
    const out0 = exportTab(doc, null, { cache });
    const model = shownModel(out0.model, out0.shown);
    const index = model.blocks.findIndex(
      (b) => b.type === 'paragraph' && !b.list && b.inlines[0]?.type === 'text',
    );
    const edited = structuredClone(model);
    const block = edited.blocks[index] as ParagraphBlock;
    block.inlines = [{ type: 'text', text: 'A new first sentence.', style: {} }, ...block.inlines.slice(1)];
    const before = cache.misses;
    const out = renderBlocks(edited, cache);
    expect(out.content).toBe(stringifyMebdf(edited));
    expect(cache.misses - before).toBe(1);
    const piece = out.blocks.find((p) => p.firstBlock === index)!;
    expect(out.content.slice(piece.start, piece.end)).toContain('A new first sentence.');
  });

  it('records a bullet for lists only: the same text keeps the same nodes whatever came before', () => {
    const para = (text: string): ParagraphBlock => ({
      type: 'paragraph',
      style: { namedStyle: 'NORMAL_TEXT' },
      inlines: text ? [{ type: 'text', text, style: {} }] : [],
    });
    const item: ParagraphBlock = { ...para('An item'), list: { key: '1', level: 0, kind: 'bullet' } };
    const text: MebdfDocument = { blocks: [para('Before'), item, para(''), para('After')], footnotes: {} };
    // The empty paragraph first rendered after a list, then in a text with no list before it.
    const cache = new RenderCache();
    renderBlocks({ blocks: [item, para('')], footnotes: {} }, cache);
    const seen = renderBlocks(text, cache).nodes!;
    const fresh = renderBlocks(text).nodes!;
    expect(seen).toEqual(fresh);
    expect(fresh.map((n) => n.bullet)).toEqual([undefined, '-', undefined, undefined]);
  });

  it('gives a section export the text it gives without a cache', () => {
    const doc = generateDocument({ pages: 3 });
    const cache = new RenderCache();
    const { model } = exportTab(doc, null, { cache });
    for (const span of sectionSpans(model).slice(0, 4)) {
      expect(exportSection(doc, null, span.anchorId, { cache }).content).toBe(
        exportSection(doc, null, span.anchorId).content,
      );
    }
  });
});
