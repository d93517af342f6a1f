/**
 * A sealed document's whole builds are kept (exporter.ts `buildTab`, ground/sealed.ts): a later
 * read of the same tab gets the same build, and so does a later read of the same section (the
 * import that follows a section's export); a document that is not sealed, which its holder may
 * change in place, is built afresh each time.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FILE } from '../../src/cli/demo-run.js';
import { toTabsShape } from '../../src/docs/engine/document.js';
import { buildTab } from '../../src/docs/export/exporter.js';
import { exportTab } from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
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

  it("keep a section's build for the next read of that section, a build as far as it needs", () => {
    const doc = toTabsShape(generateDocument({ pages: 6 }));
    // Read before the seal: not kept.
    const headings = buildTab(doc, null).model.blocks.flatMap((b) =>
      b.type === 'paragraph' && b.style.namedStyle === 'HEADING_2' && b.inlines[0]?.type === 'anchor'
        ? [b.inlines[0].id]
        : [],
    );
    const [early, middle] = [headings[0]!, headings[Math.floor(headings.length / 2)]!];
    sealDocument(doc);
    const section = buildTab(doc, null, { section: middle });
    // Built from near the section (the blocks before it are holes) and only as far as it needs.
    expect(section.skipped).toBeGreaterThan(0);
    expect(section.partial).toBe(true);
    expect(buildTab({ ...doc }, null, { section: middle })).toBe(section);
    // Another section, or another view, is another build; the tab's whole build is not a section's.
    const other = buildTab(doc, null, { section: early });
    expect(other).not.toBe(section);
    expect(buildTab(doc, null, { section: early })).toBe(other);
    expect(
      buildTab({ ...doc, suggestionsViewMode: 'PREVIEW_WITHOUT_SUGGESTIONS' }, null, { section: middle }),
    ).not.toBe(section);
    const whole = buildTab(doc, null);
    expect(whole.partial).toBeUndefined();
    // Once the whole build is made, it serves every section's read.
    expect(buildTab(doc, null, { section: middle })).toBe(whole);
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
