/**
 * A sealed document's whole builds are kept (exporter.ts `buildTab`, ground/sealed.ts): a later
 * read of the same tab gets the same build; a document that is not sealed, which its holder may
 * change in place, is built afresh each time.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FILE } from '../../src/cli/demo-run.js';
import { toTabsShape } from '../../src/docs/engine/document.js';
import { buildTab } from '../../src/docs/export/exporter.js';
import { exportTab } from '../../src/docs/export/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { sealDocument } from '../../src/ground/sealed.js';

const sample = (): Document => toTabsShape(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')) as Document);

describe('builds of sealed documents', () => {
  it('are kept for the next read of the same tab, in the same view', () => {
    const doc = sample();
    sealDocument(doc);
    const first = buildTab(doc, null);
    expect(buildTab(doc, 't.0')).toBe(first);
    // A read of the same tabs under another top-level object (the store's view of its kept document).
    expect(buildTab({ ...doc }, null)).toBe(first);
    // Another view of the document is another build.
    expect(buildTab({ ...doc, suggestionsViewMode: 'PREVIEW_WITHOUT_SUGGESTIONS' }, null)).not.toBe(first);
  });

  it('are not kept for a document that is not sealed, which may change in place', () => {
    const doc = sample();
    const before = exportTab(doc).content;
    expect(buildTab(doc, null)).not.toBe(buildTab(doc, null));
    const paragraph = doc.tabs![0]!.documentTab!.body!.content!.find((e) => e.paragraph)!.paragraph!;
    paragraph.elements![0]!.textRun!.content = `Changed ${paragraph.elements![0]!.textRun!.content}`;
    expect(exportTab(doc).content).not.toBe(before);
  });
});
