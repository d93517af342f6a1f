/**
 * A list split in two right after its first item (the second half written with `*`, a list of its
 * own) while its last item is made a plain paragraph. The second half has to leave the Docs list;
 * the planner kept it there because that list had an item after it (bulleted anew, the items after
 * a run would number differently), not counting that the edit takes that item's bullet away: both
 * halves read back as one list (a VerificationError). Found by a chain of ten edits (seed 76).
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { loadReal } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

const DOC = 'think41__extrasuite__1YicNYwId9u4okuK4uNfWdTEuKyS1QWb1RcnZl9eVyTc';
const GOTCHAS = 'h.opj7cl1yi12f';

describe('a list split after its first item, its last item made a paragraph', () => {
  it('reads back as two lists and the paragraph', async () => {
    const be = new MemoryBackend(loadReal(DOC));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: GOTCHAS };
    const section = exportSection(be.doc, 't.0', GOTCHAS).content;
    const items = section.split('\n').filter((line) => line.startsWith('- '));
    expect(items).toHaveLength(4);
    const edited = section
      .replace(`${items[0]}\n`, `${items[0]}\n\n`)
      .replace(items[1]!, `* ${items[1]!.slice(2)}`)
      .replace(items[2]!, `* ${items[2]!.slice(2)}`)
      .replace(`${items[3]}`, `\n${items[3]!.slice(2)}`);
    await importSectionService(be, target, edited);
    const after = exportSection(be.doc, 't.0', GOTCHAS);
    expect(after.content).toBe(formatMebdf(edited));
    const keys = after.model.blocks.flatMap((b) => (b.type === 'paragraph' && b.list ? [b.list.key] : []));
    expect(new Set(keys).size).toBe(2);
  });
});
