/**
 * Equal blocks that say something are kept before empty paragraphs (align.ts `slight`): a table
 * added after a heading brings the empty paragraph Docs needs before it, and the alignment kept
 * the section's old empty paragraph as that one, so the paragraph between (text that is a
 * pending suggestion) had to be typed anew, which the import refuses. Found by a chain of six
 * edits on a real document with suggestions (seed 30).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const MULTI_TAB = new URL(
  '../fixtures/real/markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
  import.meta.url,
);
const TABLE = '| a | b |\n| - | - |\n| c | d |\n\n';

describe('an empty paragraph is kept after the paragraphs that say something', () => {
  it('a table after a heading, the empty paragraph after a suggested one deleted: the suggestion stays', async () => {
    const be = new MemoryBackend(JSON.parse(readFileSync(MULTI_TAB, 'utf8')) as Document);
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.u1qjctnofws1' };
    const section = exportSection(be.doc, 't.0', target.anchor_id).content;
    const heading = 'This is an inline suggestion heading{/!}\n\n';
    const edited = section
      .replace('{!empty, Normal text}\n', '')
      .replace(heading, `${heading.slice(0, -1)}{!empty, Normal text}\n\n${TABLE}`);
    expect(edited).not.toBe(section);
    await importSectionService(be, target, edited);
    expect(exportSection(be.doc, 't.0', target.anchor_id).content).toBe(edited);
  });

  it('the same with plain paragraphs: the one with text is not typed anew', async () => {
    const be = new MemoryBackend(
      makeDoc({
        blocks: [
          para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }),
          para('Some text.'),
          para(''),
          para('Next', { namedStyleType: 'HEADING_1', headingId: 'h.b' }),
        ],
      }),
    );
    const section = exportSection(be.doc, undefined, 'h.a').content;
    const edited = section
      .replace('# Head\n\n', `# Head\n{!}\n\n${TABLE}`)
      .replace('Some text.\n{!}\n', 'Some text.\n');
    expect(edited).not.toBe(section);
    const { requests } = await importSectionService(be, { document_id: 'doc', anchor_id: 'h.a' }, edited);
    expect(exportSection(be.doc, undefined, 'h.a').content).toBe(edited);
    expect(JSON.stringify(requests)).not.toContain('Some text.');
  });
});
