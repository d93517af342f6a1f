/**
 * Two lists of one kind side by side (`- a` then `* b`, which Markdown reads as two lists) between
 * two new tables: the first item went in before the paragraph after the new blocks and was bulleted,
 * then the second list's items were typed after it, and their bullets joined its list (the Docs
 * API joins a new set of bullets to the list right before it). Found by a chain of six edits on a
 * real document (seed 59).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { MemoryBackend } from './memory-backend.js';

const QUOTES = new URL(
  '../fixtures/real/cedricdelpoux__gatsby-source-google-docs__quotes.json',
  import.meta.url,
);
const TABLE = '| a | b |\n| - | - |\n| c | d |\n\n';

describe('two lists of one kind side by side', () => {
  it('typed between new tables stay two lists', async () => {
    const be = new MemoryBackend(JSON.parse(readFileSync(QUOTES, 'utf8')) as Document);
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: '' };
    const section = exportSection(be.doc, 't.0', '').content;
    const edited = `${TABLE}- A new paragraph.\n\n* First point.\n* Second point.\n\n${TABLE}${section}`;
    await importSectionService(be, target, edited);
    const after = exportSection(be.doc, 't.0', '');
    expect(after.content).toBe(formatMebdf(edited));
    const keys = after.model.blocks.flatMap((b) => (b.type === 'paragraph' && b.list ? [b.list.key] : []));
    expect(new Set(keys).size).toBe(2);
  });
});
