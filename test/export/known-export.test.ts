/**
 * An export whose model equals the model of a text written before (the last export kept in the
 * base store, an import's parse) is that text, not written out again (export/index.ts `known`):
 * writing out is a function of the model alone. What must hold: the text is reused only for an
 * equal model, so a document changed since, by anyone, is exported as it is now.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyBatchUpdate, toTabsShape } from '../../src/docs/engine/index.js';
import { exportTab, listTabs, RenderCache } from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { MemoryBaseStore } from '../../src/docs/service/base-store.js';
import { exportTabService } from '../../src/docs/service/export.js';
import { keepKnown, recallKnown } from '../../src/docs/service/known-store.js';
import { forgetKnown } from '../../src/docs/service/known-texts.js';
import { knownText } from '../../src/mebdf/incremental.js';
import { stringifyMebdf } from '../../src/mebdf/index.js';
import type { MebdfDocument } from '../../src/mebdf/model.js';
import { renderBlocks } from '../../src/mebdf/render-blocks.js';
import { MemoryBackend } from '../import/memory-backend.js';
import { loadReal, realDocNames } from './real-docs.js';

const TARGET = { document_id: 'doc' };

function document() {
  return generateDocument({ pages: 2, seed: 5 });
}

describe('an export of a model written out before', () => {
  beforeEach(() => forgetKnown());

  it('is the text kept with an equal model, whatever object holds it', () => {
    const doc = document();
    const first = exportTab(doc, null, { cache: new RenderCache() });
    // A copy through JSON, as the base store keeps it; its text marked so that a reuse shows.
    const kept = { ...knownText(JSON.parse(JSON.stringify(first.known!.model))), content: 'KEPT' };
    const again = exportTab(doc, null, { known: [kept] });
    expect(again.content).toBe('KEPT');
    expect(again.known).toBe(kept);
  });

  it('is written out when the kept model differs in one word', () => {
    const doc = document();
    const first = exportTab(doc, null, { cache: new RenderCache() });
    const kept = { ...first.known!, content: 'KEPT' };
    const edited = applyBatchUpdate(doc, {
      requests: [{ insertText: { location: { index: 2 }, text: 'Changed ' } }],
    }).document;
    const now = exportTab(edited, null, { known: [kept] });
    expect(now.content).not.toBe('KEPT');
    expect(now.content).toBe(exportTab(edited, null).content);
    expect(now.content).toContain('Changed ');
  });

  it('through the service: the same text again, and a colleague’s edit since is shown', async () => {
    const be = new MemoryBackend(document());
    const bases = new MemoryBaseStore();
    const first = await exportTabService(be, TARGET, { bases });
    forgetKnown(); // the next command is another process: only the store remembers
    const again = await exportTabService(be, TARGET, { bases });
    expect(again.content).toBe(first.content);
    // A colleague's edit, not through this server: the kept text is not the tab's any more.
    be.doc = applyBatchUpdate(be.doc, {
      requests: [{ insertText: { location: { index: 2 }, text: 'Theirs ' } }],
    }).document;
    be.doc.revisionId = 'rev-theirs';
    forgetKnown();
    const after = await exportTabService(be, TARGET, { bases });
    expect(after.content).toContain('Theirs ');
    expect(after.content).toBe(exportTab(be.doc, null).content);
  });
});

/** The model with its middle block left out and its first two swapped: a few nodes are new. */
function edited(model: MebdfDocument): MebdfDocument {
  const blocks = [...model.blocks];
  blocks.splice(Math.floor(blocks.length / 2), 1);
  if (blocks.length > 1) [blocks[0], blocks[1]] = [blocks[1]!, blocks[0]!];
  return { ...model, blocks };
}

