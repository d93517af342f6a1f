/**
 * A new paragraph takes the paragraph style of the one it is split from, properties set in Docs
 * included; under another named style those may differ from what the model says (a Normal text
 * paragraph with an explicit indent of 0, the named style's, becoming a heading whose named style
 * indents 36pt). The import writes them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { MemoryBackend } from './memory-backend.js';

const CODES = new URL(
  '../fixtures/real/cedricdelpoux__gatsby-source-google-docs__codes.json',
  import.meta.url,
);

describe('a heading split from a paragraph with explicit properties', () => {
  it('gets its own named style values, not the ones the paragraph had set', async () => {
    const be = new MemoryBackend(JSON.parse(readFileSync(CODES, 'utf8')) as Document);
    const preamble = exportSection(be.doc, 't.0', '').content;
    await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: '' },
      `${preamble}\n# A new subsection\n\nIts first paragraph.\n`,
    );
    // The heading starts a section of its own.
    expect(exportSection(be.doc, 't.0', '').content).not.toContain('A new subsection');
    const heading = be.doc.tabs![0]!.documentTab!.body!.content!.find((e) =>
      e.paragraph?.elements?.some((x) => x.textRun?.content === 'A new subsection\n'),
    );
    expect(heading?.paragraph?.paragraphStyle?.namedStyleType).toBe('HEADING_1');
    expect(heading?.paragraph?.paragraphStyle?.indentStart).toBeUndefined();
  });
});
