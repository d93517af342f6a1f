/**
 * What the text says that Docs cannot keep is said in the import's result, as `gdoc lint` says it:
 * a checked box (Docs has no checked state), a start number, a checklist item after plain items
 * (a list of its own in Docs). Before, lint warned and the import wrote in silence.
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { emptyDocument } from './memory-backend.js';

describe('warnings of the text itself', () => {
  it('are in the import result, with their line', async () => {
    const be = emptyDocument('Warnings');
    const first = await importTabService(be, { document_id: 'doc' }, 'Intro.\n');
    expect(first.warnings).toEqual([]);
    const result = await importTabService(
      be,
      { document_id: 'doc' },
      'Intro.\n\n- [x] Done.\n\n3. Third\n4. Fourth\n\n- An item.\n- [ ] A task.\n',
    );
    const said = result.warnings.join('\n');
    expect(said).toMatch(/^Line 3: Google Docs exposes no checked state/m);
    expect(said).toMatch(/^Line 5: Google Docs numbers a new list from 1/m);
    expect(said).toMatch(/^Line 9: a checklist item after items without one starts a new list/m);
    // And the text lands as Docs holds it.
    expect(exportTab(be.doc).content).toBe(
      'Intro.\n\n- [ ] Done.\n\n1. Third\n2. Fourth\n\n- An item.\n\n* [ ] A task.\n',
    );
  });

  it('are not repeated for text exported as it is', async () => {
    const be = emptyDocument('Warnings');
    await importTabService(be, { document_id: 'doc' }, 'Intro.\n\n- [x] Done.\n');
    const again = await importTabService(be, { document_id: 'doc' }, `${exportTab(be.doc).content}\nMore.\n`);
    expect(again.warnings).toEqual([]);
  });
});