describe('a text kept after the answer', () => {
  it('is kept when the store does its later work, as it would have been at once', async () => {
    const doc = document();
    const first = exportTab(doc, null, { cache: new RenderCache() });
    const target = { documentId: 'doc', tab: undefined, anchorId: null };
    const work: Array<() => Promise<void>> = [];
    const later = Object.assign(new MemoryBaseStore(), { later: (w: () => Promise<void>) => work.push(w) });
    const now = new MemoryBaseStore();
    const warnings = ['a warning'];
    await keepKnown(later, target, first.known, warnings);
    await keepKnown(now, target, first.known, warnings);
    // Nothing written yet: the answer goes out first.
    expect(await recallKnown(later, target)).toBeUndefined();
    expect(work).toHaveLength(1);
    // The warnings as they were when kept, whatever the caller does with its list meanwhile.
    warnings.push('added after');
    await work[0]!();
    const [afterwards, atOnce] = [await recallKnown(later, target), await recallKnown(now, target)];
    expect(afterwards?.content).toBe(first.content);
    expect(afterwards?.warnings).toEqual(['a warning']);
    expect({ ...afterwards, cache: undefined }).toEqual({ ...atOnce, cache: undefined });
  });
});

describe('a record this process kept', () => {
  it('is read again without parsing the store’s copy; another process parses it', async () => {
    const doc = document();
    const first = exportTab(doc, null, { cache: new RenderCache() });
    const target = { documentId: 'doc', tab: undefined, anchorId: null };
    const asked: string[] = [];
    const store = new MemoryBaseStore();
    const counting = {
      get: (key: string) => {
        asked.push(key);
        return store.get(key);
      },
      put: (key: string, value: string) => store.put(key, value),
    };
    await keepKnown(counting, target, first.known);
    asked.length = 0;
    const held = await recallKnown(counting, target);
    // Only the target's pointer to its record is read: the record is the one kept.
    expect(asked).toHaveLength(1);
    expect(held?.model).toBe(first.known!.model);
    forgetKnown(); // the next command is another process
    const parsed = await recallKnown(counting, target);
    expect(asked).toHaveLength(3);
    expect(parsed?.model).not.toBe(first.known!.model);
    expect(parsed?.model).toEqual(held?.model);
    expect(parsed?.content).toBe(held?.content);
  });

  it('hands its renderings to the next export of the target in this process', async () => {
    const doc = document();
    const first = exportTab(doc, null, { cache: new RenderCache() });
    const target = { documentId: 'doc', tab: undefined, anchorId: null };
    const store = new MemoryBaseStore();
    await keepKnown(store, target, first.known);
    const held = (await recallKnown(store, target))!;
    expect(held.cache).toBe(first.known!.cache);
    // A colleague's edit: only the node it changed is written out again.
    const edited = applyBatchUpdate(doc, {
      requests: [{ insertText: { location: { index: 2 }, text: 'Theirs ' } }],
    }).document;
    const misses = held.cache.misses;
    const now = exportTab(edited, null, { cache: held.cache, known: [held] });
    expect(now.content).toBe(exportTab(edited, null).content);
    expect(held.cache.misses - misses).toBe(1);
  });
});

describe('renderings kept in the base store for the next process', () => {
  it.each(realDocNames())('write an edited model exactly as a fresh render: %s', async (name) => {
    const doc = toTabsShape(loadReal(name));
    const tabId = listTabs(doc)[0]!.tabId;
    const first = exportTab(doc, tabId, { cache: new RenderCache() });
    const bases = new MemoryBaseStore();
    const target = { documentId: name, tab: tabId, anchorId: null };
    await keepKnown(bases, target, first.known);
    forgetKnown(); // the next process: the renderings come from the store's record, by digest
    const kept = (await recallKnown(bases, target))!;
    expect(kept.cache).not.toBe(first.known!.cache);
    const next = edited(kept.model);
    const rendered = renderBlocks(next, kept.cache);
    expect(rendered.content).toBe(stringifyMebdf(next));
    // Nodes the earlier render wrote were taken from its text, not serialised again.
    if (next.blocks.length > 3) expect(kept.cache.hits).toBeGreaterThan(0);
  });
});
