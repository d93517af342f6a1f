/**
 * Which old table a new one is the edit of: among the new tables of a stretch, the one most like
 * it. A row added at the end of a table, and a new table right after it, is the old table with a
 * row more and a new table, not the old table rewritten into the new one (which would have moved
 * a footnote reference of its cells, and the import was refused).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { MemoryBackend } from './memory-backend.js';

const golden = (name: string): Document =>
  JSON.parse(readFileSync(new URL(`../golden/${name}/document.json`, import.meta.url), 'utf8')) as Document;

describe('an old table and the new tables after an edit', () => {
  it('a row added to a table with a footnote, then a new table after it, lands', async () => {
    const be = new MemoryBackend(golden('think41__extrasuite__18WZe578kHC0DP4Q1c-hhs15VWUJlFYNMvSwtzk-Wgbo'));
    const tabId = be.doc.tabs?.[0]?.tabProperties?.tabId ?? 't.0';
    const last = '| Total Hourly Compensation | $ |\n';
    const content = exportSection(be.doc, tabId, '').content;
    expect(content).toContain(`Shared or Indirect Costs[^10] | $ |\n${last}`);
    const edited = content.replace(
      last,
      `${last}| new 1 | new 2 |\n\n| cell 1.1 | cell 1.2 |\n| - | - |\n| cell 2.1 | cell 2.2 |\n`,
    );
    await importSectionService(be, { document_id: 'doc', tab_id: tabId, anchor_id: '' }, edited);
    const after = exportSection(be.doc, tabId, '').content;
    expect(after).toContain(`${last}| new 1 | new 2 |`);
    expect(after).toContain('| cell 1.1 | cell 1.2 |');
    expect(after).toContain('Shared or Indirect Costs[^10]');
    expect(parseMebdf(after).blocks.filter((b) => b.type === 'table').length).toBe(
      parseMebdf(stringifyMebdf(parseMebdf(edited))).blocks.filter((b) => b.type === 'table').length,
    );
  });
});
