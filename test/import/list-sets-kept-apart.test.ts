/**
 * A new list typed after the last item of a list whose level 1 is numbered (● then a., as the Docs
 * editor makes them): its nested items of two kinds (a numbered sub-sub-item, then a bulleted
 * sub-item) are bulleted a set at a time, from the last back. Until its own set is bulleted, the
 * numbered item still holds the bullet it copied from the item it was split from, so the bulleted
 * set after it joined that list and read back numbered (a VerificationError). Found by a chain of
 * six edits on a real document (seed 67).
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { loadReal } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

const LISTS = 'cedricdelpoux__gatsby-source-google-docs__lists';

describe('nested sets of a new list after an item of another list', () => {
  it('keep their kinds', async () => {
    const be = new MemoryBackend(loadReal(LISTS));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: '' };
    const section = exportSection(be.doc, 't.0', '').content;
    const added = '\n\nA new paragraph.\n\n- One\n  - One and a half\n    1. Deeper\n  - Two\n';
    const edited = `${section.trimEnd()}${added}`;
    await importSectionService(be, target, edited);
    const after = exportSection(be.doc, 't.0', '');
    expect(after.content).toBe(formatMebdf(edited));
    const two = after.model.blocks.at(-1)!;
    expect(two.type === 'paragraph' && two.list).toMatchObject({ kind: 'bullet', level: 1 });
  });

  it('after a paragraph in no list are not kept apart: the item before them copied no bullet', async () => {
    const be = new MemoryBackend(loadReal('cedricdelpoux__gatsby-source-google-docs__poem'));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: '' };
    const section = exportSection(be.doc, 't.0', '').content;
    const edited = `${section.trimEnd()}\n\n- One\n  1. One and a half\n    - Deeper\n  1. Two\n`;
    await importSectionService(be, target, edited);
    expect(exportSection(be.doc, 't.0', '').content).toBe(formatMebdf(edited));
    // A set kept apart goes in through a paragraph of its own whose copied bullet is dropped
    // first: two sets kept apart took 11 requests, and 3 dropped bullets.
    const types = (be.writes[0]?.requests ?? []).map((r) => Object.keys(r)[0]);
    expect(types.length).toBeLessThanOrEqual(9);
    expect(types.filter((t) => t === 'deleteParagraphBullets')).toHaveLength(1);
  });
});
