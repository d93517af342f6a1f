/**
 * A repeat import: the same text imported twice from the same old base. The first write moves the
 * target on; the second finds the target already saying the text and succeeds with no request,
 * saying it was already applied, instead of a revision conflict. A different text from that base
 * is still reconciled (merged or refused) as before.
 */
import { describe, expect, it } from 'vitest';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportTab } from '../../src/docs/export/index.js';
import { ALREADY_APPLIED } from '../../src/docs/service/already-applied.js';
import { MemoryBaseStore } from '../../src/docs/service/base-store.js';
import { exportTabService } from '../../src/docs/service/export.js';
import { importTabService } from '../../src/docs/service/import.js';
import { RevisionConflictError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { MemoryBackend } from '../import/memory-backend.js';

async function documentWith(text: string): Promise<MemoryBackend> {
  const doc: Document = {
    title: 'New',
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
  };
  const backend = new MemoryBackend(doc);
  await importTabService(backend, { document_id: 'doc' }, text);
  return backend;
}

// Written as a person would: `_` for emphasis and a `*` bullet, which the export spells `*` and `-`.
const EDIT = 'Hello _there_\n\n* one\n* two\n\nWorld\n';

describe.each([
  ['without a base store (the old read is gone)', () => undefined],
  ['with a base store holding the old read', () => new MemoryBaseStore()],
])('a repeat import from the same old base, %s', (_name, store) => {
  it('is a no-op that says it was already applied', async () => {
    const backend = await documentWith('Hello\n\nWorld\n');
    const bases = store();
    const { base } = await exportTabService(backend, { document_id: 'doc' }, { bases });
    const first = await importTabService(backend, { document_id: 'doc' }, EDIT, { base }, bases);
    expect(first.requests.length).toBeGreaterThan(0);
    const after = exportTab(backend.doc).content;
    const writes = backend.writes.length;

    const dry = await importTabService(backend, { document_id: 'doc' }, EDIT, { base, dry_run: true }, bases);
    expect(dry).toMatchObject({
      dry_run: true,
      requests: [],
      warnings: [ALREADY_APPLIED],
      result_content: after,
    });
    const second = await importTabService(backend, { document_id: 'doc' }, EDIT, { base }, bases);
    expect(second.success).toBe(true);
    expect(second.requests).toEqual([]);
    expect(second.warnings).toEqual([ALREADY_APPLIED]);
    expect(second.revision_id).toBe(first.revision_id);
    expect(backend.writes.length).toBe(writes);
    expect(exportTab(backend.doc).content).toBe(after);
    // The base it hands back is current: an edit from it lands.
    const third = await importTabService(
      backend,
      { document_id: 'doc' },
      after.replace('World', 'Earth'),
      { base: second.base! },
      bases,
    );
    expect(third.warnings).toEqual([]);
    expect(exportTab(backend.doc).content).toBe(after.replace('World', 'Earth'));
  });

  it('is found for a text Docs stores otherwise: a character it drops, a paragraph it adds', async () => {
    const backend = await documentWith('Hello\n\nWorld\n');
    const bases = store();
    const { base } = await exportTabService(backend, { document_id: 'doc' }, { bases });
    const text = 'Hello\u0001 there\n\n| a | b |\n| - | - |\n| c | d |\n';
    const first = await importTabService(backend, { document_id: 'doc' }, text, { base }, bases);
    expect(first.requests.length).toBeGreaterThan(0);
    const after = exportTab(backend.doc).content;
    expect(after).not.toContain('\u0001');
    const second = await importTabService(backend, { document_id: 'doc' }, text, { base }, bases);
    expect(second.requests).toEqual([]);
    expect(second.warnings).toEqual([ALREADY_APPLIED]);
    expect(exportTab(backend.doc).content).toBe(after);
  });

  it('a different text from that base is not taken for a repeat', async () => {
    const backend = await documentWith('Hello\n\nWorld\n');
    const bases = store();
    const { base } = await exportTabService(backend, { document_id: 'doc' }, { bases });
    await importTabService(backend, { document_id: 'doc' }, 'Hello there\n\nWorld\n', { base }, bases);
    const other = importTabService(backend, { document_id: 'doc' }, 'Hello you\n\nWorld\n', { base }, bases);
    await expect(other).rejects.toBeInstanceOf(RevisionConflictError);
  });
});
