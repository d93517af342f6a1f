/**
 * Images Docs cannot fetch, imported into a new document with the local engine: kept as their alt
 * text linked to the URL, marked by a named range, and exported back as the image
 * (grammar/README.md §4, "Images Docs cannot fetch"). An image Docs can fetch is still an image.
 */
import { describe, expect, it } from 'vitest';
import { exportTab, resolveTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { emptyDocument, type MemoryBackend } from './memory-backend.js';

const newDocument = (): MemoryBackend => emptyDocument('Images');

describe('an image Docs cannot fetch', () => {
  it('lands as its linked alt text under a mebdf-image range and reads back as written', async () => {
    const be = newDocument();
    const text = 'My ![foo bar](/path/to/train.jpg "title") and ![](moon.jpg) here.\n';
    const result = await importTabService(be, { document_id: 'doc' }, text);
    expect(result.warnings.join(' ')).toContain('could not fetch the image at `/path/to/train.jpg`');
    expect(exportTab(be.doc).content).toBe(text);
    const tab = resolveTab(be.doc, 't.0').content;
    expect(Object.keys(tab.namedRanges ?? {}).sort()).toEqual(['mebdf-image alt title', 'mebdf-image url']);
    expect(tab.inlineObjects ?? {}).toEqual({});
    // The same text again: nothing to do.
    const writes = be.writes.length;
    await importTabService(be, { document_id: 'doc' }, text);
    expect(be.writes).toHaveLength(writes);
  });

  it('should not be read back as an image once its text no longer matches its mark (a word made bold)', async () => {
    const be = newDocument();
    await importTabService(be, { document_id: 'doc' }, 'See ![the moon](moon.jpg).\n');
    await importTabService(be, { document_id: 'doc' }, 'See [the **moon**](moon.jpg).\n');
    expect(exportTab(be.doc).content).toBe('See [the **moon**](moon.jpg).\n');
    expect(Object.keys(resolveTab(be.doc, 't.0').content.namedRanges ?? {})).toEqual([]);
  });

  it('should not turn an image Docs can fetch into text', async () => {
    const be = newDocument();
    await importTabService(be, { document_id: 'doc' }, '![a chart](https://example.com/c.png)\n');
    const tab = resolveTab(be.doc, 't.0').content;
    expect(Object.keys(tab.inlineObjects ?? {})).toHaveLength(1);
    expect(tab.namedRanges ?? {}).toEqual({});
  });
});
