/**
 * An export whose model equals the model of a text written before (the last export kept in the
 * base store, an import's parse) is that text, not written out again (export/index.ts `known`):
 * writing out is a function of the model alone. What must hold: the text is reused only for an
 * equal model, so a document changed since, by anyone, is exported as it is now.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import { exportTab, RenderCache } from '../../src/docs/export/index.js';
import { MemoryBaseStore } from '../../src/docs/service/base-store.js';
import { exportTabService } from '../../src/docs/service/export.js';
import { forgetKnown } from '../../src/docs/service/known-texts.js';
import { knownText } from '../../src/mebdf/incremental.js';
import { MemoryBackend } from '../import/memory-backend.js';
import { generateDocument } from '../support/generate-document.js';

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
