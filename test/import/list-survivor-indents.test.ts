/**
 * A new item typed before the first item of a list whose items set their indents explicitly
 * (`indent-left:0pt`), when that first item becomes a nested item of another kind: the new item is
 * split from it and copies its paragraph style as it is then. The first item keeps its old indents
 * until its new bullet writes its level's, so the planner, which took the style it copies to be the
 * item's new one, left the new item at 0pt where the text gives none (a VerificationError). Found by
 * a chain of eight edits on a real document (seed 73).
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { loadReal } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

const NOTES = 'think41__extrasuite__operational_notes_repair.base';
const TASKS = 'h.rvxnd7qiq74r';

describe('a new item before an item that becomes a nested item of another kind', () => {
  it('takes the indents the text gives it, not the ones it copies', async () => {
    const be = new MemoryBackend(loadReal(NOTES));
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: TASKS };
    // The chain's text: the first item's text is now the numbered sub-item's, and its own words
    // joined the next item.
    const edited = `### {^ h.rvxnd7qiq74r}{!line-spacing:single}Tasks

- A new item.
  1. A numbered sub-item.
- {!indent-left:0pt, first-line-indent:0pt, line-spacing:single}
  {!highlight:#ffff00}\`Prepare\`{/!} the empty document. Push one dense markdown document.
  - Validate nested bullet handling.
  - Validate nested numbering handling.
- Re-pull and inspect the generated markdown.
- Confirm heading structure.
- Confirm inline style structure.
  - Check links.
  - Check inline code.
- Confirm list structure.
- \\[x] Heading coverage
- \\[x] Inline style coverage
- \\[ ] Second-pass edits pending
  - **Operational** Notes
  1. {!Normal text}A numbered sub-item.
`;
    await importSectionService(be, target, edited);
    const after = exportSection(be.doc, 't.0', TASKS);
    // The heading's anchor shows only where a link needs it.
    expect(after.content).toBe(formatMebdf(edited.replace(`{^ ${TASKS}}`, '')));
    const item = after.model.blocks[1];
    expect(item?.type === 'paragraph' && item.list?.level).toBe(0);
    expect(item?.type === 'paragraph' && item.style.indentLeft).toBeUndefined();
  });
});
